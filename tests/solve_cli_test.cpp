// Tests of `taquin solve` through the built binary: output contracts and exit codes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "taquin/goal.hpp"
#include "taquin/replay.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::temp_file;
using testing::unquote;

// Replays the "moves" of a solved JSON line from its "board" to `goal`, independently.
void expect_replays(const std::string& json, const Goal& goal) {
  Expected<std::vector<Dir>> moves = parse_moves(unquote(field(json, "moves")));
  ASSERT_TRUE(moves.ok()) << json;
  EXPECT_EQ(std::to_string(moves->size()), field(json, "length"));
  const auto replayed = replay_solution(numbers(field(json, "board")), *moves, goal);
  EXPECT_TRUE(replayed.ok()) << replayed.error().describe();
  EXPECT_EQ(numbers(field(json, "goal")), goal.tiles());
}

const std::string kHardest8 = std::string(TAQUIN_DATA_DIR) + "/hardest8.txt";
const std::string kHardest80 = std::string(TAQUIN_DATA_DIR) + "/hardest80.txt";

TEST(SolveCli, EveryAlgorithmSolvesTheTwoHardestEightPuzzles) {
  for (const std::string algorithm : {"ida", "astar", "uniform", "bfs", "greedy"}) {
    for (const std::string heuristic : {"hamming", "manhattan", "linear"}) {
      const CliRun run =
          run_taquin("solve " + kHardest8 + " --format json -a " + algorithm + " -H " + heuristic);
      ASSERT_EQ(run.status, 0) << algorithm << ": " << run.err;
      const std::vector<std::string> lines = lines_of(run.out);
      ASSERT_EQ(lines.size(), 2u) << run.out;
      for (size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(field(lines[i], "id"), std::to_string(i + 1));
        EXPECT_EQ(unquote(field(lines[i], "algorithm")), algorithm);
        EXPECT_EQ(field(lines[i], "outcome"), "\"solved\"");
        expect_replays(lines[i], Goal::standard(3));
        if (algorithm == "greedy") {
          EXPECT_EQ(field(lines[i], "optimal"), "false");
          EXPECT_GE(std::stoi(field(lines[i], "length")), 31);
        } else {
          EXPECT_EQ(field(lines[i], "optimal"), "true");
          EXPECT_EQ(field(lines[i], "length"), "31");
        }
      }
      if (algorithm == "uniform" || algorithm == "bfs") break;  // no heuristic to vary
    }
  }
}

TEST(SolveCli, DefaultIsIdaWithLinearConflictAndThreadsKeepTheLength) {
  const CliRun run = run_taquin("solve " + kHardest8 + " --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  for (const std::string& line : lines_of(run.out)) {
    EXPECT_EQ(field(line, "algorithm"), "\"ida\"");
    EXPECT_EQ(field(line, "heuristic"), "\"linear\"");
    EXPECT_EQ(field(line, "length"), "31");
  }
  const CliRun parallel = run_taquin("solve " + kHardest8 + " --format json --threads 2");
  ASSERT_EQ(parallel.status, 0) << parallel.err;
  for (const std::string& line : lines_of(parallel.out)) {
    EXPECT_EQ(field(line, "length"), "31");
    expect_replays(line, Goal::standard(3));
  }
  // A 4x4 from Korf's set (zero-first goal) with its published optimal length.
  const CliRun korf = run_taquin(
      "solve --goal zero-first --format json "
      "--board '14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15'");
  ASSERT_EQ(korf.status, 0) << korf.err;
  EXPECT_EQ(field(korf.out, "length"), "45");
  expect_replays(korf.out, Goal::zero_first(4));
}

