// run_search, and the searches search/instances.hpp declares, for boards of side 4 (those
// with the pattern databases are in solver_4_pdb.cpp and solver_4_pdb_max.cpp: the three
// compile in parallel).
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<4>(const Board<4>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares: the blind ones and those with the
// heuristics computed from the board.
TAQUIN_SEARCHES_WITH(template, 4, Hamming)
TAQUIN_SEARCHES_WITH(template, 4, Manhattan)
TAQUIN_SEARCHES_WITH(template, 4, LinearConflict)
template SearchResult uniform_cost_search<4>(const Board<4>&, const Limits&);
template SearchResult bfs_search<4>(const Board<4>&, const Limits&);

}  // namespace taquin
