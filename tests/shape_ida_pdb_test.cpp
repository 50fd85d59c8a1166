// The shape pattern databases in the searches: IDA* and A* lengths against exhaustive distances
// and linear conflict, the process-wide cache, the heuristic choice and `taquin solve`.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <thread>
#include <utility>
#include <vector>

#include "cli_run.hpp"
#include "core/generate.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "shape/explore.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"

namespace taquin::shape {
namespace {

// `count` boards of `dist` (an all_distances_shape array) the goal reaches, with a fixed seed.
std::vector<uint64_t> reached_ranks(const std::vector<uint8_t>& dist, int count, uint64_t seed) {
  Random random(seed);
  std::vector<uint64_t> out;
  while (static_cast<int>(out.size()) < count) {
    const uint64_t r = random.below(dist.size());
    if (dist[r] != kShapeUnreached) out.push_back(r);
  }
  return out;
}

// Random solvable boards of rows × cols, goal blank on `blank_goal`.
std::vector<Grid> random_boards(int rows, int cols, int blank_goal, int count, uint64_t seed) {
  Random random(seed);
  uint64_t states = 1;
  for (int k = 2; k <= rows * cols; ++k) states *= static_cast<uint64_t>(k);
  std::vector<Grid> out;
  while (static_cast<int>(out.size()) < count) {
    Grid g = grid_of_rank(random.below(states), rows, cols, blank_goal);
    if (solvable(g)) out.push_back(std::move(g));
  }
  return out;
}

struct Case {
  int rows, cols, blank, samples;
};

// IDA* with the databases finds the exhaustive distance of sampled boards of small shapes, the
// blank's goal on a corner and elsewhere.
TEST(ShapeIdaPdb, LengthsEqualExhaustiveDistances) {
  for (const Case& c : {Case{2, 5, 9, 300}, Case{5, 2, 9, 300}, Case{2, 5, 2, 150},
                        Case{3, 3, 8, 300}, Case{3, 3, 4, 150}, Case{2, 3, 5, 100}}) {
    SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) + " blank " +
                 std::to_string(c.blank));
    auto dist = all_distances_shape(c.rows, c.cols, c.blank);
    ASSERT_TRUE(dist.ok());
    for (uint64_t rank : reached_ranks(*dist, c.samples, 7)) {
      const Grid g = grid_of_rank(rank, c.rows, c.cols, c.blank);
      const SearchResult r = ida_search(g, HeuristicKind::Pdb);
      ASSERT_EQ(r.outcome, Outcome::Solved);
      EXPECT_TRUE(r.optimal);
      ASSERT_EQ(static_cast<int>(r.moves.size()), (*dist)[rank]) << "rank " << rank;
    }
  }
}

// A* and greedy take the same databases: A* stays optimal (it reopens states), greedy solves.
TEST(ShapeIdaPdb, BestFirstTakesTheDatabases) {
  auto dist = all_distances_shape(2, 5, 9);
  ASSERT_TRUE(dist.ok());
  for (uint64_t rank : reached_ranks(*dist, 60, 11)) {
    const Grid g = grid_of_rank(rank, 2, 5, 9);
    const SearchResult a = best_first_search(g, Algorithm::AStar, HeuristicKind::Pdb);
    ASSERT_EQ(a.outcome, Outcome::Solved);
    EXPECT_EQ(static_cast<int>(a.moves.size()), (*dist)[rank]) << "rank " << rank;
    const SearchResult greedy = best_first_search(g, Algorithm::Greedy, HeuristicKind::Pdb);
    ASSERT_EQ(greedy.outcome, Outcome::Solved);
    EXPECT_GE(static_cast<int>(greedy.moves.size()), (*dist)[rank]);
  }
}

// On the 12-cell shapes, the databases and linear conflict find the same lengths, the databases
// with fewer expansions in all.
TEST(ShapeIdaPdb, LengthsEqualLinearConflictOnTwelveCells) {
  for (const Case& c : {Case{3, 4, 11, 6}, Case{2, 6, 11, 1}}) {
    SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols));
    uint64_t pdb_nodes = 0, linear_nodes = 0;
    for (const Grid& g : random_boards(c.rows, c.cols, c.blank, c.samples, 5)) {
      const SearchResult p = ida_search(g, HeuristicKind::Pdb);
      const SearchResult l = ida_search(g, HeuristicKind::Linear);
      ASSERT_EQ(p.outcome, Outcome::Solved);
      ASSERT_EQ(l.outcome, Outcome::Solved);
      EXPECT_EQ(p.moves.size(), l.moves.size());
      pdb_nodes += p.stats.nodes_expanded;
      linear_nodes += l.stats.nodes_expanded;
    }
    EXPECT_LT(pdb_nodes, linear_nodes);
  }
}

// A node limit stops the search with the databases as with any heuristic.
TEST(ShapeIdaPdb, NodeLimitStops) {
  const Grid g = random_boards(2, 6, 11, 1, 3).front();
  Limits limits;
  limits.max_nodes = 1;
  const SearchResult r = ida_search(g, HeuristicKind::Pdb, limits);
  EXPECT_EQ(r.outcome, Outcome::NodeLimit);
  EXPECT_EQ(r.stats.nodes_expanded, 1u);
}

