// Boards of any shape end to end (issue 49): the "R C" size line and --size RxC, refusals of bad
// shapes, solvability of every shape against an independent rule, the default algorithm and what
// a record says of an answer that is not proven optimal.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "core/generate.hpp"
#include "core/replay.hpp"
#include "core/solvability.hpp"
#include "shape/explore.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin {
namespace {

using testing::count_lines;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::temp_file;
using testing::unquote;

// Solvability by the textbook rule, independent of the cycle count: the inversions of the pieces
// read row by row (each goal position), plus on an even width the rows between the blank and its
// goal row, must be even.
bool solvable_by_inversions(const std::vector<Tile>& tiles, const Goal& goal) {
  const Shape shape = goal.shape();
  std::vector<int> order;  // goal cells of the pieces, in reading order
  int blank = 0;
  for (int c = 0; c < shape.cells(); ++c) {
    if (tiles[c] == 0)
      blank = c;
    else
      order.push_back(goal.cell_of(tiles[c]));
  }
  // Reading order skips the blank: compare against the goal's reading order of the pieces.
  std::vector<int> rank_of_cell(shape.cells(), -1);
  for (int c = 0, k = 0; c < shape.cells(); ++c)
    if (c != goal.blank_cell()) rank_of_cell[c] = k++;
  long inversions = 0;
  for (size_t i = 0; i < order.size(); ++i)
    for (size_t j = i + 1; j < order.size(); ++j)
      inversions += rank_of_cell[order[i]] > rank_of_cell[order[j]];
  const int rows_apart = std::abs(blank / shape.cols - goal.blank_cell() / shape.cols);
  if (shape.cols % 2 == 1) return inversions % 2 == 0;
  return (inversions + rows_apart) % 2 == 0;
}

TEST(ShapeSolvability, EveryShapeTo6x7AgreesWithTheInversionRule) {
  Random random(49);
  for (int rows = 2; rows <= 6; ++rows)
    for (int cols = 2; cols <= 7; ++cols)
      for (const Goal& goal : {Goal::standard(Shape{rows, cols}), Goal::snail(Shape{rows, cols}),
                               Goal::zero_first(Shape{rows, cols})})
        for (int i = 0; i < 40; ++i) {
          const std::vector<Tile> tiles = random_board(random, goal, Solvability::Any);
          ASSERT_EQ(is_solvable(tiles, goal), solvable_by_inversions(tiles, goal))
              << shape_name(goal.shape()) << " " << goal.name() << ": "
              << format_board(tiles, goal.shape(), BoardFormat::OneLine);
        }
}

TEST(ShapeSolvability, SmallShapesAgreeWithTheirExhaustiveSearch) {
  // The distances of every state (a BFS from the goal) say which states are reachable.
  for (const Shape shape : {Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}})
    for (const Goal& goal : {Goal::standard(shape), Goal::snail(shape)}) {
      const std::vector<uint8_t> dist =
          shape::all_distances_shape(shape.rows, shape.cols, goal.blank_cell()).value();
      Random random(7);
      for (int i = 0; i < 500; ++i) {
        const std::vector<Tile> tiles = random_board(random, goal, Solvability::Any);
        shape::Grid grid{shape.rows, shape.cols, std::vector<uint16_t>(shape.cells()), 0};
        for (int c = 0; c < shape.cells(); ++c) {
          grid.cells[c] = static_cast<uint16_t>(goal.cell_of(tiles[c]));
          if (tiles[c] == 0) grid.blank = c;
        }
        ASSERT_EQ(is_solvable(tiles, goal), dist[shape::grid_rank(grid)] != 0xFF)
            << shape_name(shape) << " " << format_board(tiles, shape, BoardFormat::OneLine);
      }
    }
}

TEST(ShapeText, SizeLineRoundTripsAndSquaresKeepTheirForms) {
  Random random(3);
  for (const Shape shape : {Shape{2, 5}, Shape{5, 2}, Shape{3, 17}, Shape{17, 17}, Shape{4, 4}}) {
    const std::vector<Tile> tiles = random_board(random, Goal::standard(shape), Solvability::Any);
    const std::string text = format_board(tiles, shape, BoardFormat::FortyTwo);
    Expected<std::vector<Instance>> read = parse_instances(text, "t");
    ASSERT_TRUE(read) << read.error().describe();
    ASSERT_EQ(read->size(), 1u);
    EXPECT_EQ((*read)[0].shape, shape);
    EXPECT_EQ((*read)[0].tiles, tiles);
    // A square in the 42 format means the snail; a rectangle's size line does not.
    EXPECT_EQ(default_goal_spec((*read)[0]).kind,
              shape.is_square() ? GoalSpec::Kind::Snail : GoalSpec::Kind::Standard);
  }
  // A bare 2x2 grid whose first row reads like a size line stays a grid.
  Expected<std::vector<Instance>> grid = parse_instances("3 2\n0 1\n", "t");
  ASSERT_TRUE(grid) << grid.error().describe();
  EXPECT_EQ((*grid)[0].shape, Shape::square(2));
  // The same numbers followed by a 3x2 board's rows are that board.
  Expected<std::vector<Instance>> sized = parse_instances("3 2\n0 1\n2 3\n4 5\n", "t");
  ASSERT_TRUE(sized) << sized.error().describe();
  EXPECT_EQ((*sized)[0].shape, (Shape{3, 2}));
}

