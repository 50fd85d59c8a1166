// Breadth-first search: uniform cost on unit moves, with a FIFO that is the node store itself.
#pragma once

#include <cstdint>

#include "core/solvability.hpp"
#include "search/limit_watch.hpp"
#include "search/node_store.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// Breadth-first search from the canonical board `start` to its identity goal. Nodes are appended
// to the store in FIFO order, so the queue is the store's tail; the store's hash index is the
// closed set. The goal test is made on generation (optimal on unit costs). Stops with
// MemoryLimit before the store would pass limits.max_memory_bytes; Unsolvable (no search) on a
// parity failure. Solutions are optimal. A node limit stops it after exactly that many
// expansions; stopped unsolved, lower_bound is one more than the depth under expansion (every
// shallower board was generated, and tested).
template <int N>
SearchResult bfs_search(const Board<N>& start, const Limits& limits = {}) {
  using Store = detail::NodeStore<N>;
  detail::LimitWatch watch(limits, detail::kBestFirstCheckInterval);
  SearchResult result;
  Store store(limits.max_memory_bytes);
  Stats& stats = result.stats;
  uint32_t depth = 0;  // of the node under expansion
  auto finish = [&](Outcome outcome, uint32_t goal_index = Store::kNone) {
    result.outcome = outcome;
    if (outcome == Outcome::Solved) {
      result.moves = store.path_to(goal_index);
      result.optimal = true;
    } else if (outcome != Outcome::Unsolvable) {
      result.lower_bound = static_cast<int>(depth) + 1;
    }
    stats.max_states_in_memory = store.size();
    stats.seconds = watch.seconds();
    return result;
  };
  if (!is_solvable(start)) return finish(Outcome::Unsolvable);
  const Board<N> goal = Board<N>::identity(start.blank_label());
  if (!store.reserve_one(0)) return finish(Outcome::MemoryLimit);
  const uint32_t root = store.slot(start) = store.add(start, Store::kNone, 0);
  if (start == goal) {
    ++stats.states_selected;
    return finish(Outcome::Solved, root);
  }
  for (uint32_t head = 0; head < store.size(); ++head) {
    ++stats.states_selected;
    depth = store.node(head).g();
    if (stats.nodes_expanded >= watch.next_check())
      if (const auto stop = watch.check(stats.nodes_expanded)) return finish(*stop);
    const Board<N> b = store.board(head);
    ++stats.nodes_expanded;
    const uint32_t parent = store.node(head).parent;
    const int back = parent == Store::kNone ? -1 : store.node(parent).blank();
    const uint32_t g = depth + 1;
    if (g > Store::kMaxG) return finish(Outcome::MemoryLimit);
    const int blank = b.blank();
    for (int k = 0; k < kMoves<N>.count[blank]; ++k) {
      const int to = kMoves<N>.target[blank][k];
      if (to == back) continue;
      Board<N> child = b;
      child.slide(to);
      ++stats.nodes_generated;
      if (!store.reserve_one(0)) return finish(Outcome::MemoryLimit);
      uint32_t& slot = store.slot(child);
      if (slot != Store::kNone) continue;
      const uint32_t index = slot = store.add(child, head, g);
      if (child == goal) return finish(Outcome::Solved, index);
    }
  }
  return finish(Outcome::Unsolvable);
}

}  // namespace taquin
