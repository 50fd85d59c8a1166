// The MPI search of one board: relabelled, its heuristic chosen, searched by every rank. Linked
// into the `taquin` binary of TAQUIN_MPI builds, not into the library (which needs no MPI).
#include "mpi/search_on_ranks.hpp"

#include "mpi/mpi_ida.hpp"
#include "search/run_search.hpp"  // with_heuristic: the heuristic kind made a type, once

namespace taquin {

SearchResult search_on_ranks(std::span<const uint8_t> tiles, const Goal& goal, HeuristicKind kind,
                             const pdb::PdbSet* databases, const Limits& limits,
                             detail::mpi::SearchTeam& team, std::vector<uint64_t>* rank_expanded) {
  return with_side(goal.side(), [&]<int N>() -> SearchResult {
    if constexpr (N < 3 || N > 5) {
      return SearchResult{};
    } else {
      const Board<N> start = goal.canonical<N>(tiles);
      return with_heuristic<N>(kind, start.blank_label(), databases, [&](const auto& h) {
        return mpi_ida_search(start, h, limits, team, rank_expanded);
      });
    }
  });
}

}  // namespace taquin