TEST(ShapeCli, BadSizesAreRefusedWithOneLine) {
  for (const std::string size :
       {"0", "1", "101", "3x", "x4", "3x1", "101x2", "3y4", "-3", "4x5x6"}) {
    const auto run = run_taquin("generate --size " + size + " --seed 1");
    EXPECT_EQ(run.status, 2) << size << ": " << run.out;
    EXPECT_EQ(count_lines(run.err), 1) << size << ": " << run.err;
    EXPECT_TRUE(run.out.empty()) << size;
  }
  // More tiles than the size line's cells, and a size line beyond 100.
  const auto more = run_taquin("check -", "2 3\n1 2 3\n4 5 0 6\n");
  EXPECT_EQ(more.status, 2);
  EXPECT_NE(more.err.find("<stdin>:3: row has 4 values but the size line says 2x3"),
            std::string::npos)
      << more.err;
  const auto huge = run_taquin("check -", "2 101\n");
  EXPECT_EQ(huge.status, 2);
  EXPECT_NE(huge.err.find("<stdin>:1: columns 101 is out of range (2 to 100)"), std::string::npos)
      << huge.err;
}

TEST(ShapeCli, GenerateCheckAndSolveARectangle) {
  const auto made = run_taquin("generate --size 3x4 --solvable --count 3 --seed 11");
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(lines_of(made.out).size(), 3u * 4u);  // each: its size line and three rows
  const auto checked = run_taquin("check --format json -", made.out);
  EXPECT_EQ(checked.status, 0) << checked.err;
  for (const std::string& line : lines_of(checked.out)) {
    EXPECT_EQ(field(line, "size"), "null");
    EXPECT_EQ(field(line, "rows"), "3");
    EXPECT_EQ(field(line, "cols"), "4");
    EXPECT_EQ(field(line, "solvable"), "true");
  }
  const auto solved = run_taquin("solve --format json -", made.out);
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_TRUE(solved.err.empty()) << solved.err;  // IDA* is the default: nothing to say
  const Goal goal = Goal::standard(Shape{3, 4});
  for (const std::string& line : lines_of(solved.out)) {
    EXPECT_EQ(field(line, "optimal"), "true");
    EXPECT_EQ(unquote(field(line, "algorithm")), "ida");
    const auto moves = parse_moves(unquote(field(line, "moves")));
    ASSERT_TRUE(moves);
    EXPECT_TRUE(replay_solution(numbers(field(line, "board")), *moves, goal));
  }
  // A walk generates every class too, and the unsolvable half is found so.
  const auto walk = run_taquin("generate --size 2x7 --walk 50 --seed 2");
  EXPECT_EQ(run_taquin("check -", walk.out).status, 0);
  const auto odd = run_taquin("generate --size 4x3 --unsolvable --count 2 --seed 2");
  EXPECT_EQ(run_taquin("check -", odd.out).status, 1);
  // The 42 format is for squares.
  EXPECT_EQ(run_taquin("generate --size 3x4 --format 42").status, 2);
}

TEST(ShapeCli, LargeBoardsTakeTheConstructiveSolverAndSaySo) {
  // Two 17x17 boards made the 42 generator's way: a snail goal, random moves, the 42 format.
  Random random(42);
  const Goal snail = Goal::snail(17);
  std::string text;
  for (int i = 0; i < 2; ++i)
    text += "# This puzzle is solvable\n" +
            format_board(random_walk(random, snail, 10000), 17, BoardFormat::FortyTwo);
  const std::string file = temp_file("snail17.txt", text);
  const auto run = run_taquin("solve --format json " + file);
  ASSERT_EQ(run.status, 0) << run.err;
  // Each notice once: the snail goal, the algorithm chosen for the shape.
  EXPECT_EQ(count_lines(run.err), 2) << run.err;
  EXPECT_NE(run.err.find("17x17 board (289 cells) is beyond optimal search"), std::string::npos)
      << run.err;
  for (const std::string& line : lines_of(run.out)) {
    EXPECT_EQ(unquote(field(line, "algorithm")), "constructive");
    EXPECT_EQ(field(line, "optimal"), "false");
    const int length = std::stoi(field(line, "length"));
    const int bound = std::stoi(field(line, "lower_bound"));
    EXPECT_GT(bound, 0);
    EXPECT_GE(length, bound);
    EXPECT_LE(length, 8 * 17 * 17 * 17 / 3);  // Parberry's worst case
    const auto moves = parse_moves(unquote(field(line, "moves")));
    ASSERT_TRUE(moves);
    EXPECT_TRUE(replay_solution(numbers(field(line, "board")), *moves, snail));
  }
  // IDA* asked for on a board too large for it: bad input, named, in its place.
  const auto ida = run_taquin("solve -a ida " + file);
  EXPECT_EQ(ida.status, 2);
  EXPECT_NE(ida.err.find("IDA* searches boards of at most 25 cells"), std::string::npos) << ida.err;
  // bench measures IDA*: the same board is refused there, before any search.
  const auto bench = run_taquin("bench --threads 1 --set " + file);
  EXPECT_EQ(bench.status, 2);
  EXPECT_NE(bench.err.find("bench measures IDA*"), std::string::npos) << bench.err;
  // Text says how far from the shortest the answer may be.
  const auto shown = run_taquin("solve -a constructive --board '1 2 3 4 5 6 0 7 8'");
  EXPECT_NE(shown.out.find("(not proven optimal)"), std::string::npos) << shown.out;
}

