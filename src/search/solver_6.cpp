// run_search, and the searches search/instances.hpp declares, for boards of side 6.
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<6>(const Board<6>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 6)

}  // namespace taquin
