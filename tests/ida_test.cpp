// Serial IDA*: exact against BFS on every 8-puzzle state, Korf lengths, node signature, limits.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::expect_stopped_at_node_limit;
using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

// Every state in optimised builds; one in 16 in unoptimised (Debug, sanitizer) builds, to keep
// them within minutes.
#ifdef NDEBUG
constexpr uint64_t kStride = 1;
#else
constexpr uint64_t kStride = 16;
#endif

// IDA* with `H` on every 8-puzzle state `g` reaches (one in kStride in unoptimised builds),
// against the exhaustive BFS distances of explore.hpp: each solution optimal, of the BFS length,
// and replayed on the user's tiles. Counts the states actually checked, after their checks, and
// prints the time of the whole check.
template <typename H>
void ida_every_state(const Goal& g) {
  const std::vector<uint8_t> dist = all_distances<3>(g);
  const H h(g.blank_cell());
  const auto start_time = std::chrono::steady_clock::now();
  uint64_t reached = 0, checked = 0, nodes = 0;
  for (uint64_t r = 0; r < dist.size(); ++r) {
    if (dist[r] == kUnreached || reached++ % kStride) continue;
    const Board<3> start = board_of_rank<3>(r, g.blank_cell());
    const SearchResult result = ida_search(start, h);
    ASSERT_EQ(result.outcome, Outcome::Solved) << "rank " << r;
    ASSERT_TRUE(result.optimal);
    ASSERT_EQ(result.moves.size(), dist[r]) << "rank " << r;
    ASSERT_TRUE(solves(g, start, result.moves)) << "rank " << r;
    nodes += result.stats.nodes_generated;
    ++checked;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  EXPECT_EQ(reached, 181440u);
  EXPECT_EQ(checked, (reached + kStride - 1) / kStride) << "states skipped without their checks";
  std::printf("[ timing   ] IDA*, goal %s, %llu states: %.2f s, %llu nodes generated\n",
              g.name().c_str(), static_cast<unsigned long long>(checked), seconds,
              static_cast<unsigned long long>(nodes));
  ::testing::Test::RecordProperty("seconds_" + g.name(), std::to_string(seconds));
}

TEST(Ida, EveryEightPuzzleStateLinearConflictStandardGoal) {
  ida_every_state<LinearConflict<3>>(Goal::standard(3));
}
TEST(Ida, EveryEightPuzzleStateLinearConflictSnailGoal) {
  ida_every_state<LinearConflict<3>>(Goal::snail(3));
}
TEST(Ida, EveryEightPuzzleStateManhattanZeroFirstGoal) {
  ida_every_state<Manhattan<3>>(Goal::zero_first(3));
}

// Samples of every heuristic under every goal kind, against the BFS distances.
TEST(Ida, EightPuzzleSamplesWithEveryHeuristicAndGoal) {
  for (const Goal& g : {Goal::snail(3), Goal::standard(3), Goal::zero_first(3)}) {
    const std::vector<uint8_t> dist = all_distances<3>(g);
    const int blank = g.blank_cell();
    for (uint64_t r : sample_ranks(dist, 2000, 100)) {
      const Board<3> start = board_of_rank<3>(r, blank);
      ASSERT_EQ(ida_search(start, Manhattan<3>(blank)).moves.size(), dist[r]) << r;
      ASSERT_EQ(ida_search(start, LinearConflict<3>(blank)).moves.size(), dist[r]) << r;
    }
    for (uint64_t r : sample_ranks(dist, 200, 102)) {
      const Board<3> start = board_of_rank<3>(r, blank);
      ASSERT_EQ(ida_search(start, Hamming<3>(blank)).moves.size(), dist[r]) << r;
    }
  }
}

TEST(Ida, UnsolvableBoardIsReported) {
  Board<3> b = Board<3>::identity(8);
  b.set(0, 1);
  b.set(1, 0);
  const SearchResult r = ida_search(b, LinearConflict<3>(8));
  EXPECT_EQ(r.outcome, Outcome::Unsolvable);
  EXPECT_TRUE(r.moves.empty());
}

TEST(Ida, GoalNeedsNoMove) {
  const Board<4> goal = Board<4>::identity(15);
  const SearchResult r = ida_search(goal, LinearConflict<4>(15));
  EXPECT_EQ(r.outcome, Outcome::Solved);
  EXPECT_TRUE(r.moves.empty());
}

// The 45 Korf instances that take IDA* with linear conflict under 3 million nodes each (ids are
// 1-based lines of korf100.txt). Each must reach its published optimal length with a path that
// replays; the total node count is the serial search's signature.
constexpr int kQuickKorf[] = {2,  5,  6,  8,  9,  12, 13, 16, 19, 20, 23, 28, 29, 30, 31,
                              34, 38, 39, 42, 44, 45, 46, 47, 48, 50, 55, 57, 58, 61, 65,
                              71, 73, 74, 78, 79, 81, 83, 85, 86, 90, 93, 94, 95, 96, 97};
// Node signature of the quick Korf set (see README, "Node signature"): changes only when the
// search behaviour changes; `taquin bench --set korf100 --count 0 --threads 1` lists the nodes
// of every instance.
constexpr uint64_t kQuickKorfNodes = 21136656;

// Solves the Korf instances `ids` with IDA* and `h`: each must reach its published optimal
// length with a path that replays. Adds their node counts to `nodes`.
template <typename H, size_t K>
void solve_korf_instances(const H& h, const int (&ids)[K], uint64_t& nodes) {
  const auto instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  for (int id : ids) {
    const Instance& inst = instances[id - 1];
    ASSERT_TRUE(inst.optimal_length.has_value());
    const Board<4> start = goal.canonical<4>(inst.tiles);
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved) << "korf " << id;
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length) << "korf " << id;
    EXPECT_TRUE(solves(goal, start, r.moves)) << "korf " << id;
    EXPECT_EQ(r.stats.states_selected, r.stats.nodes_expanded);
    EXPECT_GT(r.stats.nodes_generated, r.stats.nodes_expanded);
    EXPECT_EQ(r.stats.max_states_in_memory, r.moves.size() + 1);
    nodes += r.stats.nodes_expanded;
  }
}