TEST(ShapeCli, MidSizeBoardsTakeTheAnytimeSearchAndSaySo) {
  // A 6x6 square and a 5x6 rectangle (26 to 64 cells): the anytime search within its budget,
  // said once a shape on stderr; each answer replayed, its bound at most its length, optimal
  // only when the bound meets it, else a line on stderr saying how close it is.
  const std::string six = run_taquin("generate --size 6 --walk 300 --seed 8").out;
  const std::string rect = run_taquin("generate --size 5x6 --walk 300 --seed 8").out;
  ASSERT_FALSE(six.empty());
  ASSERT_FALSE(rect.empty());
  for (const std::string& board : {six, rect}) {
    const auto run = run_taquin("solve --format json --max-seconds 0.5 -", board);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("solved by anytime, a first solution at once, shortened by beam "
                           "searches and weighted A* "
                           "for 0.5 s (--max-seconds)"),
              std::string::npos)
        << run.err;
    EXPECT_EQ(unquote(field(run.out, "algorithm")), "anytime");
    const int length = std::stoi(field(run.out, "length"));
    const int bound = std::stoi(field(run.out, "lower_bound"));
    EXPECT_GT(bound, 0);
    EXPECT_LE(bound, length);
    EXPECT_EQ(field(run.out, "optimal"), bound == length ? "true" : "false");
    if (bound < length) {
      EXPECT_NE(run.err.find("x the shortest (at least " + std::to_string(bound) + ")"),
                std::string::npos)
          << run.err;
    }
    const auto moves = parse_moves(unquote(field(run.out, "moves")));
    ASSERT_TRUE(moves);
    const int rows = std::stoi(field(run.out, "rows")), cols = std::stoi(field(run.out, "cols"));
    EXPECT_TRUE(replay_solution(numbers(field(run.out, "board")), *moves,
                                Goal::standard(Shape{rows, cols})));
  }
  // Without --max-seconds, the budget is the default's.
  const auto told = run_taquin("solve --format json --max-nodes 2000 -", six);
  EXPECT_NE(told.err.find("weighted A* for 5 s"), std::string::npos) << told.err;
}

TEST(ShapeCli, CompareRunsWhatEachShapeTakes) {
  // 9x9: no IDA* rows (beyond 25 cells), a constructive row; 2x3: IDA* rows and constructive.
  const auto board = run_taquin("generate --size 9 --walk 60 --seed 3");
  const auto big = run_taquin("compare --max-seconds 0.2 --format json -", board.out);
  EXPECT_EQ(big.status, 0) << big.err;
  EXPECT_TRUE(big.err.find("internal error") == std::string::npos) << big.err;
  EXPECT_EQ(big.out.find("\"algorithm\":\"ida\""), std::string::npos);
  EXPECT_NE(big.out.find("\"algorithm\":\"constructive\""), std::string::npos);
  const auto small = run_taquin("compare --format json -", "2 3\n1 2 3\n4 0 5\n");
  EXPECT_EQ(small.status, 0) << small.err;
  EXPECT_NE(small.out.find("\"algorithm\":\"ida\""), std::string::npos);
  EXPECT_NE(small.out.find("\"algorithm\":\"constructive\""), std::string::npos);
}

TEST(ShapeCli, ConstructiveObeysItsLimits) {
  const auto made = run_taquin("generate --size 40 --solvable --seed 5");
  const auto run = run_taquin("solve --format json --max-nodes 100 -", made.out);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_EQ(unquote(field(run.out, "outcome")), "node-limit");
  EXPECT_EQ(field(run.out, "optimal"), "false");
}

}  // namespace
}  // namespace taquin
