// run_search, and the searches taquin/search/instances.hpp declares, for boards of side 4.
#include "solver.ipp"

namespace taquin {

template SearchResult run_search<4>(const Board<4>&, const SearchPlan&, const pdb::PdbSet*);

// The searches taquin/search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 4)

}  // namespace taquin
