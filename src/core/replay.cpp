// Replay of blank moves on plain tile arrays, kept apart from the search's packed boards.
#include "core/replay.hpp"

#include <algorithm>
#include <string>

#include "taquin/io.hpp"

namespace taquin {
namespace {

// Cell the blank reaches from `blank` moving `d` on a board of `side`, or -1 off the board.
int step(int blank, Dir d, int side) {
  const int row = blank / side, col = blank % side;
  switch (d) {
    case Dir::Up:
      return row > 0 ? blank - side : -1;
    case Dir::Down:
      return row < side - 1 ? blank + side : -1;
    case Dir::Left:
      return col > 0 ? blank - 1 : -1;
    case Dir::Right:
      return col < side - 1 ? blank + 1 : -1;
  }
  return -1;
}

// The boards met when the blank of `tiles` (side `side`) follows `moves`, the start first; the
// Error names the first move that takes the blank off the board.
Expected<std::vector<std::vector<uint8_t>>> walk(std::span<const uint8_t> tiles, int side,
                                                 std::span<const Dir> moves) {
  std::vector<std::vector<uint8_t>> path;
  path.reserve(moves.size() + 1);
  std::vector<uint8_t> board(tiles.begin(), tiles.end());
  if (board.size() != static_cast<size_t>(side) * side)
    return Error{"replay", 0, "the board does not have " + std::to_string(side * side) + " tiles"};
  const auto found = std::find(board.begin(), board.end(), uint8_t{0});
  if (found == board.end()) return Error{"replay", 0, "the board has no blank"};
  int blank = static_cast<int>(found - board.begin());
  path.push_back(board);
  for (size_t i = 0; i < moves.size(); ++i) {
    const int to = step(blank, moves[i], side);
    if (to < 0)
      return Error{"replay", 0,
                   "move " + std::to_string(i + 1) + " (" + std::string(1, dir_letter(moves[i])) +
                       ") takes the blank off the board"};
    std::swap(board[blank], board[to]);
    blank = to;
    path.push_back(board);
  }
  return path;
}

}  // namespace

Expected<std::vector<std::vector<uint8_t>>> replay_solution(std::span<const uint8_t> tiles,
                                                            std::span<const Dir> moves,
                                                            const Goal& goal) {
  const int side = goal.side();
  if (tiles.size() != goal.tiles().size())
    return Error{"replay", 0, "the board and the goal differ in size"};
  Expected<std::vector<std::vector<uint8_t>>> path = walk(tiles, side, moves);
  if (!path) return path.error();
  const std::vector<uint8_t>& end = path->back();
  if (end != goal.tiles())
    return Error{"replay", 0,
                 "the " + std::to_string(moves.size()) + " moves end on " +
                     format_board(end, side, BoardFormat::OneLine) + ", not on the goal " +
                     format_board(goal.tiles(), side, BoardFormat::OneLine)};
  return path;
}

}  // namespace taquin
