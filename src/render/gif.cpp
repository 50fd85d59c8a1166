// The animated GIF of a solution (giflib), its digits from the project's own bitmap font.
#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <string>

#include "render/render.hpp"

namespace taquin {

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

// Palette indices of the GIF: white ground (and blank), black digits, grey frame, then the tiles'
// colours.
constexpr int kGifWhite = 0, kGifBlack = 1, kGifGrey = 2, kGifFirstTile = 3;
constexpr int kGifLevels = 126;  // gradient steps a parity over 253 goal cells

// The GIF's palette: the fixed colours, then one colour per goal cell when they fit in 256
// entries, else kGifLevels steps of the gradient for each parity of the checkerboard; and the
// palette index of each goal cell.
struct GifPalette {
  std::vector<GifColorType> colours;
  std::vector<uint8_t> of_cell;
};

GifPalette gif_palette(Shape shape) {
  const int cells = shape.cells();
  GifPalette p;
  p.colours = {{255, 255, 255}, {0, 0, 0}, {128, 128, 128}};
  p.of_cell.resize(cells);
  if (kGifFirstTile + cells <= 256) {
    for (int cell = 0; cell < cells; ++cell) {
      const Rgb c = tile_colour(cell, shape);
      p.colours.push_back({c.r, c.g, c.b});
      p.of_cell[cell] = static_cast<uint8_t>(kGifFirstTile + cell);
    }
  } else {
    // tile_colour's gradient: green `rise` from 0 to 255, blue 255 - rise on even cells; red 210
    // and blue half the range away on odd cells. Levels are rounded so that no cell's blue wraps.
    for (const bool odd : {false, true})
      for (int level = 0; level < kGifLevels; ++level) {
        const int rise = (255 * level + (kGifLevels - 1) / 2) / (kGifLevels - 1);
        int blue = 255 - rise;
        if (odd) blue = blue >= 128 ? blue - 128 : blue + 128;
        p.colours.push_back({static_cast<GifByteType>(odd ? 210 : 255),
                             static_cast<GifByteType>(rise), static_cast<GifByteType>(blue)});
      }
    for (int cell = 0; cell < cells; ++cell) {
      const Rgb c = tile_colour(cell, shape);
      const int level = (c.g * (kGifLevels - 1) + 127) / 255;
      p.of_cell[cell] = static_cast<uint8_t>(kGifFirstTile + (c.r != 255) * kGifLevels + level);
    }
  }
  return p;
}

// One frame: the board `tiles` drawn into `pixels` (row-major, `width` a row).
void draw_gif_board(std::vector<uint8_t>& pixels, int width, std::span<const Tile> tiles,
                    const Goal& goal, const GifPalette& palette) {
  const Shape shape = goal.shape();
  const int k = picture_cell(shape), m = kPictureMargin;
  std::fill(pixels.begin(), pixels.end(), kGifWhite);
  const auto fill = [&](int x, int y, int w, int h, uint8_t index) {
    for (int yy = y; yy < y + h; ++yy)
      std::fill_n(pixels.begin() + static_cast<size_t>(yy) * width + x, w, index);
  };
  for (int c = 0; c < shape.cells(); ++c) {
    const int tile = tiles[c];
    if (tile == 0) continue;
    const int x = m + (c % shape.cols) * k, y = m + (c / shape.cols) * k;
    fill(x + 1, y + 1, k - 2, k - 2, palette.of_cell[goal.cell_of(tile)]);
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
  const int w = shape.cols * k, h = shape.rows * k;
  fill(m, m, w, 1, kGifGrey);
  fill(m, m + h - 1, w, 1, kGifGrey);
  fill(m, m, 1, h, kGifGrey);
  fill(m + w - 1, m, 1, h, kGifGrey);
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
  const Shape shape = goal.shape();
  const int k = picture_cell(shape);
  const int width = shape.cols * k + 2 * kPictureMargin,
            height = shape.rows * k + 2 * kPictureMargin;
  std::vector<uint8_t> bytes;
  const auto failed = [](int code) {
    return Error{"gif", 0, std::string("giflib: ") + GifErrorString(code)};
  };
  int error = 0;
  GifFileType* gif = EGifOpen(&bytes, append_bytes, &error);
  if (!gif) return failed(error);
  // A table of 128 entries while the colours fit (up to 125 goal cells), else of 256.
  const GifPalette palette = gif_palette(shape);
  const int table = palette.colours.size() <= 128 ? 128 : 256;
  ColorMapObject* map = GifMakeMapObject(table, nullptr);
  if (!map) {
    EGifCloseFile(gif, &error);
    return Error{"gif", 0, "giflib: cannot make a colour map"};
  }
  std::fill(map->Colors, map->Colors + table, GifColorType{255, 255, 255});
  std::copy(palette.colours.begin(), palette.colours.end(), map->Colors);
  EGifSetGifVersion(gif, true);
  bool ok = EGifPutScreenDesc(gif, width, height, 7, kGifWhite, map) == GIF_OK;
  GifFreeMapObject(map);
  // The Netscape extension: loop forever.
  static const GifByteType kNetscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType kLoopForever[] = {1, 0, 0};
  ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof kNetscape, kNetscape) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof kLoopForever, kLoopForever) == GIF_OK &&
       EGifPutExtensionTrailer(gif) == GIF_OK;
  std::vector<uint8_t> pixels(static_cast<size_t>(width) * height);
  for (size_t i = 0; ok && i < path.size(); ++i) {
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSAL_UNSPECIFIED;
    control.UserInputFlag = false;
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    control.DelayTime = i + 1 == path.size() ? 200 : i == 0 ? 50 : 40;  // hundredths of a second
    GifByteType extension[4];
    const size_t length = EGifGCBToExtension(&control, extension);
    draw_gif_board(pixels, width, path[i], goal, palette);
    ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) ==
             GIF_OK &&
         EGifPutImageDesc(gif, 0, 0, width, height, false, nullptr) == GIF_OK;
    for (int row = 0; ok && row < height; ++row)
      ok = EGifPutLine(gif, pixels.data() + static_cast<size_t>(row) * width, width) == GIF_OK;
  }
  const int last_error = gif->Error;
  if (EGifCloseFile(gif, &error) != GIF_OK) return failed(error);
  if (!ok) return failed(last_error);
  return bytes;
}

}  // namespace taquin
