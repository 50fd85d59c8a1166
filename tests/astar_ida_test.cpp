// A*+IDA* (suite AStarIda): its A* phase alone against BFS on the 8-puzzle, every frontier size
// from one state up, Korf lengths, a fixed node count at one thread, limits.
#include <gtest/gtest.h>

#include <cstdlib>
#include <utility>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "core/explore.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/astar_ida.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

using Frontier3 = detail::AStarFrontier<3, LinearConflict<3>>;

// A budget of `nodes` A* states.
uint64_t budget_of(uint64_t nodes) {
  return nodes * Frontier3::kBytesPerNode;
}

// The A* phase alone (no serial start, a budget for the whole space) on every state `step` apart
// of the 8-puzzle towards `goal`: the BFS distance, a path that replays.
void check_astar_alone(const Goal& goal, uint64_t step) {
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  const int blank = goal.blank_cell();
  const LinearConflict<3> h(blank);
  tbb::task_arena one(1);
  for (uint64_t r = 0; r < dist.size(); r += step) {
    if (dist[r] == kUnreached) continue;
    const Board<3> start = board_of_rank<3>(r, blank);
    const SearchResult res =
        one.execute([&] { return astar_ida_search(start, h, budget_of(200000), {}, {}, 0); });
    ASSERT_EQ(res.outcome, Outcome::Solved) << r;
    ASSERT_EQ(res.moves.size(), dist[r]) << r;
    ASSERT_TRUE(solves(goal, start, res.moves)) << r;
    ASSERT_EQ(res.stats.iterations, 0u) << r;  // A* alone found it
  }
}

// A sample of the 8-puzzle for two goals (every state: AStarIdaSlow).
TEST(AStarIda, AStarAloneMatchesBfsOnEightPuzzleSample) {
  check_astar_alone(Goal::standard(3), 37);
  check_astar_alone(Goal::zero_first(3), 41);
}

// Every one of the 181,440 states each goal reaches, for two goals.
TEST(AStarIdaSlow, AStarAloneMatchesBfsOnEveryEightPuzzleState) {
  check_astar_alone(Goal::standard(3), 1);
  check_astar_alone(Goal::zero_first(3), 1);
}

// Budgets of 1 state (the start alone: the frontier is its children), a few, and many: the IDA*
// iterations below the frontier find the BFS distance, at one and two threads.
TEST(AStarIda, EveryFrontierSizeFindsTheBfsDistance) {
  const Goal goal = Goal::snail(3);
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  const int blank = goal.blank_cell();
  const LinearConflict<3> h(blank);
  for (int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    for (uint64_t r : sample_ranks(dist, 150, 52)) {
      const Board<3> start = board_of_rank<3>(r, blank);
      for (uint64_t nodes : {1, 3, 9, 30, 100, 1000, 100000}) {
        const SearchResult res =
            arena.execute([&] { return astar_ida_search(start, h, budget_of(nodes), {}, {}, 0); });
        ASSERT_EQ(res.outcome, Outcome::Solved) << r << " budget " << nodes;
        EXPECT_TRUE(res.optimal);
        ASSERT_EQ(res.moves.size(), dist[r]) << r << " budget " << nodes;
        ASSERT_TRUE(solves(goal, start, res.moves)) << r << " budget " << nodes;
      }
    }
  }
}

