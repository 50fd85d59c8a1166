// Showing boards and solutions: gradient colours, text blocks side by side, SVG figures and
// animations, animated GIFs (giflib) with the project's own bitmap digits.
#include "render/render.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string_view>

#include "taquin/io.hpp"

namespace taquin {

namespace {

// Whether `cell` of a board of `cells` cells is an odd cell of the checkerboard (cell 0 even).
bool odd_cell(int cell, int cells) {
  int side = 1;
  while (side * side < cells) ++side;
  return (cell / side + cell % side) % 2 != 0;
}

}  // namespace

Rgb tile_colour(int goal_cell, int cells) {
  // Magenta (255, 0, 255) to yellow (255, 255, 0): green rises, blue falls. Cells next to each
  // other are one even and one odd cell of the checkerboard: an odd cell's blue is moved half the
  // range away and its red lowered to 210, so that neighbours never look alike (a CIEDE2000
  // difference of 13 or more, tests/render_contrast_test.cpp; the blue alone leaves 8.5 near
  // yellow), however many cells share the gradient.
  const int span = std::max(1, cells - 1);
  const int rise = 255 * std::clamp(goal_cell, 0, span) / span;
  int red = 255, blue = 255 - rise;
  if (odd_cell(goal_cell, cells)) {
    red = 210;
    blue = blue >= 128 ? blue - 128 : blue + 128;
  }
  return Rgb{static_cast<uint8_t>(red), static_cast<uint8_t>(rise), static_cast<uint8_t>(blue)};
}

int xterm256_index(Rgb colour) {
  // The cube's levels are 0, 95, 135, 175, 215, 255.
  const auto level = [](int v) { return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40; };
  return 16 + 36 * level(colour.r) + 6 * level(colour.g) + level(colour.b);
}

int tile_xterm256(int goal_cell, int side) {
  const int cells = side * side;
  const int green = (xterm256_index(tile_colour(goal_cell, cells)) - 16) / 6 % 6;
  const int row = goal_cell / std::max(1, side), column = goal_cell % std::max(1, side);
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
  return cells - 1 >= 10 ? 2 : 1;
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
std::string background(int goal_cell, int side, TermColour mode) {
  char buf[48];
  if (mode == TermColour::TrueColour) {
    const Rgb colour = tile_colour(goal_cell, side * side);
    std::snprintf(buf, sizeof buf, "\x1b[48;2;%d;%d;%dm", colour.r, colour.g, colour.b);
  } else {
    std::snprintf(buf, sizeof buf, "\x1b[48;5;%dm", tile_xterm256(goal_cell, side));
  }
  return buf;
}

}  // namespace

TextBlock board_block(std::span<const Tile> tiles, const Goal& goal, TermColour colour) {
  const int side = goal.shape().cols, cells = goal.shape().cells(), digits = label_digits(cells);
  TextBlock block;
  if (colour == TermColour::None) {
    const std::string grid = format_board(tiles, goal.shape(), BoardFormat::Grid);
    for (size_t start = 0; start < grid.size();) {
      const size_t end = grid.find('\n', start);
      block.lines.push_back(grid.substr(start, end - start));
      start = end + 1;
    }
    block.width = side * digits + side - 1;
    return block;
  }
  // Each cell is a digit field with a space on either side, on its tile's colour.
  for (int r = 0; r < side; ++r) {
    std::string line;
    for (int c = 0; c < side; ++c) {
      const int cell = r * side + c, tile = tiles[cell];
      if (tile == 0) {
        line += " " + pad_left(".", digits) + " ";
        continue;
      }
      const bool misplaced = goal.tiles()[cell] != tile;
      line += background(goal.cell_of(tile), side, colour);
      line += misplaced ? "\x1b[30;1;4m" : "\x1b[30m";
      line += " " + pad_left(std::to_string(tile), digits) + " \x1b[0m";
    }
    block.lines.push_back(line);
  }
  block.width = side * (digits + 2);
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

// The SVG of one tile at (x, y): its coloured square and its number.
std::string svg_tile(int tile, const Goal& goal, int x, int y) {
  const int cells = goal.side() * goal.side(), k = kPictureCell;
  const std::string at = "x=\"" + std::to_string(x + 1) + "\" y=\"" + std::to_string(y + 1) + "\"";
  return "<rect " + at + " width=\"" + std::to_string(k - 2) + "\" height=\"" +
         std::to_string(k - 2) + "\" rx=\"4\" fill=\"" +
         hex(tile_colour(goal.cell_of(tile), cells)) + "\"/><text x=\"" +
         std::to_string(x + k / 2) + "\" y=\"" + std::to_string(y + k / 2 + 6) + "\">" +
         std::to_string(tile) + "</text>";
}

// The frame around a board of `side` whose top-left cell is at (x, y).
std::string svg_frame(int side, int x, int y) {
  const int px = side * kPictureCell;
  return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
         std::to_string(px) + "\" height=\"" + std::to_string(px) +
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

}  // namespace

int svg_figure_columns(int side, size_t count) {
  const int board = side * kPictureCell + 2 * kPictureMargin;
  return static_cast<int>(std::clamp<size_t>(1200 / board, 1, std::max<size_t>(count, 1)));
}

std::string svg_figure(const std::vector<std::vector<Tile>>& path, std::span<const Dir> moves,
                       const Goal& goal, MoveNotation notation) {
  const int side = goal.side(), columns = svg_figure_columns(side, path.size());
  const int board_w = side * kPictureCell + 2 * kPictureMargin, board_h = board_w + kCaption;
  const int rows = static_cast<int>((path.size() + columns - 1) / columns);
  std::string svg = svg_open(columns * board_w, rows * board_h);
  for (size_t i = 0; i < path.size(); ++i) {
    const int x0 = static_cast<int>(i % columns) * board_w + kPictureMargin;
    const int y0 = static_cast<int>(i / columns) * board_h + kCaption + kPictureMargin;
    svg += "<g>\n<text x=\"" + std::to_string(x0 + side * kPictureCell / 2) + "\" y=\"" +
           std::to_string(y0 - 8) + "\" font-size=\"14\">" + step_label(i, moves, notation) +
           "</text>\n";
    for (int c = 0; c < side * side; ++c) {
      if (path[i][c] == 0) continue;
      svg += svg_tile(path[i][c], goal, x0 + (c % side) * kPictureCell,
                      y0 + (c / side) * kPictureCell) +
             "\n";
    }
    svg += svg_frame(side, x0, y0) + "</g>\n";
  }
  return svg + "</svg>\n";
}

std::string svg_animation(const std::vector<std::vector<Tile>>& path, const Goal& goal) {
  const int side = goal.side(), cells = side * side;
  const int px = side * kPictureCell + 2 * kPictureMargin;
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
  std::string svg = svg_open(px, px);
  for (int tile = 1; tile < cells && !path.empty(); ++tile) {
    // The tile's cell in every position.
    std::vector<int> where(path.size());
    for (size_t i = 0; i < path.size(); ++i)
      where[i] =
          static_cast<int>(std::find(path[i].begin(), path[i].end(), tile) - path[i].begin());
    const auto offset = [&](int cell) {
      return std::to_string((cell % side) * kPictureCell) + "," +
             std::to_string((cell / side) * kPictureCell);
    };
    svg += "<g transform=\"translate(" + offset(where[0]) + ")\">" +
           svg_tile(tile, goal, kPictureMargin, kPictureMargin);
    if (std::any_of(where.begin(), where.end(), [&](int c) { return c != where[0]; })) {
      // Held on the start, one slide a move, held on the goal to the end of the loop.
      std::string values = offset(where[0]), times = "0";
      for (size_t i = 0; i < path.size(); ++i) {
        values += ";" + offset(where[i]);
        times += ";" + time_at(kStartPause + kMove * static_cast<double>(i));
      }
      values += ";" + offset(where.back());
      times += ";1";
      svg += "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"" + duration +
             "\" repeatCount=\"indefinite\" calcMode=\"linear\" values=\"" + values +
             "\" keyTimes=\"" + times + "\"/>";
    }
    svg += "</g>\n";
  }
  svg += svg_frame(side, kPictureMargin, kPictureMargin);
  return svg + "</svg>\n";
}

namespace {

// The project's bitmap digits, 5 pixels wide and 7 high: one row a byte, the leftmost pixel in
// bit 4.
constexpr std::array<std::array<uint8_t, 7>, 10> kDigitFont = {{
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E},  // 0
    {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E},  // 1
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F},  // 2
    {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E},  // 3
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02},  // 4
    {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E},  // 5
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E},  // 6
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},  // 7
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E},  // 8
    {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C},  // 9
}};
constexpr int kFontScale = 2;  // each font pixel is 2x2 image pixels

