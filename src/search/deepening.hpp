// IDA*'s one deepening loop, bound after bound, for the serial, threaded and MPI searches alike:
// they differ only in how a bound is swept (in place, over a oneTBB arena, over MPI ranks).
#pragma once

#include <chrono>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>

#include "search/limit_watch.hpp"
#include "taquin/search/result.hpp"

namespace taquin::detail {

// How the search of one bound ended: IdaWorker::search's answer, a sweep's, the loop's.
struct BoundEnd {
  enum class Kind : uint8_t {
    Exhausted,   // every path within the bound searched without the goal: see next_bound
    Found,       // the goal was reached
    Stopped,     // a limit stopped it: see stop
    OverBudget,  // its node budget ran out: the bound is to be swept another way
  };
  // No f above the bound was met: nothing lies beyond it.
  static constexpr int kNoBound = std::numeric_limits<int>::max();

  Kind kind = Kind::Exhausted;
  int next_bound = kNoBound;          // Exhausted: the least f above the bound met
  Outcome stop = Outcome::Cancelled;  // Stopped: why

  static constexpr BoundEnd exhausted(int next) { return {Kind::Exhausted, next}; }
  static constexpr BoundEnd found() { return {Kind::Found}; }
  static constexpr BoundEnd stopped(Outcome why) { return {Kind::Stopped, kNoBound, why}; }
  static constexpr BoundEnd over_budget() { return {Kind::OverBudget}; }
};

// How the deepening loop sweeps a bound. sweep(bound) searches every path within `bound`;
// expanded() counts the nodes expanded so far (for Limits::on_iteration); advance(next) is
// called with the next bound before it is swept, and returns nullopt to sweep it, or the loop's
// end: Found (the goal met on the way, as by growing a frontier) or OverBudget (hand it over).
template <typename S>
concept Sweeper = requires(S& sweeper, int bound) {
  { sweeper.sweep(bound) } -> std::same_as<BoundEnd>;
  { sweeper.expanded() } -> std::same_as<uint64_t>;
  { sweeper.advance(bound) } -> std::same_as<std::optional<BoundEnd>>;
};

// Iterative deepening from `bound`: sweeps it; after a sweep that exhausts it, reports it
// (limits.on_iteration, seconds since `started`) and sweeps the least f met above it; until a
// sweep finds the goal or stops, nothing lies above the bound (Exhausted with kNoBound: the goal
// is out of reach), or the sweeper hands a bound over (OverBudget). Returns that end; `bound` is
// then the bound under way (a stop's lower bound; the next to sweep after OverBudget), and
// `iterations` counts the bounds swept (one abandoned over budget is not). Inlined into each
// search, so that the compiler lays out each one's depth-first search as in its own loop.
template <Sweeper S>
[[gnu::always_inline]] inline BoundEnd deepen(S& sweeper, int& bound, uint64_t& iterations,
                                              const Limits& limits,
                                              std::chrono::steady_clock::time_point started) {
  for (;;) {
    const BoundEnd end = sweeper.sweep(bound);
    if (end.kind == BoundEnd::Kind::OverBudget) return end;
    ++iterations;
    if (end.kind != BoundEnd::Kind::Exhausted || end.next_bound == BoundEnd::kNoBound) return end;
    if (limits.on_iteration)
      limits.on_iteration({bound, sweeper.expanded(), seconds_since(started)});
    bound = end.next_bound;
    if (const std::optional<BoundEnd> ended = sweeper.advance(bound)) return *ended;
  }
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

}  // namespace taquin::detail
