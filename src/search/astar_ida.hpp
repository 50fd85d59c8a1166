// A*+IDA* (Bu & Korf, IJCAI 2019): IDA*'s deepening loop swept over a memory-bounded A*'s open list
// instead of a breadth-first level, so that the states A* has stored are not searched again.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "heuristic/concepts.hpp"
#include "search/astar_frontier.hpp"
#include "search/deepening.hpp"
#include "search/parallel_ida.hpp"
#include "search/subtree_search.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace detail {

// The A* frontier grows, between iterations, to this fraction of the last iteration's nodes (an
// A* node costs several IDA* nodes: its table and open list), until its memory budget is spent.
inline constexpr uint64_t kAStarShare = 16;

// The sweep of an AStarFrontier (a Sweeper): each bound tried on the frontier's nodes of f within
// it, in the frontier's order (f, then h), every thread taking the next node from one counter, as
// ThreadSweep does a breadth-first level; the first that reaches the goal stops the others. Between
// bounds the A* grows on, while the last iteration's nodes outgrow it and its budget allows.
template <int N, IncrementalHeuristic<N> H>
class AStarSweep {
 public:
  // Sweeps `frontier` with `heuristic`, `order` and `limits`, from `started`; `result` receives the
  // moves and the nodes (its statistics count those before, the frontier's among them).
  // `frontier` and `result` must outlive it.
  AStarSweep(const H& heuristic, AStarFrontier<N, H>& frontier, SearchOrder order,
             const Limits& limits, std::chrono::steady_clock::time_point started,
             SearchResult& result)
      : frontier_(frontier),
        limits_(limits),
        started_(started),
        result_(result),
        shared_nodes_(result.stats.nodes_expanded),
        subtrees_(heuristic, frontier, order, limits, started, shared_nodes_, found_) {}

  BoundEnd sweep(int bound) {
    const size_t swept = frontier_.within(bound);
    const int next_bound =
        sweep_subtrees(subtrees_, bound, swept, found_, stop_reason_, solution_mutex_, result_);
    if (const std::optional<BoundEnd> ended = sweep_end(found_, stop_reason_)) return *ended;
    return BoundEnd::exhausted(std::min(next_bound, frontier_.f_at(swept)));
  }

  uint64_t expanded() const { return result_.stats.nodes_expanded + subtrees_.expanded(); }

  // Grows the A* when the last bound's nodes outgrew it (Found: it selected the goal; Stopped: a
  // limit stopped it).
  std::optional<BoundEnd> advance(int) {
    const uint64_t total = subtrees_.expanded();
    const uint64_t iteration_nodes = total - searched_;
    searched_ = total;
    if (!frontier_.growing() || iteration_nodes / kAStarShare <= frontier_.seen())
      return std::nullopt;
    Stats& stats = result_.stats;
    LimitWatch watch(limits_, kBestFirstCheckInterval, started_);
    const uint64_t from = expanded();
    uint64_t nodes = from;
    Outcome why = Outcome::Cancelled;
    const auto grown =
        frontier_.grow_to(iteration_nodes / kAStarShare, watch, nodes, stats.nodes_generated, why);
    stats.nodes_expanded += nodes - from;  // (the A*'s nodes: the node limit counts them too)
    shared_nodes_.fetch_add(nodes - from, std::memory_order_relaxed);
    using Grown = typename AStarFrontier<N, H>::Grown;
    switch (grown) {
      case Grown::Goal:
        result_.moves = frontier_.goal_path();
        return BoundEnd::found();
      case Grown::Stopped:
        return BoundEnd::stopped(why);
      case Grown::Nothing:
        return BoundEnd::exhausted(BoundEnd::kNoBound);
      default:
        subtrees_.split();
        return std::nullopt;
    }
  }

