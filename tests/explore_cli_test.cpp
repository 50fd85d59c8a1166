// Tests of `taquin explore` through the built binary: histograms, farthest positions, bounds and
// exit codes.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace taquin
