// The search policy of IDA*: the order of a node's children, and how the parallel searches split.
#pragma once

namespace taquin {

// The order in which IDA* on sides above 4 searches a node's children: the move table's, or
// cheapest f first (ties in move order), for heuristics that can tell a child's value from its
// parent's state before it is made (LookaheadHeuristic: the pattern databases); the others are
// searched in move order. Sides up to 4 search in move order.
enum class ChildOrder { Moves, CheapestFirst };

// The order in which the parallel searches (threads, MPI ranks) hand out the subtrees of their
// breadth-first frontier: level order (the serial search's order with the frontier's levels in
// move order), or the order a serial search with the child order meets them.
enum class SplitOrder { Level, Serial };

// Both orders of one search. The defaults are the fastest measured (docs/performance.md, "Child
// order"): with the 5x5 pattern databases at one thread, cheapest first expanded about the same
// nodes but took longer, its children all made and sorted before the first is searched.
struct SearchOrder {
  ChildOrder child = ChildOrder::Moves;
  SplitOrder split = SplitOrder::Level;
};

}  // namespace taquin
