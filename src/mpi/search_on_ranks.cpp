// The MPI search of one board: relabelled, its heuristic chosen, searched by every rank. Linked
// into the `taquin` binary of TAQUIN_MPI builds, not into the library (which needs no MPI).
#include "mpi/search_on_ranks.hpp"

#include "mpi/search_on_ranks_side.hpp"

namespace taquin {

SearchResult search_on_ranks(std::span<const Tile> tiles, const Goal& goal, HeuristicKind kind,
                             const pdb::PdbSet* databases, const Limits& limits,
                             detail::mpi::SearchTeam& team, std::vector<uint64_t>* rank_expanded) {
  return with_side(goal.side(), [&]<int N>() -> SearchResult {
    if constexpr (N < 3 || N > 5)
      return SearchResult{};
    else
      return detail::mpi::search_side_on_ranks<N>(tiles, goal, kind, databases, limits, team,
                                                  rank_expanded);
  });
}

}  // namespace taquin
