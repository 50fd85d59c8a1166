// Tests of `taquin explore` through the built binary: histograms, farthest positions, bounds and
// exit codes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::run_taquin;

TEST(ExploreCli, EightPuzzleHistogramAndFarthestPositions) {
  const CliRun run = run_taquin("explore --size 3 --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(field(run.out, "counts"),
            "[1,2,4,8,16,20,39,62,116,152,286,396,748,1024,1893,2512,4485,5638,9529,10878,16993,"
            "17110,23952,20224,24047,15578,14560,6274,3910,760,221,2]");
  EXPECT_EQ(field(run.out, "total"), "181440");
  EXPECT_EQ(field(run.out, "greatest_depth"), "31");
  EXPECT_EQ(field(run.out, "farthest"), "[[6,4,7,8,5,0,3,2,1],[8,6,7,2,5,4,3,0,1]]");
  const CliRun text = run_taquin("explore --size 3");
  ASSERT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("total: 181440 states"), std::string::npos);
  EXPECT_NE(text.out.find("greatest depth: 31\n"), std::string::npos);
  EXPECT_NE(text.out.find("8 6 7 2 5 4 3 0 1\n"), std::string::npos);
  const CliRun two = run_taquin("explore --size 2 --format json");
  EXPECT_EQ(field(two.out, "total"), "12");
}

TEST(ExploreCli, FifteenPuzzleBoundedByDepth) {
  for (const std::string goal : {"standard", "zero-first"}) {
    const CliRun run = run_taquin("explore --size 4 --max-depth 14 --format json --goal " + goal);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(field(run.out, "counts"),
              "[1,2,4,10,24,54,107,212,446,946,1948,3938,7808,15544,30821]");
    EXPECT_EQ(field(run.out, "farthest_count"), "30821");
    EXPECT_EQ(field(run.out, "complete"), "false");
  }
}

TEST(ExploreCli, BadSizesExitTwoWithOneLine) {
  for (const std::string args : {"explore --size 4", "explore --size 9"}) {
    const CliRun run = run_taquin(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_TRUE(run.out.empty()) << args << ": " << run.out;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << args << ": " << run.err;
  }
  const CliRun big = run_taquin("explore --size 4");
  EXPECT_NE(big.err.find("10461394944000"), std::string::npos) << big.err;
}

// Rectangles go through the exhaustive BFS of any shape: the known greatest depths and the half of
// the (R·C)! states that the goal reaches.
TEST(ExploreCli, RectanglesInFull) {
  struct Case {
    const char* size;
    int rows, cols, greatest;
    const char* total;
  };
  for (const Case& c :
       {Case{"2x3", 2, 3, 21, "360"}, Case{"3x2", 3, 2, 21, "360"}, Case{"2x4", 2, 4, 36, "20160"},
        Case{"4x2", 4, 2, 36, "20160"}, Case{"2X5", 2, 5, 55, "1814400"}}) {
    const CliRun run = run_taquin(std::string("explore --format json --size ") + c.size);
    ASSERT_EQ(run.status, 0) << c.size << ": " << run.err;
    EXPECT_EQ(field(run.out, "size"), "null") << c.size;
    EXPECT_EQ(field(run.out, "rows"), std::to_string(c.rows)) << c.size;
    EXPECT_EQ(field(run.out, "cols"), std::to_string(c.cols)) << c.size;
    EXPECT_EQ(field(run.out, "greatest_depth"), std::to_string(c.greatest)) << c.size;
    EXPECT_EQ(field(run.out, "total"), c.total) << c.size;
    EXPECT_EQ(field(run.out, "complete"), "true") << c.size;
  }
  const CliRun text = run_taquin("explore --size 2x3");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.rfind("explore 2x3, goal standard\ndepth  states\n    0  1\n", 0), 0u)
      << text.out;
  EXPECT_NE(text.out.find("total: 360 states (every reachable state)\ngreatest depth: 21\n"
                          "positions at depth 21: 1\n4 5 0 1 2 3\n"),
            std::string::npos)
      << text.out;
  // --max-depth cuts the counts; the farthest positions are those of the bound.
  const CliRun bounded =
      run_taquin("explore --size 2x4 --max-depth 10 --positions 3 --format json");
  ASSERT_EQ(bounded.status, 0) << bounded.err;
  EXPECT_EQ(field(bounded.out, "counts"), "[1,2,3,6,10,14,19,28,42,61,85]");
  EXPECT_EQ(field(bounded.out, "complete"), "false");
  EXPECT_EQ(field(bounded.out, "farthest_count"), "85");
  EXPECT_EQ(field(bounded.out, "farthest"),
            "[[1,2,3,6,5,0,7,4],[1,2,3,7,5,0,4,6],[1,3,6,2,5,0,7,4]]");
  // Squares keep their record, with rows and cols.
  const CliRun square = run_taquin("explore --size 2 --format json");
  EXPECT_EQ(field(square.out, "size"), "2");
  EXPECT_EQ(field(square.out, "rows"), "2");
  EXPECT_EQ(field(square.out, "cols"), "2");
}

TEST(ExploreCli, RectanglesRefusedWithOneLine) {
  // Over twelve cells: the states named.
  const CliRun big = run_taquin("explore --size 4x5");
  EXPECT_EQ(big.status, 2);
  EXPECT_TRUE(big.out.empty()) << big.out;
  EXPECT_EQ(lines_of(big.err).size(), 1u) << big.err;
  EXPECT_NE(big.err.find("2432902008176640000 states (20!)"), std::string::npos) << big.err;
  // Twelve cells under a smaller memory limit: the memory it needs named.
  const CliRun memory = run_taquin("explore --size 3x4 --max-memory 100M");
  EXPECT_EQ(memory.status, 1);
  EXPECT_TRUE(memory.out.empty()) << memory.out;
  EXPECT_EQ(lines_of(memory.err).size(), 1u) << memory.err;
  EXPECT_NE(memory.err.find("479001600 bytes"), std::string::npos) << memory.err;
  for (const std::string size : {"0", "1", "101", "3x", "x4", "3x101", "2x1"}) {
    const CliRun run = run_taquin("explore --size " + size);
    EXPECT_EQ(run.status, 2) << size;
    EXPECT_TRUE(run.out.empty()) << size << ": " << run.out;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << size << ": " << run.err;
  }
}

// 3x4: 479,001,600 one-byte distances; set TAQUIN_SLOW_SHAPES=1 to run.
TEST(ExploreCliSlow, ThreeByFourInFull) {
  if (std::getenv("TAQUIN_SLOW_SHAPES") == nullptr)
    GTEST_SKIP() << "set TAQUIN_SLOW_SHAPES=1 for the 12-cell exploration";
  const CliRun run = run_taquin("explore --size 3x4 --max-memory 1G --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(field(run.out, "greatest_depth"), "53");
  EXPECT_EQ(field(run.out, "total"), "239500800");
}

}  // namespace
}  // namespace taquin