TEST(SolveCli, JsonContractOneLineEachInInputOrder) {
  // Three instances from a file: solvable, unsolvable, solvable; then one from --board.
  const std::string file = temp_file(
      "three.txt", "1 2 3 4 5 6 0 7 8\n2 1 3 4 5 6 7 8 0\n# a comment\n3\n4 1 3\n0 2 5\n7 8 6\n");
  const CliRun run =
      run_taquin("solve " + file + " --board '1 2 3 4 5 6 7 0 8' -a astar --format json");
  EXPECT_EQ(run.status, 1);  // one unsolvable instance
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 4u) << run.out;
  const char* keys[] = {"id",
                        "board",
                        "goal",
                        "solvable",
                        "length",
                        "moves",
                        "optimal",
                        "algorithm",
                        "heuristic",
                        "nodes_expanded",
                        "nodes_generated",
                        "max_states_in_memory",
                        "seconds",
                        "states_selected",
                        "nodes_per_second",
                        "outcome"};
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].front(), '{');
    EXPECT_EQ(lines[i].back(), '}');
    for (const char* key : keys)
      EXPECT_FALSE(field(lines[i], key).empty()) << key << " in " << lines[i];
    EXPECT_EQ(field(lines[i], "id"), std::to_string(i + 1));
    EXPECT_EQ(field(lines[i], "heuristic"), "\"linear\"");
  }
  EXPECT_EQ(numbers(field(lines[0], "board")), (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 0, 7, 8}));
  EXPECT_EQ(field(lines[0], "length"), "2");
  EXPECT_EQ(field(lines[0], "moves"), "\"RR\"");
  EXPECT_EQ(field(lines[1], "solvable"), "false");
  EXPECT_EQ(field(lines[1], "outcome"), "\"unsolvable\"");
  EXPECT_EQ(field(lines[1], "length"), "null");
  EXPECT_EQ(field(lines[1], "nodes_generated"), "0");
  EXPECT_EQ(field(lines[2], "source"), "\"" + file + "\"");
  EXPECT_EQ(field(lines[2], "line"), "4");
  EXPECT_EQ(field(lines[2], "length"), "5");
  EXPECT_EQ(field(lines[3], "source"), "\"--board\"");
  EXPECT_EQ(field(lines[3], "length"), "1");
  for (size_t i : {0u, 2u, 3u}) expect_replays(lines[i], Goal::standard(3));
}

TEST(SolveCli, SnailGoalAndShowPath) {
  const CliRun run = run_taquin("solve --board '1 2 3 8 0 4 7 6 5' --goal snail -a astar");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("length: 0 moves (optimal)"), std::string::npos) << run.out;
  const CliRun json = run_taquin(
      "solve --board '2 8 3 1 0 4 7 6 5' --goal snail -a astar --format json --show-path");
  ASSERT_EQ(json.status, 0) << json.err;
  expect_replays(json.out, Goal::snail(3));
  const CliRun text =
      run_taquin("solve --board '2 8 3 1 0 4 7 6 5' --goal snail -a greedy --show-path");
  ASSERT_EQ(text.status, 0) << text.err;
  const size_t moves_at = text.out.find("moves: ");
  ASSERT_NE(moves_at, std::string::npos);
  const std::string moves =
      text.out.substr(moves_at + 7, text.out.find('\n', moves_at) - moves_at - 7);
  size_t steps = 0;
  for (size_t at = text.out.find("step "); at != std::string::npos;
       at = text.out.find("step ", at + 1))
    ++steps;
  EXPECT_EQ(steps, moves.size() + 1);
  for (const char* stat :
       {"states selected (complexity in time): ", "max states in memory (complexity in size): ",
        "nodes expanded: ", "nodes generated: ", "seconds: ", "nodes generated per second: ",
        "optimal: no"})
    EXPECT_NE(text.out.find(stat), std::string::npos) << stat;
}

TEST(SolveCli, MemoryLimitStopsAHardFifteenPuzzleCleanly) {
  const CliRun run = run_taquin(
      "solve --board '0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1' -a astar "
      "--max-memory 48M");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("not solved: stopped at the memory limit of 48 MiB"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("nodes expanded: "), std::string::npos);
  EXPECT_NE(run.out.find("max states in memory (complexity in size): "), std::string::npos);
  const CliRun json = run_taquin(
      "solve --board '0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1' -a bfs "
      "--max-memory 16M --format json");
  EXPECT_EQ(json.status, 1);
  EXPECT_EQ(field(json.out, "outcome"), "\"memory-limit\"");
  EXPECT_EQ(field(json.out, "length"), "null");
  EXPECT_EQ(field(json.out, "optimal"), "false");
  EXPECT_GT(std::stoull(field(json.out, "nodes_expanded")), 10000u);
}

TEST(SolveCli, BadInputExitsTwoWithOneLine) {
  const std::string file = temp_file("bad.txt", "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n");
  for (const std::string& args :
       std::vector<std::string>{"solve " + file + " -a astar", "solve --board '1 2 3' -a astar",
                                "solve --board '1 2 3 4 5 6 7 8 0' -a astar --max-memory 12X",
                                "solve --board '1 2 3 4 5 6 7 8 0' -a astar --heuristic pdb",
                                "solve --board '1 2 3 4 5 6 7 8 0' -a astar --threads 4",
                                "solve /nonexistent/file.txt -a astar"}) {
    const CliRun run = run_taquin(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_TRUE(run.out.empty()) << args << ": " << run.out;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << args << ": " << run.err;
  }
  const CliRun bad_line = run_taquin("solve " + file + " -a astar");
  EXPECT_NE(bad_line.err.find(file + ":2"), std::string::npos) << bad_line.err;
  const CliRun pdb = run_taquin("solve --board '1 2 3 4 5 6 7 8 0' --heuristic pdb -a astar");
  EXPECT_NE(pdb.err.find("no pattern database for 3x3"), std::string::npos) << pdb.err;
}

}  // namespace
}  // namespace taquin