// The frontier: sorted by f then h, every node's path replays to its board, each board once.
TEST(AStarIda, FrontierIsSortedAndItsPathsReplay) {
  const Goal goal = Goal::standard(3);
  const LinearConflict<3> h(goal.blank_cell());
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  const Board<3> start = board_of_rank<3>(sample_ranks(dist, 1, 3)[0], goal.blank_cell());
  for (uint64_t nodes : {8, 50, 400}) {
    Frontier3 frontier(start, h.init(start), h, nodes);
    detail::LimitWatch watch({}, detail::kBestFirstCheckInterval);
    uint64_t expanded = 0, generated = 0;
    Outcome why = Outcome::Cancelled;
    const auto grown = frontier.grow_to(nodes, watch, expanded, generated, why);
    if (grown == Frontier3::Grown::Goal) continue;
    ASSERT_TRUE(grown == Frontier3::Grown::Full || grown == Frontier3::Grown::Frontier);
    const auto& open = frontier.deepest();
    ASSERT_FALSE(open.empty());
    std::vector<Board<3>> seen;
    for (uint32_t i = 0; i < open.size(); ++i) {
      const int f = open[i].g + h.value(open[i].state);
      if (i > 0) {
        const int f0 = open[i - 1].g + h.value(open[i - 1].state);
        ASSERT_LE(f0, f);
        if (f0 == f) ASSERT_LE(h.value(open[i - 1].state), h.value(open[i].state));
      }
      Board<3> b = start;
      const std::vector<Dir> path = frontier.path_to_deepest(i);
      ASSERT_EQ(path.size(), static_cast<size_t>(open[i].g));
      for (Dir d : path) ASSERT_TRUE(b.move(d));
      ASSERT_EQ(b, open[i].board);
      for (const Board<3>& other : seen) ASSERT_NE(other, b);
      seen.push_back(b);
    }
  }
}

// Korf instances with linear conflict: the published length; the node count at one thread the
// same from run to run.
TEST(AStarIda, KorfInstancesReachPublishedLengths) {
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const LinearConflict<4> h(goal.blank_cell());
  tbb::task_arena one(1);
  for (int line : {79, 9, 20}) {  // optimal 42, 50, 44: quick
    const Instance& inst = instances[line - 1];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    for (uint64_t serial_nodes : {uint64_t{0}, detail::kSerialIterationNodes}) {
      const auto run = [&] {
        return one.execute(
            [&] { return astar_ida_search(start, h, uint64_t{64} << 20, {}, {}, serial_nodes); });
      };
      const SearchResult a = run(), b = run();
      ASSERT_EQ(a.outcome, Outcome::Solved) << line;
      EXPECT_EQ(static_cast<int>(a.moves.size()), *inst.optimal_length) << line;
      EXPECT_TRUE(solves(goal, start, a.moves)) << line;
      EXPECT_EQ(a.stats.nodes_expanded, b.stats.nodes_expanded) << line;
      EXPECT_EQ(a.moves, b.moves) << line;
    }
    tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
    const SearchResult p = astar_ida_search(start, h, uint64_t{64} << 20, {}, {}, 0);
    ASSERT_EQ(p.outcome, Outcome::Solved) << line;
    EXPECT_EQ(static_cast<int>(p.moves.size()), *inst.optimal_length) << line;
    EXPECT_TRUE(solves(goal, start, p.moves)) << line;
  }
}

// A node limit stops it, in the A* phase and in the iterations, with a lower bound.
TEST(AStarIda, NodeLimitStops) {
  const std::vector<Instance> instances = reference_set("korf100");
  const Goal goal = Goal::zero_first(4);
  const LinearConflict<4> h(goal.blank_cell());
  const Board<4> start = goal.canonical<4>(instances[8].tiles);
  // In the A* phase (a budget of 64 MiB), then in the iterations (a frontier of 1,000 states).
  for (const auto [limit, budget] : {std::pair<uint64_t, uint64_t>{100, uint64_t{64} << 20},
                                     {5000, uint64_t{64} << 20},
                                     {20000, 1000 * Frontier3::kBytesPerNode}}) {
    Limits limits;
    limits.max_nodes = limit;
    tbb::task_arena one(1);
    const SearchResult r =
        one.execute([&] { return astar_ida_search(start, h, budget, limits, {}, 0); });
    EXPECT_EQ(r.outcome, Outcome::NodeLimit) << limit;
    EXPECT_GT(r.lower_bound, 0);
    EXPECT_LE(r.lower_bound, *instances[8].optimal_length);
  }
}

}  // namespace
}  // namespace taquin