TEST(Ida, QuickKorfInstancesReachPublishedLengths) {
  uint64_t nodes = 0;
  ASSERT_NO_FATAL_FAILURE(
      solve_korf_instances(LinearConflict<4>(Goal::zero_first(4).blank_cell()), kQuickKorf, nodes));
  EXPECT_EQ(nodes, kQuickKorfNodes) << "node signature changed (see README, Node signature)";
}

// The 17 Korf instances that take IDA* with Manhattan distance alone under a million nodes each,
// and their node signature (`taquin bench --set korf100 --count 0 --threads 1 --heuristic
// manhattan` lists the nodes of every instance).
constexpr int kQuickKorfManhattan[] = {9,  12, 19, 30, 31, 42, 47, 48, 55,
                                       73, 74, 79, 85, 86, 93, 94, 97};
constexpr uint64_t kQuickKorfManhattanNodes = 8040446;

TEST(Ida, QuickKorfInstancesWithManhattanReachPublishedLengths) {
  uint64_t nodes = 0;
  ASSERT_NO_FATAL_FAILURE(solve_korf_instances(Manhattan<4>(Goal::zero_first(4).blank_cell()),
                                               kQuickKorfManhattan, nodes));
  EXPECT_EQ(nodes, kQuickKorfManhattanNodes)
      << "node signature changed (see README, Node signature)";
}

TEST(Ida, LargerBoardsThroughTheGenericBoard) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Random random(seed);
    const Goal goal = Goal::standard(5);
    const auto tiles = random_walk(random, goal, 30);
    const Board<5> start = goal.canonical<5>(tiles);
    const SearchResult r = ida_search(start, LinearConflict<5>(goal.blank_cell()));
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_LE(r.moves.size(), 30u);
    EXPECT_TRUE(solves(goal, start, r.moves));
  }
}

TEST(Ida, LimitsStopTheSearch) {
  const auto instances = reference_set("korf100");
  ASSERT_FALSE(instances.empty());
  const Goal goal = Goal::zero_first(4);
  const Board<4> start = goal.canonical<4>(instances[0].tiles);
  Limits nodes;
  nodes.max_nodes = 100000;
  SearchResult r = ida_search(start, LinearConflict<4>(goal.blank_cell()), nodes);
  EXPECT_EQ(r.outcome, Outcome::NodeLimit);
  EXPECT_EQ(r.stats.nodes_expanded, 100000u);

  std::atomic<bool> cancel{true};
  Limits cancelled;
  cancelled.cancel = &cancel;
  r = ida_search(start, LinearConflict<4>(goal.blank_cell()), cancelled);
  EXPECT_EQ(r.outcome, Outcome::Cancelled);

  Limits time;
  time.max_seconds = 0.05;
  r = ida_search(start, Manhattan<4>(goal.blank_cell()), time);
  EXPECT_EQ(r.outcome, Outcome::TimeLimit);
  EXPECT_LT(r.stats.seconds, 5.0);
}

// A node limit stops IDA* after exactly that many expansions (no slack: limits are checked
// before each expansion once the count reaches the limit), and the bound of the iteration under
// way is a lower bound: at least h(start), at most the published optimum.
TEST(Ida, NodeLimitIsExactAndReportsALowerBound) {
  const auto instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Instance& inst = instances[0];  // optimal 57, some 10^7 nodes
  ASSERT_TRUE(inst.optimal_length.has_value());
  const Board<4> start = goal.canonical<4>(inst.tiles);
  const LinearConflict<4> h(goal.blank_cell());
  const int start_h = h.value(h.init(start));
  int previous_bound = 0;
  for (uint64_t limit : {100, 1000, 50'000, 2'000'000}) {
    Limits limits;
    limits.max_nodes = limit;
    const SearchResult r = ida_search(start, h, limits);
    ASSERT_NO_FATAL_FAILURE(expect_stopped_at_node_limit(r, limit, start_h, *inst.optimal_length));
    EXPECT_GE(r.lower_bound, previous_bound) << limit;
    EXPECT_EQ((r.lower_bound - start_h) % 2, 0) << "bounds of one parity: " << limit;
    previous_bound = r.lower_bound;
  }
  EXPECT_GT(previous_bound, start_h) << "2M nodes complete some iterations";
}

}  // namespace
}  // namespace taquin
