// Issue 28's friction points, each as a new user meets it: any algorithm on a batch at -j N, a
// heuristic named for a search that uses none, --progress on a batch, pdb build's progress
// lines, the count of solvable boards, merge's messages and a UTF-8 byte order mark.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "temp_dir.hpp"

namespace taquin::testing {
namespace {

namespace fs = std::filesystem;

// Five 3x3 boards, the last two of some length.
const std::string kBatch =
    "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n1 2 3 0 5 6 4 7 8\n8 6 7 2 5 4 3 0 1\n"
    "6 4 7 8 5 0 3 2 1\n";

// Friction 2: a batch runs any algorithm on several threads (one board a task), with the lengths
// of one thread, in input order; one board on several threads stays IDA*'s.
TEST(RoughEdgesCli, AnyAlgorithmSolvesABatchOnSeveralThreads) {
  TempDir dir("taquin_rough");
  const std::string file = dir / "batch.txt";
  std::ofstream(file) << kBatch;
  for (const std::string algorithm : {"astar", "uniform", "bfs", "greedy"}) {
    const CliRun serial = run_taquin("solve -a " + algorithm + " -j 1 --format json " + file);
    const CliRun parallel = run_taquin("solve -a " + algorithm + " -j 2 --format json " + file);
    ASSERT_EQ(serial.status, 0) << algorithm << "\n" << serial.err;
    ASSERT_EQ(parallel.status, 0) << algorithm << "\n" << parallel.err;
    const auto a = lines_of(serial.out), b = lines_of(parallel.out);
    ASSERT_EQ(b.size(), 5u) << parallel.out;
    for (size_t i = 0; i < b.size(); ++i) {
      EXPECT_EQ(field(b[i], "id"), std::to_string(i + 1));
      EXPECT_EQ(field(b[i], "threads"), "1") << b[i];  // each board's search: one thread
      EXPECT_EQ(field(b[i], "outcome"), "\"solved\"") << b[i];
      if (algorithm != "greedy") {
        EXPECT_EQ(field(b[i], "length"), field(a[i], "length")) << b[i];
      }
    }
  }
  const CliRun one = run_taquin("solve -a astar -j 2 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(one.status, 2);
  EXPECT_NE(one.err.find("--threads: only --algorithm ida searches one board on several threads"),
            std::string::npos)
      << one.err;
}

// Friction 3: uniform-cost search and BFS use no heuristic: naming one is refused, not dropped;
// bench takes -H as solve does.
TEST(RoughEdgesCli, HeuristicForASearchWithoutOneIsRefused) {
  for (const std::string algorithm : {"uniform", "bfs"}) {
    const CliRun run = run_taquin("solve -a " + algorithm + " -H pdb --board '1 2 3 4 5 6 7 0 8'");
    EXPECT_EQ(run.status, 2) << algorithm;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("taquin: --heuristic: " + algorithm + " uses no heuristic"),
              std::string::npos)
        << run.err;
  }
  TempDir dir("taquin_rough");
  const std::string set = dir / "set.txt";
  std::ofstream(set) << "1 2 3 4 5 6 0 7 8 # optimal 2\n";
  const CliRun bench = run_taquin("bench -H manhattan --format json --set " + set);
  EXPECT_EQ(bench.status, 0) << bench.err;
  EXPECT_NE(bench.out.find("\"heuristic\":\"manhattan\""), std::string::npos) << bench.out;
}

// Friction 4: --progress on a batch at -j 2 printed nothing; each board's iterations are lines
// naming it.
TEST(RoughEdgesCli, ProgressOnABatchOnSeveralThreadsNamesEachBoard) {
  TempDir dir("taquin_rough");
  const std::string file = dir / "batch.txt";
  // Three 4x4 boards of several Manhattan iterations each (walks of 80 moves: milliseconds).
  std::ofstream(file) << "1 9 7 11 5 3 10 8 2 6 0 4 13 15 14 12\n"
                         "6 4 11 7 2 3 10 0 5 1 14 9 12 15 13 8\n"
                         "1 2 5 7 13 6 10 3 8 15 4 11 9 0 12 14\n";
  const CliRun run = run_taquin("solve -H manhattan -j 2 --progress --format json " + file);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(lines_of(run.out).size(), 3u);
  int lines = 0;
  for (const std::string& line : lines_of(run.err)) {
    EXPECT_EQ(line.rfind("taquin: instance ", 0), 0u) << line;
    EXPECT_NE(line.find(": IDA* bound "), std::string::npos) << line;
    ++lines;
  }
  EXPECT_GT(lines, 0) << "no progress printed";
  EXPECT_NE(run.err.find("taquin: instance 1: IDA* bound "), std::string::npos) << run.err;
  const CliRun astar = run_taquin("solve -a astar --progress --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(astar.status, 0);
  EXPECT_EQ(astar.err,
            "taquin: --progress: only IDA* reports its progress (its iterations); astar prints "
            "none\n");
}

// Friction 5: pdb build's progress lines off a terminal start with "taquin: " as every stderr
// line does.
TEST(RoughEdgesCli, PdbBuildProgressLinesCarryThePrefix) {
  TempDir dir("taquin_rough");
  const std::string catalogue = dir / "small.cat";
  std::ofstream(catalogue) << "side 3\n0 1 2 3\n4 5 6 7\n";
  const CliRun run = run_taquin("pdb build " + catalogue);
  ASSERT_EQ(run.status, 0) << run.err;
  ASSERT_GT(lines_of(run.err).size(), 2u) << run.err;
  for (const std::string& line : lines_of(run.err))
    EXPECT_EQ(line.rfind("taquin: ", 0), 0u) << line;
  EXPECT_NE(run.err.find("taquin: group 1/2 round 1: "), std::string::npos) << run.err;
}

// Friction 6: generate mixes solvable and unsolvable boards (as the 42 generator does) and its
// help says so; check of a batch ends with how many are solvable.
TEST(RoughEdgesCli, GeneratedBatchMixesBothKindsAndCheckCountsThem) {
  const CliRun help = run_taquin("generate --help");
  EXPECT_NE(help.out.find("solvable and unsolvable ones alike unless --solvable"),
            std::string::npos)
      << help.out;
  const CliRun boards = run_taquin("generate --size 3 --count 40 --seed 5");
  ASSERT_EQ(boards.status, 0);
  const CliRun check = run_taquin("check -", boards.out);
  EXPECT_EQ(check.status, 1);
  const auto lines = lines_of(check.out);
  ASSERT_EQ(lines.size(), 41u);
  int solvable = 0;
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    solvable += lines[i].find(" solvable ") != std::string::npos;
  EXPECT_GT(solvable, 0);
  EXPECT_LT(solvable, 40);
  EXPECT_EQ(lines.back(), "solvable: " + std::to_string(solvable) + " of 40");
  // JSON and CSV records are unchanged; one board has no count.
  EXPECT_EQ(lines_of(run_taquin("check --format json -", boards.out).out).size(), 40u);
  EXPECT_EQ(lines_of(run_taquin("check --board '1 2 3 0'").out).size(), 1u);
}

// Friction 8: merge names a file given twice, refuses a directory as what it is, and a UTF-8 byte
// order mark before a board file's first line is skipped.
TEST(RoughEdgesCli, MergeAndBoardFilesSayWhatIsWrong) {
  TempDir dir("taquin_rough");
  const std::string shard = dir / "s0.json";
  std::ofstream(shard) << run_taquin("check --format json --board '1 2 3 0'").out;
  const CliRun twice = run_taquin("merge " + shard + " " + shard);
  EXPECT_EQ(twice.status, 2);
  EXPECT_EQ(twice.err, "taquin: merge: '" + shard +
                           "' is given twice (give each shard's output once) (run 'taquin merge "
                           "--help')\n");
  fs::create_symlink(shard, dir / "alias.json");
  const CliRun alias = run_taquin("merge " + shard + " " + (dir / "alias.json"));
  EXPECT_EQ(alias.status, 2);
  EXPECT_NE(alias.err.find("are the same file"), std::string::npos) << alias.err;
  const CliRun directory = run_taquin("merge " + dir.path().string());
  EXPECT_EQ(directory.status, 2);
  EXPECT_EQ(directory.err, "taquin: " + dir.path().string() +
                               ": is a directory, not a JSON-lines file (give a regular file, or "
                               "'-' for standard input)\n");
  const std::string bom = dir / "bom.txt";
  std::ofstream(bom) << "\xEF\xBB\xBF"
                     << "1 2 3 4 5 6 7 0 8\n";
  const CliRun read = run_taquin("check " + bom);
  EXPECT_EQ(read.status, 0) << read.err;
  EXPECT_EQ(read.out, "1 3x3 solvable  1 2 3 4 5 6 7 0 8\n");
  const CliRun piped = run_taquin("solve --goal standard --format json -",
                                  "\xEF\xBB\xBF"
                                  "3\n1 2 3\n4 5 6\n7 0 8\n");
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(field(piped.out, "length"), "1");
}

}  // namespace
}  // namespace taquin::testing
