// Replaying blank moves on a user's board: the check every solution passes before it is shown.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The boards met when the blank of `tiles` follows `moves`, the start first and `goal`'s board last
// (moves.size() + 1 boards): the one check every solution passes, once, before it is shown. With
// `keep_path` false, the moves are checked the same way and no board is kept (an empty list). The
// Error names the first move that takes the blank off the board, or the board the moves end on
// when it is not the goal.
Expected<std::vector<std::vector<Tile>>> replay_solution(std::span<const Tile> tiles,
                                                         std::span<const Dir> moves,
                                                         const Goal& goal, bool keep_path = true);

}  // namespace taquin
