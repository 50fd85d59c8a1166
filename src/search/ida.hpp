// Serial IDA*: iterative deepening on f = g + h, each bound swept in place by one IdaWorker.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "core/solvability.hpp"
#include "heuristic/concepts.hpp"
#include "search/deepening.hpp"
#include "search/ida_worker.hpp"
#include "search/limit_watch.hpp"
#include "search/move_automaton.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace detail {

// How many times more nodes an IDA* iteration is taken to need than the one before (the bound
// grows by 2; docs/performance.md gives the growth measured).
inline constexpr uint64_t kIterationGrowth = 8;

// The sweep in place (a Sweeper): one IdaWorker searches the whole tree of `start` for each bound.
// With a node budget, a bound that needs more nodes is abandoned (OverBudget, its nodes still
// counted), and so is the next bound before it starts when the last one's nodes times
// kIterationGrowth exceed the budget: the parallel searches then sweep it their way.
template <int N, IncrementalHeuristic<N> H>
class SerialSweep {
 public:
  // `state`: the heuristic's state of `start`; `budget`: nodes a bound may take (0: no limit).
  SerialSweep(const Board<N>& start, const typename H::State& state, const H& heuristic,
              const LimitWatch& watch, ChildOrder order, uint64_t budget = 0)
      : start_(start),
        state_(state),
        worker_(heuristic, start.blank_label(), watch, order),
        budget_(budget) {}

  BoundEnd sweep(int bound) {
    const uint64_t before = worker_.expanded();
    const BoundEnd end =
        worker_.search(start_, state_, 0, kNoMove, bound, MoveAutomatonFor<N>::kStart, budget_);
    last_ = worker_.expanded() - before;
    return end;
  }
  uint64_t expanded() const { return worker_.expanded(); }
  std::optional<BoundEnd> advance(int) const {
    if (budget_ > 0 && last_ * kIterationGrowth > budget_) return BoundEnd::over_budget();
    return std::nullopt;
  }

  // After the deepening loop ended with `end`: the moves and statistics into `result`, and the
  // outcome, or nullopt after OverBudget (only the node counts filled).
  std::optional<Outcome> finish(const BoundEnd& end, SearchResult& result) const {
    Stats& stats = result.stats;
    stats.nodes_expanded = worker_.expanded();
    stats.nodes_generated = worker_.generated();
    if (end.kind == BoundEnd::Kind::OverBudget) return std::nullopt;
    const bool found = end.kind == BoundEnd::Kind::Found;
    // A solved search never holds a path longer than the solution; otherwise the bound caps it.
    stats.max_states_in_memory =
        static_cast<uint64_t>(found ? worker_.solution_length() : worker_.deepest()) + 1;
    if (found) {
      result.moves = worker_.path();
      result.optimal = true;
      return Outcome::Solved;
    }
    return end.kind == BoundEnd::Kind::Stopped ? end.stop : Outcome::Unsolvable;
  }

 private:
  const Board<N> start_;
  const typename H::State state_;
  IdaWorker<N, H> worker_;
  const uint64_t budget_;
  uint64_t last_ = 0;  // the nodes of the last bound swept
};

}  // namespace detail

// Optimal solution of the canonical board `start` (goal: identity with the blank on
// start.blank_label()) by IDA* with the admissible heuristic `heuristic`, built for that blank
// label. Returns Solved with optimal moves, Unsolvable on a parity mismatch, or NodeLimit /
// TimeLimit / Cancelled when `limits` stop it (a node limit after exactly that many nodes), with
// lower_bound the bound of the iteration under way (no solution is shorter). Stats:
// nodes_expanded = states_selected (one per node whose children were generated),
// nodes_generated, iterations (bounds tried), max_states_in_memory (deepest path + 1), seconds.
// `order`: the children's order (its split order is unused here).
template <int N, IncrementalHeuristic<N> H>
SearchResult ida_search(const Board<N>& start, const H& heuristic, const Limits& limits = {},
                        SearchOrder order = {}) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  if (!is_solvable(start)) return detail::finish_search(result, Outcome::Unsolvable, 0, started);
  const typename H::State state = heuristic.init(start);
  detail::SerialSweep<N, H> in_place(start, state, heuristic,
                                     detail::LimitWatch(limits, detail::kIdaCheckInterval, started),
                                     order.child);
  int bound = heuristic.value(state);
  const detail::BoundEnd end =
      detail::deepen(in_place, bound, result.stats.iterations, limits, started);
  return detail::finish_search(result, *in_place.finish(end, result), bound, started);
}

}  // namespace taquin
