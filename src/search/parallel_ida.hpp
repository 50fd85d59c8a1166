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
#include "heuristic/concepts.hpp"
#include "search/deepening.hpp"
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

// The serial start of a parallel search: bounds from `bound` up swept in place by one thread
// (ida_search's iterations, node for node), until a bound needs more than `budget` nodes; that
// one is abandoned (its nodes still counted). Returns the outcome when the search ended there
// (the moves and result.stats filled). Else nullopt: `bound` is the first bound to sweep in
// parallel, and result.stats counts the serial nodes. `limits` apply as in ida_search (a node
// limit exactly).
template <int N, IncrementalHeuristic<N> H>
std::optional<Outcome> serial_start(const Board<N>& start, const typename H::State& start_state,
                                    const H& heuristic, const Limits& limits, ChildOrder order,
                                    std::chrono::steady_clock::time_point started, uint64_t budget,
                                    SearchResult& result, int& bound) {
  SerialSweep<N, H> in_place(start, start_state, heuristic,
                             LimitWatch(limits, kIdaCheckInterval, started), order, budget);
  const BoundEnd end = deepen(in_place, bound, result.stats.iterations, limits, started);
  return in_place.finish(end, result);
}

// The sweep over every thread oneTBB allows (a Sweeper): each bound tried on the subtrees of a
// frontier, every thread taking the next subtree from one counter, so that the threads sweep the
// frontier together and the last iteration reaches the first solution about as many times
// sooner as there are threads. The first subtree that reaches the goal stops the others. Between
// bounds, a frontier built small for a search that has since grown is made deeper, so the
// threads keep enough subtrees to share.
template <int N, IncrementalHeuristic<N> H>
class ThreadSweep {
 public:
  // Sweeps `frontier` (grown from the start, to goal `goal`) with `heuristic`, `order` and
  // `limits`, from `started`; `result` receives the moves and the nodes (its statistics count
  // those before, the frontier's among them). `frontier` and `result` must outlive it.
  ThreadSweep(const H& heuristic, Frontier<N, H>& frontier, const Board<N>& goal, SearchOrder order,
              const Limits& limits, std::chrono::steady_clock::time_point started,
              SearchResult& result)
      : heuristic_(heuristic),
        frontier_(frontier),
        goal_(goal),
        result_(result),
        shared_nodes_(result.stats.nodes_expanded),
        subtrees_(heuristic, frontier, order, limits, started, shared_nodes_, found_) {}

  // The least f of the subtrees' roots: no bound below it finds anything beyond the frontier.
  int least_f() const { return subtrees_.least_f(); }

  BoundEnd sweep(int bound) {
    swept_ = subtrees_.subtrees();
    const int next_bound =
        sweep_subtrees(subtrees_, bound, swept_, found_, stop_reason_, solution_mutex_, result_);
    if (const std::optional<BoundEnd> ended = sweep_end(found_, stop_reason_)) return *ended;
    return BoundEnd::exhausted(next_bound);
  }

  uint64_t expanded() const { return result_.stats.nodes_expanded + subtrees_.expanded(); }

  // Deepens the frontier when the last bound's nodes outgrew it (Found: its goal met on the way).
  std::optional<BoundEnd> advance(int) {
    const uint64_t total = subtrees_.expanded();
    const uint64_t iteration_nodes = total - searched_;
    searched_ = total;
    const size_t depth = frontier_.depth();
    if (swept_ < kFrontierTarget && iteration_nodes / 16 > 4 * swept_ &&
        frontier_.grow_to(std::min<size_t>(iteration_nodes / 16, kFrontierTarget), heuristic_,
                          goal_, result_.stats.nodes_expanded, result_.stats.nodes_generated)) {
      result_.moves = frontier_.goal_path();
      return BoundEnd::found();
    }
    if (frontier_.depth() != depth) subtrees_.split();  // (new subtrees to hand out)
    return std::nullopt;
  }

  // After the deepening loop ended with `end`: every thread's nodes into the result's statistics,
  // and the outcome.
  Outcome finish(const BoundEnd& end) {
    Stats& stats = result_.stats;
    subtrees_.flush();
    stats.nodes_expanded += subtrees_.expanded();
    stats.nodes_generated += subtrees_.generated();
    stats.max_states_in_memory =
        std::max<uint64_t>(frontier_.seen(), frontier_.deepest().size() +
                                                 static_cast<uint64_t>(subtrees_.deepest()) + 1);
    if (end.kind == BoundEnd::Kind::Found) {
      result_.optimal = true;
      return Outcome::Solved;
    }
    return end.kind == BoundEnd::Kind::Stopped ? end.stop : Outcome::Unsolvable;
  }

 private:
  const H& heuristic_;
  Frontier<N, H>& frontier_;
  const Board<N> goal_;
  SearchResult& result_;
  std::atomic<uint64_t> shared_nodes_;  // every thread's nodes, for the node limit
  std::atomic<bool> found_{false};
  std::atomic<int> stop_reason_{-1};  // the first limit met (an Outcome), -1: none
  std::mutex solution_mutex_;
  SubtreeSearch<N, H> subtrees_;
  size_t swept_ = 0;       // the subtrees of the last bound
  uint64_t searched_ = 0;  // the threads' nodes after the last bound
};

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
  // The bound under way: no solution is shorter (the lower bound of a stop).
  int bound = 0;
  const auto finish = [&](Outcome outcome) {
    return detail::finish_search(result, outcome, bound, started);
  };
  if (const std::optional<Outcome> ended = detail::trivial_outcome(start, result))
    return finish(*ended);
  const Board<N> goal = Board<N>::identity(start.blank_label());
  const typename H::State start_state = heuristic.init(start);

  // Small bounds in place, one thread; a frontier then sized to the serial budget.
  bound = heuristic.value(start_state);
  size_t frontier_target = detail::kFrontierTarget;
  if (serial_nodes > 0) {
    if (const std::optional<Outcome> ended =
            detail::serial_start(start, start_state, heuristic, limits, order.child, started,
                                 serial_nodes, result, bound))
      return finish(*ended);
    frontier_target = static_cast<size_t>(
        std::clamp<uint64_t>(serial_nodes / 16, detail::kFrontierMin, detail::kFrontierTarget));
  }

  // The other bounds on every thread, each sweeping the frontier's subtrees.
  detail::Frontier<N, H> frontier(start, start_state);
  if (frontier.grow_to(frontier_target, heuristic, goal, stats.nodes_expanded,
                       stats.nodes_generated)) {  // met breadth-first: optimal
    result.moves = frontier.goal_path();
    result.optimal = true;
    stats.max_states_in_memory = frontier.seen();
    return finish(Outcome::Solved);
  }
  detail::ThreadSweep<N, H> threads(heuristic, frontier, goal, order, limits, started, result);
  bound = std::max(bound, threads.least_f());
  const detail::BoundEnd end = detail::deepen(threads, bound, stats.iterations, limits, started);
  return finish(threads.finish(end));
}

}  // namespace taquin
