// run_search, and the searches taquin/search/instances.hpp declares, for boards of side 5 to 8.
#include "solver.ipp"

namespace taquin {

template SearchResult run_search<5>(const Board<5>&, const SearchPlan&, const pdb::PdbSet*);
template SearchResult run_search<6>(const Board<6>&, const SearchPlan&, const pdb::PdbSet*);
template SearchResult run_search<7>(const Board<7>&, const SearchPlan&, const pdb::PdbSet*);
template SearchResult run_search<8>(const Board<8>&, const SearchPlan&, const pdb::PdbSet*);

// The searches taquin/search/instances.hpp declares.
TAQUIN_SEARCHES_LARGE(template, 5)
TAQUIN_SEARCHES_DIRECT(template, 5)
TAQUIN_SEARCHES_LARGE(template, 6)
TAQUIN_SEARCHES_LARGE(template, 7)
TAQUIN_SEARCHES_LARGE(template, 8)

}  // namespace taquin
