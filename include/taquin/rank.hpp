// Permutation ranks: the lexicographic bijection between permutations of [0, n) and [0, n!).
#pragma once

#include <cstdint>
#include <span>

namespace taquin {

// The most items a rank can cover (20! is the largest factorial below 2^64).
inline constexpr int kMaxRankItems = 20;

// n! for 0 ≤ n ≤ 20.
constexpr uint64_t factorial(int n) {
  uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<uint64_t>(i);
  return f;
}

// Lexicographic rank of `perm`, a permutation of [0, n) with n = perm.size() ≤ 20: the number of
// permutations of [0, n) that sort before it. O(n), counting smaller unused items by popcount.
// Ranks 2k and 2k+1 differ by the swap of the last two items, so they have opposite parity.
uint64_t rank_permutation(std::span<const uint8_t> perm);

// Inverse of rank_permutation: writes into `out` (n = out.size() ≤ 20 items) the permutation of
// [0, n) whose rank is `rank`. Precondition: rank < n!.
void unrank_permutation(uint64_t rank, std::span<uint8_t> out);

}  // namespace taquin
