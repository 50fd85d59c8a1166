// The compact board of shapes up to 25 cells (a byte per cell and per label) and the heuristic
// policies of the shaped IDA*: Hamming, Manhattan, linear conflict, each kept up to date move by
// move, and the concept another heuristic (an additive pattern database) plugs in through.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <utility>

#include "shape/grid.hpp"
#include "shape/shape_tables.hpp"

namespace taquin::shape {

inline constexpr int kMaxCompactCells = 25;  // most cells of a CompactBoard
inline constexpr int kCompactSlots = 32;     // its arrays' length (a power of two)

// A board of at most kMaxCompactCells cells: cells[c] is the label on cell c, where[l] the cell
// of label l (the inverse; a pattern database reads it), both zero past the board's size.
struct CompactBoard {
  alignas(32) std::array<uint8_t, kCompactSlots> cells{};
  alignas(32) std::array<uint8_t, kCompactSlots> where{};
  int blank = 0;        // cell of the blank
  int blank_label = 0;  // the blank's label (its goal cell)

  // The board of `g` (at most kMaxCompactCells cells).
  static CompactBoard from(const Grid& g) {
    CompactBoard b;
    for (int c = 0; c < g.size(); ++c) {
      b.cells[c] = static_cast<uint8_t>(g.cells[c]);
      b.where[g.cells[c]] = static_cast<uint8_t>(c);
    }
    b.blank = g.blank;
    b.blank_label = g.blank_goal();
    return b;
  }

  // Slides the piece on `cell` (a neighbour of the blank) into the blank; returns its label.
  [[gnu::always_inline]] int slide(int cell) {
    const int label = cells[cell];
    cells[blank] = static_cast<uint8_t>(label);
    where[label] = static_cast<uint8_t>(blank);
    cells[cell] = static_cast<uint8_t>(blank_label);
    where[blank_label] = static_cast<uint8_t>(cell);
    blank = cell;
    return label;
  }

  // True when every label stands on its own cell (cells past the size are zero in both).
  bool is_identity(int size) const {
    for (int c = 0; c < size; ++c)
      if (cells[c] != c) return false;
    return true;
  }
};

// A heuristic of the shaped IDA*: an object per search holding what it keeps of the board under
// search (maybe nothing). reset(b) evaluates b in full and returns h; moved(b, h, label, from,
// to, u) is called after the piece `label` slid from cell `from` to cell `to` (b is the new
// board, h the value before), returns the new h and saves in `u` what undo(u) needs to restore
// its view of the board before that move (moves are undone in reverse order). h must be
// admissible for the optimal searches, and 0 on the goal. A pattern database plugs in as such
// a class: reset sums its groups' value(b.where.data()) and keeps each group's value; moved
// recomputes the group holding `label` and keeps that group's old value in its Undo.
template <typename P>
concept ShapeHeuristic = std::copyable<typename P::Undo> &&
    requires(P& p, const CompactBoard& b, int h, int label, int from, int to, typename P::Undo& u) {
  { p.reset(b) } -> std::same_as<int>;
  { p.moved(b, h, label, from, to, u) } -> std::same_as<int>;
  p.undo(std::as_const(u));
};

// Taxicab distances between the cells of a shape, a byte each.
struct CompactDistances {
  std::array<std::array<uint8_t, kCompactSlots>, kCompactSlots> d{};
  explicit CompactDistances(const ShapeTables& s) {
    for (int a = 0; a < s.size(); ++a)
      for (int b = 0; b < s.size(); ++b)
        d[a][b] = static_cast<uint8_t>(grid_distance(a, b, s.cols));
  }
};

// Misplaced pieces (the blank not counted).
class CompactHamming {
 public:
  struct Undo {};
  explicit CompactHamming(const ShapeTables& s) : size_(s.size()) {}
  int reset(const CompactBoard& b) const {
    int h = 0;
    for (int c = 0; c < size_; ++c)
      if (c != b.blank && b.cells[c] != c) ++h;
    return h;
  }
  [[gnu::always_inline]] int moved(const CompactBoard&, int h, int label, int from, int to,
                                   Undo&) const {
    return h + (to != label) - (from != label);
  }
  [[gnu::always_inline]] void undo(const Undo&) const {}

