// The MPI search of one board of side 4 (search_on_ranks_side.hpp).
#include "mpi/search_on_ranks_side.hpp"

namespace taquin::detail::mpi {

TAQUIN_SEARCH_SIDE_ON_RANKS(template, 4)

}  // namespace taquin::detail::mpi
