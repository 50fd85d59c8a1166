// Tests of A*, uniform-cost, greedy and BFS against the exhaustive BFS distances, and of A*
// against IDA* on the 15-puzzle.
#include <gtest/gtest.h>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/instances.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::expect_stopped_at_node_limit;
using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

// Checks a solved result: replays on the user's tiles to the goal, and the length.
template <int N>
void expect_solution(const SearchResult& result, const Board<N>& start, const Goal& goal,
                     int distance, bool optimal) {
  ASSERT_EQ(result.outcome, Outcome::Solved);
  ASSERT_TRUE(solves(goal, start, result.moves));
  EXPECT_EQ(result.optimal, optimal);
  if (optimal) {
    EXPECT_EQ(static_cast<int>(result.moves.size()), distance);
  } else {
    EXPECT_GE(static_cast<int>(result.moves.size()), distance);
  }
  EXPECT_GE(result.stats.max_states_in_memory, result.stats.nodes_expanded);
  EXPECT_GE(result.stats.states_selected, result.stats.nodes_expanded);
}

class EightPuzzle : public ::testing::TestWithParam<int> {
 protected:
  Goal goal() const { return GetParam() == 0 ? Goal::standard(3) : Goal::snail(3); }
};

TEST_P(EightPuzzle, AStarWithEveryHeuristicFindsTheBfsDistance) {
  const Goal g = goal();
  const std::vector<uint8_t> dist = all_distances<3>(g);
  const int blank = g.blank_cell();
  for (uint64_t r : sample_ranks(dist, 800, 11 + GetParam())) {
    const Board<3> start = board_of_rank<3>(r, blank);
    expect_solution(astar_search(start, Hamming<3>(blank)), start, g, dist[r], true);
    expect_solution(astar_search(start, Manhattan<3>(blank)), start, g, dist[r], true);
    expect_solution(astar_search(start, LinearConflict<3>(blank)), start, g, dist[r], true);
  }
}

TEST_P(EightPuzzle, UniformCostAndBfsFindTheBfsDistance) {
  const Goal g = goal();
  const std::vector<uint8_t> dist = all_distances<3>(g);
  for (uint64_t r : sample_ranks(dist, 100, 23 + GetParam())) {
    const Board<3> start = board_of_rank<3>(r, g.blank_cell());
    expect_solution(uniform_cost_search(start), start, g, dist[r], true);
    expect_solution(bfs_search(start), start, g, dist[r], true);
  }
}

TEST_P(EightPuzzle, GreedySolutionsReplay) {
  const Goal g = goal();
  const std::vector<uint8_t> dist = all_distances<3>(g);
  const int blank = g.blank_cell();
  int longer = 0;
  for (uint64_t r : sample_ranks(dist, 1500, 37 + GetParam())) {
    const Board<3> start = board_of_rank<3>(r, blank);
    const SearchResult result = greedy_search(start, Manhattan<3>(blank));
    expect_solution(result, start, g, dist[r], false);
    expect_solution(greedy_search(start, LinearConflict<3>(blank)), start, g, dist[r], false);
    longer += static_cast<int>(result.moves.size()) > dist[r];
  }
  EXPECT_GT(longer, 0);  // greedy is not optimal, and the sample shows it
}

INSTANTIATE_TEST_SUITE_P(StandardAndSnail, EightPuzzle, ::testing::Values(0, 1));

TEST(BestFirst, EveryTwoByTwoState) {
  const Goal g = Goal::zero_first(2);
  const std::vector<uint8_t> dist = all_distances<2>(g);
  const int blank = g.blank_cell();
  int solvable = 0;
  for (uint64_t r = 0; r < dist.size(); ++r) {
    const Board<2> start = board_of_rank<2>(r, blank);
    const SearchResult a = astar_search(start, LinearConflict<2>(blank));
    if (dist[r] == kUnreached) {
      EXPECT_EQ(a.outcome, Outcome::Unsolvable);
      EXPECT_EQ(a.stats.nodes_generated, 0u);
      EXPECT_EQ(bfs_search(start).outcome, Outcome::Unsolvable);
      continue;
    }
    ++solvable;
    expect_solution(a, start, g, dist[r], true);
    expect_solution(uniform_cost_search(start), start, g, dist[r], true);
    expect_solution(bfs_search(start), start, g, dist[r], true);
    expect_solution(greedy_search(start, Hamming<2>(blank)), start, g, dist[r], false);
  }
  EXPECT_EQ(solvable, 12);
}

