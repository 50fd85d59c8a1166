// The shaped beam search (src/shape/beam.hpp): as wide as a small board's space it is breadth-first
// (the BFS distances), narrower it still solves (replayed, never below the optimum), every limit
// stops it with its outcome, and the shaped anytime search that runs it returns a replaying
// solution, the same one each time under a node limit.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "shape/beam.hpp"
#include "shape/explore.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"
#include "shape/wide_heuristic.hpp"

namespace taquin::shape {
namespace {

// Success when `moves` take `start` to the goal.
::testing::AssertionResult replays(Grid g, const std::vector<Dir>& moves) {
  for (size_t i = 0; i < moves.size(); ++i)
    if (!g.move(moves[i])) return ::testing::AssertionFailure() << "move " << i << " off the board";
  if (!g.solved()) return ::testing::AssertionFailure() << "not solved after the moves";
  return ::testing::AssertionSuccess();
}

// A board `steps` random blank moves (none straight back) from the goal with its blank on
// `blank_goal`.
Grid walk(std::mt19937_64& random, int rows, int cols, int blank_goal, int steps) {
  Grid g = Grid::identity(rows, cols, blank_goal);
  for (int k = 0, back = -1; k < steps; ++k) {
    const int from = g.blank;
    int to;
    do {
      to = g.target(from, static_cast<Dir>(random() % 4));
    } while (to < 0 || to == back);
    back = from;
    g.slide(to);
  }
  return g;
}

// A beam of `width` from `start` under `h` with no limit.
detail::BeamEnd beam(const Grid& start, HeuristicKind h, size_t width, Stats& stats) {
  const ShapeTables shape(start.rows, start.cols, start.blank_goal());
  return beam_search(start, WideHeuristic(shape, h, false, nullptr), width, 0, {}, stats);
}

struct Space {
  int rows, cols, blank_goal;
  int sampled;  // boards checked
};

// With a width above the number of states no layer is cut: each is a breadth-first level, so
// the length is the BFS distance (2x3, 2x4, 3x3 with its blank's goal on a corner and in the
// middle, 2x5); a board the goal cannot reach runs the beam out of states.
TEST(ShapeBeam, AsWideAsTheSpaceItIsBreadthFirst) {
  for (const Space s : {Space{2, 3, 5, 60}, Space{2, 4, 0, 60}, Space{3, 3, 4, 60},
                        Space{3, 3, 0, 40}, Space{2, 5, 9, 8}}) {
    SCOPED_TRACE(std::to_string(s.rows) + "x" + std::to_string(s.cols) + " blank goal " +
                 std::to_string(s.blank_goal));
    const auto dist = all_distances_shape(s.rows, s.cols, s.blank_goal);
    ASSERT_TRUE(dist.ok());
    std::mt19937_64 random(static_cast<uint64_t>(s.rows * 31 + s.cols * 7 + s.blank_goal));
    std::uniform_int_distribution<uint64_t> any(0, dist->size() - 1);
    int checked = 0;
    while (checked < s.sampled) {
      const uint64_t r = any(random);
      if ((*dist)[r] == kShapeUnreached) continue;
      ++checked;
      const Grid start = grid_of_rank(r, s.rows, s.cols, s.blank_goal);
      const HeuristicKind h = checked % 2 ? HeuristicKind::Linear : HeuristicKind::Manhattan;
      Stats stats;
      const detail::BeamEnd end = beam(start, h, size_t{1} << 21, stats);
      ASSERT_TRUE(end.found) << r;
      EXPECT_FALSE(end.stop);
      EXPECT_TRUE(replays(start, end.moves)) << r;
      ASSERT_EQ(end.moves.size(), (*dist)[r]) << r;
    }
    Stats none;
    const detail::BeamEnd at_goal =
        beam(Grid::identity(s.rows, s.cols, s.blank_goal), HeuristicKind::Linear, 1, none);
    EXPECT_TRUE(at_goal.found);
    EXPECT_TRUE(at_goal.moves.empty());
    Grid bad = Grid::identity(s.rows, s.cols, s.blank_goal);
    std::swap(bad.cells[s.blank_goal == 0 ? 1 : 0], bad.cells[s.blank_goal == 2 ? 3 : 2]);
    ASSERT_FALSE(solvable(bad));
    if (s.rows * s.cols <= 9) {
      Stats stats;
      const detail::BeamEnd end = beam(bad, HeuristicKind::Linear, size_t{1} << 21, stats);
      EXPECT_FALSE(end.found);
      EXPECT_FALSE(end.stop);
    }
  }
}

// Narrow beams on 3x5 and 4x4-blank-in-the-middle walks: solutions that replay, no shorter than
// IDA*'s optimum and of its parity.
TEST(ShapeBeam, NarrowBeamsSolveAboveTheOptimum) {
  std::mt19937_64 random(5);
  for (const auto& [rows, cols, blank_goal] : {std::array{3, 5, 14}, std::array{4, 4, 5}}) {
    for (int k = 0; k < 6; ++k) {
      const Grid start = walk(random, rows, cols, blank_goal, 60 + 20 * k);
      const SearchResult optimal = ida_search(start, HeuristicKind::Linear);
      ASSERT_EQ(optimal.outcome, Outcome::Solved);
      for (const size_t width : {size_t{4}, size_t{64}, size_t{2048}}) {
        for (const HeuristicKind h :
             {HeuristicKind::Hamming, HeuristicKind::Manhattan, HeuristicKind::Linear}) {
          SCOPED_TRACE("walk " + std::to_string(k) + " width " + std::to_string(width));
          Stats stats;
          const detail::BeamEnd end = beam(start, h, width, stats);
          EXPECT_FALSE(end.stop);
          if (!end.found && width < 64) continue;  // a narrow beam may run out of new states
          ASSERT_TRUE(end.found);
          EXPECT_TRUE(replays(start, end.moves));
          EXPECT_GE(end.moves.size(), optimal.moves.size());
          EXPECT_EQ(end.moves.size() % 2, optimal.moves.size() % 2);
          EXPECT_GT(stats.nodes_expanded, 0u);
          EXPECT_GE(stats.nodes_generated, stats.nodes_expanded);
        }
      }
    }
  }
}

// A beam of a 6x7 board, its limits met: the node limit after exactly that many expansions (the
// nodes already counted by others included), the time limit, cancel, and a memory bound.
TEST(ShapeBeam, StopsOnEachLimit) {
  std::mt19937_64 random(11);
  const Grid start = walk(random, 6, 7, 41, 2000);
  const ShapeTables shape(6, 7, 41);
  const WideHeuristic h(shape, HeuristicKind::Linear, false, nullptr);
  const auto now = std::chrono::steady_clock::now();
  Limits limits;
  limits.max_nodes = 5000;
  Stats stats;
  detail::BeamEnd end = beam_search(start, h, 1 << 16, 0, limits, stats);
  EXPECT_FALSE(end.found);
  EXPECT_EQ(end.stop, Outcome::NodeLimit);
  EXPECT_EQ(stats.nodes_expanded, 5000u);
  std::atomic<uint64_t> shared{4000};
  stats = {};
  end = beam_search(start, h, 1 << 16, 0, limits, stats, now, &shared);
  EXPECT_EQ(end.stop, Outcome::NodeLimit);
  EXPECT_EQ(stats.nodes_expanded, 1000u);
  EXPECT_EQ(shared.load(), 5000u);
  limits = {};
  limits.max_seconds = 1e-9;
  EXPECT_EQ(beam_search(start, h, 1 << 16, 0, limits, stats).stop, Outcome::TimeLimit);
  std::atomic<bool> cancel{true};
  limits = {};
  limits.cancel = &cancel;
  EXPECT_EQ(beam_search(start, h, 1 << 16, 0, limits, stats).stop, Outcome::Cancelled);
  stats = {};
  end = beam_search(start, h, 1 << 16, uint64_t{1} << 20, {}, stats);
  EXPECT_FALSE(end.found);
  EXPECT_EQ(end.stop, Outcome::MemoryLimit);
  EXPECT_GT(stats.nodes_expanded, 0u);
}

// The anytime search on 4x5 (beams between its weights), 5x6, 4x7 and 6x7 (beams alone after
// the first solution there) under a node limit: solved, replayed, its bound at most its length; the
// same moves and counts again; within a small memory bound, solved and replayed unless its first
// weighted A* run met the bound.
TEST(ShapeBeam, AnytimeSearchUnderANodeLimitReplaysAndRepeats) {
  std::mt19937_64 random(3);
  for (const auto& [rows, cols] :
       {std::pair{4, 5}, std::pair{5, 6}, std::pair{4, 7}, std::pair{6, 7}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
    const Grid start = walk(random, rows, cols, rows * cols - 1, 5000);
    Limits limits;
    limits.max_nodes = 300000;
    const SearchResult r = anytime_search(start, HeuristicKind::Linear, limits, 5000);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_TRUE(replays(start, r.moves));
    EXPECT_LE(r.lower_bound, static_cast<int>(r.moves.size()));
    EXPECT_LE(r.stats.nodes_expanded, limits.max_nodes);
    const SearchResult again = anytime_search(start, HeuristicKind::Linear, limits, 5000);
    EXPECT_EQ(again.moves, r.moves);
    EXPECT_EQ(again.stats.nodes_expanded, r.stats.nodes_expanded);
    EXPECT_EQ(again.stats.nodes_generated, r.stats.nodes_generated);
    limits.max_memory_bytes = uint64_t{16} << 20;
    const SearchResult small = anytime_search(start, HeuristicKind::Linear, limits, 5000);
    if (small.outcome == Outcome::Solved)
      EXPECT_TRUE(replays(start, small.moves));
    else  // the first weighted A* run met the bound
      EXPECT_EQ(small.outcome, Outcome::MemoryLimit);
  }
}

}  // namespace
}  // namespace taquin::shape
