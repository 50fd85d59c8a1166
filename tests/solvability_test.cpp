// Solvability by parity checked against exhaustive BFS reachability on 2x2 and 3x3.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>

#include "core/explore.hpp"
#include "core/solvability.hpp"
#include "taquin/io.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

// Parity test == reachability (the exhaustive BFS of explore.hpp) for all N²! arrangements.
template <int N>
void check_all_arrangements(const Goal& goal) {
  const std::vector<uint8_t> dist = all_distances<N>(goal);
  std::array<Tile, N * N> t{};
  std::iota(t.begin(), t.end(), Tile{0});
  size_t total = 0, solvable = 0;
  do {
    const Board<N> canonical = goal.canonical<N>(t);
    const bool expected = dist[board_rank(canonical)] != kUnreached;
    ASSERT_EQ(is_solvable(t, goal), expected) << format_board(t, N, BoardFormat::OneLine);
    ASSERT_EQ(is_solvable(canonical), expected);
    ++total;
    solvable += expected;
  } while (std::next_permutation(t.begin(), t.end()));
  EXPECT_EQ(solvable * 2, total);
}

TEST(Solvability, AllTwoByTwoArrangements) {
  check_all_arrangements<2>(Goal::standard(2));
  check_all_arrangements<2>(Goal::snail(2));
  check_all_arrangements<2>(Goal::zero_first(2));
}

TEST(Solvability, AllThreeByThreeArrangementsStandardGoal) {
  check_all_arrangements<3>(Goal::standard(3));
}

TEST(Solvability, AllThreeByThreeArrangementsSnailGoal) {
  check_all_arrangements<3>(Goal::snail(3));
}

TEST(Solvability, KnownUnsolvable) {
  const std::vector<Tile> t = {1, 2, 3, 4, 5, 6, 8, 7, 0};
  EXPECT_FALSE(is_solvable(t, Goal::standard(3)));
}

TEST(Solvability, ReferenceDataAllSolvable) {
  const std::pair<const char*, Goal> sets[] = {
      {"korf100", Goal::zero_first(4)},
      {"korf100-standard-goal", Goal::standard(4)},
      {"hardest80", Goal::standard(4)},
      {"hardest8", Goal::standard(3)},
  };
  for (const auto& [name, goal] : sets) {
    const std::vector<Instance> set = testing::reference_set(name);
    EXPECT_GT(set.size(), 1u);
    for (const Instance& inst : set) {
      EXPECT_TRUE(is_solvable(inst.tiles, goal)) << name << ":" << inst.line;
      EXPECT_TRUE(inst.optimal_length.has_value());
    }
  }
}

TEST(Solvability, PermutationParity) {
  const std::vector<Tile> identity = {0, 1, 2, 3};
  const std::vector<Tile> swap = {1, 0, 2, 3};
  const std::vector<Tile> three_cycle = {1, 2, 0, 3};
  EXPECT_EQ(permutation_parity(identity), 0);
  EXPECT_EQ(permutation_parity(swap), 1);
  EXPECT_EQ(permutation_parity(three_cycle), 0);
}

}  // namespace
}  // namespace taquin