TEST(BestFirst, TheTwoHardestEightPuzzlesTakeThirtyOneMoves) {
  const std::vector<Instance> set = reference_set("hardest8");
  ASSERT_EQ(set.size(), 2u);
  const Goal g = Goal::standard(3);
  for (const Instance& inst : set) {
    const Board<3> start = g.canonical<3>(inst.tiles);
    const int blank = g.blank_cell();
    const SearchResult a = astar_search(start, LinearConflict<3>(blank));
    expect_solution(a, start, g, 31, true);
    expect_solution(uniform_cost_search(start), start, g, 31, true);
    expect_solution(bfs_search(start), start, g, 31, true);
    expect_solution(greedy_search(start, LinearConflict<3>(blank)), start, g, 31, false);
    // The same search gives the same counts: the statistics are deterministic.
    const SearchResult again = astar_search(start, LinearConflict<3>(blank));
    EXPECT_EQ(again.stats.nodes_expanded, a.stats.nodes_expanded);
    EXPECT_EQ(again.stats.nodes_generated, a.stats.nodes_generated);
    EXPECT_EQ(again.moves, a.moves);
  }
}

TEST(BestFirst, FifteenPuzzleHeuristicsAgreeOnOptimalLengths) {
  const Goal g = Goal::standard(4);
  const int blank = g.blank_cell();
  Random random(5);
  for (int i = 0; i < 8; ++i) {
    const Board<4> start = g.canonical<4>(random_walk(random, g, 60));
    const SearchResult lc = astar_search(start, LinearConflict<4>(blank));
    const SearchResult md = astar_search(start, Manhattan<4>(blank));
    ASSERT_EQ(lc.outcome, Outcome::Solved);
    ASSERT_EQ(md.outcome, Outcome::Solved);
    EXPECT_EQ(lc.moves.size(), md.moves.size());
    EXPECT_LE(lc.stats.nodes_expanded, md.stats.nodes_expanded);
    EXPECT_TRUE(solves(g, start, lc.moves));
    const SearchResult greedy = greedy_search(start, LinearConflict<4>(blank));
    ASSERT_EQ(greedy.outcome, Outcome::Solved);
    EXPECT_TRUE(solves(g, start, greedy.moves));
    EXPECT_GE(greedy.moves.size(), lc.moves.size());
  }
}

TEST(BestFirst, MemoryLimitStopsAHardFifteenPuzzleWithStatistics) {
  const std::vector<Instance> set = reference_set("hardest80");
  ASSERT_FALSE(set.empty());
  const Goal g = Goal::standard(4);
  const Board<4> start = g.canonical<4>(set.front().tiles);
  Limits limits;
  limits.max_memory_bytes = 8 << 20;
  for (int run = 0; run < 2; ++run) {
    const SearchResult a = astar_search(start, LinearConflict<4>(g.blank_cell()), limits);
    EXPECT_EQ(a.outcome, Outcome::MemoryLimit);
    EXPECT_TRUE(a.moves.empty());
    EXPECT_FALSE(a.optimal);
    EXPECT_GT(a.stats.nodes_expanded, 10000u);
    // 16-byte nodes alone: the store cannot have held more than the limit allows.
    EXPECT_LT(a.stats.max_states_in_memory * 16, limits.max_memory_bytes);
    const LinearConflict<4> h(g.blank_cell());
    EXPECT_GE(a.lower_bound, h.value(h.init(start)));
    EXPECT_LE(a.lower_bound, 80);
  }
  const SearchResult b = bfs_search(start, limits);
  EXPECT_EQ(b.outcome, Outcome::MemoryLimit);
  const SearchResult u = uniform_cost_search(start, limits);
  EXPECT_EQ(u.outcome, Outcome::MemoryLimit);
}

