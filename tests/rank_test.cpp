// Tests of permutation ranks: round trips, order, and the parity of adjacent ranks.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>

#include "taquin/generate.hpp"
#include "taquin/rank.hpp"
#include "taquin/solvability.hpp"

namespace taquin {
namespace {

TEST(Rank, EveryPermutationOfNineRoundTripsInOrder) {
  std::array<int, 9> order{};
  std::iota(order.begin(), order.end(), 0);
  uint64_t expected = 0;
  std::array<uint8_t, 9> perm{}, back{};
  do {
    std::copy(order.begin(), order.end(), perm.begin());
    ASSERT_EQ(rank_permutation(perm), expected);
    unrank_permutation(expected, back);
    ASSERT_EQ(back, perm);
    ++expected;
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(expected, factorial(9));
}

TEST(Rank, SixteenItemsRoundTripAndAdjacentRanksHaveOppositeParity) {
  Random random(7);
  std::array<uint8_t, 16> perm{}, back{}, twin{};
  for (int trial = 0; trial < 2000; ++trial) {
    const uint64_t r = random.below(factorial(16));
    unrank_permutation(r, perm);
    EXPECT_EQ(rank_permutation(perm), r);
    unrank_permutation(r ^ 1, twin);
    EXPECT_NE(permutation_parity(perm), permutation_parity(twin));
    back = perm;
    std::sort(back.begin(), back.end());
    for (int i = 0; i < 16; ++i) ASSERT_EQ(back[i], i);
  }
  std::array<uint8_t, 16> last{};
  std::iota(last.rbegin(), last.rend(), uint8_t{0});
  EXPECT_EQ(rank_permutation(last), factorial(16) - 1);
}

}  // namespace
}  // namespace taquin
