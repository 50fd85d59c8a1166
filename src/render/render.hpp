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

// The colour of the tile whose goal cell is `goal_cell` on a board of shape `shape`: a gradient
// from magenta (cell 0) to yellow (the last cell), so that a tile's colour says where it belongs;
// on the odd cells of the checkerboard, its blue half the range away and its red lowered, so that
// the colours of neighbouring goal cells differ by a CIEDE2000 of 10 or more.
Rgb tile_colour(int goal_cell, Shape shape);

// tile_colour on the square of `cells` cells (its side the least whose square holds them).
Rgb tile_colour(int goal_cell, int cells);

// The xterm 256-colour palette index nearest to `colour` (its 6x6x6 cube).
int xterm256_index(Rgb colour);

// The 256-colour palette index of the tile whose goal cell is `goal_cell` on a board of shape
// `shape`: on the cube's face of full red, the green level of tile_colour (rising from magenta,
// 201, at cell 0 to yellow, 226, at the last cell), and a blue level that falls with it but is
// three levels apart on every other cell of a checkerboard, so that horizontally and vertically
// neighbouring cells never look alike (a CIEDE2000 difference of 10 or more).
int tile_xterm256(int goal_cell, Shape shape);

// tile_xterm256 on the square of side `side`.
inline int tile_xterm256(int goal_cell, int side) {
  return tile_xterm256(goal_cell, Shape::square(side));
}

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

// The board `tiles` (row-major, 0 = blank) of `goal`'s shape as text, each label as wide as the
// shape's largest tile. Without colour: the rows of
// format_board's grid ('.' for the blank). With colour: each tile on its goal cell's colour (black
// digits), the blank plain, and the tiles that are not on their goal cell also bold and
// underlined, so that they stand out without colour.
TextBlock board_block(std::span<const Tile> tiles, const Goal& goal, TermColour colour);

// `blocks` laid left to right, as many a row as fit in `columns` (at least one), `gap` spaces
// apart, rows of blocks separated by an empty line; every block is padded to the widest's width.
std::string side_by_side(std::span<const TextBlock> blocks, int columns, int gap = 3);

// The label over step `step` of a solution: "0" for the start, else "STEP LETTER".
std::string step_label(size_t step, std::span<const Dir> moves, MoveNotation notation);

// Geometry shared by the pictures: a cell's side in pixels for labels of up to two digits, and
// the margin around a board.
inline constexpr int kPictureCell = 40;
inline constexpr int kPictureMargin = 10;

// A cell's side in pixels on pictures of boards of shape `shape`: kPictureCell while the labels
// have two digits or fewer, 52 for three, 64 for four, so that every label fits in its tile (in
// the SVG's font and in the GIF's bitmap digits).
int picture_cell(Shape shape);

// An SVG figure of `boards`, boards left to right then top to bottom, each under its step number
// and move, tiles in their gradient colours, the blank white. Boards a row: as many as fit in
// about 1200 pixels. `steps` holds each board's step (empty: 0, 1, 2, ...: every board from the
// start to the goal, as replay_solution gives them); a board after a gap of steps says how many
// were left out ("8600 U (steps 1 to 8599 not drawn)").
std::string svg_figure(const std::vector<std::vector<Tile>>& boards, std::span<const Dir> moves,
                       const Goal& goal, MoveNotation notation, std::span<const size_t> steps = {});

// The number of boards a row in svg_figure for boards of shape `shape` and `count` boards.
int svg_figure_columns(Shape shape, size_t count);

// svg_figure_columns for squares of side `side`.
inline int svg_figure_columns(int side, size_t count) {
  return svg_figure_columns(Shape::square(side), count);
}

// An animated SVG (SMIL) of `path`: one board whose tiles slide from the start to the goal, a
// pause on the start, one move every 0.3 s, then a pause on the goal, looping forever. A renderer
// without animation shows the start.
std::string svg_animation(const std::vector<std::vector<Tile>>& path, const Goal& goal);

// An animated GIF of `path`: one frame per board (the start held 0.5 s, each move 0.4 s, the goal
// 2 s), looping forever, tiles in their gradient colours with digits from an embedded bitmap font.
// Pixel size: cols (rows) * picture_cell + 2 * kPictureMargin wide (high). Over 253 goal cells
// the palette holds 252 steps of the gradient, each tile in the nearest (a channel or two off
// tile_colour). Fails only if giflib does.
Expected<std::vector<uint8_t>> gif_animation(const std::vector<std::vector<Tile>>& path,
                                             const Goal& goal);

}  // namespace taquin
