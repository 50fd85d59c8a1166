// Sets of cells as bit masks: binomial coefficients, ranks in colex order, the next set.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace taquin::pdb {

// C(m, j) for 0 <= m, j <= 64 (0 when j > m); every entry fits in 64 bits.
inline constexpr std::array<std::array<uint64_t, 65>, 65> kBinomial = [] {
  std::array<std::array<uint64_t, 65>, 65> c{};
  for (int m = 0; m <= 64; ++m) {
    c[m][0] = 1;
    for (int j = 1; j <= m; ++j) c[m][j] = c[m - 1][j - 1] + c[m - 1][j];
  }
  return c;
}();

// C(n, r) for n <= 64; 0 when r < 0 or r > n.
constexpr uint64_t binomial(int n, int r) {
  return r < 0 || r > n ? 0 : kBinomial[static_cast<size_t>(n)][static_cast<size_t>(r)];
}

// Rank of the set `cells` among the sets of as many cells, in colex order (the order of their
// masks as numbers): the sum over its i-th lowest cell c (from i = 0) of C(c, i + 1).
inline uint64_t colex_rank(uint64_t cells) {
  uint64_t rank = 0;
  for (size_t i = 1; cells != 0; cells &= cells - 1, ++i)
    rank += kBinomial[static_cast<size_t>(std::countr_zero(cells))][i];
  return rank;
}

// The set of as many cells that follows `cells` in colex order (Gosper's step). Precondition:
// `cells` is not empty and not the last set of its size on the board.
constexpr uint64_t next_colex(uint64_t cells) {
  const uint64_t low = cells & (~cells + 1), ripple = cells + low;
  return ripple | (((cells ^ ripple) >> 2) / low);
}

}  // namespace taquin::pdb
