// The searches of side 4 with two partitions' pattern databases, the larger of their sums
// (taquin/search/instances.hpp).
#include "solver.ipp"

namespace taquin {

TAQUIN_SEARCHES_WITH(template, 4, pdb::PdbMaxHeuristic)

}  // namespace taquin
