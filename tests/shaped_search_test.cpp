// The searches of boards of any shape (src/shape/): lengths against a breadth-first search written
// here, against each other and the square solver, replays, and every limit's outcome.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

#include "search/instances.hpp"
#include "shape/grid.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"
#include "test_support.hpp"

namespace taquin::shape {
namespace {

// A board of up to 16 cells as 4 bits a cell (its blank found by its label).
uint64_t key_of(const Grid& g) {
  uint64_t key = 0;
  for (int c = 0; c < g.size(); ++c) key |= uint64_t{g.cells[c]} << (4 * c);
  return key;
}

Grid grid_of(uint64_t key, int rows, int cols, int blank_goal) {
  Grid g = Grid::identity(rows, cols, 0);
  for (int c = 0; c < g.size(); ++c) {
    g.cells[c] = static_cast<uint16_t>((key >> (4 * c)) & 15);
    if (g.cells[c] == blank_goal) g.blank = c;
  }
  return g;
}

// Every board the goal reaches, with its distance: breadth-first from the goal, on the keys.
std::unordered_map<uint64_t, int> distances(int rows, int cols, int blank_goal) {
  const int n = rows * cols;
  size_t states = 1;
  for (int k = 3; k <= n; ++k) states *= static_cast<size_t>(k);  // n! / 2
  std::unordered_map<uint64_t, int> dist;
  dist.reserve(states);
  const uint64_t goal = key_of(Grid::identity(rows, cols, blank_goal));
  std::vector<uint64_t> queue{goal};
  queue.reserve(states);
  dist.emplace(goal, 0);
  for (size_t next = 0; next < queue.size(); ++next) {
    const uint64_t key = queue[next];
    const int d = dist[key];
    int blank = 0;
    while (((key >> (4 * blank)) & 15) != uint64_t(blank_goal)) ++blank;
    const int row = blank / cols, col = blank % cols;
    for (int to : {row > 0 ? blank - cols : -1, row < rows - 1 ? blank + cols : -1,
                   col > 0 ? blank - 1 : -1, col < cols - 1 ? blank + 1 : -1}) {
      if (to < 0) continue;
      const uint64_t piece = (key >> (4 * to)) & 15;
      const uint64_t child = key ^ ((piece ^ uint64_t(blank_goal)) << (4 * blank)) ^
                             ((piece ^ uint64_t(blank_goal)) << (4 * to));
      if (dist.emplace(child, d + 1).second) queue.push_back(child);
    }
  }
  return dist;
}

// Success when `moves` take `start` to the goal.
::testing::AssertionResult replays(Grid g, const std::vector<Dir>& moves) {
  for (size_t i = 0; i < moves.size(); ++i)
    if (!g.move(moves[i])) return ::testing::AssertionFailure() << "move " << i << " off the board";
  if (!g.solved()) return ::testing::AssertionFailure() << "not solved after the moves";
  return ::testing::AssertionSuccess();
}

// `start` solved at BFS distance `d` by IDA* (Manhattan, linear conflict) and A*.
void expect_optimal(const Grid& start, int d) {
  for (HeuristicKind h : {HeuristicKind::Manhattan, HeuristicKind::Linear}) {
    const SearchResult ida = ida_search(start, h);
    ASSERT_EQ(ida.outcome, Outcome::Solved);
    ASSERT_TRUE(ida.optimal);
    ASSERT_EQ(static_cast<int>(ida.moves.size()), d);
    ASSERT_TRUE(replays(start, ida.moves));
  }
  const SearchResult astar = best_first_search(start, Algorithm::AStar, HeuristicKind::Linear);
  ASSERT_EQ(astar.outcome, Outcome::Solved);
  ASSERT_TRUE(astar.optimal);
  ASSERT_EQ(static_cast<int>(astar.moves.size()), d);
  ASSERT_TRUE(replays(start, astar.moves));
}

// A random board of rows × cols the goal (blank on `blank_goal`) reaches.
Grid random_grid(std::mt19937_64& random, int rows, int cols, int blank_goal) {
  Grid g = Grid::identity(rows, cols, blank_goal);
  for (int c = g.size() - 1; c > 0; --c)
    std::swap(g.cells[c], g.cells[std::uniform_int_distribution<int>(0, c)(random)]);
  for (int c = 0; c < g.size(); ++c)
    if (g.cells[c] == blank_goal) g.blank = c;
  if (!solvable(g)) {  // swap two pieces (not the blank) to change the permutation's parity
    const int a = g.blank == 0 ? 1 : 0, b = g.blank == g.size() - 1 ? g.size() - 2 : g.size() - 1;
    std::swap(g.cells[a], g.cells[b]);
  }
  return g;
}

struct ShapeCase {
  int rows, cols;
  int sampled;  // boards checked; 0: all
};

class ShapedAgainstBfs : public ::testing::TestWithParam<ShapeCase> {};

// Every board (or a sample) solved at its BFS distance, for three blank goal cells; a board of
// each the goal does not reach is Unsolvable, and the parity test agrees with the BFS on it.
TEST_P(ShapedAgainstBfs, LengthsAreTheBreadthFirstDistances) {
  const auto [rows, cols, sampled] = GetParam();
  const int n = rows * cols;
  for (int blank_goal : {n - 1, 0, n / 2}) {
    const auto dist = distances(rows, cols, blank_goal);
    std::vector<std::pair<uint64_t, int>> boards(dist.begin(), dist.end());
    std::mt19937_64 random(static_cast<uint64_t>(n * 100 + blank_goal));
    if (sampled > 0) {
      std::shuffle(boards.begin(), boards.end(), random);
      boards.resize(static_cast<size_t>(sampled));
    }
    for (const auto& [key, d] : boards) {
      const Grid start = grid_of(key, rows, cols, blank_goal);
      ASSERT_TRUE(solvable(start));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(start, d)) << rows << "x" << cols << " key " << key;
    }
    for (int k = 0; k < 20; ++k) {
      Grid g = random_grid(random, rows, cols, blank_goal);
      const int a = g.blank == 0 ? 1 : 0, b = g.blank == n - 1 ? n - 2 : n - 1;
      std::swap(g.cells[a], g.cells[b]);  // now out of the goal's reach
      ASSERT_FALSE(dist.count(key_of(g)));
      EXPECT_FALSE(solvable(g));
      EXPECT_EQ(ida_search(g, HeuristicKind::Linear).outcome, Outcome::Unsolvable);
      EXPECT_EQ(best_first_search(g, Algorithm::Greedy, HeuristicKind::Linear).outcome,
                Outcome::Unsolvable);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, ShapedAgainstBfs,
                         ::testing::Values(ShapeCase{2, 3, 0}, ShapeCase{3, 2, 0},
                                           ShapeCase{2, 4, 800}, ShapeCase{4, 2, 500},
                                           ShapeCase{3, 3, 1000}),
                         [](const auto& info) {
                           return std::to_string(info.param.rows) + "x" +
                                  std::to_string(info.param.cols);
                         });

// Every board of 2x4, and 2x5 (labelled slow: the fast suite samples 2x4 above).
INSTANTIATE_TEST_SUITE_P(Exhaustive, ShapedAgainstBfs,
                         ::testing::Values(ShapeCase{2, 4, 0}, ShapeCase{2, 5, 2000}),
                         [](const auto& info) {
                           return std::to_string(info.param.rows) + "x" +
                                  std::to_string(info.param.cols) + "_" +
                                  std::to_string(info.param.sampled);
                         });

// Every permutation of 2x3 is solvable exactly when the BFS reaches it.
TEST(ShapedParity, AgreesWithTheBreadthFirstSearchOnEvery2x3Arrangement) {
  for (int blank_goal : {0, 2, 5}) {
    const auto dist = distances(2, 3, blank_goal);
    Grid g = Grid::identity(2, 3, blank_goal);
    int reached = 0;
    do {
      for (int c = 0; c < 6; ++c)
        if (g.cells[c] == blank_goal) g.blank = c;
      EXPECT_EQ(solvable(g), dist.count(key_of(g)) == 1);
      reached += solvable(g);
    } while (std::next_permutation(g.cells.begin(), g.cells.end()));
    EXPECT_EQ(reached, 360);
  }
}

// Random 3x4, 4x3 and 2x6 boards: IDA* with linear conflict and A* agree on the length.
TEST(ShapedSearch, IdaAndAStarAgreeOnLargerShapes) {
  std::mt19937_64 random(7);
  for (const auto& [rows, cols] : {std::pair{3, 4}, std::pair{4, 3}, std::pair{2, 6}}) {
    for (int k = 0; k < 3; ++k) {
      const Grid start = random_grid(random, rows, cols, k == 1 ? 0 : rows * cols - 1);
      const SearchResult ida = ida_search(start, HeuristicKind::Linear);
      const SearchResult astar = best_first_search(start, Algorithm::AStar, HeuristicKind::Linear);
      ASSERT_EQ(ida.outcome, Outcome::Solved);
      ASSERT_EQ(astar.outcome, Outcome::Solved);
      EXPECT_EQ(ida.moves.size(), astar.moves.size()) << rows << "x" << cols << " #" << k;
      EXPECT_TRUE(replays(start, ida.moves));
      EXPECT_TRUE(replays(start, astar.moves));
    }
  }
}

// Korf's easiest 15-puzzles (blank first): the shaped IDA* finds the square solver's length.
TEST(ShapedSearch, FourByFourMatchesTheSquareSolverOnKorf100) {
  const std::vector<Instance> korf100 = testing::reference_set("korf100");
  ASSERT_EQ(korf100.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  for (int id : {79, 55}) {
    const Instance& instance = korf100[static_cast<size_t>(id - 1)];
    Grid start = Grid::identity(4, 4, 0);
    for (int c = 0; c < 16; ++c) {
      start.cells[c] = instance.tiles[c];  // zero-first: a tile's goal cell is its number
      if (instance.tiles[c] == 0) start.blank = c;
    }
    const Board<4> square = goal.canonical<4>(instance.tiles);
    const SearchResult expected = ida_search(square, LinearConflict<4>(square.blank_label()));
    const SearchResult shaped = ida_search(start, HeuristicKind::Linear);
    ASSERT_EQ(shaped.outcome, Outcome::Solved);
    EXPECT_EQ(shaped.moves.size(), expected.moves.size()) << "korf100 #" << id;
    EXPECT_EQ(static_cast<int>(shaped.moves.size()), instance.optimal_length.value_or(-1));
    EXPECT_TRUE(replays(start, shaped.moves));
  }
}

// A board of rows × cols `steps` random blank moves from the goal (blank on `blank_goal`).
Grid walked_grid(std::mt19937_64& random, int rows, int cols, int blank_goal, int steps) {
  Grid g = Grid::identity(rows, cols, blank_goal);
  for (int k = 0; k < steps; ++k) g.move(static_cast<Dir>(random() % 4));
  return g;
}

// Greedy search solves large boards within a memory limit: boards a short walk from the goal
// (uniformly random ones of these sizes are beyond greedy search on these heuristics: see below).
TEST(ShapedSearch, GreedySolvesLargeBoardsWithinAMemoryLimit) {
  std::mt19937_64 random(11);
  for (int side : {10, 20}) {
    for (int blank_goal : {side * side - 1, 0}) {
      const Grid start = walked_grid(random, side, side, blank_goal, 60);
      Limits limits;
      limits.max_memory_bytes = uint64_t{64} << 20;
      const SearchResult r =
          best_first_search(start, Algorithm::Greedy, HeuristicKind::Linear, limits);
      ASSERT_EQ(r.outcome, Outcome::Solved) << side << "x" << side;
      EXPECT_FALSE(r.optimal);
      EXPECT_TRUE(replays(start, r.moves));
      EXPECT_GT(r.stats.max_states_in_memory, 0u);
    }
  }
}

// On a uniformly random 20x20 board greedy search runs out of its memory and says so.
TEST(ShapedSearch, GreedyOnARandom20x20StopsAtItsMemoryLimit) {
  std::mt19937_64 random(13);
  const Grid start = random_grid(random, 20, 20, 399);
  Limits limits;
  limits.max_memory_bytes = uint64_t{16} << 20;
  const SearchResult r = best_first_search(start, Algorithm::Greedy, HeuristicKind::Linear, limits);
  EXPECT_EQ(r.outcome, Outcome::MemoryLimit);
  EXPECT_GT(r.lower_bound, 0);
  // Each node holds at least its packed board (9 bits a cell): the limit bounds their number.
  EXPECT_LT(r.stats.max_states_in_memory, limits.max_memory_bytes / (400 * 9 / 8));
  EXPECT_GT(r.stats.max_states_in_memory, 1000u);
}

// A 4x5 board far from its goal, for the limits.
Grid hard_board() {
  std::mt19937_64 random(3);
  return random_grid(random, 4, 5, 19);
}

TEST(ShapedLimits, NodeLimitStopsBothSearches) {
  Limits limits;
  limits.max_nodes = 5000;
  const SearchResult ida = ida_search(hard_board(), HeuristicKind::Linear, limits);
  EXPECT_EQ(ida.outcome, Outcome::NodeLimit);
  EXPECT_EQ(ida.stats.nodes_expanded, 5000u);
  EXPECT_GT(ida.lower_bound, 0);
  EXPECT_FALSE(ida.optimal);
  const SearchResult astar =
      best_first_search(hard_board(), Algorithm::AStar, HeuristicKind::Linear, limits);
  EXPECT_EQ(astar.outcome, Outcome::NodeLimit);
  EXPECT_EQ(astar.stats.nodes_expanded, 5000u);
  EXPECT_GT(astar.lower_bound, 0);
}

TEST(ShapedLimits, TimeLimitStopsBothSearches) {
  Limits limits;
  limits.max_seconds = 0.05;
  EXPECT_EQ(ida_search(hard_board(), HeuristicKind::Manhattan, limits).outcome, Outcome::TimeLimit);
  EXPECT_EQ(
      best_first_search(hard_board(), Algorithm::Uniform, HeuristicKind::Manhattan, limits).outcome,
      Outcome::TimeLimit);
}

TEST(ShapedLimits, CancelStopsBothSearchesAndIterationsAreReported) {
  std::atomic<bool> cancel{true};
  Limits limits;
  limits.cancel = &cancel;
  int reports = 0;
  limits.on_iteration = [&](const IterationReport&) { ++reports; };
  EXPECT_EQ(ida_search(hard_board(), HeuristicKind::Linear, limits).outcome, Outcome::Cancelled);
  std::mt19937_64 random(5);
  const Grid large = random_grid(random, 30, 30, 0);  // greedy needs more than one check's nodes
  EXPECT_EQ(best_first_search(large, Algorithm::Greedy, HeuristicKind::Linear, limits).outcome,
            Outcome::Cancelled);
  cancel = false;
  limits.max_nodes = 200000;
  reports = 0;
  // Each bound but the last (solved or stopped) is reported.
  const SearchResult r = ida_search(hard_board(), HeuristicKind::Linear, limits);
  EXPECT_EQ(reports, static_cast<int>(r.stats.iterations) - 1);
  EXPECT_GT(reports, 0);
}

TEST(ShapedLimits, MemoryLimitStopsBestFirstSearch) {
  Limits limits;
  limits.max_memory_bytes = 64 << 10;
  const SearchResult r =
      best_first_search(hard_board(), Algorithm::AStar, HeuristicKind::Linear, limits);
  EXPECT_EQ(r.outcome, Outcome::MemoryLimit);
  EXPECT_GT(r.lower_bound, 0);
  EXPECT_GT(r.stats.max_states_in_memory, 0u);
}

// Weighted A* within W times the BFS distance, and the anytime search proving it, on samples of
// 2x4 and 3x3 (three blank goal cells each); and under a node limit, the anytime
// search's bound never above the distance nor its length below it.
TEST(ShapedWeighted, WithinTheWeightAndAnytimeProvesTheDistance) {
  for (const auto [rows, cols, sampled] : {ShapeCase{2, 4, 400}, ShapeCase{3, 3, 200}}) {
    const int n = rows * cols;
    for (int blank_goal : {n - 1, 0, n / 2}) {
      const auto dist = distances(rows, cols, blank_goal);
      std::vector<std::pair<uint64_t, int>> boards(dist.begin(), dist.end());
      std::mt19937_64 random(static_cast<uint64_t>(n * 7 + blank_goal));
      if (sampled > 0) {
        std::shuffle(boards.begin(), boards.end(), random);
        boards.resize(static_cast<size_t>(sampled));
      }
      for (const auto& [key, d] : boards) {
        const Grid start = grid_of(key, rows, cols, blank_goal);
        for (int w : {1500, 2000, 5000}) {
          const SearchResult r =
              best_first_search(start, Algorithm::AStar, HeuristicKind::Linear, {}, w);
          ASSERT_EQ(r.outcome, Outcome::Solved);
          ASSERT_LE(static_cast<int64_t>(r.moves.size()) * 1000, int64_t{d} * w) << key;
          ASSERT_FALSE(r.optimal);
          ASSERT_TRUE(replays(start, r.moves));
        }
        const SearchResult any = anytime_search(start, HeuristicKind::Linear, {}, 3000);
        ASSERT_EQ(any.outcome, Outcome::Solved);
        ASSERT_TRUE(any.optimal) << key;
        ASSERT_EQ(static_cast<int>(any.moves.size()), d) << key;
        ASSERT_EQ(any.lower_bound, d);
        ASSERT_TRUE(replays(start, any.moves));
        Limits few;
        few.max_nodes = 3;
        const SearchResult cut = anytime_search(start, HeuristicKind::Manhattan, few, 3000);
        ASSERT_LE(cut.lower_bound, d) << key;
        ASSERT_EQ(cut.lower_bound % 2, d % 2);
        if (cut.outcome == Outcome::Solved) {
          ASSERT_GE(static_cast<int>(cut.moves.size()), d);
          ASSERT_EQ(cut.optimal, static_cast<int>(cut.moves.size()) == d);
          ASSERT_TRUE(replays(start, cut.moves));
        } else {
          ASSERT_EQ(cut.outcome, Outcome::NodeLimit);
        }
      }
    }
  }
}

// On boards beyond the BFS's reach, the anytime search under a node limit returns a replayed
// solution no shorter than its proven bound; a stopped weighted A* proves a bound below its
// weighted f; an unsolvable board is Unsolvable.
TEST(ShapedWeighted, AnytimeOnLargerShapesKeepsItsBoundBelowItsLength) {
  std::mt19937_64 random(49);
  for (const auto& [rows, cols] : {std::pair{4, 5}, std::pair{5, 6}, std::pair{3, 9}}) {
    const Grid start = random_grid(random, rows, cols, rows * cols - 1);
    Limits limits;
    limits.max_nodes = 100000;
    const SearchResult any = anytime_search(start, HeuristicKind::Linear, limits, 5000);
    ASSERT_EQ(any.outcome, Outcome::Solved) << rows << "x" << cols;
    ASSERT_TRUE(replays(start, any.moves));
    ASSERT_LE(any.lower_bound, static_cast<int>(any.moves.size()));
    ASSERT_GE(any.stats.nodes_expanded, 1u);
    if (rows * cols <= 25) {  // IDA*'s proven bound and the anytime search's solution agree
      const SearchResult optimal = ida_search(start, HeuristicKind::Linear, limits);
      if (optimal.outcome != Outcome::Solved) {
        ASSERT_LE(optimal.lower_bound, static_cast<int>(any.moves.size()));
      } else {  // never shorter than the optimum, whose length bounds what it proved
        ASSERT_GE(any.moves.size(), optimal.moves.size());
        ASSERT_LE(any.lower_bound, static_cast<int>(optimal.moves.size()));
      }
    }
    limits.max_nodes = 50;
    const SearchResult stopped =
        best_first_search(start, Algorithm::AStar, HeuristicKind::Linear, limits, 1500);
    ASSERT_EQ(stopped.outcome, Outcome::NodeLimit);
    ASSERT_LE(stopped.lower_bound, static_cast<int>(any.moves.size()));
    Grid bad = start;
    std::swap(bad.cells[0], bad.cells[1]);
    ASSERT_EQ(anytime_search(bad, HeuristicKind::Linear, limits, 3000).outcome,
              Outcome::Unsolvable);
  }
}

}  // namespace
}  // namespace taquin::shape