// A node limit stops every best-first search and BFS after exactly that many expansions (no
// slack: the limit is checked before each expansion once the count reaches it); the lower bound
// reported is at least h(start) and at most the optimum (80) for A* (least f open), and exactly
// the depth reached for uniform-cost (least g open) and BFS (depth under expansion + 1).
TEST(BestFirst, NodeLimitsAreExactAndReportALowerBound) {
  const std::vector<Instance> set = reference_set("hardest80");
  ASSERT_FALSE(set.empty());
  const Goal g = Goal::standard(4);
  const Instance& inst = set.front();
  ASSERT_TRUE(inst.optimal_length.has_value());
  const int optimal = *inst.optimal_length;
  const Board<4> start = g.canonical<4>(inst.tiles);
  const LinearConflict<4> h(g.blank_cell());
  const int start_h = h.value(h.init(start));
  // within[d]: the states at most d moves from the start (a BFS from it, taken as a goal).
  ExploreOptions options;
  options.max_depth = 16;
  const Expected<ExploreResult> explored =
      explore(Goal::custom(4, inst.tiles, "hardest80 #1"), options);
  ASSERT_TRUE(explored.ok());
  std::vector<uint64_t> within;
  for (uint64_t count : explored->count_by_depth)
    within.push_back((within.empty() ? 0 : within.back()) + count);
  ASSERT_GT(within.back(), 50'000u);
  for (uint64_t limit : {100, 1000, 50'000}) {
    Limits limits;
    limits.max_nodes = limit;
    const SearchResult a = astar_search(start, h, limits);
    ASSERT_NO_FATAL_FAILURE(expect_stopped_at_node_limit(a, limit, start_h, optimal));

    const SearchResult u = uniform_cost_search(start, limits);
    ASSERT_EQ(u.outcome, Outcome::NodeLimit) << limit;
    EXPECT_EQ(u.stats.nodes_expanded, limit);
    const SearchResult b = bfs_search(start, limits);
    ASSERT_EQ(b.outcome, Outcome::NodeLimit) << limit;
    EXPECT_EQ(b.stats.nodes_expanded, limit);
    // Both expand by depth: the first depth not wholly expanded is the least g open (uniform);
    // BFS, which tests children as it generates them, proves one more.
    int depth = 0;
    while (within[depth] <= limit) ++depth;
    EXPECT_EQ(u.lower_bound, depth) << limit;
    EXPECT_EQ(b.lower_bound, depth + 1) << limit;

    // Greedy may solve within the limit; else it stops at it with h(start).
    const SearchResult gr = greedy_search(start, h, limits);
    if (gr.outcome == Outcome::Solved) {
      EXPECT_LE(gr.stats.nodes_expanded, limit);
    } else {
      ASSERT_EQ(gr.outcome, Outcome::NodeLimit);
      EXPECT_EQ(gr.stats.nodes_expanded, limit);
      EXPECT_EQ(gr.lower_bound, start_h);
    }
  }
  // A bound that grows with the work: A* past 50,000 expansions has left h(start) behind.
  Limits limits;
  limits.max_nodes = 50'000;
  EXPECT_GT(astar_search(start, h, limits).lower_bound, start_h);
}

TEST(IdaAgainstAStar, FifteenPuzzleLengthsAgreeUnderEveryGoalKind) {
  for (const Goal& g : {Goal::snail(4), Goal::zero_first(4), Goal::standard(4)}) {
    const int blank = g.blank_cell();
    Random random(17);
    for (int i = 0; i < 10; ++i) {
      const Board<4> start = g.canonical<4>(random_walk(random, g, 70));
      const SearchResult a = astar_search(start, LinearConflict<4>(blank));
      const SearchResult ida = ida_search(start, LinearConflict<4>(blank));
      ASSERT_EQ(a.outcome, Outcome::Solved);
      ASSERT_EQ(ida.outcome, Outcome::Solved);
      EXPECT_EQ(a.moves.size(), ida.moves.size()) << g.name() << " walk " << i;
      EXPECT_TRUE(solves(g, start, a.moves));
    }
  }
}

}  // namespace
}  // namespace taquin