 private:
  int size_;
};

// Sum of the pieces' taxicab distances to their goal cells.
class CompactManhattan {
 public:
  struct Undo {};
  explicit CompactManhattan(const ShapeTables& s) : dist_(s), size_(s.size()) {}
  int reset(const CompactBoard& b) const {
    int h = 0;
    for (int c = 0; c < size_; ++c)
      if (c != b.blank) h += dist_.d[c][b.cells[c]];
    return h;
  }
  [[gnu::always_inline]] int moved(const CompactBoard&, int h, int label, int from, int to,
                                   Undo&) const {
    return h + dist_.d[to][label] - dist_.d[from][label];
  }
  [[gnu::always_inline]] void undo(const Undo&) const {}

 private:
  CompactDistances dist_;
  int size_;
};

// Manhattan plus the linear conflicts of every row and every column (shape.hpp), kept per line.
// A piece moved along a row leaves a column for another; of those two, only its goal column (if
// it is one) changes conflicts: the other holds the same pieces of its own, in the same order.
// Likewise for rows: a move counts again at most one line.
class CompactLinearConflict {
 public:
  struct Undo {
    int8_t line;  // the line counted again (rows 0.., columns after them), -1 for none
    int8_t old;   // its conflicts before
  };
  explicit CompactLinearConflict(const ShapeTables& s) : shape_(s), manhattan_(s) {
    for (int c = 0; c < s.size(); ++c) {
      col_line_[c] = static_cast<uint8_t>(s.rows + s.goal_col[c]);
      row_line_[c] = static_cast<uint8_t>(s.goal_row[c]);
    }
  }
  int reset(const CompactBoard& b) {
    int conflicts = 0;
    for (int line = 0; line < shape_.rows + shape_.cols; ++line)
      conflicts += line_[line] = static_cast<int8_t>(count(b, line));
    return manhattan_.reset(b) + conflicts;
  }
  [[gnu::always_inline]] int moved(const CompactBoard& b, int h, int label, int from, int to,
                                   Undo& u) {
    CompactManhattan::Undo unused;
    h = manhattan_.moved(b, h, label, from, to, unused);
    const auto& home = to - from == 1 || from - to == 1 ? col_line_ : row_line_;
    const int line = home[label];
    if (home[from] != line && home[to] != line) {
      u.line = -1;
      return h;
    }
    u.line = static_cast<int8_t>(line);
    u.old = line_[line];
    line_[line] = static_cast<int8_t>(count(b, line));
    return h + line_[line] - u.old;
  }
  [[gnu::always_inline]] void undo(const Undo& u) {
    if (u.line >= 0) line_[u.line] = u.old;
  }

 private:
  // Conflicts of line `line`: rows first, then columns.
  [[gnu::always_inline]] int count(const CompactBoard& b, int line) const {
    if (line < shape_.rows)
      return line_conflicts(b.cells.data() + line * shape_.cols, 1, shape_.cols, line,
                            b.blank_label, shape_.goal_row.data(), shape_.goal_col.data());
    const int col = line - shape_.rows;
    return line_conflicts(b.cells.data() + col, shape_.cols, shape_.rows, col, b.blank_label,
                          shape_.goal_col.data(), shape_.goal_row.data());
  }

  ShapeTables shape_;
  CompactManhattan manhattan_;
  std::array<uint8_t, kCompactSlots> col_line_{}, row_line_{};  // a cell's column, row line
  std::array<int8_t, 2 * kCompactSlots> line_{};                // conflicts per line
};

static_assert(ShapeHeuristic<CompactHamming>);
static_assert(ShapeHeuristic<CompactManhattan>);
static_assert(ShapeHeuristic<CompactLinearConflict>);

}  // namespace taquin::shape
