// Solvability of a board of any shape against any goal, by permutation cycle parity in O(cells).
#pragma once

#include <cstdint>
#include <span>

#include "taquin/board.hpp"
#include "taquin/goal.hpp"

namespace taquin {

// Parity (0 even, 1 odd) of the permutation `labels` of [0, labels.size()), by counting cycles.
int permutation_parity(std::span<const uint8_t> labels);
int permutation_parity(std::span<const uint16_t> labels);

// True when `tiles` (row-major, 0 = blank, of goal.shape()) can reach `goal` by sliding: the
// permutation from the goal and the blank's taxicab distance to its goal cell have equal parity.
// This holds on every rectangle of at least 2 rows and 2 columns.
bool is_solvable(std::span<const Tile> tiles, const Goal& goal);

// The same test on a canonical board (labels are goal cells, goal = identity).
template <int N>
bool is_solvable(const Board<N>& board) {
  const auto labels = board.cells();
  const int blank_distance = taxicab(board.blank(), board.blank_label(), N);
  return permutation_parity(labels) == (blank_distance & 1);
}

}  // namespace taquin
