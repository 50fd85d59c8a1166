// The MPI search of one board of side N, its heuristic chosen: the body of search_on_ranks,
// compiled one side a file (search_on_ranks_N.cpp), so that the sides compile in parallel.
#pragma once

#include "mpi/mpi_ida.hpp"
#include "mpi/search_on_ranks.hpp"
#include "search/run_search.hpp"  // with_heuristic: the heuristic kind made a type, once

namespace taquin::detail::mpi {

template <int N>
SearchResult search_side_on_ranks(std::span<const Tile> tiles, const Goal& goal, HeuristicKind kind,
                                  const pdb::PdbSet* databases, const Limits& limits,
                                  SearchTeam& team, std::vector<uint64_t>* rank_expanded) {
  const Board<N> start = goal.canonical<N>(tiles);
  return with_heuristic<N>(kind, start.blank_label(), databases, [&](const auto& h) {
    return mpi_ida_search(start, h, limits, team, rank_expanded);
  });
}

// Its instantiations: KIND is `extern template` (below: search_on_ranks.cpp calls them) or
// `template` (their definitions, one side a file).
#define TAQUIN_SEARCH_SIDE_ON_RANKS(KIND, N)                                                   \
  KIND SearchResult search_side_on_ranks<N>(std::span<const Tile>, const Goal&, HeuristicKind, \
                                            const pdb::PdbSet*, const Limits&, SearchTeam&,    \
                                            std::vector<uint64_t>*);

TAQUIN_SEARCH_SIDE_ON_RANKS(extern template, 3)
TAQUIN_SEARCH_SIDE_ON_RANKS(extern template, 4)
TAQUIN_SEARCH_SIDE_ON_RANKS(extern template, 5)

}  // namespace taquin::detail::mpi
