// Weighted A* and IDA* (--weight) and the anytime search: within W× the BFS distance on 3x3 and
// korf100's optimal lengths, replayed, honest lower bounds, and one-thread node counts.
#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "search/weighted.hpp"
#include "taquin/search/solver.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

SearchPlan plan_of(Algorithm algorithm, double weight, int threads = 1,
                   HeuristicKind heuristic = HeuristicKind::Linear) {
  SearchPlan plan;
  plan.algorithm = algorithm;
  plan.heuristic = heuristic;
  plan.threads = threads;
  plan.weight = weight;
  return plan;
}

// A solved result within `weight`× the shortest length `shortest`, replayed, whose lower bound
// is at most `shortest` and whose optimal flag is honest.
template <int N>
void expect_within(const SearchResult& r, const Board<N>& start, const Goal& goal, int shortest,
                   double weight) {
  ASSERT_EQ(r.outcome, Outcome::Solved);
  EXPECT_TRUE(solves(goal, start, r.moves));
  const int length = static_cast<int>(r.moves.size());
  EXPECT_GE(length, shortest);
  EXPECT_LE(length, static_cast<int>(weight * shortest + 1e-9)) << "weight " << weight;
  if (r.optimal) {
    EXPECT_EQ(length, shortest);
  } else {
    EXPECT_LE(r.lower_bound, shortest);
    EXPECT_LE(r.lower_bound, length);
    EXPECT_EQ((length - r.lower_bound) % 2, 0);  // the bound has the lengths' parity
  }
}

TEST(WeightedHeuristic, ScalesDownAndTurnsLimitsIntoTheInnerOnes) {
  const Manhattan<3> md(8);
  const WeightedHeuristic<3, Manhattan<3>> w(md, 1500);
  EXPECT_EQ(w.scale(0), 0);
  EXPECT_EQ(w.scale(3), 4);  // 4.5 rounded down
  EXPECT_EQ(w.scale(10), 15);
  for (int limit = -1; limit < 40; ++limit) {
    const int inner = w.inner_limit(limit);
    EXPECT_LE(w.scale(inner), limit) << limit;      // within the limit at the inner limit
    EXPECT_GT(w.scale(inner + 1), limit) << limit;  // and above it past the inner limit
  }
  EXPECT_EQ(weight_thousandths(1.2), 1200);
  EXPECT_EQ(weight_thousandths(1.0), 1000);
  EXPECT_EQ(weight_thousandths(1.0004), 1000);
  EXPECT_EQ(weight_thousandths(1000.0), kMaxWeightThousandths);
}

class WeightedEight : public ::testing::TestWithParam<double> {};

// Weighted A* and IDA* (serial and parallel) on a sample of 8-puzzles: never longer than W×
// the BFS distance.
TEST_P(WeightedEight, WithinWeightOfTheBfsDistance) {
  const double weight = GetParam();
  const Goal goal = Goal::standard(3);
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  const tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  for (uint64_t r : sample_ranks(dist, 300, 51)) {
    const Board<3> start = board_of_rank<3>(r, goal.blank_cell());
    for (const SearchPlan& plan :
         {plan_of(Algorithm::AStar, weight), plan_of(Algorithm::Ida, weight),
          plan_of(Algorithm::Ida, weight, 2),
          plan_of(Algorithm::AStar, weight, 1, HeuristicKind::Manhattan)}) {
      SCOPED_TRACE(std::string(algorithm_name(plan.algorithm)) + " rank " + std::to_string(r));
      ASSERT_NO_FATAL_FAILURE(
          expect_within(run_search<3>(start, plan, nullptr), start, goal, dist[r], weight));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Weights, WeightedEight, ::testing::Values(1.0, 1.2, 1.5, 2.0, 5.0));

// Ten korf100 boards by weighted IDA* and A* with linear conflict at W = 1.5: every length within
// 1.5× the published optimum.
TEST(WeightedKorf, WithinOneAndAHalfOfTheOptimalLengths) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  for (int id = 1; id <= 10; ++id) {
    const Instance& inst = korf[static_cast<size_t>(id - 1)];
    ASSERT_TRUE(inst.optimal_length.has_value());
    const Board<4> start = goal.canonical<4>(inst.tiles);
    for (Algorithm a : {Algorithm::Ida, Algorithm::AStar}) {
      SCOPED_TRACE(std::string(algorithm_name(a)) + " korf " + std::to_string(id));
      ASSERT_NO_FATAL_FAILURE(expect_within(run_search<4>(start, plan_of(a, 1.5), nullptr), start,
                                            goal, *inst.optimal_length, 1.5));
    }
  }
}

// One-thread node counts of weighted searches on korf100's first board (linear conflict,
// W = 1.5): they change only when the weighted searches do.
TEST(WeightedKorf, OneThreadNodeCounts) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Board<4> start = goal.canonical<4>(korf[0].tiles);
  const SearchResult ida = run_search<4>(start, plan_of(Algorithm::Ida, 1.5), nullptr);
  const SearchResult astar = run_search<4>(start, plan_of(Algorithm::AStar, 1.5), nullptr);
  ASSERT_EQ(ida.outcome, Outcome::Solved);
  ASSERT_EQ(astar.outcome, Outcome::Solved);
  EXPECT_EQ(ida.stats.nodes_expanded, 329u);
  EXPECT_EQ(ida.moves.size(), 61u);  // the optimum is 57
  EXPECT_EQ(astar.stats.nodes_expanded, 3763u);
  EXPECT_EQ(astar.moves.size(), 61u);
  // The anytime search on one thread (weighted A* and beams in turn), to its end: it proves the
  // optimum.
  const SearchResult anytime =
      run_search<4>(start, plan_of(Algorithm::Anytime, kAnytimeWeight, 1), nullptr);
  EXPECT_TRUE(anytime.optimal);
  EXPECT_EQ(anytime.moves.size(), 57u);
  EXPECT_EQ(anytime.stats.nodes_expanded, 1131550u);
}

