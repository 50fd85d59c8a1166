// Reading pictures back in the picture tests: PNGs (libpng), SVGs rendered by rsvg-convert,
// GIFs decoded by giflib, and the check that a board is drawn where and in the colours it should.
#pragma once

#include <gif_lib.h>
#include <gtest/gtest.h>
#include <png.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "render/render.hpp"
#include "taquin/goal.hpp"

namespace taquin::picture {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
  Rgb at(int x, int y) const {
    const size_t i = (static_cast<size_t>(y) * width + x) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2]};
  }
};

// The PNG file `png` read back with libpng.
inline Image read_png(const std::string& png) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Image out;
  if (!png_image_begin_read_from_file(&image, png.c_str())) {
    ADD_FAILURE() << "cannot read " << png;
    return out;
  }
  image.format = PNG_FORMAT_RGBA;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.rgba.resize(PNG_IMAGE_SIZE(image));
  EXPECT_TRUE(png_image_finish_read(&image, nullptr, out.rgba.data(), 0, nullptr));
  return out;
}

// `svg` rendered by rsvg-convert and read back with libpng.
inline Image render_svg(const std::string& svg) {
  const std::string png = svg + ".png";
  const std::string command = "rsvg-convert '" + svg + "' -o '" + png + "' 2>/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << "rsvg-convert (librsvg2-bin) failed on " << svg;
  return read_png(png);
}

// Colours equal within the antialiasing of a renderer.
inline bool near(Rgb a, Rgb b) {
  return std::abs(a.r - b.r) <= 3 && std::abs(a.g - b.g) <= 3 && std::abs(a.b - b.b) <= 3;
}

// Checks the board `tiles` drawn with its top-left cell at (x0, y0): the blank's cell white at
// its centre, every tile's square in its goal cell's colour near its top-left corner.
inline void expect_board(const Image& image, int x0, int y0, const std::vector<Tile>& tiles,
                         const Goal& goal, const std::string& what) {
  const Shape shape = goal.shape();
  const int k = picture_cell(shape);
  for (int c = 0; c < shape.cells(); ++c) {
    const int x = x0 + (c % shape.cols) * k, y = y0 + (c / shape.cols) * k;
    if (tiles[c] == 0) {
      EXPECT_TRUE(near(image.at(x + k / 2, y + k / 2), kBlankColour))
          << what << ": the blank's cell " << c << " is not white";
    } else {
      const Rgb want = tile_colour(goal.cell_of(tiles[c]), shape);
      const Rgb got = image.at(x + 6, y + 6);
      EXPECT_TRUE(near(got, want))
          << what << ": cell " << c << " (tile " << int(tiles[c]) << ") is " << int(got.r) << ","
          << int(got.g) << "," << int(got.b);
    }
  }
}

inline std::string read_all(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path, std::ios::binary).rdbuf();
  return s.str();
}

struct Gif {
  int width = 0, height = 0;
  std::vector<std::vector<Rgb>> frames;
  bool loops = false;
};

inline Gif decode_gif(const std::string& path) {
  Gif out;
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (!gif) {
    ADD_FAILURE() << "giflib cannot open " << path << ": " << GifErrorString(error);
    return out;
  }
  EXPECT_EQ(DGifSlurp(gif), GIF_OK);
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    const ColorMapObject* map =
        image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
    EXPECT_EQ(image.ImageDesc.Width, out.width);
    std::vector<Rgb> pixels;
    for (int p = 0; p < image.ImageDesc.Width * image.ImageDesc.Height; ++p) {
      const GifColorType c = map->Colors[image.RasterBits[p]];
      pixels.push_back({c.Red, c.Green, c.Blue});
    }
    out.frames.push_back(std::move(pixels));
  }
  const std::string bytes = read_all(path);
  out.loops = bytes.find("NETSCAPE2.0") != std::string::npos;
  DGifCloseFile(gif, &error);
  return out;
}

// Frame `i` of `gif` as an Image.
inline Image gif_frame(const Gif& gif, size_t i) {
  Image image{gif.width, gif.height, {}};
  for (const Rgb& c : gif.frames[i]) image.rgba.insert(image.rgba.end(), {c.r, c.g, c.b, 255});
  return image;
}

}  // namespace taquin::picture
