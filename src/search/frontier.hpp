// The breadth-first frontier of subtrees the parallel searches (threads, MPI ranks) split.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "search/move_automaton.hpp"
#include "search/pruned_moves.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"

namespace taquin::detail {

// Frontier size the breadth-first expansion of the root aims for: enough subtrees to balance
// the threads, few enough that the frontier costs nothing next to the search. After serial
// iterations, the target is a sixteenth of the last one's nodes, within [kFrontierMin,
// kFrontierTarget]: building the frontier then costs a few percent of the next iteration, which is
// several times larger, even when the whole search takes a millisecond.
inline constexpr size_t kFrontierTarget = 4096;
inline constexpr size_t kFrontierMin = 64;
// Deepest frontier level, so huge boards never expand the root for long.
inline constexpr int kFrontierMaxDepth = 24;

template <int N, typename H>
struct FrontierNode {
  Board<N> board;
  typename H::State state;
  int g = 0;
  int prev = kNoMove;   // the move that reached it (its last move from the start)
  uint32_t parent = 0;  // index of its parent in the previous level
  uint32_t automaton = MoveAutomatonFor<N>::kStart;  // after the moves from the start
};

// The breadth-first frontier the parallel searches (threads, MPI ranks) split: levels of nodes
// from the start, each knowing its parent so that the moves to any node can be rebuilt; a board
// seen at a shallower level is dropped.
template <int N, typename H>
class Frontier {
 public:
  using Node = FrontierNode<N, H>;
  enum class Grown { Level, Goal, Nothing };

  Frontier(const Board<N>& start, const typename H::State& state) : seen_{start} {
    levels_.push_back({Node{start, state, 0, kNoMove, 0, MoveAutomatonFor<N>::kStart}});
  }

  // The board the frontier grows from.
  const Board<N>& start() const { return levels_.front().front().board; }
  // The deepest level, its depth, and how many boards have been seen in all.
  const std::vector<Node>& deepest() const { return levels_.back(); }
  size_t depth() const { return levels_.size() - 1; }
  size_t levels() const { return levels_.size(); }
  uint64_t seen() const { return seen_.size(); }

  // Expands the deepest level into a new one (children in move order), adding to `expanded` and
  // `generated`. Goal: a child is `goal`, the new level's last node (met breadth-first: optimal).
  // Nothing: every child was seen before (no level added: the goal is not in the space).
  Grown grow(const H& heuristic, const Board<N>& goal, uint64_t& expanded, uint64_t& generated) {
    const MoveAutomatonFor<N>& automaton = MoveAutomatonFor<N>::standard();
    std::vector<Node> next;
    next.reserve(levels_.back().size() * 3);
    const std::vector<Node>& level = levels_.back();
    for (uint32_t i = 0; i < level.size(); ++i) {
      const Node& node = level[i];
      ++expanded;
      const int blank = node.board.blank();
      const auto& list = kPrunedMoves<N>.at[blank][node.prev];
      for (int k = 0; k < list.count; ++k) {
        const uint32_t child_automaton = automaton.next(node.automaton, list.dir[k]);
        if (child_automaton == MoveAutomatonFor<N>::kDead) continue;
        Node child{node.board, node.state,     node.g + 1, static_cast<int>(list.dir[k]),
                   i,          child_automaton};
        const int to = list.target[k];
        const int label = child.board.at(to);
        child.board.slide(to);
        ++generated;
        if (!seen_.insert(child.board).second) continue;
        heuristic.update(child.state, child.board, label, to, blank);
        next.push_back(child);
        if (child.board == goal) {
          levels_.push_back(std::move(next));
          return Grown::Goal;
        }
      }
    }
    if (next.empty()) return Grown::Nothing;
    levels_.push_back(std::move(next));
    return Grown::Level;
  }

  // Expands the deepest level into new ones, as grow(), until it holds `target` nodes or the
  // frontier is kFrontierMaxDepth deep, or no new board is left. Returns true when it met `goal`:
  // goal_path() then gives the moves to it (met breadth-first: optimal).
  bool grow_to(size_t target, const H& heuristic, const Board<N>& goal, uint64_t& expanded,
               uint64_t& generated) {
    while (deepest().size() < target && static_cast<int>(levels()) <= kFrontierMaxDepth) {
      const Grown grown = grow(heuristic, goal, expanded, generated);
      if (grown == Grown::Goal) return true;
      if (grown == Grown::Nothing) break;  // the goal is not in the space
    }
    return false;
  }

  // After grow_to() met the goal: the moves from the start to it.
  std::vector<Dir> goal_path() const {
    return path_to(depth(), static_cast<uint32_t>(deepest().size() - 1));
  }

  // The deepest level's nodes (indexes into deepest()) in the order a serial IDA* whose children
  // are searched in `order` meets them (`heuristic` ranks them): for ChildOrder::Moves, level order
  // (returned empty: the identity); for CheapestFirst, each node's children by f (ties in move
  // order), after those of the nodes its parent's level meets first. The parallel searches hand out
  // the subtrees in this order, so the last iteration reaches the goal about where the serial
  // search does.
  std::vector<uint32_t> visit_order(const H& heuristic, ChildOrder order) const {
    std::vector<uint32_t> sorted;
    if (order == ChildOrder::Moves) return sorted;
    std::vector<uint32_t> rank{0};  // of each node of the level above, in the serial order
    for (size_t d = 1; d < levels_.size(); ++d) {
      const std::vector<Node>& level = levels_[d];
      std::vector<int> h(level.size());
      sorted.resize(level.size());
      for (uint32_t i = 0; i < level.size(); ++i) {
        sorted[i] = i;
        h[i] = heuristic.value(level[i].state);  // (one level: one g)
      }
      std::stable_sort(sorted.begin(), sorted.end(), [&](uint32_t a, uint32_t b) {
        const uint32_t ra = rank[level[a].parent], rb = rank[level[b].parent];
        return ra != rb ? ra < rb : h[a] < h[b];
      });
      rank.assign(level.size(), 0);
      for (uint32_t j = 0; j < sorted.size(); ++j) rank[sorted[j]] = j;
    }
    return sorted;
  }

  // Moves from the start to node `i` of the deepest level.
  std::vector<Dir> path_to_deepest(uint32_t i) const { return path_to(depth(), i); }

  // Moves from the start to node `i` of level `depth`.
  std::vector<Dir> path_to(size_t depth, uint32_t i) const {
    std::vector<Dir> path(depth);
    for (size_t d = depth; d > 0; --d) {
      const Node& node = levels_[d][i];
      path[d - 1] = static_cast<Dir>(node.prev);
      i = node.parent;
    }
    return path;
  }

 private:
  std::vector<std::vector<Node>> levels_;
  std::unordered_set<Board<N>, BoardHash<N>> seen_;
};

}  // namespace taquin::detail
