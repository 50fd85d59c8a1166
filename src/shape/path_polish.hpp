// Shortening a move list without changing where it leads: every loop through an earlier board
// is cut out.
#pragma once

#include <cstdint>
#include <vector>

#include "shape/grid.hpp"

namespace taquin::shape {

// The moves of `moves` (legal from `start`) with every segment that returns to a board seen
// before removed, so that no board repeats along the result (immediate back-and-forth pairs
// among them). Boards are recognised by a 64-bit Zobrist-like hash of (cell, label) pairs,
// updated per move: the memory is one hash per move, never one board per move. The caller should
// replay the result (a hash collision, however unlikely, would break it).
std::vector<Dir> remove_loops(const Grid& start, const std::vector<Dir>& moves);

}  // namespace taquin::shape
