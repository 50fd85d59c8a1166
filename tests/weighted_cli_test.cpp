// CLI tests of solve --weight and -a anytime: the record's weight, optimal and lower_bound, the
// text's "within Wx optimal", and the usage errors of a bad weight.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"
#include "json_fields.hpp"

namespace taquin::testing {
namespace {

const char* const kBoard = "'8 6 7 2 5 4 3 0 1'";  // 31 moves, the 8-puzzle's farthest

TEST(WeightedCli, WeightedAStarAndIdaRecords) {
  for (const char* algorithm : {"astar", "ida"}) {
    const CliRun run = run_taquin(std::string("solve --board ") + kBoard + " -a " + algorithm +
                                  " --weight 1.5 -j 1 --format json");
    ASSERT_EQ(run.status, 0) << run.err;
    const auto rec = json_object(run.out);
    ASSERT_TRUE(rec.has_value()) << run.out;
    EXPECT_EQ((*rec)["outcome"], "solved");
    EXPECT_EQ((*rec)["weight"], 1.5);
    const int length = (*rec)["length"];
    const int bound = (*rec)["lower_bound"];
    EXPECT_LE(length, 46);  // 1.5 x 31
    EXPECT_GE(bound, 21);   // the start's linear conflict, at least
    EXPECT_LE(bound, 31);
    EXPECT_EQ((*rec)["optimal"], bound >= length);
  }
  // W = 1 is the plain search: weight null, optimal.
  const CliRun one =
      run_taquin(std::string("solve --board ") + kBoard + " -a astar --weight 1 --format json");
  ASSERT_EQ(one.status, 0) << one.err;
  const auto rec = json_object(one.out);
  ASSERT_TRUE(rec.has_value());
  EXPECT_TRUE((*rec)["weight"].is_null());
  EXPECT_EQ((*rec)["optimal"], true);
  EXPECT_EQ((*rec)["length"], 31);
}

TEST(WeightedCli, TextSaysWithinTheWeight) {
  const CliRun run =
      run_taquin(std::string("solve --board ") + kBoard + " -a ida --weight 3 -j 1 --color never");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("algorithm: ida, heuristic linear, weight 3, threads 1\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(" moves (within 3x optimal); the shortest has at least "),
            std::string::npos)
      << run.out;
}

TEST(WeightedCli, BadWeightsAreUsageErrors) {
  for (const char* weight : {"0.5", "0", "nan", "inf", "x", "1e3", "-2", "0x2"}) {
    const CliRun run =
        run_taquin(std::string("solve --board ") + kBoard + " -a astar --weight=" + weight);
    EXPECT_EQ(run.status, 2) << weight;
    EXPECT_TRUE(run.out.empty()) << weight;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(run.err.rfind("taquin: --weight: ", 0), 0u) << run.err;
  }
  for (const char* algorithm : {"greedy", "bfs", "uniform", "constructive"}) {
    const CliRun run =
        run_taquin(std::string("solve --board ") + kBoard + " -a " + algorithm + " --weight 2");
    EXPECT_EQ(run.status, 2) << algorithm;
    EXPECT_NE(run.err.find("only --algorithm astar, ida and anytime take a weight"),
              std::string::npos)
        << run.err;
  }
}

TEST(AnytimeCli, ProvesOptimalWhenItCanAndIsSolvedWhenStoppedWithASolution) {
  const CliRun full =
      run_taquin(std::string("solve --board ") + kBoard + " -a anytime -j 2 --format json");
  ASSERT_EQ(full.status, 0) << full.err;
  auto rec = json_object(full.out);
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ((*rec)["outcome"], "solved");
  EXPECT_EQ((*rec)["length"], 31);
  EXPECT_EQ((*rec)["optimal"], true);
  EXPECT_EQ((*rec)["algorithm"], "anytime");
  EXPECT_TRUE((*rec)["weight"].is_null());

  // A 15-puzzle of 80 moves stopped after 30,000 nodes: its first solution, not optimal.
  const CliRun cut = run_taquin(
      "solve --board '0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1' -a anytime -j 1 --max-nodes 30000 "
      "--format json");
  ASSERT_EQ(cut.status, 0) << cut.err;
  rec = json_object(cut.out);
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ((*rec)["outcome"], "solved");
  EXPECT_EQ((*rec)["optimal"], false);
  const int length = (*rec)["length"];
  const int bound = (*rec)["lower_bound"];
  EXPECT_GT(length, 80);
  EXPECT_LE(bound, 80);
  EXPECT_GE(bound, 56);  // its linear conflict, at least

  // Rectangles take the anytime search (proving this one optimal) and weighted A*, not weighted
  // IDA*.
  const CliRun shaped = run_taquin("solve -a anytime --format json -", "2 3\n1 2 3\n4 0 5\n");
  EXPECT_EQ(shaped.status, 0) << shaped.err;
  EXPECT_NE(shaped.out.find("\"length\":1,"), std::string::npos) << shaped.out;
  EXPECT_NE(shaped.out.find("\"optimal\":true,"), std::string::npos) << shaped.out;
  const CliRun weighted_ida = run_taquin("solve -a ida -w 2 -", "2 3\n1 2 3\n4 0 5\n");
  EXPECT_EQ(weighted_ida.status, 2) << weighted_ida.out;
  EXPECT_NE(weighted_ida.err.find("takes a weight with astar or anytime"), std::string::npos)
      << weighted_ida.err;
}

}  // namespace
}  // namespace taquin::testing
