// Tests of the exhaustive BFS against the published counts by depth.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "core/rank.hpp"
#include "core/solvability.hpp"

namespace taquin {
namespace {

// OEIS A089473 (goal 1..8 then blank), A089474 (snail), A089484 (15-puzzle, blank in a corner).
const std::vector<uint64_t> kStandard3 = {1,     2,     4,     8,     16,    20,    39,    62,
                                          116,   152,   286,   396,   748,   1024,  1893,  2512,
                                          4485,  5638,  9529,  10878, 16993, 17110, 23952, 20224,
                                          24047, 15578, 14560, 6274,  3910,  760,   221,   2};
const std::vector<uint64_t> kSnail3 = {1,     4,     8,     8,     16,    32,    60,    72,
                                       136,   200,   376,   512,   964,   1296,  2368,  3084,
                                       5482,  6736,  11132, 12208, 18612, 18444, 24968, 19632,
                                       22289, 13600, 11842, 4340,  2398,  472,   148};
const std::vector<uint64_t> kCorner4 = {1,   2,   4,    10,   24,   54,    107,  212,
                                        446, 946, 1948, 3938, 7808, 15544, 30821};

TEST(Explore, EightPuzzleStandardGoalMatchesA089473) {
  Expected<ExploreResult> r = explore(Goal::standard(3), {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->count_by_depth, kStandard3);
  EXPECT_EQ(r->total, 181440u);
  EXPECT_EQ(r->greatest_depth, 31);
  EXPECT_EQ(r->farthest_count, 2u);
  EXPECT_TRUE(r->complete);
  // The two farthest positions are the two 31-move puzzles of bench/data/hardest8.txt.
  std::vector<std::vector<Tile>> expected = {{8, 6, 7, 2, 5, 4, 3, 0, 1},
                                             {6, 4, 7, 8, 5, 0, 3, 2, 1}};
  std::vector<std::vector<Tile>> got = r->farthest;
  ASSERT_EQ(got.size(), 2u);
  EXPECT_TRUE((got == expected) || (got[0] == expected[1] && got[1] == expected[0]));
}

TEST(Explore, EightPuzzleSnailGoalMatchesA089474) {
  Expected<ExploreResult> r = explore(Goal::snail(3), {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->count_by_depth, kSnail3);
  EXPECT_EQ(r->total, 181440u);
  EXPECT_EQ(r->greatest_depth, 30);
  EXPECT_EQ(r->farthest_count, 148u);
  EXPECT_EQ(r->farthest.size(), 100u);  // keep_farthest's default
}

TEST(Explore, TwoByTwoHasTwelveStates) {
  for (const Goal& goal : {Goal::standard(2), Goal::zero_first(2), Goal::snail(2)}) {
    Expected<ExploreResult> r = explore(goal, {});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total, 12u);
    EXPECT_EQ(r->count_by_depth, (std::vector<uint64_t>{1, 2, 2, 2, 2, 2, 1}));
    EXPECT_TRUE(r->complete);
  }
}

TEST(Explore, DepthBoundCutsTheEightPuzzle) {
  ExploreOptions options;
  options.max_depth = 10;
  Expected<ExploreResult> r = explore(Goal::standard(3), options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->count_by_depth, std::vector<uint64_t>(kStandard3.begin(), kStandard3.begin() + 11));
  EXPECT_EQ(r->greatest_depth, 10);
  EXPECT_EQ(r->farthest_count, 286u);
  EXPECT_FALSE(r->complete);
}

TEST(Explore, FifteenPuzzleToDepthFourteenMatchesA089484ForBothCornerGoals) {
  ExploreOptions options;
  options.max_depth = 14;
  for (const Goal& goal : {Goal::standard(4), Goal::zero_first(4)}) {
    Expected<ExploreResult> r = explore(goal, options);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->count_by_depth, kCorner4);
    EXPECT_EQ(r->farthest_count, 30821u);
    EXPECT_FALSE(r->complete);
  }
}

TEST(Explore, FrontierAndArrayAgreeOnTheEightPuzzle) {
  // The frontier BFS (the 4x4 code path) exhausts the 3x3 board too.
  ExploreOptions options;
  options.max_depth = 40;
  options.use_frontier = true;
  Expected<ExploreResult> bounded = explore(Goal::snail(3), options);
  ASSERT_TRUE(bounded.ok());
  EXPECT_EQ(bounded->count_by_depth, kSnail3);
  EXPECT_TRUE(bounded->complete);
  EXPECT_EQ(bounded->farthest_count, 148u);
}

TEST(Explore, FifteenPuzzleWithoutBoundRefusesWithTheStateCount) {
  Expected<ExploreResult> r = explore(Goal::standard(4), {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("10461394944000"), std::string::npos) << r.error().message;
  EXPECT_EQ(reachable_states_text(3), "181440");
  EXPECT_EQ(reachable_states_text(2), "12");
}

TEST(Explore, MemoryBoundStopsTheFrontier) {
  ExploreOptions options;
  options.max_depth = 30;
  options.max_bytes = 1 << 20;
  Expected<ExploreResult> r = explore(Goal::standard(4), options);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->memory_limit);
  EXPECT_LT(r->greatest_depth, 30);
  EXPECT_LE(r->peak_bytes, uint64_t{1} << 20);
  EXPECT_EQ(r->count_by_depth,
            std::vector<uint64_t>(kCorner4.begin(), kCorner4.begin() + r->greatest_depth + 1));
}

TEST(AllDistances, ReachedExactlyTheSolvableHalfAndNeighboursDifferByOne) {
  for (const Goal& goal : {Goal::standard(3), Goal::snail(3), Goal::zero_first(3)}) {
    const std::vector<uint8_t> dist = all_distances<3>(goal);
    ASSERT_EQ(dist.size(), factorial(9));
    uint64_t reached = 0;
    for (uint64_t r = 0; r < dist.size(); ++r) {
      const Board<3> b = board_of_rank<3>(r, goal.blank_cell());
      ASSERT_EQ(board_rank(b), r);
      ASSERT_EQ(dist[r] != kUnreached, is_solvable(b)) << r;
      if (dist[r] == kUnreached) continue;
      ++reached;
      ASSERT_EQ(dist[r] == 0, b == Board<3>::identity(goal.blank_cell()));
      bool closer = dist[r] == 0;
      for (int k = 0; k < kMoves<3>.count[b.blank()]; ++k) {
        Board<3> c = b;
        c.slide(kMoves<3>.target[b.blank()][k]);
        const int d = dist[board_rank(c)];
        ASSERT_EQ(std::abs(d - dist[r]), 1);
        closer |= d == dist[r] - 1;
      }
      ASSERT_TRUE(closer);
    }
    EXPECT_EQ(reached, 181440u);
  }
}

}  // namespace
}  // namespace taquin
