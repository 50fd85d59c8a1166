// Tests of the batch features through the built binary: -j N over a batch, --shard and merge.
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
using testing::temp_file;

const std::string kHardest8 = std::string(TAQUIN_DATA_DIR) + "/hardest8.txt";

// A batch of 8-puzzles and 15-puzzles, with an unsolvable board, a bad line and a 15-puzzle that
// outgrows the serial start of the parallel search (51 moves, 1.3 M nodes with linear conflict).
std::string mixed_batch() {
  const CliRun eights = run_taquin("generate --size 3 --count 300 --seed 7");
  const CliRun fifteens = run_taquin("generate --size 4 --walk 60 --count 20 --seed 7");
  EXPECT_EQ(eights.status, 0);
  EXPECT_EQ(fifteens.status, 0);
  return eights.out + "1 2 3 4 5 6 7 8 8\n" + fifteens.out +
         "12 1 10 2 7 11 4 14 5 0 9 15 8 13 6 3\n" + eights.out.substr(0, 18 * 40);
}

// The fields that must not depend on the thread count, of every record, in order.
std::vector<std::string> lengths_and_ids(const std::string& out) {
  std::vector<std::string> kept;
  for (const std::string& line : lines_of(out))
    kept.push_back(field(line, "id") + " " + field(line, "source") + ":" + field(line, "line") +
                   " " + field(line, "outcome") + " " + field(line, "length") + " " +
                   field(line, "board"));
  return kept;
}

TEST(BatchCli, TwoThreadsGiveTheRecordsOfOneInInputOrder) {
  const std::string file = temp_file("batch_threads.txt", mixed_batch());
  const CliRun one = run_taquin("solve " + file + " --format json -H linear -j 1");
  const CliRun two = run_taquin("solve " + file + " --format json -H linear -j 2");
  EXPECT_EQ(one.status, 2) << one.err;  // the bad line
  EXPECT_EQ(two.status, one.status) << two.err;
  EXPECT_EQ(two.err, one.err);
  const std::vector<std::string> records = lengths_and_ids(one.out);
  ASSERT_EQ(records.size(), 300u + 20 + 1 + 40) << one.err;
  EXPECT_EQ(lengths_and_ids(two.out), records);
  for (size_t i = 0; i < records.size(); ++i)
    EXPECT_EQ(field(lines_of(one.out)[i], "id"), std::to_string(i + 1));
  // The text output too, but for the statistics that vary.
  const CliRun text = run_taquin("solve " + file + " -H linear -j 2");
  EXPECT_EQ(text.status, 2);
  size_t lengths = 0, solved = 0;
  for (const std::string& line : lines_of(text.out)) lengths += line.starts_with("length: ");
  for (const std::string& line : lines_of(one.out)) solved += field(line, "length") != "null";
  EXPECT_EQ(lengths, solved);
  EXPECT_GT(solved, 100u);  // about half the random 8-puzzles are unsolvable
}

TEST(BatchCli, LimitsInABatchReportTheLowerBoundOfEachBoard) {
  // The two hardest 8-puzzles (31 moves) and an easy one, Hamming, 100 nodes each.
  const CliRun run =
      run_taquin("solve " + kHardest8 +
                 " --board '1 2 3 4 5 6 7 0 8' -H hamming -j 2 --max-nodes 100 --format json");
  EXPECT_EQ(run.status, 1) << run.err;
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 3u) << run.out;
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(field(lines[i], "outcome"), "\"node-limit\"");
    const int bound = std::stoi(field(lines[i], "lower_bound"));
    EXPECT_GE(bound, 7);
    EXPECT_LE(bound, 31);
  }
  EXPECT_EQ(field(lines[2], "outcome"), "\"solved\"");
  EXPECT_EQ(field(lines[2], "lower_bound"), "null");
}

