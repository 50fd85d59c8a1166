// run_search, and the searches taquin/search/instances.hpp declares, for boards of side 8.
#include "solver.ipp"

namespace taquin {

template SearchResult run_search<8>(const Board<8>&, const SearchPlan&, const pdb::PdbSet*);

// The searches taquin/search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 8)

}  // namespace taquin
