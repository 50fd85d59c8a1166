// The solve call's search spread over the ranks of an MPI search team (TAQUIN_MPI builds only):
// the goal's relabelling and the heuristic's dispatch around mpi_ida_search.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace pdb {
struct PdbSet;
}
namespace detail::mpi {
struct SearchTeam;
}

// IDA* on `tiles` (row-major, 0 = blank) towards `goal` with the heuristic `kind` (`databases`
// as for search_board), on every rank of `team`: each rank calls it with the same board, goal and
// kind (rank 0 then checks the result: check_result in taquin/solve.hpp). Sides 3 to 5, the sides
// the MPI search is built for; another side returns a default SearchResult (Cancelled).
// `rank_expanded`, when given, receives the nodes each rank expanded.
SearchResult search_on_ranks(std::span<const Tile> tiles, const Goal& goal, HeuristicKind kind,
                             const pdb::PdbSet* databases, const Limits& limits,
                             detail::mpi::SearchTeam& team, std::vector<uint64_t>* rank_expanded);

}  // namespace taquin
