// The searches of side 5 with the direct-indexed tables that search/instances.hpp declares.
#include "search/run_search.hpp"

namespace taquin {

TAQUIN_SEARCHES_DIRECT(template, 5)

}  // namespace taquin
