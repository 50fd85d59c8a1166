// The searches of side 5 with the direct-indexed tables that taquin/search/instances.hpp declares.
#include "solver.ipp"

namespace taquin {

TAQUIN_SEARCHES_DIRECT(template, 5)

}  // namespace taquin
