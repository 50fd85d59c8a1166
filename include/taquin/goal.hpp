// Goals (standard, zero-first, snail, custom) and the relabelling that makes every goal canonical.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/board.hpp"
#include "taquin/error.hpp"
#include "taquin/shape.hpp"

namespace taquin {

// The goal asked for, before the board's shape is known.
struct GoalSpec {
  enum class Kind { Standard, ZeroFirst, Snail, Custom };
  Kind kind = Kind::Standard;
  std::vector<Tile> custom_tiles;  // Custom only: tiles row-major, 0 = blank
  Shape custom_shape;              // Custom only
  std::string name = "standard";   // as the user wrote it (a file name for a custom goal file)
};

// Parses a goal: a name, "standard" (also ""), "zero-first" or "snail" ("42" too: the 42 school's
// goal), in any case; an inline board ("1 2 3 ...", one line or 42 format); or the name of a file
// holding one board. A word that is neither a name nor a file is refused, with the name it likely
// stands for ("did you mean 'snail'?"). Errors name `source` (the caller's name for where the text
// came from).
Expected<GoalSpec> parse_goal_spec(std::string_view text, std::string_view source = "goal");

class Goal;

// The goal `text` names (parse_goal_spec) for boards of `shape`: refuses a shape outside
// [kMinDim, kMaxDim] (an error naming `shape_source`), a bad spec (naming `spec_source`) and a
// custom goal of another shape (an error without a source, as Goal::for_shape's).
Expected<Goal> parse_goal(std::string_view text, Shape shape, std::string_view shape_source,
                          std::string_view spec_source);

// A goal arrangement of one shape: which tile stands on each cell, and where each tile belongs.
class Goal {
 public:
  // 1 … cells−1 row by row, then the blank.
  static Goal standard(Shape shape);
  // The blank then 1 … cells−1 (Korf's convention).
  static Goal zero_first(Shape shape);
  // The 42 school's goal: 1 … cells−1 along a clockwise spiral from the top-left, the blank where
  // it ends.
  static Goal snail(Shape shape);
  // Any arrangement; `tiles` must be a permutation of [0, cells) (validated by the caller's
  // parser).
  static Goal custom(Shape shape, std::span<const Tile> tiles, std::string name);
  // The goal `spec` names for boards of `shape`; fails (an error without a source) if a custom
  // goal has another shape.
  static Expected<Goal> for_shape(const GoalSpec& spec, Shape shape);

  // The same for a square of side `side`.
  static Goal standard(int side) { return standard(Shape::square(side)); }
  static Goal zero_first(int side) { return zero_first(Shape::square(side)); }
  static Goal snail(int side) { return snail(Shape::square(side)); }
  static Goal custom(int side, std::span<const Tile> tiles, std::string name) {
    return custom(Shape::square(side), tiles, std::move(name));
  }
  static Expected<Goal> for_side(const GoalSpec& spec, int side) {
    return for_shape(spec, Shape::square(side));
  }

  Shape shape() const { return shape_; }
  // The number of rows: the side of a square goal.
  int side() const { return shape_.rows; }
  const std::string& name() const { return name_; }
  // Tiles row-major, 0 = blank.
  const std::vector<Tile>& tiles() const { return tile_at_; }
  // Goal cell of `tile` (0 = blank).
  int cell_of(int tile) const { return cell_of_[tile]; }
  int blank_cell() const { return cell_of_[0]; }

  // The canonical board of `tiles` (row-major, 0 = blank): each cell holds its piece's goal cell,
  // so this goal becomes the identity with the blank on blank_cell().
  template <int N>
  Board<N> canonical(std::span<const Tile> tiles) const {
    std::array<uint8_t, N * N> labels{};
    int blank = 0;
    for (int c = 0; c < N * N; ++c) {
      labels[c] = static_cast<uint8_t>(cell_of_[tiles[c]]);
      if (tiles[c] == 0) blank = c;
    }
    return Board<N>::from_cells(labels, blank);
  }

  // The user's tiles (row-major, 0 = blank) of a canonical board.
  template <int N>
  std::vector<Tile> tiles_of(const Board<N>& board) const {
    std::vector<Tile> out(N * N);
    for (int c = 0; c < N * N; ++c) out[c] = tile_at_[board.at(c)];
    return out;
  }

 private:
  Goal(Shape shape, std::vector<Tile> tiles, std::string name);
  Shape shape_;
  std::vector<Tile> tile_at_;
  std::vector<Tile> cell_of_;
  std::string name_;
};

// parse_goal for boards of side `side`.
inline Expected<Goal> parse_goal(std::string_view text, int side, std::string_view side_source,
                                 std::string_view spec_source) {
  return parse_goal(text, Shape::square(side), side_source, spec_source);
}

}  // namespace taquin
