// Showing boards and solutions: gradient colours, text blocks side by side, SVG figures and
// animations (the animated GIFs are in gif.cpp).
#include "render/render.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "taquin/io.hpp"

namespace taquin {

namespace {

// Whether `cell` of a board `cols` cells wide is an odd cell of the checkerboard (cell 0 even).
bool odd_cell(int cell, int cols) {
  return (cell / cols + cell % cols) % 2 != 0;
}

// The side of the least square that holds `cells` cells.
int square_side(int cells) {
  int side = 1;
  while (side * side < cells) ++side;
  return side;
}

// tile_colour's gradient at `rise` (0 magenta to 255 yellow) on an even or odd cell.
Rgb gradient_colour(int rise, bool odd) {
  int red = 255, blue = 255 - rise;
  if (odd) {
    red = 210;
    blue = blue >= 128 ? blue - 128 : blue + 128;
  }
  return Rgb{static_cast<uint8_t>(red), static_cast<uint8_t>(rise), static_cast<uint8_t>(blue)};
}

// The rise (green) of goal cell `goal_cell` among `cells` cells.
int gradient_rise(int goal_cell, int cells) {
  const int span = std::max(1, cells - 1);
  return 255 * std::clamp(goal_cell, 0, span) / span;
}

}  // namespace

Rgb tile_colour(int goal_cell, int cells) {
  return gradient_colour(gradient_rise(goal_cell, cells), odd_cell(goal_cell, square_side(cells)));
}

Rgb tile_colour(int goal_cell, Shape shape) {
  // Magenta (255, 0, 255) to yellow (255, 255, 0): green rises, blue falls. Cells next to each
  // other are one even and one odd cell of the checkerboard: an odd cell's blue is moved half the
  // range away and its red lowered to 210, so that neighbours never look alike (a CIEDE2000
  // difference of 13 or more, tests/render_contrast_test.cpp; the blue alone leaves 8.5 near
  // yellow), however many cells share the gradient.
  return gradient_colour(gradient_rise(goal_cell, shape.cells()),
                         odd_cell(goal_cell, std::max(1, shape.cols)));
}

int xterm256_index(Rgb colour) {
  // The cube's levels are 0, 95, 135, 175, 215, 255.
  const auto level = [](int v) { return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40; };
  return 16 + 36 * level(colour.r) + 6 * level(colour.g) + level(colour.b);
}

int tile_xterm256(int goal_cell, Shape shape) {
  const int green = (xterm256_index(tile_colour(goal_cell, shape)) - 16) / 6 % 6;
  const int cols = std::max(1, shape.cols);
  const int row = goal_cell / cols, column = goal_cell % cols;
  // Even cells of the checkerboard (cell 0's colour) take the blue of the gradient, 5 - green;
  // odd ones a level three away (see tile_colour).
  const bool odd = (row + column) % 2 != 0;
  const int blue = !odd ? 5 - green : (5 - green + 3) % 6;
  return 16 + 36 * 5 + 6 * green + blue;
}

char move_letter(Dir move, MoveNotation notation) {
  return dir_letter(notation == MoveNotation::Tile ? opposite(move) : move);
}

std::string moves_in_notation(std::span<const Dir> moves, MoveNotation notation) {
  std::string out;
  out.reserve(moves.size());
  for (Dir d : moves) out += move_letter(d, notation);
  return out;
}

namespace {

// Digits a tile label needs on a board of `cells` cells.
int label_digits(int cells) {
  int digits = 1;
  for (int largest = cells - 1; largest >= 10; largest /= 10) ++digits;
  return digits;
}

// `text` right-aligned in `width` columns.
std::string pad_left(const std::string& text, int width) {
  return std::string(std::max(0, width - static_cast<int>(text.size())), ' ') + text;
}

// Columns `text` takes on a terminal: its characters less its escape sequences (ESC [ ... m).
int visible_width(std::string_view text) {
  int width = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    ++width;
  }
  return width;
}

// The escape sequence that sets the background to the colour of goal cell `goal_cell`.
std::string background(int goal_cell, Shape shape, TermColour mode) {
  char buf[48];
  if (mode == TermColour::TrueColour) {
    const Rgb colour = tile_colour(goal_cell, shape);
    std::snprintf(buf, sizeof buf, "\x1b[48;2;%d;%d;%dm", colour.r, colour.g, colour.b);
  } else {
    std::snprintf(buf, sizeof buf, "\x1b[48;5;%dm", tile_xterm256(goal_cell, shape));
  }
  return buf;
}

}  // namespace

