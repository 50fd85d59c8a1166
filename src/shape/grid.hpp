// Grid: a board of any shape (rows × columns, 2 to 100 each), a 16-bit label a cell, for the
// searches of the shapes that the packed Board<N> does not cover.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "taquin/tables.hpp"

namespace taquin::shape {

inline constexpr int kMinDim = 2;    // fewest rows or columns of a board
inline constexpr int kMaxDim = 100;  // most rows or columns of a board

// A canonical board of `rows` × `cols` cells, row-major: each cell holds its piece's goal cell,
// so the goal is the identity; the blank's label is the goal's blank cell (anywhere).
struct Grid {
  int rows = 0;
  int cols = 0;
  std::vector<uint16_t> cells;  // label per cell
  int blank = 0;                // cell of the blank

  int size() const { return rows * cols; }
  int row(int cell) const { return cell / cols; }
  int col(int cell) const { return cell % cols; }
  // The goal cell of the blank (its label).
  int blank_goal() const { return cells[blank]; }

  // The cell the blank reaches from `cell` in direction `d`, or -1 off the board.
  int target(int cell, Dir d) const {
    switch (d) {
      case Dir::Up:
        return cell >= cols ? cell - cols : -1;
      case Dir::Down:
        return cell + cols < size() ? cell + cols : -1;
      case Dir::Left:
        return cell % cols > 0 ? cell - 1 : -1;
      case Dir::Right:
        return cell % cols < cols - 1 ? cell + 1 : -1;
    }
    return -1;
  }

  // Slides the piece on `cell` (a neighbour of the blank) into the blank.
  void slide(int cell) {
    std::swap(cells[blank], cells[cell]);
    blank = cell;
  }

  // Moves the blank in direction `d`; false (board unchanged) if it would leave the board.
  bool move(Dir d) {
    const int to = target(blank, d);
    if (to < 0) return false;
    slide(to);
    return true;
  }

  // True when every piece stands on its goal cell.
  bool solved() const {
    for (int c = 0; c < size(); ++c)
      if (cells[c] != c) return false;
    return true;
  }

  // The goal itself: label c on cell c, the blank on `blank_cell`.
  static Grid identity(int rows, int cols, int blank_cell) {
    Grid g{rows, cols, std::vector<uint16_t>(static_cast<size_t>(rows) * cols), blank_cell};
    for (int c = 0; c < g.size(); ++c) g.cells[c] = static_cast<uint16_t>(c);
    return g;
  }
};

// Taxicab distance between cells a and b of a board `cols` wide.
inline int grid_distance(int a, int b, int cols) {
  return std::abs(a / cols - b / cols) + std::abs(a % cols - b % cols);
}

// Sum of the pieces' taxicab distances to their goal cells (the blank not counted).
inline int64_t manhattan(const Grid& g) {
  int64_t sum = 0;
  for (int c = 0; c < g.size(); ++c)
    if (c != g.blank) sum += grid_distance(c, g.cells[c], g.cols);
  return sum;
}

}  // namespace taquin::shape
