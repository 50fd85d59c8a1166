// The searches the library compiles once: every algorithm with each shipped heuristic, sides 2-8.
//
// Including this header instead of the search headers alone lets a caller (a test, a benchmark)
// call, say, ida_search(board, LinearConflict<4>(15)) and link to the library's copy instead of
// compiling the whole search again: four test files spent two minutes of a build doing that.
// A search with any other heuristic is still compiled where it is called.
#pragma once

#include <cstdint>

#include "heuristic/linear_conflict.hpp"
#include "pdb/heuristic.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/ida.hpp"
#include "search/parallel_ida.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"

// The searches of side N with the heuristic template H. KIND is `extern template` (declarations:
// use the library's copies, below) or `template` (their definitions, in src/search/solver_*.cpp).
#define TAQUIN_SEARCHES_WITH(KIND, N, H)                                                           \
  KIND SearchResult ida_search<N, H<N>>(const Board<N>&, const H<N>&, const Limits&, SearchOrder); \
  KIND SearchResult parallel_ida_search<N, H<N>>(const Board<N>&, const H<N>&, const Limits&,      \
                                                 SearchOrder, uint64_t);                           \
  KIND SearchResult astar_search<N, H<N>>(const Board<N>&, const H<N>&, const Limits&);            \
  KIND SearchResult greedy_search<N, H<N>>(const Board<N>&, const H<N>&, const Limits&);

// Every search of side N: with each shipped heuristic, and the two blind ones.
#define TAQUIN_SEARCHES(KIND, N)                                            \
  TAQUIN_SEARCHES_WITH(KIND, N, Hamming)                                    \
  TAQUIN_SEARCHES_WITH(KIND, N, Manhattan)                                  \
  TAQUIN_SEARCHES_WITH(KIND, N, LinearConflict)                             \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::PdbHeuristic)                          \
  KIND SearchResult uniform_cost_search<N>(const Board<N>&, const Limits&); \
  KIND SearchResult bfs_search<N>(const Board<N>&, const Limits&);

// The searches of side N (kMinPartitionSide and up) with the four-view heuristic too.
#define TAQUIN_SEARCHES_LARGE(KIND, N) \
  TAQUIN_SEARCHES(KIND, N)             \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::PdbMaxHeuristic)

// The searches of side 5 with the direct-indexed tables (pdb::kDirectSide), one and two
// partitions, classic and zero-aware.
#define TAQUIN_SEARCHES_DIRECT(KIND, N)                        \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::DirectPdbHeuristic)       \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::DirectPdbMaxHeuristic)    \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::DirectPdbPocketHeuristic) \
  TAQUIN_SEARCHES_WITH(KIND, N, pdb::DirectPdbPocketMaxHeuristic)

namespace taquin {

TAQUIN_SEARCHES(extern template, 2)
TAQUIN_SEARCHES(extern template, 3)
TAQUIN_SEARCHES_LARGE(extern template, 4)
TAQUIN_SEARCHES_LARGE(extern template, 5)
TAQUIN_SEARCHES_DIRECT(extern template, 5)
TAQUIN_SEARCHES_LARGE(extern template, 6)
TAQUIN_SEARCHES_LARGE(extern template, 7)
TAQUIN_SEARCHES_LARGE(extern template, 8)

}  // namespace taquin
