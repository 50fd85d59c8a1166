// Parallel IDA* on oneTBB: a breadth-first frontier of subtrees searched as tasks, bound by bound.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "core/solvability.hpp"
#include "search/frontier.hpp"
#include "search/ida.hpp"
#include "search/subtree_search.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace detail {

// Bounds are first tried by one thread, without a frontier, until an iteration needs more nodes
// than this: it is then abandoned and tried again in parallel. A search whose every iteration
// fits (a few milliseconds) is the serial search, node for node, so its statistics are the same
// from run to run. An iteration is not tried serially when the one before it, times
// kIterationGrowth, exceeds this: only an iteration that grows faster than that is abandoned,
// and wastes at most this many nodes, one thread's few milliseconds.
inline constexpr uint64_t kSerialIterationNodes = uint64_t{1} << 18;
// How many times more nodes an IDA* iteration is taken to need than the one before (the bound
// grows by 2; the 15-puzzle's iterations grow some 4 to 8 times with linear conflict).
inline constexpr uint64_t kIterationGrowth = 8;

// The start every parallel search shares: a board that cannot reach its goal, or the goal
// itself, ends the search at once (the outcome; for the goal, `result` says so). Else nullopt.
template <int N>
std::optional<Outcome> trivial_outcome(const Board<N>& start, SearchResult& result) {
  if (!is_solvable(start)) return Outcome::Unsolvable;
  if (start != Board<N>::identity(start.blank_label())) return std::nullopt;
  result.optimal = true;
  result.stats.max_states_in_memory = 1;
  return Outcome::Solved;
}

// `result` ended with `outcome` while the bound `bound` was under way (a stop's lower bound),
// its statistics completed; the search started at `started`.
inline SearchResult& finish_search(SearchResult& result, Outcome outcome, int bound,
                                   std::chrono::steady_clock::time_point started) {
  result.outcome = outcome;
  if (outcome != Outcome::Solved && outcome != Outcome::Unsolvable) result.lower_bound = bound;
  result.stats.states_selected = result.stats.nodes_expanded;
  result.stats.seconds = seconds_since(started);
  return result;
}

// The serial start of a parallel search: bounds from `bound` up tried by one thread, without a
// frontier (ida_search's iterations, node for node), until an iteration needs more than
// `serial_nodes` nodes; that one is abandoned (its nodes still counted). Returns the outcome when
// the search ended there (the moves and result.stats filled). Else nullopt: `bound` is the first
// bound to try in parallel, `frontier_target` the subtrees to split it into, and result.stats
// counts the serial nodes. `limits` apply as in ida_search (a node limit exactly).
template <int N, IncrementalHeuristic<N> H>
std::optional<Outcome> serial_iterations(const Board<N>& start,
                                         const typename H::State& start_state, const H& heuristic,
                                         const Limits& limits, ChildOrder order,
                                         std::chrono::steady_clock::time_point started,
                                         uint64_t serial_nodes, SearchResult& result, int& bound,
                                         size_t& frontier_target) {
  using Worker = IdaWorker<N, H>;
  Stats& stats = result.stats;
  Worker serial(heuristic, start.blank_label(), LimitWatch(limits, kIdaCheckInterval, started),
                order);
  const auto go_parallel = [&] {
    frontier_target =
        static_cast<size_t>(std::clamp<uint64_t>(serial_nodes / 16, kFrontierMin, kFrontierTarget));
  };
  for (;;) {
    ++stats.iterations;
    const uint64_t before = serial.expanded();
    const int r = serial.search(start, start_state, 0, kNoMove, bound, MoveAutomatonFor<N>::kStart,
                                serial_nodes);
    if (r == Worker::kOverBudget) {  // too large for one thread: tried again in parallel
      --stats.iterations;
      go_parallel();
      break;
    }
    if (r == Worker::kFound || r == Worker::kStopped || r == Worker::kInfinity) {
      stats.nodes_expanded = serial.expanded();
      stats.nodes_generated = serial.generated();
      stats.max_states_in_memory =
          static_cast<uint64_t>(r == Worker::kFound ? serial.solution_length() : serial.deepest()) +
          1;
      if (r == Worker::kFound) {
        result.moves = serial.path();
        result.optimal = true;
        return Outcome::Solved;
      }
      return r == Worker::kStopped ? serial.stop_reason() : Outcome::Unsolvable;
    }
    if (limits.on_iteration)
      limits.on_iteration({bound, serial.expanded(), seconds_since(started)});
    bound = r;
    // The next iteration would likely outgrow the budget: parallel at once, rather than tried
    // serially and abandoned.
    if ((serial.expanded() - before) * kIterationGrowth > serial_nodes) {
      go_parallel();
      break;
    }
  }
  stats.nodes_expanded = serial.expanded();
  stats.nodes_generated = serial.generated();
  return std::nullopt;
}

}  // namespace detail