// Palette indices of the GIF: white ground (and blank), black digits, grey frame, then one colour
// per goal cell.
constexpr int kGifWhite = 0, kGifBlack = 1, kGifGrey = 2, kGifFirstTile = 3;

// One frame: the board `tiles` drawn into `pixels` (row-major, `width` a row).
void draw_gif_board(std::vector<uint8_t>& pixels, int width, std::span<const Tile> tiles,
                    const Goal& goal) {
  const int side = goal.side(), k = kPictureCell, m = kPictureMargin;
  std::fill(pixels.begin(), pixels.end(), kGifWhite);
  const auto fill = [&](int x, int y, int w, int h, uint8_t index) {
    for (int yy = y; yy < y + h; ++yy) std::fill_n(pixels.begin() + yy * width + x, w, index);
  };
  for (int c = 0; c < side * side; ++c) {
    const int tile = tiles[c];
    if (tile == 0) continue;
    const int x = m + (c % side) * k, y = m + (c / side) * k;
    fill(x + 1, y + 1, k - 2, k - 2, static_cast<uint8_t>(kGifFirstTile + goal.cell_of(tile)));
    const std::string digits = std::to_string(tile);
    const int glyph_w = 5 * kFontScale, glyph_h = 7 * kFontScale, spacing = kFontScale;
    const int text_w = static_cast<int>(digits.size()) * (glyph_w + spacing) - spacing;
    const int tx = x + (k - text_w) / 2, ty = y + (k - glyph_h) / 2;
    for (size_t d = 0; d < digits.size(); ++d) {
      const auto& glyph = kDigitFont[digits[d] - '0'];
      for (int row = 0; row < 7; ++row)
        for (int col = 0; col < 5; ++col)
          if (glyph[row] & (0x10 >> col))
            fill(tx + static_cast<int>(d) * (glyph_w + spacing) + col * kFontScale,
                 ty + row * kFontScale, kFontScale, kFontScale, kGifBlack);
    }
  }
  const int px = side * k;
  fill(m, m, px, 1, kGifGrey);
  fill(m, m + px - 1, px, 1, kGifGrey);
  fill(m, m, 1, px, kGifGrey);
  fill(m + px - 1, m, 1, px, kGifGrey);
}

