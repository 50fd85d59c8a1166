// run_search's definition, included by the files that instantiate it (a few sides each, so the
// searches of different sides compile in parallel).
#pragma once

#include <memory>

#include "taquin/pdb/heuristic.hpp"
#include "taquin/search/instances.hpp"
#include "taquin/search/solver.hpp"

namespace taquin {

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
  auto with = [&](const auto& h) -> SearchResult {
    switch (plan.algorithm) {
      case Algorithm::Ida:
        if (plan.threads > 1) return parallel_ida_search(start, h, plan.limits);
        return ida_search(start, h, plan.limits);
      case Algorithm::AStar:
        return astar_search(start, h, plan.limits);
      case Algorithm::Greedy:
        return greedy_search(start, h, plan.limits);
      default:
        break;
    }
    return SearchResult{};
  };
  switch (plan.heuristic) {
    case HeuristicKind::Hamming:
      return with(Hamming<N>(blank));
    case HeuristicKind::Manhattan:
      return with(Manhattan<N>(blank));
    case HeuristicKind::Linear:
      return with(LinearConflict<N>(blank));
    case HeuristicKind::Pdb:  // large for big sides: on the heap
      return with(*std::make_unique<const pdb::PdbHeuristic<N>>(*databases, blank));
  }
  return SearchResult{};
}

}  // namespace taquin
