// The searches of side 4 with one partition's pattern databases (search/instances.hpp).
#include "search/run_search.hpp"

namespace taquin {

TAQUIN_SEARCHES_WITH(template, 4, pdb::PdbHeuristic)

}  // namespace taquin
