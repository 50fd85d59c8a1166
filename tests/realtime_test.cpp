// The real-time solver of any shape: every path replays to the goal, parity, limits, loop cuts.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <random>
#include <vector>

#include "shape/path_polish.hpp"
#include "shape/realtime.hpp"
#include "shape/shape_tables.hpp"

namespace taquin::shape {
namespace {

// A uniformly random board (Fisher-Yates on a seeded generator: the same on every platform) with
// the blank's goal on `blank_goal`; made solvable by a swap of two pieces when `solvable`.
Grid random_board(int rows, int cols, int blank_goal, std::mt19937_64& rng, bool solvable = true) {
  Grid g = Grid::identity(rows, cols, blank_goal);
  for (int i = g.size() - 1; i > 0; --i)
    std::swap(g.cells[i], g.cells[static_cast<int>(rng() % static_cast<uint64_t>(i + 1))]);
  for (int c = 0; c < g.size(); ++c)
    if (g.cells[c] == blank_goal) g.blank = c;
  if (shape::solvable(g) != solvable) {
    const int a = g.blank == 0 ? 2 : 0, b = g.blank == 1 ? 2 : 1;
    std::swap(g.cells[a], g.cells[b]);
  }
  return g;
}

// True when `moves` are legal from `start` and end on the goal.
bool replays_to_goal(Grid g, const std::vector<Dir>& moves) {
  for (Dir d : moves)
    if (!g.move(d)) return false;
  return g.solved();
}

// Solves `g`, checks the outcome and the replay; returns the length.
size_t solve_and_check(const Grid& g) {
  const SearchResult r = solve_realtime(g, {});
  EXPECT_EQ(r.outcome, Outcome::Solved)
      << g.rows << "x" << g.cols << " blank goal " << g.blank_goal();
  EXPECT_FALSE(r.optimal);
  EXPECT_TRUE(replays_to_goal(g, r.moves)) << g.rows << "x" << g.cols;
  return r.moves.size();
}

// The blank's goal cells tried on each shape: two corners, an edge, the middle.
std::vector<int> blank_goals(int rows, int cols) {
  return {rows * cols - 1, 0, cols - 1 + (rows / 2) * cols, (rows / 2) * cols + cols / 2};
}

TEST(Realtime, EveryShapeFromTwoToSevenReplaysToTheGoal) {
  std::mt19937_64 rng(49);
  for (int rows = 2; rows <= 7; ++rows)
    for (int cols = 2; cols <= 7; ++cols)
      for (int goal : blank_goals(rows, cols))
        for (int k = 0; k < 3; ++k) solve_and_check(random_board(rows, cols, goal, rng));
}

TEST(Realtime, LongStripsAndAMediumBoard) {
  std::mt19937_64 rng(3);
  for (auto [rows, cols] : {std::pair{2, 20}, {20, 2}, {3, 17}, {17, 3}, {2, 100}, {100, 2}})
    for (int goal : blank_goals(rows, cols)) solve_and_check(random_board(rows, cols, goal, rng));
  solve_and_check(random_board(30, 30, 30 * 15 + 15, rng));
}

// The 42 school's kind of goal (the blank in the middle), scrambled by a random walk.
TEST(Realtime, CentreGoalAfterARandomWalk) {
  std::mt19937_64 rng(42);
  Grid g = Grid::identity(17, 17, 17 * 8 + 8);
  for (int i = 0; i < 10000;) i += g.move(static_cast<Dir>(rng() % 4)) ? 1 : 0;
  solve_and_check(g);
}

TEST(Realtime, SolvedBoardNeedsNoMove) {
  const SearchResult r = solve_realtime(Grid::identity(5, 4, 9), {});
  EXPECT_EQ(r.outcome, Outcome::Solved);
  EXPECT_TRUE(r.moves.empty());
}

TEST(Realtime, OddPermutationsAreUnsolvable) {
  std::mt19937_64 rng(5);
  for (auto [rows, cols] : {std::pair{2, 2}, {3, 3}, {4, 4}, {3, 8}, {9, 4}})
    for (int goal : blank_goals(rows, cols)) {
      const Grid g = random_board(rows, cols, goal, rng, false);
      EXPECT_EQ(solve_realtime(g, {}).outcome, Outcome::Unsolvable);
    }
}

// The parity rule against breadth-first reachability of every 2×3 and 3×2 arrangement, for each
// blank goal cell.
TEST(Realtime, ParityMatchesReachabilityOnSixCells) {
  for (auto [rows, cols] : {std::pair{2, 3}, {3, 2}})
    for (int goal = 0; goal < 6; ++goal) {
      const Grid start = Grid::identity(rows, cols, goal);
      std::map<std::vector<uint16_t>, bool> seen{{start.cells, true}};
      std::vector<Grid> queue{start};
      for (size_t i = 0; i < queue.size(); ++i)
        for (int d = 0; d < 4; ++d) {
          Grid next = queue[i];
          if (next.move(static_cast<Dir>(d)) && seen.emplace(next.cells, true).second)
            queue.push_back(next);
        }
      EXPECT_EQ(queue.size(), 360u);
      Grid g = start;
      do {
        for (int c = 0; c < 6; ++c)
          if (g.cells[c] == goal) g.blank = c;
        EXPECT_EQ(solvable(g), seen.count(g.cells) == 1);
      } while (std::next_permutation(g.cells.begin(), g.cells.end()));
    }
}

TEST(Realtime, LimitsStopTheSearch) {
  std::mt19937_64 rng(7);
  const Grid g = random_board(30, 30, 899, rng);
  Limits nodes;
  nodes.max_nodes = 10;
  const SearchResult by_nodes = solve_realtime(g, nodes);
  EXPECT_EQ(by_nodes.outcome, Outcome::NodeLimit);
  EXPECT_EQ(by_nodes.stats.nodes_expanded, 10u);
  Limits time;
  time.max_seconds = 1e-9;
  EXPECT_EQ(solve_realtime(g, time).outcome, Outcome::TimeLimit);
  std::atomic<bool> cancel{true};
  Limits cancelled;
  cancelled.cancel = &cancel;
  EXPECT_EQ(solve_realtime(g, cancelled).outcome, Outcome::Cancelled);
}

TEST(Realtime, LoopsAreCutOut) {
  std::mt19937_64 rng(11);
  const Grid g = random_board(4, 5, 19, rng);
  const std::vector<Dir> solution = solve_realtime(g, {}).moves;
  ASSERT_TRUE(replays_to_goal(g, solution));
  // The blank circles a 2×2 block three times (a return to the board after twelve moves), then
  // goes and comes back (an immediate pair), before the solution.
  Grid at = g;
  std::vector<Dir> padded;
  const Dir vertical = g.row(g.blank) > 0 ? Dir::Up : Dir::Down;
  const Dir horizontal = g.col(g.blank) > 0 ? Dir::Left : Dir::Right;
  for (int k = 0; k < 3; ++k)
    for (Dir d : {vertical, horizontal, opposite(vertical), opposite(horizontal)})
      padded.push_back(d);
  padded.push_back(vertical);
  padded.push_back(opposite(vertical));
  padded.insert(padded.end(), solution.begin(), solution.end());
  ASSERT_TRUE(replays_to_goal(at, padded));
  const std::vector<Dir> cut = remove_loops(g, padded);
  EXPECT_TRUE(replays_to_goal(g, cut));
  EXPECT_LE(cut.size(), solution.size());
}

// Pins the algorithm's behaviour: the total length over a fixed set of boards. A change of the
// plan, of a search's tie-breaking or of the loop cuts moves it; update it then, on purpose.
TEST(Realtime, SignatureOfAFixedSet) {
  std::mt19937_64 rng(2026);
  size_t total = 0;
  for (int rows = 2; rows <= 9; ++rows)
    for (int cols = 2; cols <= 9; ++cols)
      total += solve_and_check(random_board(rows, cols, (rows / 2) * cols + cols / 2, rng));
  total += solve_and_check(random_board(17, 17, 288, rng));
  EXPECT_EQ(total, 29067u);
}

}  // namespace
}  // namespace taquin::shape