// giflib's output function: appends to the byte vector in UserData.
int append_bytes(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<std::vector<uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + length);
  return length;
}

}  // namespace

Expected<std::vector<uint8_t>> gif_animation(const std::vector<std::vector<Tile>>& path,
                                             const Goal& goal) {
  const int side = goal.side(), cells = side * side;
  const int px = side * kPictureCell + 2 * kPictureMargin;
  std::vector<uint8_t> bytes;
  const auto failed = [](int code) {
    return Error{"gif", 0, std::string("giflib: ") + GifErrorString(code)};
  };
  int error = 0;
  GifFileType* gif = EGifOpen(&bytes, append_bytes, &error);
  if (!gif) return failed(error);
  // The palette: 3 fixed colours and one per goal cell, in a table of 128 (cells <= 64).
  ColorMapObject* map = GifMakeMapObject(128, nullptr);
  if (!map) {
    EGifCloseFile(gif, &error);
    return Error{"gif", 0, "giflib: cannot make a colour map"};
  }
  std::fill(map->Colors, map->Colors + 128, GifColorType{255, 255, 255});
  map->Colors[kGifBlack] = GifColorType{0, 0, 0};
  map->Colors[kGifGrey] = GifColorType{128, 128, 128};
  for (int cell = 0; cell < cells; ++cell) {
    const Rgb c = tile_colour(cell, cells);
    map->Colors[kGifFirstTile + cell] = GifColorType{c.r, c.g, c.b};
  }
  EGifSetGifVersion(gif, true);
  bool ok = EGifPutScreenDesc(gif, px, px, 7, kGifWhite, map) == GIF_OK;
  GifFreeMapObject(map);
  // The Netscape extension: loop forever.
  static const GifByteType kNetscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType kLoopForever[] = {1, 0, 0};
  ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof kNetscape, kNetscape) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof kLoopForever, kLoopForever) == GIF_OK &&
       EGifPutExtensionTrailer(gif) == GIF_OK;
  std::vector<uint8_t> pixels(static_cast<size_t>(px) * px);
  for (size_t i = 0; ok && i < path.size(); ++i) {
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSAL_UNSPECIFIED;
    control.UserInputFlag = false;
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    control.DelayTime = i + 1 == path.size() ? 200 : i == 0 ? 50 : 40;  // hundredths of a second
    GifByteType extension[4];
    const size_t length = EGifGCBToExtension(&control, extension);
    draw_gif_board(pixels, px, path[i], goal);
    ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) ==
             GIF_OK &&
         EGifPutImageDesc(gif, 0, 0, px, px, false, nullptr) == GIF_OK;
    for (int row = 0; ok && row < px; ++row)
      ok = EGifPutLine(gif, pixels.data() + static_cast<size_t>(row) * px, px) == GIF_OK;
  }
  const int last_error = gif->Error;
  if (EGifCloseFile(gif, &error) != GIF_OK) return failed(error);
  if (!ok) return failed(last_error);
  return bytes;
}

}  // namespace taquin