// One database per key, shared across calls and threads; names as the CLI prints them.
TEST(ShapePdbCache, BuiltOnceAndShared) {
  std::vector<const ShapePdb*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&seen, i] {
      auto pdb = shared_default_pdb(3, 3, 4);
      if (pdb) seen[i] = pdb->get();
    });
  for (auto& t : threads) t.join();
  ASSERT_NE(seen[0], nullptr);
  for (const ShapePdb* p : seen) EXPECT_EQ(p, seen[0]);
  EXPECT_EQ(shared_default_pdb(3, 3, 4)->get(), seen[0]);
  EXPECT_NE(shared_default_pdb(3, 3, 8)->get(), seen[0]);
  EXPECT_EQ(*default_pdb_name(2, 8, 15), "2x8 5-5-5");
  EXPECT_EQ(*default_pdb_name(4, 3, 0), "4x3 6-5");
  EXPECT_FALSE(shared_default_pdb(2, 3, 6).ok());
}

Goal goal_of(int rows, int cols) {
  return *Goal::for_shape(GoalSpec{}, Shape{rows, cols});
}

// Off the packed squares: the databases by default from 13 to 25 cells, asked up to 25 cells.
TEST(ShapeHeuristicChoice, DatabasesFromThirteenCells) {
  HeuristicRequest by_default;
  auto two_by_seven = choose_heuristic(goal_of(2, 7), by_default);
  ASSERT_TRUE(two_by_seven.ok());
  EXPECT_EQ(two_by_seven->kind, HeuristicKind::Pdb);
  EXPECT_EQ(two_by_seven->label(), "pdb 2x7 5-4-4");
  EXPECT_TRUE(two_by_seven->notice.empty());
  EXPECT_EQ(choose_heuristic(goal_of(2, 6), by_default)->kind, HeuristicKind::Linear);
  EXPECT_EQ(choose_heuristic(goal_of(3, 4), by_default)->kind, HeuristicKind::Linear);
  EXPECT_EQ(choose_heuristic(goal_of(4, 6), by_default)->kind, HeuristicKind::Pdb);
  EXPECT_EQ(choose_heuristic(goal_of(2, 5), by_default)->kind, HeuristicKind::Linear);
  EXPECT_EQ(choose_heuristic(goal_of(2, 13), by_default)->kind, HeuristicKind::Linear);
  HeuristicRequest asked;
  asked.asked = HeuristicKind::Pdb;
  auto small = choose_heuristic(goal_of(2, 3), asked);
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->label(), "pdb 2x3 5");
  EXPECT_FALSE(choose_heuristic(goal_of(2, 13), asked).ok());
  asked.asked = HeuristicKind::Manhattan;
  EXPECT_EQ(choose_heuristic(goal_of(3, 4), asked)->kind, HeuristicKind::Manhattan);
}

// `taquin solve` on a random 2x6 board: linear conflict by default, the databases when asked, the
// same optimal length.
TEST(ShapePdbCli, SolveTwoBySixTakesTheDatabasesWhenAsked) {
  const testing::CliRun generated = testing::run_taquin("generate --size 2x6 --solvable --seed 4");
  ASSERT_EQ(generated.status, 0) << generated.err;
  const std::string board = testing::temp_file("two_by_six.txt", generated.out);
  const testing::CliRun run = testing::run_taquin("solve " + board + " --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(testing::unquote(testing::field(run.out, "heuristic")), "linear");
  EXPECT_EQ(testing::field(run.out, "optimal"), "true");
  const testing::CliRun linear =
      testing::run_taquin("solve " + board + " --format json --heuristic linear");
  ASSERT_EQ(linear.status, 0) << linear.err;
  EXPECT_EQ(testing::field(linear.out, "length"), testing::field(run.out, "length"));
  const testing::CliRun asked =
      testing::run_taquin("solve " + board + " --format json --heuristic pdb");
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_EQ(testing::unquote(testing::field(asked.out, "heuristic")), "pdb 2x6 6-5");
  EXPECT_EQ(testing::field(asked.out, "length"), testing::field(run.out, "length"));
  EXPECT_EQ(testing::field(asked.out, "optimal"), "true");
}

// The 12-cell shapes: sampled boards against their 479,001,600 exhaustive distances; set
// TAQUIN_SLOW_SHAPES=1 to run.
TEST(ShapeIdaPdbSlow, TwelveCellLengthsEqualExhaustiveDistances) {
  if (std::getenv("TAQUIN_SLOW_SHAPES") == nullptr)
    GTEST_SKIP() << "set TAQUIN_SLOW_SHAPES=1 for the 12-cell explorations";
  // The standard goal's blank (cell 11) and the snail's (3x4: cell 6); 10,000 boards of 3x4 each
  // by linear conflict (the 12-cell default), fewer by the databases.
  const int snail_blank = Goal::snail(taquin::Shape{3, 4}).blank_cell();
  for (const Case& c : {Case{3, 4, 11, 400}, Case{3, 4, snail_blank, 400}, Case{2, 6, 11, 100}}) {
    auto dist = all_distances_shape(c.rows, c.cols, c.blank);
    ASSERT_TRUE(dist.ok());
    const int linear_samples = c.rows == 3 ? 10000 : 0;
    for (const auto& [kind, samples] : {std::pair{HeuristicKind::Pdb, c.samples},
                                        std::pair{HeuristicKind::Linear, linear_samples}})
      for (uint64_t rank : reached_ranks(*dist, samples, 13)) {
        const SearchResult r = ida_search(grid_of_rank(rank, c.rows, c.cols, c.blank), kind);
        ASSERT_EQ(r.outcome, Outcome::Solved);
        ASSERT_EQ(static_cast<int>(r.moves.size()), (*dist)[rank]) << "rank " << rank;
      }
  }
}

}  // namespace
}  // namespace taquin::shape
