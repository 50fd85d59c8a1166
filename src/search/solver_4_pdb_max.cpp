// The searches of side 4 with two partitions' pattern databases, the larger of their sums
// (search/instances.hpp).
#include "search/run_search.hpp"

namespace taquin {

TAQUIN_SEARCHES_WITH(template, 4, pdb::PdbMaxHeuristic)

}  // namespace taquin
