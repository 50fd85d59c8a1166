// run_search's definition and with_heuristic (a heuristic kind made a type), included by the files
// that instantiate run_search (a few sides each, so the searches of different sides compile in
// parallel) and by the MPI search (src/mpi/search_on_ranks.cpp).
#pragma once

#include <memory>
#include <type_traits>
#include <vector>

#include <tbb/task_arena.h>

#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/heuristic.hpp"
#include "search/anytime.hpp"
#include "search/astar_budget.hpp"
#include "search/astar_ida.hpp"
#include "search/instances.hpp"
#include "search/weighted.hpp"
#include "taquin/search/solver.hpp"

namespace taquin {

// The linear-conflict heuristic of a 2x2 or 3x3 goal with the blank on `blank`, built once per
// blank cell and shared (read-only) by every search: its line tables cost more to build than
// most such boards cost to solve, which made a batch of 8-puzzles spend most of its time there.
template <int N>
const LinearConflict<N>& shared_small_linear_conflict(int blank) {
  static_assert(N <= 3);
  static const std::vector<LinearConflict<N>> by_blank = [] {
    std::vector<LinearConflict<N>> all;
    all.reserve(N * N);
    for (int b = 0; b < N * N; ++b) all.emplace_back(b);
    return all;
  }();
  return by_blank[blank];
}

// Calls `search` with the heuristic object of `kind` for the goal with the blank on `blank`
// (`databases` as for run_search) and returns what it returns: the one place a heuristic kind
// becomes a type.
template <int N, typename Search>
SearchResult with_heuristic(HeuristicKind kind, int blank, const pdb::PdbSet* databases,
                            Search&& search) {
  switch (kind) {
    case HeuristicKind::Hamming:
      return search(Hamming<N>(blank));
    case HeuristicKind::Manhattan:
      return search(Manhattan<N>(blank));
    case HeuristicKind::Linear:
      if constexpr (N <= 3)
        return search(shared_small_linear_conflict<N>(blank));
      else
        return search(LinearConflict<N>(blank));
    case HeuristicKind::Pdb:
      return pdb::with_pdb_heuristic<N>(*databases, blank, search);
  }
  return SearchResult{};
}

// The smallest side whose database searches on one thread take the parallel search's order.
inline constexpr int kSplitOrderSide = 5;

// Whether `plan`'s IDA* on side N runs as A*+IDA* (astar_ida_search): sides 3 to 5 with linear
// conflict or pattern databases when asked (On). By default (Auto) nowhere: it was measured slower
// on the 15-puzzle (7-8) and the 24-puzzle (6-6-6-6-max) alike (docs/performance.md).
template <int N>
bool runs_astar_phase(const SearchPlan& plan) {
  if (N < 3 || N > 5 || plan.algorithm != Algorithm::Ida) return false;
  if (plan.heuristic != HeuristicKind::Pdb && plan.heuristic != HeuristicKind::Linear) return false;
  return plan.astar == AStarPhase::On;
}

template <int N>
SearchResult run_search(const Board<N>& start, const SearchPlan& plan,
                        const pdb::PdbSet* databases) {
  const int blank = start.blank_label();
  switch (plan.algorithm) {  // the blind searches need no heuristic object
    case Algorithm::Uniform:
      return uniform_cost_search(start, plan.limits);
    case Algorithm::Bfs:
      return bfs_search(start, plan.limits);
    default:
      break;
  }
  auto ida = [&](const auto& h) -> SearchResult {
    if (plan.threads > 1) return parallel_ida_search(start, h, plan.limits, plan.order);
    // The pattern databases above 4x4 (whose serial search has one function per blank
    // cell): the parallel search's order on one thread too (its frontier's subtrees in the
    // split order), so that the last iteration's work does not depend on the thread count.
    if (N >= kSplitOrderSide && plan.heuristic == HeuristicKind::Pdb) {
      tbb::task_arena one_thread(1);
      return one_thread.execute(
          [&] { return parallel_ida_search(start, h, plan.limits, plan.order); });
    }
    return ida_search(start, h, plan.limits, plan.order);
  };
  const int weight = weight_thousandths(plan.weight);
  // A* or IDA* with the heuristic scaled by the plan's weight, its result made what it proves.
  auto weighted = [&](const auto& h) -> SearchResult {
    const WeightedHeuristic<N, std::remove_cvref_t<decltype(h)>> scaled(h, weight);
    SearchResult result =
        plan.algorithm == Algorithm::AStar ? astar_search(start, scaled, plan.limits) : ida(scaled);
    weigh_result(result, start, h.value(h.init(start)), weight);
    return result;
  };
  auto with = [&](const auto& h) -> SearchResult {
    switch (plan.algorithm) {
      case Algorithm::Ida:
        if (weight > kWeightScale) return weighted(h);
        if constexpr (N >= 3 && N <= 5)
          if (runs_astar_phase<N>(plan)) {
            const uint64_t budget = astar_memory_budget(plan.limits);
            if (plan.threads > 1)
              return astar_ida_search(start, h, budget, plan.limits, plan.order);
            tbb::task_arena one_thread(1);
            return one_thread.execute(
                [&] { return astar_ida_search(start, h, budget, plan.limits, plan.order); });
          }
        return ida(h);
      case Algorithm::AStar:
        return weight > kWeightScale ? weighted(h) : astar_search(start, h, plan.limits);
      case Algorithm::Greedy:
        return greedy_search(start, h, plan.limits);
      case Algorithm::Anytime:
        return anytime_search(start, h, plan.limits, plan.threads, weight);
      default:
        break;
    }
    return SearchResult{};
  };
  return with_heuristic<N>(plan.heuristic, blank, databases, with);
}

}  // namespace taquin
