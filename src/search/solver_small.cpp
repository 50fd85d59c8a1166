// run_search for boards of side 2 and 3.
#include "solver.ipp"

namespace taquin {

template SearchResult run_search<2>(const Board<2>&, const SearchPlan&, const pdb::PdbSet*);
template SearchResult run_search<3>(const Board<3>&, const SearchPlan&, const pdb::PdbSet*);

}  // namespace taquin
