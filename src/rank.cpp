// Lexicographic permutation rank and unrank over a bit mask of unused items.
#include "taquin/rank.hpp"

#include <bit>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace taquin {

uint64_t rank_permutation(std::span<const uint8_t> perm) {
  const int n = static_cast<int>(perm.size());
  uint32_t unused = (1u << n) - 1;
  uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    const uint32_t bit = 1u << perm[i];
    // Horner form of sum(digit_i * (n-1-i)!): digit_i = unused items smaller than perm[i].
    rank = rank * static_cast<uint64_t>(n - i) + std::popcount(unused & (bit - 1));
    unused &= ~bit;
  }
  return rank;
}

void unrank_permutation(uint64_t rank, std::span<uint8_t> out) {
  const int n = static_cast<int>(out.size());
  uint8_t digits[kMaxRankItems];
  for (int i = n - 1; i >= 0; --i) {  // mixed radix: position i has radix n - i
    const uint64_t radix = static_cast<uint64_t>(n - i);
    digits[i] = static_cast<uint8_t>(rank % radix);
    rank /= radix;
  }
  uint32_t unused = (1u << n) - 1;
  for (int i = 0; i < n; ++i) {
#if defined(__BMI2__)
    const uint32_t pick = _pdep_u32(1u << digits[i], unused);  // the digits[i]-th unused item
#else
    uint32_t rest = unused;
    for (int k = 0; k < digits[i]; ++k) rest &= rest - 1;
    const uint32_t pick = rest & -rest;
#endif
    out[i] = static_cast<uint8_t>(std::countr_zero(pick));
    unused &= ~pick;
  }
}

}  // namespace taquin
