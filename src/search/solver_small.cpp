// run_search, and the searches search/instances.hpp declares, for boards of side 2 and 3.
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<2>(const Board<2>&, const SearchPlan&, const pdb::PdbSet*);
template SearchResult run_search<3>(const Board<3>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares.
TAQUIN_SEARCHES(template, 2)
TAQUIN_SEARCHES(template, 3)

}  // namespace taquin
