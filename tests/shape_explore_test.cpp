// Tests of the exhaustive BFS of boards of any shape (shape/explore.hpp) against a hash-set BFS.
#include <gtest/gtest.h>

#include <cstdlib>
#include <unordered_set>

#include "core/explore.hpp"
#include "shape/explore.hpp"
#include "shape/grid.hpp"

namespace taquin::shape {
namespace {

// The number of states at each depth, by a plain BFS from the goal over a hash set of states,
// each a board's labels packed four bits a cell (boards of at most 16 cells).
std::vector<uint64_t> hash_set_counts(int rows, int cols, int blank_goal) {
  const int n = rows * cols;
  const Grid goal = Grid::identity(rows, cols, blank_goal);
  uint64_t start = 0;
  for (int c = 0; c < n; ++c) start |= uint64_t{goal.cells[c]} << (4 * c);
  std::unordered_set<uint64_t> seen{start};
  seen.reserve(factorial(n) / 2);
  std::vector<uint64_t> layer{start}, next;
  std::vector<uint64_t> counts;
  while (!layer.empty()) {
    counts.push_back(layer.size());
    next.clear();
    for (uint64_t key : layer) {
      int blank = 0;
      while (((key >> (4 * blank)) & 15) != static_cast<uint64_t>(blank_goal)) ++blank;
      for (Dir d : {Dir::Up, Dir::Down, Dir::Left, Dir::Right}) {
        const int to = goal.target(blank, d);
        if (to < 0) continue;
        const uint64_t tile = (key >> (4 * to)) & 15;
        const uint64_t child = key ^ ((tile ^ static_cast<uint64_t>(blank_goal)) << (4 * to)) ^
                               ((tile ^ static_cast<uint64_t>(blank_goal)) << (4 * blank));
        if (seen.insert(child).second) next.push_back(child);
      }
    }
    layer.swap(next);
  }
  return counts;
}

struct Case {
  int rows, cols, blank, greatest;
};

TEST(ShapeExplore, CountsByDepthEqualAHashSetSearch) {
  // Greatest depths of the standard goals: 6 (2x2), 21 (2x3), 36 (2x4), 31 (3x3), 55 (2x5).
  for (const Case& c : {Case{2, 2, 3, 6}, Case{2, 3, 5, 21}, Case{3, 2, 0, -1}, Case{2, 3, 1, -1},
                        Case{2, 4, 7, 36}, Case{3, 3, 8, 31}, Case{3, 3, 4, -1}, Case{2, 5, 9, 55},
                        Case{5, 2, 4, -1}}) {
    SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) + " blank " +
                 std::to_string(c.blank));
    auto dist = all_distances_shape(c.rows, c.cols, c.blank);
    ASSERT_TRUE(dist.ok()) << dist.error().describe();
    const std::vector<uint64_t> counts = counts_by_depth(*dist);
    EXPECT_EQ(counts, hash_set_counts(c.rows, c.cols, c.blank));
    if (c.greatest >= 0) {
      EXPECT_EQ(static_cast<int>(counts.size()) - 1, c.greatest);
    }
    uint64_t total = 0;
    for (uint64_t n : counts) total += n;
    EXPECT_EQ(total, factorial(c.rows * c.cols) / 2);
  }
}

TEST(ShapeExplore, EqualsTheSquareBoardsArray) {
  for (int blank : {0, 4, 8}) {
    std::vector<Tile> tiles(9);
    for (int c = 0, next = 1; c < 9; ++c) tiles[c] = static_cast<Tile>(c == blank ? 0 : next++);
    const Goal goal = Goal::custom(3, tiles, "test");
    ASSERT_EQ(goal.blank_cell(), blank);
    auto dist = all_distances_shape(3, 3, blank);
    ASSERT_TRUE(dist.ok());
    EXPECT_EQ(*dist, all_distances<3>(goal)) << "blank " << blank;
  }
}

TEST(ShapeExplore, RankRoundTrips) {
  Grid g = Grid::identity(3, 4, 5);
  uint32_t seed = 7;
  for (int i = 0; i < 200; ++i) {
    seed = seed * 1103515245u + 12345u;
    g.move(static_cast<Dir>((seed >> 16) % 4));
    const Grid back = grid_of_rank(grid_rank(g), 3, 4, 5);
    EXPECT_EQ(back.cells, g.cells);
    EXPECT_EQ(back.blank, g.blank);
  }
}

TEST(ShapeExplore, RefusesBoardsAboveTwelveCells) {
  auto big = all_distances_shape(4, 4, 15);
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("20922789888000 states"), std::string::npos)
      << big.error().message;
  auto wide = all_distances_shape(2, 7, 13);
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().message.find("87178291200 states"), std::string::npos);
  auto huge = all_distances_shape(5, 5, 0);
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.error().message.find("25!"), std::string::npos) << huge.error().message;
  EXPECT_FALSE(all_distances_shape(1, 6, 0).ok());
  EXPECT_FALSE(all_distances_shape(2, 3, 6).ok());
  EXPECT_FALSE(all_distances_shape(2, 3, -1).ok());
}

// The 12-cell boards: 479,001,600 entries each; set TAQUIN_SLOW_SHAPES=1 to run.
TEST(ShapeExploreSlow, TwelveCellBoardsGreatestDepths) {
  if (std::getenv("TAQUIN_SLOW_SHAPES") == nullptr)
    GTEST_SKIP() << "set TAQUIN_SLOW_SHAPES=1 for the 12-cell explorations";
  for (const Case& c : {Case{3, 4, 11, 53}, Case{2, 6, 11, 80}}) {
    auto dist = all_distances_shape(c.rows, c.cols, c.blank);
    ASSERT_TRUE(dist.ok());
    const std::vector<uint64_t> counts = counts_by_depth(*dist);
    EXPECT_EQ(static_cast<int>(counts.size()) - 1, c.greatest);
    uint64_t total = 0;
    for (uint64_t n : counts) total += n;
    EXPECT_EQ(total, factorial(12) / 2);
  }
}

}  // namespace
}  // namespace taquin::shape