TEST(ShardCli, ShardsMergedEqualTheWholeBatch) {
  const std::string file = temp_file("batch_shards.txt", mixed_batch());
  for (const std::string command : {"solve -H linear -j 1", "check"}) {
    const CliRun whole = run_taquin(command + " " + file + " --format json");
    std::vector<std::string> shards;
    for (int k = 0; k < 3; ++k) {
      const CliRun shard =
          run_taquin(command + " " + file + " --format json --shard " + std::to_string(k) + "/3");
      EXPECT_EQ(shard.err, whole.err) << command;  // a bad input is reported by every shard
      for (const std::string& line : lines_of(shard.out))
        EXPECT_EQ((std::stoi(field(line, "id")) - 1) % 3, k) << line;
      shards.push_back(temp_file("shard" + std::to_string(k) + ".json", shard.out));
    }
    const CliRun merged = run_taquin("merge " + shards[2] + " " + shards[0] + " " + shards[1]);
    EXPECT_EQ(merged.status, 0) << merged.err;
    EXPECT_EQ(lengths_and_ids(merged.out), lengths_and_ids(whole.out)) << command;
    if (command == "check") {
      EXPECT_EQ(merged.out, whole.out);
    }
  }
}

TEST(ShardCli, BenchShardsKeepTheSetIds) {
  const CliRun whole = run_taquin("bench --set hardest8 --threads 1 --format json");
  const CliRun first = run_taquin("bench --set hardest8 --threads 1 --format json --shard 0/2");
  const CliRun second = run_taquin("bench --set hardest8 --threads 1 --format json --shard 1/2");
  ASSERT_EQ(whole.status, 0) << whole.err;
  ASSERT_EQ(lines_of(first.out).size(), 2u) << first.out;  // one record and the summary
  EXPECT_EQ(field(first.out, "id"), "1");
  EXPECT_EQ(field(second.out, "id"), "2");
  const CliRun merged = run_taquin("merge " + temp_file("b0.json", first.out) + " " +
                                   temp_file("b1.json", second.out));
  EXPECT_EQ(merged.status, 0) << merged.err;
  const std::vector<std::string> lines = lines_of(whole.out);
  EXPECT_EQ(lengths_and_ids(merged.out),
            lengths_and_ids(lines[0] + "\n" + lines[1] + "\n"));  // the summary is left out
}

