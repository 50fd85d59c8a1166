// A real-time constructive solver for boards of any shape: line by line, then a small optimal end.
#pragma once

#include "shape/grid.hpp"
#include "taquin/search/result.hpp"

namespace taquin::shape {

// Solves `start` (any shape from 2×2 to 100×100, the identity goal with the blank's goal cell
// anywhere) without proof of optimality: it peels rows and columns from the four sides, each
// piece brought home by a small search over (piece cell, blank side), down to a remainder of at
// most 3×3 cells around the blank's goal cell, solved optimally by IDA*; then removes every loop
// (a return to an earlier board) from the whole path. Returns Solved with the moves (optimal is
// always false), Unsolvable when the permutation's parity forbids the goal, or
// NodeLimit/TimeLimit/Cancelled when `limits` stop it (polled regularly; memory stays linear in
// the board's size and the path's length, so max_memory_bytes is not checked).
// stats.nodes_expanded counts the small searches' expansions; stats.seconds the wall time.
SearchResult solve_realtime(const Grid& start, const Limits& limits);

// True when `g` can reach its identity goal: the permutation's parity (cells to labels, blank
// included) equals the parity of the blank's taxicab distance to its goal cell. (For odd widths
// this is the pieces' inversion parity; for even widths the inversions plus the blank's row
// distance.)
bool realtime_solvable(const Grid& g);

}  // namespace taquin::shape
