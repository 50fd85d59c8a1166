// run_search, and the searches search/instances.hpp declares, for boards of side 5 (the
// direct-indexed tables' searches are in solver_5_direct.cpp: the two compile in parallel).
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<5>(const Board<5>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 5)

}  // namespace taquin
