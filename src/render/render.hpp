// Showing boards and solutions to people: tile colours by goal cell, boards as text laid side by
// side, and pictures (an SVG figure, an animated SVG, an animated GIF). Returns text or bytes; the
// caller writes them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "taquin/goal.hpp"
#include "taquin/tables.hpp"

namespace taquin {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The colour of the blank in every picture.
inline constexpr Rgb kBlankColour{255, 255, 255};

// The colour of the tile whose goal cell is `goal_cell` on a board of `cells` cells: a gradient
// from magenta (cell 0) to yellow (the last cell), so that a tile's colour says where it belongs;
// on the odd cells of the checkerboard, its blue half the range away and its red lowered, so that
// the colours of neighbouring goal cells differ by a CIEDE2000 of 10 or more.
Rgb tile_colour(int goal_cell, int cells);

// The xterm 256-colour palette index nearest to `colour` (its 6x6x6 cube).
int xterm256_index(Rgb colour);

// The 256-colour palette index of the tile whose goal cell is `goal_cell` on a board of side
// `side`: on the cube's face of full red, the green level of tile_colour (rising from magenta,
// 201, at cell 0 to yellow, 226, at the last cell), and a blue level that falls with it but is
// three levels apart on every other cell of a checkerboard, so that horizontally and vertically
// neighbouring cells never look alike (a CIEDE2000 difference of 10 or more).
int tile_xterm256(int goal_cell, int side);

// How a terminal shows colour: not at all, 256 colours, or 24-bit colour.
enum class TermColour { None, Ansi256, TrueColour };

// Which letter names a move: where the blank goes (U: the blank moves up) or where the tile that
// slides goes (the opposite letter: D).
enum class MoveNotation { Blank, Tile };

// The letter of `move` in `notation`.
char move_letter(Dir move, MoveNotation notation);

// The letters of `moves` in `notation`.
std::string moves_in_notation(std::span<const Dir> moves, MoveNotation notation);

// Lines of text with the width they show on a terminal (escape sequences take no column).
struct TextBlock {
  std::vector<std::string> lines;
  int width = 0;
};

// The board `tiles` (row-major, 0 = blank) of `goal`'s side as text. Without colour: the rows of
// format_board's grid ('.' for the blank). With colour: each tile on its goal cell's colour (black
// digits), the blank plain, and the tiles that are not on their goal cell also bold and
// underlined, so that they stand out without colour.
TextBlock board_block(std::span<const Tile> tiles, const Goal& goal, TermColour colour);

// `blocks` laid left to right, as many a row as fit in `columns` (at least one), `gap` spaces
// apart, rows of blocks separated by an empty line; every block is padded to the widest's width.
std::string side_by_side(std::span<const TextBlock> blocks, int columns, int gap = 3);

// The label over step `step` of a solution: "0" for the start, else "STEP LETTER".
std::string step_label(size_t step, std::span<const Dir> moves, MoveNotation notation);

// Geometry shared by the pictures: a cell's side in pixels, and the margin around a board.
inline constexpr int kPictureCell = 40;
inline constexpr int kPictureMargin = 10;

// An SVG figure of `path` (every board from the start to the goal, as replay_solution gives them),
// boards left to right then top to bottom, each under its step number and move, tiles in their
// gradient colours, the blank white. Boards a row: as many as fit in about 1200 pixels.
std::string svg_figure(const std::vector<std::vector<Tile>>& path, std::span<const Dir> moves,
                       const Goal& goal, MoveNotation notation);

// The number of boards a row in svg_figure for boards of side `side` and `count` boards.
int svg_figure_columns(int side, size_t count);

// An animated SVG (SMIL) of `path`: one board whose tiles slide from the start to the goal, a
// pause on the start, one move every 0.3 s, then a pause on the goal, looping forever. A renderer
// without animation shows the start.
std::string svg_animation(const std::vector<std::vector<Tile>>& path, const Goal& goal);

// An animated GIF of `path`: one frame per board (the start held 0.5 s, each move 0.4 s, the goal
// 2 s), looping forever, tiles in their gradient colours with digits from an embedded bitmap font.
// Pixel size: side * kPictureCell + 2 * kPictureMargin on each axis. Fails only if giflib does.
Expected<std::vector<uint8_t>> gif_animation(const std::vector<std::vector<Tile>>& path,
                                             const Goal& goal);

}  // namespace taquin