// Optimal solution of the canonical board `start`, like ida_search, searched by every thread
// oneTBB may use (set the count with tbb::global_control). Bounds are tried serially until an
// iteration needs more than `serial_nodes` nodes (0: none is tried serially): that iteration is
// abandoned, and tried again in parallel. Until then the search is ida_search, with the same
// statistics (so the same from run to run). Then the root is expanded
// breadth-first to some distinct subtrees, more for a larger search (kFrontierMin to
// kFrontierTarget, deepened as iterations grow; states seen at a shallower level dropped: no
// optimal path goes through them; children in move order from parents in level order, so the
// path kept to each state is its lexicographically least shortest one, which the move automaton
// never prunes); each further bound is tried on all subtrees in parallel, the
// next bound is the least f that exceeded it, and the first subtree that reaches the goal stops
// the others. `order`: each subtree's child order, and the order the subtrees are handed out in.
// The length is optimal whatever the thread count; node counts of the parallel
// iterations vary from run to run. Limits stop it as they stop ida_search, the node limit within
// about kIdaCheckInterval nodes per thread once the iterations are parallel (exactly before).
template <int N, IncrementalHeuristic<N> H>
SearchResult parallel_ida_search(const Board<N>& start, const H& heuristic,
                                 const Limits& limits = {}, SearchOrder order = {},
                                 uint64_t serial_nodes = detail::kSerialIterationNodes) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  Stats& stats = result.stats;
  // The bound of the iteration under way: no solution is shorter (the lower bound of a stop).
  int bound = 0;
  const auto finish = [&](Outcome outcome) {
    return detail::finish_search(result, outcome, bound, started);
  };
  if (const std::optional<Outcome> ended = detail::trivial_outcome(start, result))
    return finish(*ended);
  const Board<N> goal = Board<N>::identity(start.blank_label());
  const typename H::State start_state = heuristic.init(start);

  // Small iterations, one thread.
  bound = heuristic.value(start_state);
  size_t frontier_target = detail::kFrontierTarget;
  if (serial_nodes > 0)
    if (const std::optional<Outcome> ended =
            detail::serial_iterations(start, start_state, heuristic, limits, order.child, started,
                                      serial_nodes, result, bound, frontier_target))
      return finish(*ended);

  // Breadth-first expansion of the deepest level until it holds `target` subtrees; a goal met on
  // the way is optimal (fewest moves): it fills result and returns true.
  detail::Frontier<N, H> frontier(start, start_state);
  uint64_t frontier_states = 1;
  const auto deepen = [&](size_t target) {
    while (frontier.deepest().size() < target &&
           static_cast<int>(frontier.levels()) <= detail::kFrontierMaxDepth) {
      const auto grown =
          frontier.grow(heuristic, goal, stats.nodes_expanded, stats.nodes_generated);
      if (grown == detail::Frontier<N, H>::Grown::Goal) {
        result.moves = frontier.path_to(frontier.depth(),
                                        static_cast<uint32_t>(frontier.deepest().size() - 1));
        result.optimal = true;
        stats.max_states_in_memory = frontier.seen();
        return true;
      }
      if (grown == detail::Frontier<N, H>::Grown::Nothing) break;  // the goal is not in the space
      frontier_states = std::max<uint64_t>(frontier_states, frontier.seen());
    }
    return false;
  };
  if (deepen(frontier_target)) return finish(Outcome::Solved);

  std::atomic<uint64_t> shared_nodes{stats.nodes_expanded};
  std::atomic<bool> found{false};
  std::atomic<int> stop_reason{-1};
  std::mutex solution_mutex;
  detail::SubtreeSearch<N, H> subtrees(heuristic, frontier, order, limits, started, shared_nodes,
                                       found);
  bound = std::max(bound, subtrees.least_f());
  uint64_t searched = 0;  // nodes of the workers after the last iteration
  for (;;) {
    ++stats.iterations;
    // Each thread takes the next subtree from one counter, so the threads sweep the frontier
    // together and the last iteration reaches the first solution about as many times sooner as
    // there are threads.
    std::atomic<size_t> next_subtree{0};
    const size_t count = subtrees.subtrees();
    const int next_bound = subtrees.iterate(
        bound,
        [&](size_t& taken) {
          taken = next_subtree.fetch_add(1, std::memory_order_relaxed);
          return taken < count && !found.load(std::memory_order_relaxed) && stop_reason.load() < 0;
        },
        [&](std::vector<Dir> moves) {
          std::lock_guard lock(solution_mutex);
          if (!found.load()) {
            result.moves = std::move(moves);
            found.store(true);
          }
        },
        [&](Outcome reason) {
          if (reason != Outcome::Cancelled || !found.load()) {
            int none = -1;
            stop_reason.compare_exchange_strong(none, static_cast<int>(reason));
          }
        });
    if (found.load()) break;
    if (stop_reason.load() >= 0) break;
    if (next_bound == detail::SubtreeSearch<N, H>::kInfinity) break;
    // A frontier built small for a search that has since grown is made deeper, so the threads
    // keep enough subtrees to share.
    const uint64_t total = subtrees.expanded();
    if (limits.on_iteration)
      limits.on_iteration({bound, stats.nodes_expanded + total, detail::seconds_since(started)});
    bound = next_bound;
    const uint64_t iteration_nodes = total - searched;
    searched = total;
    const size_t depth = frontier.depth();
    if (count < detail::kFrontierTarget && iteration_nodes / 16 > 4 * count &&
        deepen(std::min<size_t>(iteration_nodes / 16, detail::kFrontierTarget))) {
      found.store(true);  // the goal lies within the new levels: met breadth-first, optimal
      break;
    }
    if (frontier.depth() != depth) subtrees.split();  // (new subtrees to hand out)
  }

  subtrees.flush();
  stats.nodes_expanded += subtrees.expanded();
  stats.nodes_generated += subtrees.generated();
  const int deepest = subtrees.deepest();
  stats.max_states_in_memory = std::max<uint64_t>(
      frontier_states, frontier.deepest().size() + static_cast<uint64_t>(deepest) + 1);
  if (found.load()) {
    result.optimal = true;
    return finish(Outcome::Solved);
  }
  if (stop_reason.load() >= 0) return finish(static_cast<Outcome>(stop_reason.load()));
  return finish(Outcome::Unsolvable);
}

}  // namespace taquin
