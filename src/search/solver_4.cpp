// run_search for boards of side 4.
#include "solver.ipp"

namespace taquin {

template SearchResult run_search<4>(const Board<4>&, const SearchPlan&, const pdb::PdbSet*);

}  // namespace taquin
