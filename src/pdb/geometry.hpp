// Board geometry for pattern databases: neighbour masks, blank regions, symmetries of the square.
#pragma once

#include <array>
#include <cstdint>

#include "taquin/tables.hpp"  // taxicab()

namespace taquin::pdb {

// Cell masks of a side-n board (n from 2 to 8); bit c is cell c, row-major.
struct Geometry {
  int side = 0;
  int cells = 0;
  uint64_t all = 0;
  uint64_t not_first_col = 0;  // cells whose column is not 0
  uint64_t not_last_col = 0;   // cells whose column is not side-1
  std::array<uint64_t, 64> neighbours{};

  explicit Geometry(int n) : side(n), cells(n * n) {
    all = cells == 64 ? ~uint64_t{0} : (uint64_t{1} << cells) - 1;
    for (int c = 0; c < cells; ++c) {
      const int r = c / n, col = c % n;
      if (col != 0) not_first_col |= uint64_t{1} << c;
      if (col != n - 1) not_last_col |= uint64_t{1} << c;
      uint64_t m = 0;
      if (r > 0) m |= uint64_t{1} << (c - n);
      if (r < n - 1) m |= uint64_t{1} << (c + n);
      if (col > 0) m |= uint64_t{1} << (c - 1);
      if (col < n - 1) m |= uint64_t{1} << (c + 1);
      neighbours[c] = m;
    }
  }

  // The cells of `free` connected to `seed` (a subset of `free`) through `free`.
  uint64_t region(uint64_t free, uint64_t seed) const {
    uint64_t r = seed;
    for (;;) {
      const uint64_t grown =
          (r | ((r << 1) & not_first_col) | ((r >> 1) & not_last_col) | (r << side) | (r >> side)) &
          free;
      if (grown == r) return r;
      r = grown;
    }
  }
};

// The 8 symmetries of the square, as maps of cells: bit 0 transposes (r,c) -> (c,r), then bit 1
// flips the rows and bit 2 flips the columns. Symmetry 0 is the identity, 1 the transpose.
constexpr int symmetric_cell(int sym, int cell, int n) {
  int r = cell / n, c = cell % n;
  if (sym & 1) {
    const int t = r;
    r = c;
    c = t;
  }
  if (sym & 2) r = n - 1 - r;
  if (sym & 4) c = n - 1 - c;
  return r * n + c;
}

}  // namespace taquin::pdb
