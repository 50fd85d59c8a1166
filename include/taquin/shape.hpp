// A board's shape (rows × columns, 2 to 100 each) and the type of a tile's number.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "taquin/error.hpp"

namespace taquin {

// A tile's number: 0 is the blank, the pieces are 1 to rows × columns − 1.
using Tile = uint16_t;

inline constexpr int kMinDim = 2;    // fewest rows or columns of a board
inline constexpr int kMaxDim = 100;  // most rows or columns of a board

// Rows × columns of a board; cells are numbered row-major from 0.
struct Shape {
  int rows = 0;
  int cols = 0;

  // A square of side `side`.
  static constexpr Shape square(int side) { return Shape{side, side}; }
  constexpr int cells() const { return rows * cols; }
  constexpr bool is_square() const { return rows == cols; }
  friend constexpr bool operator==(const Shape&, const Shape&) = default;
};

// "4x5" (rows x columns), or "4x4" for a square.
inline std::string shape_name(Shape s) {
  return std::to_string(s.rows) + "x" + std::to_string(s.cols);
}

// Why `s` is not a board's shape (a dimension outside [kMinDim, kMaxDim]), or nullopt.
inline std::optional<std::string> shape_problem(Shape s) {
  const auto check = [](int n, const char* what) -> std::optional<std::string> {
    if (n >= kMinDim && n <= kMaxDim) return std::nullopt;
    return std::string(what) + " " + std::to_string(n) + " is out of range (" +
           std::to_string(kMinDim) + " to " + std::to_string(kMaxDim) + ")";
  };
  if (s.is_square()) return check(s.rows, "side");
  if (auto bad = check(s.rows, "rows")) return bad;
  return check(s.cols, "columns");
}

// Parses a shape: "N" (a square) or "RxC" ('x' or 'X'), each number in [kMinDim, kMaxDim]. Errors
// name `source` and no line.
Expected<Shape> parse_shape(std::string_view text, std::string_view source);

}  // namespace taquin
