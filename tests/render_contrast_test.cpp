// The colours of neighbouring goal cells are told apart at a glance: a CIEDE2000 difference of at
// least 10 between the tiles of cells next to each other, in the pictures (tile_colour) and in
// the terminal's 256 colours (tile_xterm256), on every side.
#include <gtest/gtest.h>

#include <cmath>

#include "render/render.hpp"

namespace taquin {
namespace {

struct Lab {
  double l, a, b;
};

// sRGB (D65) to CIELAB.
Lab to_lab(Rgb c) {
  const auto linear = [](int v) {
    const double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  };
  const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) {
    return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
  };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// CIEDE2000 (Sharma, Wu and Dalal's formulation), kL = kC = kH = 1.
double ciede2000(Lab p, Lab q) {
  const double pi = std::acos(-1.0), deg = pi / 180;
  const double c1 = std::hypot(p.a, p.b), c2 = std::hypot(q.a, q.b), cm = (c1 + c2) / 2;
  const double g = 0.5 * (1 - std::sqrt(std::pow(cm, 7) / (std::pow(cm, 7) + std::pow(25.0, 7))));
  const double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
  const double cp1 = std::hypot(a1, p.b), cp2 = std::hypot(a2, q.b);
  const auto hue = [&](double b, double a) {
    if (a == 0 && b == 0) return 0.0;
    const double h = std::atan2(b, a) / deg;
    return h < 0 ? h + 360 : h;
  };
  const double h1 = hue(p.b, a1), h2 = hue(q.b, a2);
  const double dl = q.l - p.l, dc = cp2 - cp1;
  double dh = 0;
  if (cp1 * cp2 != 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    if (dh < -180) dh += 360;
  }
  const double dbig_h = 2 * std::sqrt(cp1 * cp2) * std::sin(dh / 2 * deg);
  const double lm = (p.l + q.l) / 2, cpm = (cp1 + cp2) / 2;
  double hm = h1 + h2;
  if (cp1 * cp2 != 0) {
    if (std::abs(h1 - h2) <= 180)
      hm /= 2;
    else
      hm = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const double t = 1 - 0.17 * std::cos((hm - 30) * deg) + 0.24 * std::cos(2 * hm * deg) +
                   0.32 * std::cos((3 * hm + 6) * deg) - 0.20 * std::cos((4 * hm - 63) * deg);
  const double dtheta = 30 * std::exp(-std::pow((hm - 275) / 25, 2));
  const double rc = 2 * std::sqrt(std::pow(cpm, 7) / (std::pow(cpm, 7) + std::pow(25.0, 7)));
  const double sl = 1 + 0.015 * std::pow(lm - 50, 2) / std::sqrt(20 + std::pow(lm - 50, 2));
  const double sc = 1 + 0.045 * cpm, sh = 1 + 0.015 * cpm * t;
  const double rt = -std::sin(2 * dtheta * deg) * rc;
  return std::sqrt(std::pow(dl / sl, 2) + std::pow(dc / sc, 2) + std::pow(dbig_h / sh, 2) +
                   rt * (dc / sc) * (dbig_h / sh));
}

// The colour of an xterm 256-colour cube index.
Rgb xterm_rgb(int index) {
  static constexpr int kLevels[] = {0, 95, 135, 175, 215, 255};
  const int cube = index - 16;
  return Rgb{static_cast<uint8_t>(kLevels[cube / 36]), static_cast<uint8_t>(kLevels[cube / 6 % 6]),
             static_cast<uint8_t>(kLevels[cube % 6])};
}

// The formula itself, on pairs of Sharma, Wu and Dalal's test data (2005, table 1).
TEST(RenderContrast, Ciede2000MatchesItsPublishedTestData) {
  EXPECT_NEAR(ciede2000({50, 2.6772, -79.7751}, {50, 0, -82.7485}), 2.0425, 1e-4);
  EXPECT_NEAR(ciede2000({50, -1.3802, -84.2814}, {50, 0, -82.7485}), 1.0000, 1e-4);
  EXPECT_NEAR(ciede2000({50, 2.5, 0}, {73, 25, -18}), 27.1492, 1e-4);
  EXPECT_NEAR(ciede2000({60.2574, -34.0099, 36.2677}, {60.4626, -34.1751, 39.4387}), 1.2644, 1e-4);
  EXPECT_NEAR(ciede2000({22.7233, 20.0904, -46.6940}, {23.0331, 14.9730, -42.5619}), 2.0373, 1e-4);
}

// Every pair of goal cells next to each other (across a row or a column), on sides 2 to 8: their
// tiles' colours differ by 10 or more, as pictures and as 256-colour cells.
TEST(RenderContrast, NeighbouringGoalCellsDifferByTenOrMore) {
  double least_picture = 1e9, least_terminal = 1e9;
  for (int side = 2; side <= 8; ++side) {
    const int cells = side * side;
    for (int cell = 0; cell < cells; ++cell) {
      for (const int next : {cell + 1, cell + side}) {
        if (next >= cells || (next == cell + 1 && next % side == 0)) continue;
        const double picture =
            ciede2000(to_lab(tile_colour(cell, cells)), to_lab(tile_colour(next, cells)));
        const double terminal = ciede2000(to_lab(xterm_rgb(tile_xterm256(cell, side))),
                                          to_lab(xterm_rgb(tile_xterm256(next, side))));
        EXPECT_GE(picture, 10) << "side " << side << ", cells " << cell << " and " << next;
        EXPECT_GE(terminal, 10) << "side " << side << ", cells " << cell << " and " << next;
        least_picture = std::min(least_picture, picture);
        least_terminal = std::min(least_terminal, terminal);
      }
    }
  }
  RecordProperty("least_picture_difference", std::to_string(least_picture));
  RecordProperty("least_terminal_difference", std::to_string(least_terminal));
}

// The same on rectangles and on large squares (the checkerboard by the shape's columns).
TEST(RenderContrast, NeighbouringGoalCellsDifferByTenOrMoreOnEveryShape) {
  for (const Shape shape :
       {Shape{2, 3}, Shape{3, 2}, Shape{3, 4}, Shape{4, 2}, Shape{2, 8}, Shape{5, 7}, Shape{17, 17},
        Shape{32, 32}, Shape{3, 100}, Shape{100, 100}}) {
    const int cells = shape.cells(), cols = shape.cols;
    int failures = 0;
    for (int cell = 0; cell < cells && failures < 5; ++cell) {
      for (const int next : {cell + 1, cell + cols}) {
        if (next >= cells || (next == cell + 1 && next % cols == 0)) continue;
        const double picture =
            ciede2000(to_lab(tile_colour(cell, shape)), to_lab(tile_colour(next, shape)));
        const double terminal = ciede2000(to_lab(xterm_rgb(tile_xterm256(cell, shape))),
                                          to_lab(xterm_rgb(tile_xterm256(next, shape))));
        if (picture < 10 || terminal < 10) ++failures;
        EXPECT_GE(picture, 10) << shape_name(shape) << ", cells " << cell << " and " << next;
        EXPECT_GE(terminal, 10) << shape_name(shape) << ", cells " << cell << " and " << next;
      }
    }
  }
}

}  // namespace
}  // namespace taquin
