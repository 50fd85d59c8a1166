// Tests of the mixed-radix ranks: placements and permutations in lexicographic order, round
// trips, and the parity of adjacent permutation ranks.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

#include "core/generate.hpp"
#include "core/rank.hpp"
#include "core/solvability.hpp"

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

// The placements of k items on n cells in lexicographic order of their cell tuples, generated
// depth first (each item on the free cells in ascending order): the order in which both earlier
// implementations (permutations; the pattern databases' placements) ranked.
void placements_in_order(int n, int k, std::vector<uint8_t>& tuple, uint64_t used,
                         std::vector<std::vector<uint8_t>>& all) {
  if (static_cast<int>(tuple.size()) == k) {
    all.push_back(tuple);
    return;
  }
  for (int cell = 0; cell < n; ++cell) {
    if (used >> cell & 1) continue;
    tuple.push_back(static_cast<uint8_t>(cell));
    placements_in_order(n, k, tuple, used | uint64_t{1} << cell, all);
    tuple.pop_back();
  }
}

// Every placement of k items on n cells ranks to its place in lexicographic order, and unranks
// back to its cells and their mask.
void expect_lexicographic_ranks(int n, int k) {
  std::vector<std::vector<uint8_t>> all;
  std::vector<uint8_t> tuple;
  placements_in_order(n, k, tuple, 0, all);
  ASSERT_EQ(all.size(), placement_count(n, k)) << n << " cells, " << k << " items";
  for (uint64_t r = 0; r < all.size(); ++r) {
    ASSERT_EQ(rank_placement(all[r], n, k), r) << n << " cells, " << k << " items";
    std::array<uint8_t, 64> cells{};
    const uint64_t occupied = unrank_placement(r, n, k, cells);
    uint64_t mask = 0;
    for (int i = 0; i < k; ++i) {
      ASSERT_EQ(cells[i], all[r][i]) << n << " cells, " << k << " items, rank " << r;
      mask |= uint64_t{1} << all[r][i];
    }
    ASSERT_EQ(occupied, mask) << n << " cells, " << k << " items, rank " << r;
  }
}

TEST(Rank, EveryPlacementOnUpToNineCellsRanksInLexicographicOrder) {
  for (int n = 1; n <= 9; ++n)
    for (int k = 1; k <= n; ++k) expect_lexicographic_ranks(n, k);
}

TEST(Rank, EveryPlacementOfUpToFiveTilesOnFourByFourAndFourOnFiveByFive) {
  for (int k = 1; k <= 5; ++k) expect_lexicographic_ranks(16, k);
  for (int k = 1; k <= 4; ++k) expect_lexicographic_ranks(25, k);
}

}  // namespace
}  // namespace taquin
