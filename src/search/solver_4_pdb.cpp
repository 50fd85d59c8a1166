// The searches of side 4 with one partition's pattern databases (taquin/search/instances.hpp).
#include "solver.ipp"

namespace taquin {

TAQUIN_SEARCHES_WITH(template, 4, pdb::PdbHeuristic)

}  // namespace taquin
