// run_search, and the searches search/instances.hpp declares, for boards of side 7.
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<7>(const Board<7>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 7)

}  // namespace taquin