TextBlock board_block(std::span<const Tile> tiles, const Goal& goal, TermColour colour) {
  const Shape shape = goal.shape();
  const int cols = shape.cols, digits = label_digits(shape.cells());
  TextBlock block;
  if (colour == TermColour::None) {
    const std::string grid = format_board(tiles, goal.shape(), BoardFormat::Grid);
    for (size_t start = 0; start < grid.size();) {
      const size_t end = grid.find('\n', start);
      block.lines.push_back(grid.substr(start, end - start));
      start = end + 1;
    }
    block.width = cols * digits + cols - 1;
    return block;
  }
  // Each cell is a digit field with a space on either side, on its tile's colour.
  for (int r = 0; r < shape.rows; ++r) {
    std::string line;
    for (int c = 0; c < cols; ++c) {
      const int cell = r * cols + c, tile = tiles[cell];
      if (tile == 0) {
        line.append(" ").append(pad_left(".", digits)).append(" ");
        continue;
      }
      const bool misplaced = goal.tiles()[cell] != tile;
      line += background(goal.cell_of(tile), shape, colour);
      line += misplaced ? "\x1b[30;1;4m" : "\x1b[30m";
      line.append(" ").append(pad_left(std::to_string(tile), digits)).append(" \x1b[0m");
    }
    block.lines.push_back(line);
  }
  block.width = cols * (digits + 2);
  return block;
}

