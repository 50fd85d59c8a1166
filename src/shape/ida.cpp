// The shaped IDA*'s entry: checks the board, tests parity, picks the heuristic policy (the
// pattern databases: the built ones when their file loads, else the process-wide default).
#include "shape/ida.hpp"

#include <stdexcept>

#include "search/deepening.hpp"
#include "shape/compact_pdb.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/search.hpp"

namespace taquin::shape {

SearchResult ida_search(const Grid& start, HeuristicKind h, const Limits& limits) {
  if (start.size() > kMaxCompactCells)
    throw std::invalid_argument("shaped IDA*: a board of at most 25 cells");
  const auto started = std::chrono::steady_clock::now();
  if (!solvable(start)) {
    SearchResult result;
    return detail::finish_search(result, Outcome::Unsolvable, 0, started);
  }
  const ShapeTables shape(start.rows, start.cols, start.blank_goal());
  switch (h) {
    case HeuristicKind::Hamming:
      return compact_ida(start, CompactHamming(shape), limits, started);
    case HeuristicKind::Manhattan:
      return compact_ida(start, CompactManhattan(shape), limits, started);
    case HeuristicKind::Linear:
      return compact_ida(start, CompactLinearConflict(shape), limits, started);
    case HeuristicKind::Pdb:
      break;
  }
  const auto pdb = shared_shape_pdb(start.rows, start.cols, start.blank_goal());
  if (!pdb) throw std::invalid_argument("shaped IDA*: " + pdb.error().describe());
  // The built tables lose the blank's cell, which the default ones may keep: the larger sum.
  const auto fallback = shared_default_pdb(start.rows, start.cols, start.blank_goal());
  if (fallback && fallback->get() != pdb->get() && (*fallback)->partition().per_blank_cell)
    return compact_ida(start, CompactPdbMax(**pdb, **fallback), limits, started);
  return compact_ida(start, CompactPdb(**pdb), limits, started);
}

}  // namespace taquin::shape
