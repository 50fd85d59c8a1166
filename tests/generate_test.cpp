// Tests of the random generator: determinism, class membership, uniformity, walks.
#include <gtest/gtest.h>

#include <map>

#include "core/generate.hpp"
#include "core/solvability.hpp"

namespace taquin {
namespace {

TEST(Generate, SameSeedSameStream) {
  Random a(99), b(99), c(100);
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    EXPECT_NE(x, c.next());
  }
}

TEST(Generate, ClassesAreRespected) {
  Random random(5);
  for (const Goal& goal : {Goal::standard(4), Goal::snail(3), Goal::zero_first(5)}) {
    for (int i = 0; i < 200; ++i) {
      EXPECT_TRUE(is_solvable(random_board(random, goal, Solvability::Solvable), goal));
      EXPECT_FALSE(is_solvable(random_board(random, goal, Solvability::Unsolvable), goal));
    }
  }
}

// On 2x2 each of the 12 solvable arrangements should come up about equally often.
TEST(Generate, UniformOverTheClass) {
  Random random(11);
  const Goal goal = Goal::standard(2);
  std::map<std::vector<Tile>, int> counts;
  const int draws = 24000;
  for (int i = 0; i < draws; ++i) ++counts[random_board(random, goal, Solvability::Solvable)];
  ASSERT_EQ(counts.size(), 12u);
  for (const auto& [tiles, n] : counts) {
    EXPECT_GT(n, draws / 12 * 0.85);
    EXPECT_LT(n, draws / 12 * 1.15);
  }
}

TEST(Generate, WalksStaySolvableAndNeverBacktrack) {
  Random random(3);
  const Goal goal = Goal::standard(4);
  for (int steps = 0; steps < 60; ++steps) {
    const auto tiles = random_walk(random, goal, steps);
    EXPECT_TRUE(is_solvable(tiles, goal));
  }
  // A 2-step walk that never undoes its first step cannot return to the goal.
  for (int i = 0; i < 50; ++i) EXPECT_NE(random_walk(random, goal, 2), goal.tiles());
  EXPECT_EQ(random_walk(random, goal, 0), goal.tiles());
}

}  // namespace
}  // namespace taquin
