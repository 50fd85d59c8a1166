// The board of a custom goal, read for the goal parser (goal.cpp), which reaches no board I/O.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/shape.hpp"

namespace taquin {

// A custom goal's board: its shape and tiles, row-major (0 = blank), a permutation of [0, cells).
struct GoalBoard {
  Shape shape;
  std::vector<Tile> tiles;
};

// The one board of `text` read as board text (parse_instances, errors naming `source`), or with
// `from_file`, of the file `text` names (read_instances, at most kMaxGoalFileBytes: errors name
// the file). Fails, naming `source`, unless there is exactly one board: "a goal must be exactly
// one board, found N".
Expected<GoalBoard> read_goal_board(std::string_view text, const std::string& source,
                                    bool from_file);

}  // namespace taquin
