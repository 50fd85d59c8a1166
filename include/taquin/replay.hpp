// Replaying blank moves on a user's board: the check every solution passes before it is shown.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The boards met when the blank of `tiles` follows `moves`, the start first and `goal`'s board last
// (moves.size() + 1 boards): the one check every solution passes, once, before it is shown. The
// Error names the first move that takes the blank off the board, or the board the moves end on
// when it is not the goal.
Expected<std::vector<std::vector<uint8_t>>> replay_solution(std::span<const uint8_t> tiles,
                                                            std::span<const Dir> moves,
                                                            const Goal& goal);

// TODO(lead): remove after CLI merge (solve.cpp still calls it; replay_solution replaces it).
// The boards (tiles row-major, 0 = blank) met when the blank of `tiles` (side `side`) follows
// `moves`, the start first and the end last (moves.size() + 1 boards). Fails on the first move
// that would take the blank off the board. Works on plain tiles, independently of Board<N>.
Expected<std::vector<std::vector<uint8_t>>> replay_path(std::span<const uint8_t> tiles, int side,
                                                        std::span<const Dir> moves);

// TODO(lead): remove after CLI merge (solve.cpp still calls it; replay_solution replaces it).
// Checks that `moves` take `tiles` exactly to `goal` (same side); nullopt when they do, else an
// Error saying which move leaves the board or which board they end on.
std::optional<Error> check_solution(std::span<const uint8_t> tiles, std::span<const Dir> moves,
                                    const Goal& goal);

}  // namespace taquin
