// Exhaustive breadth-first search of a small board of any shape: the distance of every state,
// indexed by a permutation rank, and the number of states at each depth.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rank.hpp"
#include "shape/grid.hpp"
#include "taquin/error.hpp"

namespace taquin::shape {

// Marks a state the goal cannot reach in the arrays of all_distances_shape.
inline constexpr uint8_t kShapeUnreached = 0xFF;

// Most cells a board may have for all_distances_shape: 12! one-byte entries.
inline constexpr int kMaxExploreCells = 12;

// Rank of a grid: the lexicographic rank of its labels per cell (the blank's label included, so
// the blank's cell is part of the permutation), in [0, size()!). The same rank as board_rank
// (core/explore.hpp) of the square board with the same cells. Precondition: size() ≤ 20.
uint64_t grid_rank(const Grid& g);

// The grid of rank `rank` (rows × cols) whose blank carries the label `blank_goal`.
Grid grid_of_rank(uint64_t rank, int rows, int cols, int blank_goal);

// The distance in moves to the goal (identity, blank on `blank_goal`) of every state of a rows ×
// cols board, indexed by grid_rank; kShapeUnreached for the half the goal cannot reach. A BFS
// from the goal over the array itself, layer by layer (each layer found by a scan for its depth).
// Errors: dimensions below kMinDim, a blank cell off the board, or more than kMaxExploreCells
// cells (the message names the number of states).
Expected<std::vector<uint8_t>> all_distances_shape(int rows, int cols, int blank_goal);

// The number of states at each depth of `distances` (an all_distances_shape array): element d
// counts the entries equal to d; the last element is the greatest depth's count.
std::vector<uint64_t> counts_by_depth(const std::vector<uint8_t>& distances);

}  // namespace taquin::shape
