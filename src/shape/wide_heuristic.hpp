// WideHeuristic: the heuristic of the shaped best-first and beam searches on a working Grid of
// any size, evaluated in full or updated move by move.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "shape/grid.hpp"
#include "shape/pdb.hpp"
#include "shape/shape_tables.hpp"
#include "taquin/heuristic.hpp"

namespace taquin::shape {

// A heuristic on a working board of any size: full evaluation, and a child's value from its
// parent's by recounting what one move changes.
class WideHeuristic {
 public:
  // `kind` Hamming, Manhattan or Linear, or any with `pdb` (then the databases); `zero`: h ≡ 0
  // (uniform-cost).
  WideHeuristic(const ShapeTables& shape, HeuristicKind kind, bool zero, const ShapePdb* pdb)
      : shape_(shape), kind_(kind), zero_(zero), pdb_(pdb) {}

  // The tables of the board's shape.
  const ShapeTables& shape() const { return shape_; }

  // The value of `b`, evaluated in full.
  int value(const Grid& b) const {
    if (zero_) return 0;
    if (pdb_) return pdb_value(b);
    int h = 0;
    for (int c = 0; c < b.size(); ++c)
      if (c != b.blank) h += piece(b.cells[c], c);
    if (kind_ == HeuristicKind::Linear) h += all_line_conflicts(b.cells.data(), shape_);
    return h;
  }

  // Slides the piece on `to` into the blank of `b`, whose value is `h`; returns the new value.
  // Of the lines the piece leaves and enters across its move, only its goal line (if it is one)
  // changes conflicts (see CompactLinearConflict).
  int slide(Grid& b, int to, int h) const {
    const int from = to, onto = b.blank;
    const int label = b.cells[to];
    if (zero_ || pdb_) {
      b.slide(to);
      return zero_ ? 0 : pdb_value(b);
    }
    const bool along_row = shape_.goal_row[from] == shape_.goal_row[onto];
    int line = -1;  // goal column (along a row) or row of the piece, when it changes conflicts
    if (kind_ == HeuristicKind::Linear) {
      const auto& home = along_row ? shape_.goal_col : shape_.goal_row;
      if (home[from] == home[label] || home[onto] == home[label]) line = home[label];
    }
    if (line >= 0) h -= along_row ? column(b.cells.data(), line) : row(b.cells.data(), line);
    b.slide(to);
    h += piece(label, onto) - piece(label, from);
    if (line >= 0) h += along_row ? column(b.cells.data(), line) : row(b.cells.data(), line);
    return h;
  }

 private:
  // The databases' value of `b` (at most kMaxPdbCells cells).
  int pdb_value(const Grid& b) const {
    uint8_t where[kMaxPdbCells];
    for (int c = 0; c < b.size(); ++c) where[b.cells[c]] = static_cast<uint8_t>(c);
    return pdb_->value(where);
  }

  // The cost of `label` on `cell`.
  int piece(int label, int cell) const {
    if (kind_ == HeuristicKind::Hamming) return label != cell;
    return std::abs(shape_.goal_row[label] - shape_.goal_row[cell]) +
           std::abs(shape_.goal_col[label] - shape_.goal_col[cell]);
  }

  int row(const uint16_t* cells, int r) const {
    return line_conflicts(cells + r * shape_.cols, 1, shape_.cols, r, shape_.blank_goal,
                          shape_.goal_row.data(), shape_.goal_col.data());
  }
  int column(const uint16_t* cells, int c) const {
    return line_conflicts(cells + c, shape_.cols, shape_.rows, c, shape_.blank_goal,
                          shape_.goal_col.data(), shape_.goal_row.data());
  }

  const ShapeTables& shape_;
  HeuristicKind kind_;
  bool zero_;
  const ShapePdb* pdb_;
};

}  // namespace taquin::shape
