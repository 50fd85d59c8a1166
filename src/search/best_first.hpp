// Best-first searches over a compact node store: A*, uniform-cost and greedy.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/solvability.hpp"
#include "heuristic/concepts.hpp"
#include "search/bucket_queue.hpp"
#include "search/limit_watch.hpp"
#include "search/node_store.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// How the open list is ordered.
enum class BestFirstOrder {
  AStar,    // g + h, ties toward larger g; optimal with an admissible heuristic
  Uniform,  // g alone (Dijkstra on unit costs); optimal
  Greedy,   // h alone, ties toward smaller g; fast, not optimal
};

// The heuristic h ≡ 0 (for uniform-cost search), an IncrementalHeuristic.
template <int N>
class ZeroHeuristic {
 public:
  struct State {};
  State init(const Board<N>&) const { return {}; }
  int value(const State&) const { return 0; }
  void update(State&, const Board<N>&, int, int, int) const {}
};
static_assert(IncrementalHeuristic<ZeroHeuristic<4>, 4>);

// Best-first search from the canonical board `start` to the identity goal with the blank's label
// at its goal cell. The open list is a bucket queue of node indices (ties: last queued first); a
// node's board, parent link and g live in the node store, whose hash index is the closed set. A
// node reached again by a shorter path is updated in place and queued again (stale heap entries are
// skipped), so A* stays optimal even for an inconsistent heuristic; greedy keeps the first path
// found. The goal test is made when a node is selected (A*, uniform) or generated (greedy). Stops
// with MemoryLimit, before allocating, when the store and heap would pass limits.max_memory_bytes;
// with Unsolvable (and no search) when the parity test fails. `optimal` is true for A* and
// uniform-cost when solved. A node limit stops it after exactly that many expansions. Stopped
// unsolved, lower_bound is the least f (A*) or g (uniform-cost) still open, which no solution is
// shorter than, or h(start) (greedy, whose open list proves nothing more).
template <int N, IncrementalHeuristic<N> H>
SearchResult best_first_search(const Board<N>& start, const H& h, BestFirstOrder order,
                               const Limits& limits = {}) {
  using Store = detail::NodeStore<N>;
  struct Entry {
    uint32_t index;
    uint32_t g;  // g when queued: an entry whose node has since got a smaller g is stale
  };
  detail::LimitWatch watch(limits, detail::kBestFirstCheckInterval);
  SearchResult result;
  Store store(limits.max_memory_bytes);
  detail::BucketQueue<Entry> open;
  const int start_h = h.value(h.init(start));
  // The primary key of the node under expansion (no longer in `open`), else kNone.
  uint32_t expanding = detail::BucketQueue<Entry>::kNone;
  auto finish = [&](Outcome outcome, uint32_t goal_index = Store::kNone) {
    result.outcome = outcome;
    if (outcome == Outcome::Solved) {
      result.moves = store.path_to(goal_index);
      result.optimal = order != BestFirstOrder::Greedy;
    } else if (outcome != Outcome::Unsolvable) {
      // Some node of an optimal path is open (or under expansion) with its least g, and its f
      // (A*, admissible h) or g (uniform) is at most the solution's length.
      const uint32_t least = std::min(expanding, open.least_primary());
      result.lower_bound = order == BestFirstOrder::Greedy || least == open.kNone
                               ? start_h
                               : static_cast<int>(least);
    }
    result.stats.max_states_in_memory = store.size();
    result.stats.seconds = watch.seconds();
    return result;
  };
  if (!is_solvable(start)) return finish(Outcome::Unsolvable);
  const Board<N> goal = Board<N>::identity(start.blank_label());

  // The keys: A*: f, then h (so larger g first); uniform: g; greedy: h, then g.
  auto primary = [order](uint32_t g, int hv) -> uint32_t {
    return order == BestFirstOrder::AStar     ? g + static_cast<uint32_t>(hv)
           : order == BestFirstOrder::Uniform ? g
                                              : static_cast<uint32_t>(hv);
  };
  auto secondary = [order](uint32_t g, int hv) -> uint32_t {
    return order == BestFirstOrder::AStar    ? static_cast<uint32_t>(hv)
           : order == BestFirstOrder::Greedy ? g
                                             : 0;
  };
  auto push = [&](const Entry& e, int hv) {
    return open.push(primary(e.g, hv), secondary(e.g, hv), e,
                     [&](uint64_t held, uint64_t more) { return store.may_grow(held, more); });
  };

  if (!store.reserve_one(0)) return finish(Outcome::MemoryLimit);
  const uint32_t root = store.slot(start) = store.add(start, Store::kNone, 0);
  if (order == BestFirstOrder::Greedy && start == goal) {
    ++result.stats.states_selected;
    return finish(Outcome::Solved, root);
  }
  if (!push({root, 0}, start_h)) return finish(Outcome::MemoryLimit);

  Stats& stats = result.stats;
  while (!open.empty()) {
    const uint32_t key = open.least_primary();
    const Entry e = open.pop();
    if (store.node(e.index).g() != e.g) continue;  // superseded by a shorter path
    ++stats.states_selected;
    const Board<N> b = store.board(e.index);
    if (b == goal) return finish(Outcome::Solved, e.index);
    expanding = key;
    if (stats.nodes_expanded >= watch.next_check())
      if (const auto stop = watch.check(stats.nodes_expanded)) return finish(*stop);
    ++stats.nodes_expanded;
    const uint32_t parent = store.node(e.index).parent;
    const int back = parent == Store::kNone ? -1 : store.node(parent).blank();
    const int blank = b.blank();
    const uint32_t g = e.g + 1;
    if (g > Store::kMaxG) return finish(Outcome::MemoryLimit);
    // One full evaluation per expansion, then incremental updates per child: keeping each node's
    // heuristic state in the store would cost more memory than this costs time.
    const typename H::State state = h.init(b);
    // Generate the children and prefetch their table slots, then probe them.
    std::array<Board<N>, 4> children;
    std::array<uint64_t, 4> hashes;
    std::array<int, 4> targets;
    int count = 0;
    for (int k = 0; k < kMoves<N>.count[blank]; ++k) {
      const int to = kMoves<N>.target[blank][k];
      if (to == back) continue;  // the parent, already reached with a smaller g
      children[count] = b;
      children[count].slide(to);
      hashes[count] = children[count].hash();
      store.prefetch(hashes[count]);
      targets[count++] = to;
    }
    for (int k = 0; k < count; ++k) {
      const Board<N>& child = children[k];
      const int to = targets[k];
      const int label = child.at(blank);  // the piece that slid from `to` into the old blank
      ++stats.nodes_generated;
      if (!store.reserve_one(open.bytes())) return finish(Outcome::MemoryLimit);
      uint32_t& slot = store.slot(child, hashes[k]);
      uint32_t index;
      if (slot == Store::kNone) {
        index = slot = store.add(child, e.index, g);
      } else if (order != BestFirstOrder::Greedy && g < store.node(slot).g()) {
        index = slot;
        store.node(index).set_g(g);
        store.node(index).parent = e.index;
      } else {
        continue;
      }
      if (order == BestFirstOrder::Greedy && child == goal) return finish(Outcome::Solved, index);
      typename H::State next = state;
      h.update(next, child, label, to, blank);
      if (!push({index, g}, h.value(next))) return finish(Outcome::MemoryLimit);
    }
  }
  return finish(Outcome::Unsolvable);  // every reachable state seen without the goal
}

// A* with heuristic `h`: optimal when h is admissible.
template <int N, IncrementalHeuristic<N> H>
SearchResult astar_search(const Board<N>& start, const H& h, const Limits& limits = {}) {
  return best_first_search(start, h, BestFirstOrder::AStar, limits);
}

// Uniform-cost search (A* with h ≡ 0): optimal, and blind.
template <int N>
SearchResult uniform_cost_search(const Board<N>& start, const Limits& limits = {}) {
  return best_first_search(start, ZeroHeuristic<N>{}, BestFirstOrder::Uniform, limits);
}

// Greedy best-first search on h alone: a valid solution, usually far from optimal.
template <int N, IncrementalHeuristic<N> H>
SearchResult greedy_search(const Board<N>& start, const H& h, const Limits& limits = {}) {
  return best_first_search(start, h, BestFirstOrder::Greedy, limits);
}

}  // namespace taquin
