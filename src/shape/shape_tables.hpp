// ShapeTables: the run-time tables of one rows × cols board (moves, goal rows and columns), the
// parity test and the line-conflict count that the shaped searches share, for any size.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/solvability.hpp"
#include "shape/grid.hpp"
#include "taquin/tables.hpp"

namespace taquin::shape {

// The tables of a rows × cols board, computed once per search (outside the hot loops).
struct ShapeTables {
  int rows = 0;
  int cols = 0;
  int blank_goal = 0;                             // the blank's label: its goal cell
  std::vector<uint16_t> goal_row, goal_col;       // row and column of each cell (= label's goal)
  std::vector<std::array<int32_t, 4>> neighbour;  // cell the blank reaches, per Dir; -1 off-board

  ShapeTables() = default;
  ShapeTables(int r, int c, int blank_label) : rows(r), cols(c), blank_goal(blank_label) {
    const int n = r * c;
    goal_row.resize(n);
    goal_col.resize(n);
    neighbour.resize(n);
    for (int cell = 0; cell < n; ++cell) {
      const int row = cell / c, col = cell % c;
      goal_row[cell] = static_cast<uint16_t>(row);
      goal_col[cell] = static_cast<uint16_t>(col);
      neighbour[cell] = {row > 0 ? cell - c : -1, row < r - 1 ? cell + c : -1,
                         col > 0 ? cell - 1 : -1, col < c - 1 ? cell + 1 : -1};
    }
  }
  int size() const { return rows * cols; }
};

// The blank's move from cell `from` onto the adjacent cell `onto` of a board `cols` wide.
inline Dir move_between(int from, int onto, int cols) {
  return onto == from - cols   ? Dir::Up
         : onto == from + cols ? Dir::Down
         : onto == from - 1    ? Dir::Left
                               : Dir::Right;
}

// True when `g` can reach the identity goal with its blank on g.blank_goal(): the parity of the
// permutation of cells (by cycles) equals the parity of the blank's taxicab distance to its goal
// cell. (Every move is a transposition that moves the blank by one cell; on any rows × cols board
// with both at least 2 the converse holds too.) Cells must be a permutation of [0, size).
inline bool solvable(const Grid& g) {
  return permutation_parity(std::span<const uint16_t>(g.cells)) ==
         (grid_distance(g.blank, g.blank_goal(), g.cols) & 1);
}

// Linear conflicts of one line: the pieces on it whose goal lies on the same line (`home` of
// their label equals `line`), taken in order along it; the fewest of them to take off the line so
// that the rest reach their goals in order is their count less the longest increasing run of
// their goal positions (`pos` of the label); each piece taken off costs two moves across the line
// that Manhattan does not count. Returns twice that number. `cells` holds `length` labels
// `stride` apart (at most kMaxDim); the blank (label `blank_label`) is skipped.
template <typename Label>
[[gnu::always_inline]] inline int line_conflicts(const Label* cells, int stride, int length,
                                                 int line, int blank_label, const uint16_t* home,
                                                 const uint16_t* pos) {
  int pieces = 0;
  if (length <= 64) {
    // Patience sorting on a bit set (goal positions are distinct and below `length`): the set
    // holds the least last position of an increasing run of each length; a position replaces
    // the least one above it. The runs' longest is the set's size.
    uint64_t tails = 0;
    for (int k = 0; k < length; ++k) {
      const int label = cells[k * stride];
      if (label == blank_label || home[label] != line) continue;
      ++pieces;
      const uint64_t bit = uint64_t{1} << pos[label];
      const uint64_t above = tails & ~(bit - 1);
      tails = (tails ^ (above & (~above + 1))) | bit;
    }
    return 2 * (pieces - std::popcount(tails));
  }
  // tails[k]: the least last goal position of an increasing run of k + 1 pieces.
  int tails[kMaxDim];
  int longest = 0;
  for (int k = 0; k < length; ++k) {
    const int label = cells[k * stride];
    if (label == blank_label || home[label] != line) continue;
    ++pieces;
    const int p = pos[label];
    const int at = static_cast<int>(std::lower_bound(tails, tails + longest, p) - tails);
    tails[at] = p;
    if (at == longest) ++longest;
  }
  return 2 * (pieces - longest);
}

// Sum of the row and column conflicts of a board (labels per cell, `shape`'s size).
template <typename Label>
int all_line_conflicts(const Label* cells, const ShapeTables& shape) {
  int sum = 0;
  for (int r = 0; r < shape.rows; ++r)
    sum += line_conflicts(cells + r * shape.cols, 1, shape.cols, r, shape.blank_goal,
                          shape.goal_row.data(), shape.goal_col.data());
  for (int c = 0; c < shape.cols; ++c)
    sum += line_conflicts(cells + c, shape.cols, shape.rows, c, shape.blank_goal,
                          shape.goal_col.data(), shape.goal_row.data());
  return sum;
}

}  // namespace taquin::shape
