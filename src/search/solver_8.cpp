// run_search, and the searches search/instances.hpp declares, for boards of side 8.
#include "search/run_search.hpp"

namespace taquin {

template SearchResult run_search<8>(const Board<8>&, const SearchPlan&, const pdb::PdbSet*);

// The searches search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 8)

}  // namespace taquin