TEST(ShardCli, MergeFailsOnAMissingOrRepeatedIdWithOneLine) {
  const CliRun whole =
      run_taquin("check --format json " + kHardest8 + " --board '1 2 3 4 5 6 7 0 8'");
  const std::vector<std::string> lines = lines_of(whole.out);
  ASSERT_EQ(lines.size(), 3u);
  const std::string first = temp_file("m1.json", lines[0] + "\n" + lines[1] + "\n");
  const std::string last = temp_file("m3.json", lines[2] + "\n");
  const std::string second = temp_file("m2.json", lines[1] + "\n");
  const CliRun missing = run_taquin("merge " + last + " " + second);
  EXPECT_EQ(missing.status, 1);
  EXPECT_TRUE(missing.out.empty()) << missing.out;
  EXPECT_EQ(missing.err, "taquin: merge: id 1 is missing (ids read: 1 to 3, 2 records)\n");
  const CliRun repeated = run_taquin("merge " + first + " " + second + " " + last);
  EXPECT_EQ(repeated.status, 1);
  EXPECT_TRUE(repeated.out.empty()) << repeated.out;
  EXPECT_EQ(repeated.err,
            "taquin: merge: id 2 is repeated (" + first + ":2 and " + second + ":1)\n");
  const CliRun bad = run_taquin("merge " + first + " " + temp_file("bad.json", "{\"x\":1}\n"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(lines_of(bad.err).size(), 1u) << bad.err;
  EXPECT_NE(bad.err.find("bad.json:1: "), std::string::npos) << bad.err;
}

// merge reads each line as JSON: a record is one object whose first field is a whole id from 1,
// printed as it was read; a line that only starts like one is refused.
TEST(ShardCli, MergeReadsJson) {
  const std::string spaced = temp_file("spaced.json", "{ \"id\" : 2, \"a\": [1, 2] }\n");
  const std::string plain = temp_file("plain.json", "{\"id\":1}\n{\"summary\":true,\"x\":1}\n");
  const CliRun merged = run_taquin("merge " + spaced + " " + plain);
  EXPECT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(merged.out, "{\"id\":1}\n{ \"id\" : 2, \"a\": [1, 2] }\n");
  for (const std::string line : {"{\"id\":1,\"x\":}", "{\"id\":1,}", "{\"x\":1,\"id\":1}",
                                 "{\"id\":1.0}", "{\"id\":0}", "{\"summary\":false}", "[1]"}) {
    const CliRun bad = run_taquin("merge -", line + "\n");
    EXPECT_EQ(bad.status, 2) << line;
    EXPECT_EQ(bad.err,
              "taquin: <stdin>:1: not a JSON record of taquin (it starts with {\"id\":N)\n")
        << line;
    EXPECT_TRUE(bad.out.empty()) << line;
  }
}

TEST(ShardCli, BadShardIsAUsageError) {
  for (const std::string shard : {"3/3", "1", "-1/2", "0/0", "a/b", "1/2/3", "0/ 2"}) {
    for (const std::string command :
         {"solve --board '1 2 3 4 5 6 7 0 8'", "check --board '1 2 3 4 5 6 7 0 8'",
          "bench --set hardest8"}) {
      const CliRun run = run_taquin(command + " --shard '" + shard + "'");
      EXPECT_EQ(run.status, 2) << command << " " << shard;
      EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
      EXPECT_NE(run.err.find("--shard"), std::string::npos) << run.err;
    }
  }
}

// The number after `label` in a stress summary ("verified: 12 (...)": 12); -1 when absent.
long summary_count(const std::string& out, const std::string& label) {
  for (const std::string& line : lines_of(out))
    if (line.starts_with(label + ": ")) return std::stol(line.substr(label.size() + 2));
  return -1;
}

TEST(StressCli, FiveSecondsPass) {
  const CliRun run = run_taquin("stress --seconds 5 --seed 1");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(summary_count(run.out, "failures"), 0) << run.out;
  EXPECT_GT(summary_count(run.out, "verified"), 0) << run.out;
  EXPECT_GT(summary_count(run.out, "nodes expanded"), 0) << run.out;
  // On 3x3 every board has a known length (exhaustive distances), the farthest 8-puzzles' images
  // under the symmetries included.
  const CliRun small = run_taquin("stress --seconds 2 --size 3 --goal snail --seed 2");
  EXPECT_EQ(small.status, 0) << small.out << small.err;
  EXPECT_EQ(summary_count(small.out, "failures"), 0) << small.out;
  const std::string verified = lines_of(small.out)[2];
  EXPECT_EQ(verified, "verified: " + std::to_string(summary_count(small.out, "verified")) + " (" +
                          std::to_string(summary_count(small.out, "verified")) +
                          " against a known optimal length)");
  EXPECT_GT(summary_count(small.out, "verified"), 4) << small.out;
}

TEST(StressCli, AWrongExpectedLengthIsAFailure) {
  const std::string file = temp_file("wrong.txt", "8 6 7 2 5 4 3 0 1  # optimal 30\n");
  const CliRun run = run_taquin("stress --seconds 1 --size 3 --seed 1 " + file);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_EQ(summary_count(run.out, "failures"), 1) << run.out;
  EXPECT_NE(run.err.find("taquin: stress: FAILED " + file +
                         ":1, goal standard: 8 6 7 2 5 4 3 0 1: length 31, expected 30\n"),
            std::string::npos)
      << run.err;
}

TEST(GenerateCli, MinLengthKeepsOnlyBoardsThatNeedThatMany) {
  for (const std::string args : {"--size 3 --min-length 27", "--size 3 --min-length 20 --walk 30",
                                 "--size 4 --min-length 45"}) {
    const CliRun boards = run_taquin("generate --count 4 --seed 5 " + args);
    ASSERT_EQ(boards.status, 0) << boards.err;
    ASSERT_EQ(lines_of(boards.out).size(), 4u);
    const CliRun solved = run_taquin("solve - --format json -H linear", boards.out);
    for (const std::string& line : lines_of(solved.out))
      EXPECT_GE(std::stoi(field(line, "length")), std::stoi(args.substr(args.find("th ") + 3)))
          << args << ": " << line;
  }
  // A length no board drawn reaches is refused rather than searched for ever.
  for (const std::string args :
       {"--size 3 --min-length 32", "--size 3 --min-length 25 --walk 24",
        "--size 4 --min-length 81", "--size 3 --min-length 20 --unsolvable"}) {
    const CliRun run = run_taquin("generate --seed 1 " + args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
  }
}

}  // namespace
}  // namespace taquin
