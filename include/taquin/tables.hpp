// Constant tables of an N×N board: move letters, moves per cell and taxicab distances.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"

namespace taquin {

inline constexpr int kMinSide = 2;
inline constexpr int kMaxSide = 8;

// Where the blank moves. The letters are the CLI's contract: U, D, L, R.
enum class Dir : uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };

// The move letters in Dir order (the searches' move order): the one home of the letters.
inline constexpr std::string_view kDirLetters = "UDLR";

// The letter naming a blank move.
constexpr char dir_letter(Dir d) {
  return kDirLetters[static_cast<int>(d)];
}

// The move that undoes `d`.
constexpr Dir opposite(Dir d) {
  return static_cast<Dir>(static_cast<int>(d) ^ 1);
}

// Parses a move letter (upper or lower case); returns false if it is not one of UDLR.
constexpr bool parse_dir(char c, Dir& out) {
  const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  const size_t at = kDirLetters.find(upper);
  if (at == std::string_view::npos) return false;
  out = static_cast<Dir>(at);
  return true;
}

// "UDLR..." letters of a move list.
inline std::string moves_string(const std::vector<Dir>& moves) {
  std::string out;
  out.reserve(moves.size());
  for (Dir d : moves) out += dir_letter(d);
  return out;
}

// Parses move letters ("UDLR", either case); the error names the first other character.
inline Expected<std::vector<Dir>> parse_moves(std::string_view text) {
  std::vector<Dir> out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    Dir d{};
    if (!parse_dir(text[i], d))
      return Error{"moves", 0,
                   "character " + std::to_string(i + 1) + " ('" + std::string(1, text[i]) +
                       "') is not a move (U, D, L or R)"};
    out.push_back(d);
  }
  return out;
}

// The blank moves available from each cell of an N×N board, in the fixed order U, D, L, R.
template <int N>
struct MoveTable {
  static constexpr int kCells = N * N;
  std::array<uint8_t, kCells> count{};                        // moves from this cell (2 to 4)
  std::array<std::array<uint8_t, 4>, kCells> target{};        // cell the blank moves to
  std::array<std::array<Dir, 4>, kCells> dir{};               // direction of that move
  std::array<std::array<int8_t, 4>, kCells> target_by_dir{};  // target per Dir, -1 if off-board
};

template <int N>
constexpr MoveTable<N> make_move_table() {
  MoveTable<N> t{};
  for (int cell = 0; cell < N * N; ++cell) {
    const int row = cell / N, col = cell % N;
    const int targets[4] = {row > 0 ? cell - N : -1, row < N - 1 ? cell + N : -1,
                            col > 0 ? cell - 1 : -1, col < N - 1 ? cell + 1 : -1};
    int k = 0;
    for (int d = 0; d < 4; ++d) {
      t.target_by_dir[cell][d] = static_cast<int8_t>(targets[d]);
      if (targets[d] < 0) continue;
      t.target[cell][k] = static_cast<uint8_t>(targets[d]);
      t.dir[cell][k] = static_cast<Dir>(d);
      ++k;
    }
    t.count[cell] = static_cast<uint8_t>(k);
  }
  return t;
}

// Move table of the N×N board.
template <int N>
inline constexpr MoveTable<N> kMoves = make_move_table<N>();

// The blank's move from cell `from` onto the adjacent cell `onto` of a side-N board.
template <int N>
constexpr Dir blank_move(int from, int onto) {
  return onto == from - N   ? Dir::Up
         : onto == from + N ? Dir::Down
         : onto == from - 1 ? Dir::Left
                            : Dir::Right;
}

// Taxicab (Manhattan) distance between cells a and b of a board `side` cells wide (row-major
// cells, any number of rows): the one definition, for the heuristics, the pattern databases and the
// parity test.
constexpr int taxicab(int a, int b, int side) {
  const int dr = a / side - b / side, dc = a % side - b % side;
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

template <int N>
constexpr std::array<std::array<uint8_t, N * N>, N * N> make_distance_table() {
  std::array<std::array<uint8_t, N * N>, N * N> t{};
  for (int a = 0; a < N * N; ++a)
    for (int b = 0; b < N * N; ++b) t[a][b] = static_cast<uint8_t>(taxicab(a, b, N));
  return t;
}

// kDistance<N>[a][b]: taxicab distance between cells a and b.
template <int N>
inline constexpr auto kDistance = make_distance_table<N>();

}  // namespace taquin