std::string side_by_side(std::span<const TextBlock> blocks, int columns, int gap) {
  int width = 1;
  for (const TextBlock& b : blocks) width = std::max(width, b.width);
  for (const TextBlock& b : blocks)
    for (const std::string& line : b.lines) width = std::max(width, visible_width(line));
  const int per_row = std::max(1, (columns + gap) / (width + gap));
  std::string out;
  for (size_t first = 0; first < blocks.size(); first += per_row) {
    const size_t last = std::min(blocks.size(), first + per_row);
    size_t height = 0;
    for (size_t i = first; i < last; ++i) height = std::max(height, blocks[i].lines.size());
    if (first) out += '\n';
    for (size_t row = 0; row < height; ++row) {
      std::string line;
      for (size_t i = first; i < last; ++i) {
        const TextBlock& b = blocks[i];
        if (i > first) line += std::string(gap, ' ');
        const bool has = row < b.lines.size();
        if (has) line += b.lines[row];
        const int shown = has ? visible_width(b.lines[row]) : 0;
        if (i + 1 < last) line += std::string(std::max(0, width - shown), ' ');
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + '\n';
    }
  }
  return out;
}

std::string step_label(size_t step, std::span<const Dir> moves, MoveNotation notation) {
  if (step == 0 || step > moves.size()) return std::to_string(step);
  return std::to_string(step) + " " + move_letter(moves[step - 1], notation);
}

namespace {

// "#rrggbb".
std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

// The SVG of one tile at (x, y) in cells of `k` pixels: its coloured square and its number.
std::string svg_tile(int tile, const Goal& goal, int x, int y, int k) {
  const std::string at = "x=\"" + std::to_string(x + 1) + "\" y=\"" + std::to_string(y + 1) + "\"";
  return "<rect " + at + " width=\"" + std::to_string(k - 2) + "\" height=\"" +
         std::to_string(k - 2) + "\" rx=\"4\" fill=\"" +
         hex(tile_colour(goal.cell_of(tile), goal.shape())) + "\"/><text x=\"" +
         std::to_string(x + k / 2) + "\" y=\"" + std::to_string(y + k / 2 + 6) + "\">" +
         std::to_string(tile) + "</text>";
}

// The frame around a board `w` x `h` pixels whose top-left cell is at (x, y).
std::string svg_frame(int w, int h, int x, int y) {
  return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
         std::to_string(w) + "\" height=\"" + std::to_string(h) +
         "\" fill=\"none\" stroke=\"#808080\" stroke-width=\"1\"/>\n";
}

// The opening of an SVG document of `width` x `height` pixels on a white ground.
std::string svg_open(int width, int height) {
  const std::string w = std::to_string(width), h = std::to_string(height);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h +
         "\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"18\" "
         "text-anchor=\"middle\">\n<rect width=\"" +
         w + "\" height=\"" + h + "\" fill=\"#ffffff\"/>\n";
}

constexpr int kCaption = 24;  // pixels above each board of a figure for its step label

// The label over board `i` of a figure whose boards are the steps `steps` (empty: step i).
std::string figure_label(size_t i, std::span<const size_t> steps, std::span<const Dir> moves,
                         MoveNotation notation) {
  if (steps.empty()) return step_label(i, moves, notation);
  std::string label = step_label(steps[i], moves, notation);
  const size_t before = i == 0 ? 0 : steps[i - 1] + 1;
  if (steps[i] > before + 1)
    label +=
        " (steps " + std::to_string(before) + " to " + std::to_string(steps[i] - 1) + " not drawn)";
  else if (steps[i] == before + 1)
    label += " (step " + std::to_string(before) + " not drawn)";
  return label;
}

}  // namespace

int picture_cell(Shape shape) {
  const int digits = label_digits(shape.cells());
  return digits <= 2 ? kPictureCell : digits == 3 ? 52 : 64;
}

int svg_figure_columns(Shape shape, size_t count) {
  const int board = shape.cols * picture_cell(shape) + 2 * kPictureMargin;
  return static_cast<int>(std::clamp<size_t>(1200 / board, 1, std::max<size_t>(count, 1)));
}

std::string svg_figure(const std::vector<std::vector<Tile>>& boards, std::span<const Dir> moves,
                       const Goal& goal, MoveNotation notation, std::span<const size_t> steps) {
  const Shape shape = goal.shape();
  const int k = picture_cell(shape), columns = svg_figure_columns(shape, boards.size());
  const int board_w = shape.cols * k + 2 * kPictureMargin;
  const int board_h = shape.rows * k + 2 * kPictureMargin + kCaption;
  const int rows = static_cast<int>((boards.size() + columns - 1) / columns);
  std::string svg = svg_open(columns * board_w, rows * board_h);
  for (size_t i = 0; i < boards.size(); ++i) {
    const int x0 = static_cast<int>(i % columns) * board_w + kPictureMargin;
    const int y0 = static_cast<int>(i / columns) * board_h + kCaption + kPictureMargin;
    svg += "<g>\n<text x=\"" + std::to_string(x0 + shape.cols * k / 2) + "\" y=\"" +
           std::to_string(y0 - 8) + "\" font-size=\"14\">" +
           figure_label(i, steps, moves, notation) + "</text>\n";
    for (int c = 0; c < shape.cells(); ++c) {
      if (boards[i][c] == 0) continue;
      svg += svg_tile(boards[i][c], goal, x0 + (c % shape.cols) * k, y0 + (c / shape.cols) * k, k) +
             "\n";
    }
    svg += svg_frame(shape.cols * k, shape.rows * k, x0, y0) + "</g>\n";
  }
  return svg + "</svg>\n";
}

std::string svg_animation(const std::vector<std::vector<Tile>>& path, const Goal& goal) {
  const Shape shape = goal.shape();
  const int k = picture_cell(shape), cells = shape.cells();
  const int width = shape.cols * k + 2 * kPictureMargin,
            height = shape.rows * k + 2 * kPictureMargin;
  constexpr double kStartPause = 1.0, kMove = 0.3, kGoalPause = 2.0;
  const size_t moves = path.empty() ? 0 : path.size() - 1;
  const double total = kStartPause + kMove * static_cast<double>(moves) + kGoalPause;
  char buf[32];
  const auto time_at = [&](double seconds) {
    std::snprintf(buf, sizeof buf, "%.6f", seconds / total);
    return std::string(buf);
  };
  std::snprintf(buf, sizeof buf, "%.3fs", total);
  const std::string duration = buf;
  std::string svg = svg_open(width, height);
  for (int tile = 1; tile < cells && !path.empty(); ++tile) {
    // The tile's cell in every position.
    std::vector<int> where(path.size());
    for (size_t i = 0; i < path.size(); ++i)
      where[i] =
          static_cast<int>(std::find(path[i].begin(), path[i].end(), tile) - path[i].begin());
    const auto offset = [&](int cell) {
      return std::to_string((cell % shape.cols) * k) + "," +
             std::to_string((cell / shape.cols) * k);
    };
    svg += "<g transform=\"translate(" + offset(where[0]) + ")\">" +
           svg_tile(tile, goal, kPictureMargin, kPictureMargin, k);
    if (std::any_of(where.begin(), where.end(), [&](int c) { return c != where[0]; })) {
      // Held on the start, one slide a move, held on the goal to the end of the loop.
      std::string values = offset(where[0]), times = "0";
      for (size_t i = 0; i < path.size(); ++i) {
        values.append(";").append(offset(where[i]));
        times.append(";").append(time_at(kStartPause + kMove * static_cast<double>(i)));
      }
      values.append(";").append(offset(where.back()));
      times += ";1";
      svg += "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"" + duration +
             "\" repeatCount=\"indefinite\" calcMode=\"linear\" values=\"" + values +
             "\" keyTimes=\"" + times + "\"/>";
    }
    svg += "</g>\n";
  }
  svg += svg_frame(shape.cols * k, shape.rows * k, kPictureMargin, kPictureMargin);
  return svg + "</svg>\n";
}

}  // namespace taquin
