// Replay of blank moves on plain tile arrays, kept apart from the search's packed boards.
#include "core/replay.hpp"

#include <algorithm>
#include <string>

#include "taquin/io.hpp"

namespace taquin {
namespace {

// Cell the blank reaches from `blank` moving `d` on a board `cols` wide of `cells` cells, or -1.
int step(int blank, Dir d, int cols, int cells) {
  switch (d) {
    case Dir::Up:
      return blank >= cols ? blank - cols : -1;
    case Dir::Down:
      return blank + cols < cells ? blank + cols : -1;
    case Dir::Left:
      return blank % cols > 0 ? blank - 1 : -1;
    case Dir::Right:
      return blank % cols < cols - 1 ? blank + 1 : -1;
  }
  return -1;
}

}  // namespace

Expected<std::vector<std::vector<Tile>>> replay_solution(std::span<const Tile> tiles,
                                                         std::span<const Dir> moves,
                                                         const Goal& goal, bool keep_path) {
  const Shape shape = goal.shape();
  if (tiles.size() != goal.tiles().size())
    return Error{"replay", 0, "the board and the goal differ in size"};
  std::vector<std::vector<Tile>> path;
  if (keep_path) path.reserve(moves.size() + 1);
  std::vector<Tile> board(tiles.begin(), tiles.end());
  const auto found = std::find(board.begin(), board.end(), Tile{0});
  if (found == board.end()) return Error{"replay", 0, "the board has no blank"};
  int blank = static_cast<int>(found - board.begin());
  if (keep_path) path.push_back(board);
  for (size_t i = 0; i < moves.size(); ++i) {
    const int to = step(blank, moves[i], shape.cols, shape.cells());
    if (to < 0)
      return Error{"replay", 0,
                   "move " + std::to_string(i + 1) + " (" + std::string(1, dir_letter(moves[i])) +
                       ") takes the blank off the board"};
    std::swap(board[blank], board[to]);
    blank = to;
    if (keep_path) path.push_back(board);
  }
  if (board != goal.tiles())
    return Error{"replay", 0,
                 "the " + std::to_string(moves.size()) + " moves end on " +
                     format_board(board, shape, BoardFormat::OneLine) + ", not on the goal " +
                     format_board(goal.tiles(), shape, BoardFormat::OneLine)};
  return path;
}

}  // namespace taquin
