// Goals (standard, zero-first, snail, custom) and the relabelling that makes every goal canonical.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/board.hpp"
#include "taquin/error.hpp"

namespace taquin {

// The goal asked for, before the board side is known.
struct GoalSpec {
  enum class Kind { Standard, ZeroFirst, Snail, Custom };
  Kind kind = Kind::Standard;
  std::vector<uint8_t> custom_tiles;  // Custom only: tiles row-major, 0 = blank
  int custom_side = 0;                // Custom only
  std::string name = "standard";      // as the user wrote it (a file name for a custom goal file)
};

// Parses a goal: a name, "standard" (also ""), "zero-first" or "snail" ("42" too: the 42 school's
// goal), in any case; an inline board ("1 2 3 ...", one line or 42 format); or the name of a file
// holding one board. A word that is neither a name nor a file is refused, with the name it likely
// stands for ("did you mean 'snail'?"). Errors name `source` (the caller's name for where the text
// came from).
Expected<GoalSpec> parse_goal_spec(std::string_view text, std::string_view source = "goal");

class Goal;

// The goal `text` names (parse_goal_spec) for boards of `side`: refuses a side outside
// [kMinSide, kMaxSide] (an error naming `side_source`), a bad spec (naming `spec_source`) and a
// custom goal of another side (an error without a source, as Goal::for_side's).
Expected<Goal> parse_goal(std::string_view text, int side, std::string_view side_source,
                          std::string_view spec_source);

// A goal arrangement of one side: which tile stands on each cell, and where each tile belongs.
class Goal {
 public:
  // 1 … N²−1 then the blank.
  static Goal standard(int side);
  // The blank then 1 … N²−1 (Korf's convention).
  static Goal zero_first(int side);
  // The 42 school's goal: 1 … N²−1 along a clockwise spiral from the top-left, blank where it ends.
  static Goal snail(int side);
  // Any arrangement; `tiles` must be a permutation of [0, side²) (validated by the caller's
  // parser).
  static Goal custom(int side, std::span<const uint8_t> tiles, std::string name);
  // The goal `spec` names for boards of `side`; fails (an error without a source) if a custom goal
  // has another side.
  static Expected<Goal> for_side(const GoalSpec& spec, int side);

  int side() const { return side_; }
  const std::string& name() const { return name_; }
  // Tiles row-major, 0 = blank.
  const std::vector<uint8_t>& tiles() const { return tile_at_; }
  // Goal cell of `tile` (0 = blank).
  int cell_of(int tile) const { return cell_of_[tile]; }
  int blank_cell() const { return cell_of_[0]; }

  // The canonical board of `tiles` (row-major, 0 = blank): each cell holds its piece's goal cell,
  // so this goal becomes the identity with the blank on blank_cell().
  template <int N>
  Board<N> canonical(std::span<const uint8_t> tiles) const {
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
  std::vector<uint8_t> tiles_of(const Board<N>& board) const {
    std::vector<uint8_t> out(N * N);
    for (int c = 0; c < N * N; ++c) out[c] = tile_at_[board.at(c)];
    return out;
  }

 private:
  Goal(int side, std::vector<uint8_t> tiles, std::string name);
  int side_ = 0;
  std::vector<uint8_t> tile_at_;
  std::vector<uint8_t> cell_of_;
  std::string name_;
};

}  // namespace taquin