// A weighted search stopped by a node limit proves no more than the shortest length.
TEST(WeightedKorf, StoppedSearchesProveLowerBounds) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  for (int id : {1, 3, 60, 88}) {
    const Instance& inst = korf[static_cast<size_t>(id - 1)];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    for (Algorithm a : {Algorithm::Ida, Algorithm::AStar, Algorithm::Anytime}) {
      SearchPlan plan = plan_of(a, 1.2);
      plan.limits.max_nodes = 20000;
      const SearchResult r = run_search<4>(start, plan, nullptr);
      SCOPED_TRACE(std::string(algorithm_name(a)) + " korf " + std::to_string(id));
      if (r.outcome == Outcome::Solved) {
        ASSERT_NO_FATAL_FAILURE(expect_within(r, start, goal, *inst.optimal_length, 1000.0));
      } else {
        EXPECT_EQ(r.outcome, Outcome::NodeLimit);
        EXPECT_LE(r.lower_bound, *inst.optimal_length);
        EXPECT_GT(r.lower_bound, 0);
      }
    }
  }
}

// The anytime search on 8-puzzles, on one and two threads: run to the end it proves the BFS
// distance; stopped early, its solution replays and its bound is at most the distance.
TEST(Anytime, ProvesTheBfsDistanceOrAnHonestBound) {
  const Goal goal = Goal::standard(3);
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  const tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  int stopped_with_solution = 0;
  for (uint64_t r : sample_ranks(dist, 200, 77)) {
    const Board<3> start = board_of_rank<3>(r, goal.blank_cell());
    for (int threads : {1, 2}) {
      SearchPlan plan = plan_of(Algorithm::Anytime, kAnytimeWeight, threads);
      SearchResult full = run_search<3>(start, plan, nullptr);
      ASSERT_NO_FATAL_FAILURE(expect_within(full, start, goal, dist[r], 1000.0));
      EXPECT_TRUE(full.optimal) << r;
      plan.limits.max_nodes = 30;
      SearchResult cut = run_search<3>(start, plan, nullptr);
      if (cut.outcome == Outcome::Solved) {
        ASSERT_NO_FATAL_FAILURE(expect_within(cut, start, goal, dist[r], 1000.0));
        stopped_with_solution += !cut.optimal;
      } else {
        EXPECT_EQ(cut.outcome, Outcome::NodeLimit);
        EXPECT_LE(cut.lower_bound, dist[r]);
      }
    }
  }
  EXPECT_GT(stopped_with_solution, 0);  // the sample has solutions the limit cut short
}

// The anytime search on korf100 boards under a node limit: a solution that replays, a bound at
// most the optimum, optimal only at the optimum.
TEST(Anytime, KorfBoardsUnderANodeLimit) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  for (int id = 1; id <= 6; ++id) {
    const Instance& inst = korf[static_cast<size_t>(id - 1)];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    SearchPlan plan = plan_of(Algorithm::Anytime, kAnytimeWeight, 2);
    plan.limits.max_nodes = 200000;
    SCOPED_TRACE("korf " + std::to_string(id));
    const SearchResult r = run_search<4>(start, plan, nullptr);
    ASSERT_NO_FATAL_FAILURE(expect_within(r, start, goal, *inst.optimal_length, 1000.0));
    EXPECT_FALSE(r.optimal && static_cast<int>(r.moves.size()) != *inst.optimal_length);
  }
}

// The anytime search's memory limit stops it cleanly: the solution in hand, or memory-limit.
TEST(Anytime, MemoryLimitIsAClearStop) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Board<4> start = goal.canonical<4>(korf[2].tiles);
  for (uint64_t bytes : {uint64_t{1} << 12, uint64_t{8} << 20}) {
    SearchPlan plan = plan_of(Algorithm::Anytime, kAnytimeWeight, 1);
    plan.limits.max_memory_bytes = bytes;
    const SearchResult r = run_search<4>(start, plan, nullptr);
    if (r.outcome == Outcome::Solved) {
      ASSERT_NO_FATAL_FAILURE(expect_within(r, start, goal, *korf[2].optimal_length, 1000.0));
    } else {
      EXPECT_EQ(r.outcome, Outcome::MemoryLimit) << bytes;
      EXPECT_LE(r.lower_bound, *korf[2].optimal_length);
    }
  }
}

}  // namespace
}  // namespace taquin
