// Ranking of group placements: the cells of k distinct tiles on n cells <-> [0, n!/(n-k)!).
#pragma once

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace taquin::pdb {

// Number of placements of k distinct tiles on n cells: n!/(n-k)!.
constexpr uint64_t placement_count(int n, int k) {
  uint64_t count = 1;
  for (int i = 0; i < k; ++i) count *= static_cast<uint64_t>(n - i);
  return count;
}

// The `r`-th (0-based) set bit of `mask`, as a bit index; precondition r < popcount(mask).
inline int select_bit(uint64_t mask, int r) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(uint64_t{1} << r, mask));
#else
  for (int i = 0; i < r; ++i) mask &= mask - 1;
  return std::countr_zero(mask);
#endif
}

// Rank of the placement pos[0..k) (distinct cells in [0, n)): mixed radix with digits
// d_i = pos[i] minus the number of earlier tiles on smaller cells, radices n, n-1, ..., n-k+1.
template <typename Pos>
inline uint64_t rank_placement(const Pos& pos, int n, int k) {
  uint64_t seen = 0, index = 0;
  for (int i = 0; i < k; ++i) {
    const int p = pos[i];
    const uint64_t below = (uint64_t{1} << p) - 1;
    index = index * static_cast<uint64_t>(n - i) +
            static_cast<uint64_t>(p - std::popcount(seen & below));
    seen |= uint64_t{1} << p;
  }
  return index;
}

// Digits of `index` (the d_i above), most significant first.
template <typename Digits>
inline void index_digits(uint64_t index, int n, int k, Digits& digits) {
  for (int i = k - 1; i >= 0; --i) {
    const uint64_t radix = static_cast<uint64_t>(n - i);
    digits[i] = static_cast<uint8_t>(index % radix);
    index /= radix;
  }
}

// Cells of the placement with `digits`; returns the mask of occupied cells.
template <typename Digits, typename Pos>
inline uint64_t digits_placement(const Digits& digits, int n, int k, Pos& pos) {
  const uint64_t all = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  uint64_t seen = 0;
  for (int i = 0; i < k; ++i) {
    const int p = select_bit(all & ~seen, digits[i]);
    pos[i] = static_cast<uint8_t>(p);
    seen |= uint64_t{1} << p;
  }
  return seen;
}

// Cells of the placement of rank `index`; returns the mask of occupied cells.
template <typename Pos>
inline uint64_t unrank_placement(uint64_t index, int n, int k, Pos& pos) {
  uint8_t digits[64];
  index_digits(index, n, k, digits);
  return digits_placement(digits, n, k, pos);
}

}  // namespace taquin::pdb

namespace taquin::pdb {

// Walks placements in rank order from a starting index, keeping digits and cells up to date:
// advancing recomputes only the cells from the lowest changed digit on.
class PlacementCursor {
 public:
  PlacementCursor(int n, int k, uint64_t index) : n_(n), k_(k) {
    all_ = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    index_digits(index, n, k, digits_);
    refresh(0);
  }
  // Cells of the tiles, in group order.
  const uint8_t* cells() const { return pos_; }
  // Mask of occupied cells.
  uint64_t occupied() const { return seen_[k_]; }
  // Steps to the next rank (wrapping to rank 0 after the last).
  void advance() {
    int i = k_ - 1;
    while (i >= 0 && ++digits_[i] == n_ - i) digits_[i--] = 0;
    refresh(i < 0 ? 0 : i);
  }

 private:
  void refresh(int from) {
    for (int i = from; i < k_; ++i) {
      const int p = select_bit(all_ & ~seen_[i], digits_[i]);
      pos_[i] = static_cast<uint8_t>(p);
      seen_[i + 1] = seen_[i] | (uint64_t{1} << p);
    }
  }
  int n_, k_;
  uint64_t all_;
  uint8_t digits_[64]{};
  uint8_t pos_[64]{};
  uint64_t seen_[65]{};
};

}  // namespace taquin::pdb
