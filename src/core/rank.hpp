// Mixed-radix ranks: the placements of k distinct items on n cells <-> [0, n!/(n-k)!), in
// lexicographic order; permutations are the placements of n items on n cells.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace taquin {

// The most items a permutation rank can cover (20! is the largest factorial below 2^64).
inline constexpr int kMaxRankItems = 20;

// Number of placements of k distinct items on n cells: n!/(n-k)!.
constexpr uint64_t placement_count(int n, int k) {
  uint64_t count = 1;
  for (int i = 0; i < k; ++i) count *= static_cast<uint64_t>(n - i);
  return count;
}

// n! for 0 ≤ n ≤ 20.
constexpr uint64_t factorial(int n) {
  return placement_count(n, n);
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

// Rank of the placement pos[0..k) (distinct cells in [0, n), n ≤ 64): mixed radix with digits
// d_i = pos[i] minus the number of earlier items on smaller cells, radices n, n-1, ..., n-k+1
// (Horner form, one popcount a digit).
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

// Inverse of rank_placement: the cells of the placement of rank `index` (precondition: index <
// placement_count(n, k)); returns the mask of occupied cells.
template <typename Pos>
inline uint64_t unrank_placement(uint64_t index, int n, int k, Pos& pos) {
  uint8_t digits[64];
  index_digits(index, n, k, digits);
  return digits_placement(digits, n, k, pos);
}

// Lexicographic rank of `perm`, a permutation of [0, n) with n = perm.size() ≤ 20: the number of
// permutations of [0, n) that sort before it (its rank as a placement of n items on n cells).
// Ranks 2k and 2k+1 differ by the swap of the last two items, so they have opposite parity.
inline uint64_t rank_permutation(std::span<const uint8_t> perm) {
  const int n = static_cast<int>(perm.size());
  return rank_placement(perm, n, n);
}

// Inverse of rank_permutation: writes into `out` (n = out.size() ≤ 20 items) the permutation of
// [0, n) whose rank is `rank`. Precondition: rank < n!.
inline void unrank_permutation(uint64_t rank, std::span<uint8_t> out) {
  const int n = static_cast<int>(out.size());
  unrank_placement(rank, n, n, out);
}

}  // namespace taquin
