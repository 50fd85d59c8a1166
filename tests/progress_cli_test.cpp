// Tests of solve --progress through the built binary: one stderr line per IDA* iteration that
// found no solution, in bound order, and nothing added to standard output.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::run_taquin;

TEST(ProgressCli, EachIterationIsALineOnStderrInBoundOrder) {
  const std::string board = "--board '8 6 7 2 5 4 3 0 1' -H manhattan --format json";
  for (const std::string threads : {"1", "2"}) {
    const CliRun quiet = run_taquin("solve -j " + threads + " " + board);
    const CliRun run = run_taquin("solve --progress -j " + threads + " " + board);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(quiet.err, "");
    // Standard output is the same JSON line, progress or not (the seconds aside).
    EXPECT_EQ(field(run.out, "nodes_expanded"), field(quiet.out, "nodes_expanded"));
    EXPECT_EQ(testing::count_lines(run.out), 1);
    const std::regex line(
        R"(taquin: IDA\* bound ([0-9]+) searched: ([0-9]+) nodes expanded, [0-9]+ nodes/s, [0-9.]+ s)");
    const std::vector<std::string> lines = lines_of(run.err);
    // Every iteration but the last, which found the solution.
    ASSERT_EQ(lines.size() + 1, std::stoul(field(run.out, "iterations"))) << run.err;
    int last_bound = 0;
    uint64_t last_nodes = 0;
    for (const std::string& text : lines) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(text, m, line)) << text;
      const int bound = std::stoi(m[1]);
      const uint64_t nodes = std::stoull(m[2]);
      EXPECT_GT(bound, last_bound);
      EXPECT_LT(bound, 31);  // below the optimal length: those bounds found nothing
      EXPECT_GE(nodes, last_nodes);
      last_bound = bound;
      last_nodes = nodes;
    }
    EXPECT_LE(last_nodes, std::stoull(field(run.out, "nodes_expanded")));
  }
}

}  // namespace
}  // namespace taquin