  // After the deepening loop ended with `end`: every thread's nodes into the result's statistics,
  // and the outcome.
  Outcome finish(const BoundEnd& end) {
    Stats& stats = result_.stats;
    subtrees_.flush();
    stats.nodes_expanded += subtrees_.expanded();
    stats.nodes_generated += subtrees_.generated();
    stats.max_states_in_memory =
        frontier_.seen() + static_cast<uint64_t>(std::max(subtrees_.deepest(), 0)) + 1;
    if (end.kind == BoundEnd::Kind::Found) {
      result_.optimal = true;
      return Outcome::Solved;
    }
    return end.kind == BoundEnd::Kind::Stopped ? end.stop : Outcome::Unsolvable;
  }

 private:
  AStarFrontier<N, H>& frontier_;
  const Limits& limits_;
  const std::chrono::steady_clock::time_point started_;
  SearchResult& result_;
  std::atomic<uint64_t> shared_nodes_;  // every thread's nodes, for the node limit
  std::atomic<bool> found_{false};
  std::atomic<int> stop_reason_{-1};  // the first limit met (an Outcome), -1: none
  std::mutex solution_mutex_;
  SubtreeSearch<N, H, AStarFrontier<N, H>> subtrees_;
  uint64_t searched_ = 0;  // the threads' nodes after the last bound
};

}  // namespace detail

// Optimal solution of the canonical board `start` by A*+IDA*, like parallel_ida_search (on every
// thread oneTBB may use; the same serial start, `serial_nodes`), but the frontier the threads
// share is the open list of an A* from the start, its states deduplicated (each once, at its least
// g), at most `memory_bytes` bytes of them: first a sixteenth of the serial start's budget of
// states (with serial_nodes 0, Bu & Korf's: as many as the budget allows), then, between
// iterations, a sixteenth of the last iteration's nodes (kAStarShare), continuing the same A*. Each
// bound sweeps the frontier's nodes of f within it, least f first, then least h, then first
// generated. The A* selecting the goal ends the search (optimal). At one thread the node count is
// fixed for a board, heuristic and budget. Limits as in parallel_ida_search;
// limits.max_memory_bytes is not read (the caller sets `memory_bytes`).
template <int N, IncrementalHeuristic<N> H>
SearchResult astar_ida_search(const Board<N>& start, const H& heuristic, uint64_t memory_bytes,
                              const Limits& limits = {}, SearchOrder order = {},
                              uint64_t serial_nodes = detail::kSerialIterationNodes) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  Stats& stats = result.stats;
  int bound = 0;  // the bound under way: no solution is shorter
  const auto finish = [&](Outcome outcome) {
    return detail::finish_search(result, outcome, bound, started);
  };
  if (const std::optional<Outcome> ended = detail::trivial_outcome(start, result))
    return finish(*ended);
  const typename H::State start_state = heuristic.init(start);
  bound = heuristic.value(start_state);
  uint64_t target = memory_bytes;  // (in states: more than the budget allows)
  if (serial_nodes > 0) {
    if (const std::optional<Outcome> ended =
            detail::serial_start(start, start_state, heuristic, limits, order.child, started,
                                 serial_nodes, result, bound))
      return finish(*ended);
    target = std::max<uint64_t>(serial_nodes / detail::kAStarShare, detail::kFrontierMin);
  }

  using Frontier = detail::AStarFrontier<N, H>;
  Frontier frontier(start, start_state, heuristic, memory_bytes / Frontier::kBytesPerNode);
  detail::LimitWatch watch(limits, detail::kBestFirstCheckInterval, started);
  Outcome why = Outcome::Cancelled;
  switch (frontier.grow_to(target, watch, stats.nodes_expanded, stats.nodes_generated, why)) {
    case Frontier::Grown::Goal:
      result.moves = frontier.goal_path();
      result.optimal = true;
      stats.max_states_in_memory = frontier.seen();
      return finish(Outcome::Solved);
    case Frontier::Grown::Nothing:
      return finish(Outcome::Unsolvable);
    case Frontier::Grown::Stopped:
      return finish(why);
    default:
      break;
  }
  detail::AStarSweep<N, H> sweep(heuristic, frontier, order, limits, started, result);
  bound = std::max(bound, frontier.f_at(0));
  const detail::BoundEnd end = detail::deepen(sweep, bound, stats.iterations, limits, started);
  return finish(sweep.finish(end));
}

}  // namespace taquin
