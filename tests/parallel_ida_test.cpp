// Parallel IDA* (suite ParallelIda, run under ThreadSanitizer in CI): same lengths as the serial
// search whatever the thread count, valid paths, limits honoured.
#include <gtest/gtest.h>

#include <atomic>

#include <tbb/global_control.h>

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
        const SearchResult parallel = parallel_ida_search(start, h, {}, {}, serial_nodes);
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
      const SearchResult parallel = parallel_ida_search(start, h, {}, {}, serial_nodes);
      ASSERT_EQ(parallel.outcome, Outcome::Solved);
      EXPECT_EQ(parallel.moves.size(), serial.moves.size());
      EXPECT_TRUE(solves(goal, start, parallel.moves));
    }
  }
  for (uint64_t serial_nodes : {uint64_t{0}, detail::kSerialIterationNodes}) {
    const Board<3> solved = Board<3>::identity(8);
    const SearchResult r = parallel_ida_search(solved, h, {}, {}, serial_nodes);
    EXPECT_EQ(r.outcome, Outcome::Solved);
    EXPECT_TRUE(r.moves.empty());
    Board<2> b = Board<2>::identity(3);
    b.move(Dir::Up);
    b.move(Dir::Left);
    const SearchResult two = parallel_ida_search(b, LinearConflict<2>(3), {}, {}, serial_nodes);
    EXPECT_EQ(two.outcome, Outcome::Solved);
    EXPECT_EQ(two.moves.size(), 2u);
    Board<3> odd = Board<3>::identity(8);
    odd.set(0, 1);
    odd.set(1, 0);
    EXPECT_EQ(parallel_ida_search(odd, h, {}, {}, serial_nodes).outcome, Outcome::Unsolvable);
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
        parallel_ida_search(start, LinearConflict<4>(goal.blank_cell()), {}, {}, serial_nodes);
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
  EXPECT_LE(r.stats.nodes_expanded,
            2'000'000u + 2 * detail::kIdaCheckInterval + detail::kFrontierTarget);
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

// Node limits: exact while the iterations are serial (the default budget covers 50,000 nodes);
// once they are parallel (serial_nodes 0), within one check interval per thread, plus the
// frontier's expansions. The bound under way is reported as a lower bound.
TEST(ParallelIda, NodeLimitsAreKeptAndReportALowerBound) {
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Instance& inst = instances[0];  // optimal 57
  const Board<4> start = goal.canonical<4>(inst.tiles);
  const LinearConflict<4> h(goal.blank_cell());
  const int start_h = h.value(h.init(start));
  constexpr int kThreads = 2;
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, kThreads);
  for (uint64_t limit : {100, 1000, 50'000}) {
    Limits limits;
    limits.max_nodes = limit;
    const SearchResult r = parallel_ida_search(start, h, limits);
    ASSERT_NO_FATAL_FAILURE(expect_stopped_at_node_limit(r, limit, start_h, *inst.optimal_length));
  }
  const uint64_t slack = kThreads * detail::kIdaCheckInterval + detail::kFrontierTarget;
  for (uint64_t limit : {50'000, 500'000}) {
    Limits limits;
    limits.max_nodes = limit;
    const SearchResult r = parallel_ida_search(start, h, limits, {}, 0);
    ASSERT_EQ(r.outcome, Outcome::NodeLimit) << limit;
    EXPECT_GE(r.stats.nodes_expanded, limit);
    EXPECT_LE(r.stats.nodes_expanded, limit + slack);
    EXPECT_GE(r.lower_bound, start_h);
    EXPECT_LE(r.lower_bound, *inst.optimal_length);
  }
}

// A small solve (every iteration within the serial budget) is the serial search node for node:
// five parallel runs on two threads give the serial search's statistics.
template <int N, typename H>
void expect_serial_statistics(const Board<N>& start, const H& h) {
  const SearchResult serial = ida_search(start, h);
  ASSERT_EQ(serial.outcome, Outcome::Solved);
  ASSERT_LT(serial.stats.nodes_expanded, detail::kSerialIterationNodes) << "not a small solve";
  ASSERT_GT(serial.stats.iterations, 2u) << "too easy to tell";
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, 2);
  for (int run = 0; run < 5; ++run) {
    const SearchResult r = parallel_ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_EQ(r.moves, serial.moves) << "run " << run;
    EXPECT_EQ(r.stats.nodes_expanded, serial.stats.nodes_expanded) << "run " << run;
    EXPECT_EQ(r.stats.nodes_generated, serial.stats.nodes_generated) << "run " << run;
    EXPECT_EQ(r.stats.iterations, serial.stats.iterations) << "run " << run;
    EXPECT_EQ(r.stats.states_selected, serial.stats.states_selected) << "run " << run;
    EXPECT_EQ(r.stats.max_states_in_memory, serial.stats.max_states_in_memory) << "run " << run;
  }
}

TEST(ParallelIda, SmallSolvesHaveTheSerialStatistics) {
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  const Goal korf_goal = Goal::zero_first(4);
  const Instance& quick = instances[78];  // line 79: optimal 42, 39,778 nodes in 7 iterations
  ASSERT_NO_FATAL_FAILURE(expect_serial_statistics(korf_goal.canonical<4>(quick.tiles),
                                                   LinearConflict<4>(korf_goal.blank_cell())));
  const Goal goal = Goal::standard(3);
  Random random(11);
  const Board<3> eight = goal.canonical<3>(random_board(random, goal, Solvability::Solvable));
  ASSERT_NO_FATAL_FAILURE(expect_serial_statistics(eight, Manhattan<3>(goal.blank_cell())));
}

}  // namespace
}  // namespace taquin
