// A real-time constructive solver for boards of any shape: line by line, then a small optimal end.
#pragma once

#include "shape/grid.hpp"
#include "taquin/search/result.hpp"

namespace taquin::shape {

// Solves `start` (any shape from 2×2 to 100×100, the identity goal with the blank's goal cell
// anywhere) without proof of optimality: it peels rows and columns (the longer side's first)
// from whichever of the four sides lies farther from the blank's goal cell, so that the
// remainder, at most 3×3 cells, holds that cell and is solved optimally by IDA*. Each piece is
// brought home by a small A* over (piece cell, blank side) whose moves cost less when they bring
// the piece they slide nearer its goal; the last two of a line by the usual two-step (a BFS in
// a 3×2 window when caught). Then every loop (a return to an earlier board, immediate
// back-and-forth pairs among them) is cut out of the whole path. Returns Solved with the moves
// (optimal is always false), Unsolvable when the permutation's parity forbids the goal, or
// NodeLimit/TimeLimit/Cancelled when `limits` stop it (polled regularly; memory stays linear in
// the board's size and the path's length, so max_memory_bytes is not checked).
// stats.nodes_expanded counts the small searches' expansions; stats.seconds the wall time.
SearchResult solve_realtime(const Grid& start, const Limits& limits);

}  // namespace taquin::shape
