// Parallel IDA* (suite ParallelIda, run under ThreadSanitizer in CI): same lengths as the serial
// search whatever the thread count, valid paths, limits honoured.
#include <gtest/gtest.h>

#include <atomic>

#include <tbb/global_control.h>

#include "taquin/explore.hpp"
#include "taquin/generate.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/search/instances.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

// 50 random 15-puzzles (random walks of 40 to 89 moves from the standard goal): parallel and
// serial IDA* agree on the length at 1, 2 and 4 threads, and every parallel path replays.
TEST(ParallelIda, SameLengthsAsSerialOnFiftyRandomFifteenPuzzles) {
  const Goal goal = Goal::standard(4);
  const LinearConflict<4> h(goal.blank_cell());
  Random random(2026);
  for (int i = 0; i < 50; ++i) {
    const auto tiles = random_walk(random, goal, 40 + static_cast<int>(random.below(50)));
    const Board<4> start = goal.canonical<4>(tiles);
    const SearchResult serial = ida_search(start, h);
    ASSERT_EQ(serial.outcome, Outcome::Solved);
    for (int threads : {1, 2, 4}) {
      tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
      // 0: the frontier from the first bound on; by default, small iterations stay serial.
      for (uint64_t serial_nodes : {uint64_t{0}, detail::kSerialIterationNodes}) {
        const SearchResult parallel = parallel_ida_search(start, h, {}, serial_nodes);
        ASSERT_EQ(parallel.outcome, Outcome::Solved) << "instance " << i;
        EXPECT_TRUE(parallel.optimal);
        EXPECT_EQ(parallel.moves.size(), serial.moves.size())
            << "instance " << i << " threads " << threads << " serial nodes " << serial_nodes;
        EXPECT_TRUE(solves(goal, start, parallel.moves)) << "instance " << i;
      }
    }
  }
}

// Short solutions are found by the breadth-first frontier itself; small boards exhaust it.
TEST(ParallelIda, ShallowAndSmallBoards) {
  const Goal goal = Goal::standard(3);
  const Manhattan<3> h(goal.blank_cell());
  Random random(7);
  for (int i = 0; i < 200; ++i) {
    const auto tiles = random_board(random, goal, Solvability::Solvable);
    const Board<3> start = goal.canonical<3>(tiles);
    const SearchResult serial = ida_search(start, h);
    for (uint64_t serial_nodes : {uint64_t{0}, detail::kSerialIterationNodes}) {
      const SearchResult parallel = parallel_ida_search(start, h, {}, serial_nodes);
      ASSERT_EQ(parallel.outcome, Outcome::Solved);
      EXPECT_EQ(parallel.moves.size(), serial.moves.size());
      EXPECT_TRUE(solves(goal, start, parallel.moves));
    }
  }
  for (uint64_t serial_nodes : {uint64_t{0}, detail::kSerialIterationNodes}) {
    const Board<3> solved = Board<3>::identity(8);
    const SearchResult r = parallel_ida_search(solved, h, {}, serial_nodes);
    EXPECT_EQ(r.outcome, Outcome::Solved);
    EXPECT_TRUE(r.moves.empty());
    Board<2> b = Board<2>::identity(3);
    b.move(Dir::Up);
    b.move(Dir::Left);
    const SearchResult two = parallel_ida_search(b, LinearConflict<2>(3), {}, serial_nodes);
    EXPECT_EQ(two.outcome, Outcome::Solved);
    EXPECT_EQ(two.moves.size(), 2u);
    Board<3> odd = Board<3>::identity(8);
    odd.set(0, 1);
    odd.set(1, 0);
    EXPECT_EQ(parallel_ida_search(odd, h, {}, serial_nodes).outcome, Outcome::Unsolvable);
  }
}

// A Korf instance at two threads: the published length, a path that replays.
TEST(ParallelIda, KorfInstanceAtTwoThreads) {
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Instance& inst = instances[78];  // line 79: optimal 42, quick
  const Board<4> start = goal.canonical<4>(inst.tiles);
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, 2);
  // 1: the frontier is built after the first bound, at its smallest (kFrontierMin subtrees), and
  // deepened as the iterations grow; the default keeps small iterations serial.
  for (uint64_t serial_nodes : {uint64_t{1}, detail::kSerialIterationNodes}) {
    const SearchResult r =
        parallel_ida_search(start, LinearConflict<4>(goal.blank_cell()), {}, serial_nodes);
    ASSERT_EQ(r.outcome, Outcome::Solved) << "serial nodes " << serial_nodes;
    EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length);
    EXPECT_TRUE(solves(goal, start, r.moves));
  }
}

// Samples of the 8-puzzle under the snail goal at two threads: the BFS length, a path that
// replays.
TEST(ParallelIda, EightPuzzleSampleSnailGoalMatchesBfs) {
  const Goal g = Goal::snail(3);
  const std::vector<uint8_t> dist = all_distances<3>(g);
  const int blank = g.blank_cell();
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, 2);
  for (uint64_t r : sample_ranks(dist, 300, 101)) {
    const Board<3> start = board_of_rank<3>(r, blank);
    const SearchResult p = parallel_ida_search(start, LinearConflict<3>(blank));
    ASSERT_EQ(p.outcome, Outcome::Solved);
    ASSERT_EQ(p.moves.size(), dist[r]) << r;
    ASSERT_TRUE(solves(g, start, p.moves)) << r;
  }
}

TEST(ParallelIda, LimitsStopEveryTask) {
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Board<4> start = goal.canonical<4>(instances[0].tiles);
  const Manhattan<4> h(goal.blank_cell());
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, 2);
  Limits nodes;
  nodes.max_nodes = 2'000'000;
  SearchResult r = parallel_ida_search(start, h, nodes);
  EXPECT_EQ(r.outcome, Outcome::NodeLimit);
  EXPECT_GE(r.stats.nodes_expanded, 2'000'000u);
  std::atomic<bool> cancel{true};
  Limits cancelled;
  cancelled.cancel = &cancel;
  r = parallel_ida_search(start, h, cancelled);
  EXPECT_EQ(r.outcome, Outcome::Cancelled);
  Limits time;
  time.max_seconds = 0.05;
  r = parallel_ida_search(start, h, time);
  EXPECT_EQ(r.outcome, Outcome::TimeLimit);
  EXPECT_LT(r.stats.seconds, 5.0);
}

}  // namespace
}  // namespace taquin
