// Tests of `taquin solve` through the built binary: output contracts and exit codes.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "core/replay.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::spawn_program;
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
      // Uniform-cost search and BFS take no heuristic (naming one is refused).
      const bool blind = algorithm == "uniform" || algorithm == "bfs";
      const CliRun run = run_taquin("solve " + kHardest8 + " --format json -a " + algorithm +
                                    (blind ? std::string() : " -H " + heuristic));
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
  // Three instances from a file: solvable, unsolvable, solvable; then one from --board. (--goal
  // standard: the third, in the 42 format, would take the snail goal without it.)
  const std::string file = temp_file(
      "three.txt", "1 2 3 4 5 6 0 7 8\n2 1 3 4 5 6 7 8 0\n# a comment\n3\n4 1 3\n0 2 5\n7 8 6\n");
  const CliRun run = run_taquin(
      "solve " + file + " --board '1 2 3 4 5 6 7 0 8' -a astar --goal standard --format json");
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
  EXPECT_EQ(numbers(field(lines[0], "board")), (std::vector<Tile>{1, 2, 3, 4, 5, 6, 0, 7, 8}));
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
  // Every board under its step label ("0", then "STEP LETTER"), in order (the grid of --show-path).
  size_t steps = 0;
  for (size_t at = moves_at; steps <= moves.size(); ++steps) {
    const std::string label = steps == 0 ? "\n0" : std::to_string(steps) + " " + moves[steps - 1];
    at = text.out.find(label, at);
    if (at == std::string::npos) break;
  }
  EXPECT_EQ(steps, moves.size() + 1);
  for (const char* stat :
       {"states selected (complexity in time): ", "max states in memory (complexity in size): ",
        "nodes expanded: ", "nodes generated: ", "seconds: ", "nodes expanded per second: ",
        "optimal: unknown\n"})
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
  for (const std::string& args : std::vector<std::string>{
           "solve --strict " + file + " -a astar", "solve --board '1 2 3' -a astar",
           "solve --board '1 2 3 4 5 6 7 8 0' -a astar --max-memory 12X",
           "solve --board '1 2 3 4 5 6 7 8 0' -a astar --heuristic pdb",
           "solve --board '1 2 3 4 5 6 7 8 0' -a astar --threads 4",
           "solve /nonexistent/file.txt -a astar"}) {
    const CliRun run = run_taquin(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_TRUE(run.out.empty()) << args << ": " << run.out;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << args << ": " << run.err;
  }
  const CliRun bad_line = run_taquin("solve --strict " + file + " -a astar");
  EXPECT_NE(bad_line.err.find(file + ":2"), std::string::npos) << bad_line.err;
  const CliRun pdb = run_taquin("solve --board '1 2 3 4 5 6 7 8 0' --heuristic pdb -a astar");
  EXPECT_NE(pdb.err.find("no pattern database for 3x3"), std::string::npos) << pdb.err;
}

TEST(SolveCli, LimitsAreRefusedUnlessTheyMeanSomething) {
  const std::string board = " --board '1 2 3 4 5 6 7 0 8'";
  for (const std::string bad :
       {"--max-seconds 0", "--max-seconds -1", "--max-seconds nan", "--max-seconds inf",
        "--max-seconds 1e999", "--max-seconds soon", "--max-nodes 0", "--max-nodes -5",
        "--max-nodes 18446744073709551616", "--max-nodes 1.5", "--threads -1", "--threads 5000"}) {
    const CliRun run = run_taquin("solve" + board + " " + bad);
    EXPECT_EQ(run.status, 2) << bad;
    EXPECT_TRUE(run.out.empty()) << bad << ": " << run.out;
    ASSERT_EQ(lines_of(run.err).size(), 1u) << bad << ": " << run.err;
    const std::string option = bad.substr(0, bad.find(' '));
    EXPECT_EQ(run.err.find("taquin: " + option + ": "), 0u) << run.err;
    EXPECT_NE(run.err.find("(run 'taquin solve --help')"), std::string::npos) << run.err;
  }
  // The largest node count and a fraction of a second are limits like any other.
  for (const std::string good : {"--max-nodes 18446744073709551615", "--max-seconds 0.5"}) {
    const CliRun run = run_taquin("solve --format json" + board + " " + good);
    EXPECT_EQ(run.status, 0) << good << ": " << run.err;
    EXPECT_EQ(field(run.out, "length"), "1") << good;
  }
}

TEST(SolveCli, StopAtALimitReportsTheLowerBound) {
  // One of the two hardest 8-puzzles (31 moves): Hamming IDA* needs far more than 100 expansions.
  const std::string hard = " --board '8 6 7 2 5 4 3 0 1' -H hamming --threads 1 --max-nodes 100";
  const CliRun json = run_taquin("solve --format json" + hard);
  EXPECT_EQ(json.status, 1) << json.err;
  EXPECT_EQ(field(json.out, "outcome"), "\"node-limit\"");
  const std::string bound = field(json.out, "lower_bound");
  ASSERT_FALSE(bound.empty() || bound == "null") << json.out;
  EXPECT_GE(std::stoi(bound), 7);   // the start's Hamming value: the first bound, proved at once
  EXPECT_LE(std::stoi(bound), 31);  // a lower bound, never above the optimum
  const CliRun text = run_taquin("solve" + hard);
  EXPECT_EQ(text.status, 1);
  EXPECT_NE(text.out.find("not solved: stopped at the node limit (--max-nodes)\nlower bound: " +
                          bound + "\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("optimal: unknown\n"), std::string::npos) << text.out;
  // Solved: no lower bound.
  const CliRun solved = run_taquin("solve --format json --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(field(solved.out, "lower_bound"), "null");
}

TEST(SolveCli, BatchGoesOnAfterABadInputUnlessStrict) {
  // Good, bad (duplicate tile), a 42-format board with a bad row, good; then a missing file and a
  // good --board.
  const std::string file =
      ::testing::TempDir() + "taquin_cli_batch_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file) << "1 2 3 4 5 6 0 7 8\n1 2 3 4 5 6 7 8 8\n3\n1 2 3\n4 5 6 7\n8 0\n"
                         "1 2 3 4 5 6 7 0 8\n";
  const std::string args =
      file + " /nonexistent/batch.txt --board '1 2 3 4 5 0 7 8 6' -a astar --format json";
  const CliRun run = run_taquin("solve " + args);
  EXPECT_EQ(run.status, 2);
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 3u) << run.out;
  EXPECT_EQ(field(lines[0], "line"), "1");
  EXPECT_EQ(field(lines[1], "line"), "7");
  EXPECT_EQ(field(lines[2], "source"), "\"--board\"");
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(field(lines[i], "id"), std::to_string(i + 1));
    EXPECT_EQ(field(lines[i], "outcome"), "\"solved\"");
  }
  const std::vector<std::string> errors = lines_of(run.err);
  ASSERT_EQ(errors.size(), 3u) << run.err;
  EXPECT_EQ(errors[0].find("taquin: " + file + ":2: duplicate tile 8"), 0u) << errors[0];
  EXPECT_EQ(errors[1].find("taquin: " + file + ":5: "), 0u) << errors[1];
  EXPECT_EQ(errors[2].find("taquin: /nonexistent/batch.txt: "), 0u) << errors[2];
  const CliRun strict = run_taquin("solve --strict " + args);
  EXPECT_EQ(strict.status, 2);
  EXPECT_TRUE(strict.out.empty()) << strict.out;
  EXPECT_EQ(lines_of(strict.err).size(), 1u) << strict.err;
}

TEST(SolveCli, SmallThingsOfTheTextOutput) {
  const CliRun one = run_taquin("solve --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_NE(one.out.find("length: 1 move (optimal)\n"), std::string::npos) << one.out;
  const CliRun two = run_taquin("solve --board '1 2 3 4 5 6 0 7 8'");
  EXPECT_NE(two.out.find("length: 2 moves (optimal)\n"), std::string::npos) << two.out;
  EXPECT_NE(two.out.find("heuristic linear, threads "), std::string::npos) << two.out;
  // The snail goal of 3x3 itself cannot reach the standard goal (the other parity class).
  const CliRun snail = run_taquin("solve --board '1 2 3 8 0 4 7 6 5'");
  EXPECT_EQ(snail.status, 1);
  EXPECT_NE(snail.out.find("no search made (it can reach the snail goal: --goal snail)\n"),
            std::string::npos)
      << snail.out;
  const CliRun neither = run_taquin("solve --goal snail --board '2 1 3 8 0 4 7 6 5'");
  EXPECT_EQ(neither.status, 1);
  EXPECT_NE(neither.out.find("no search made\n"), std::string::npos) << neither.out;
  const CliRun unknown = run_taquin("frob --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown command 'frob'"), std::string::npos) << unknown.err;
  const CliRun pdb = run_taquin("pdb frob");
  EXPECT_NE(pdb.err.find("unknown command 'frob' (run 'taquin pdb --help'"), std::string::npos)
      << pdb.err;
  const CliRun option = run_taquin("solve --no-such-option");
  EXPECT_EQ(option.status, 2);
  EXPECT_NE(option.err.find("(run 'taquin solve --help')"), std::string::npos) << option.err;
}

// Starts taquin with `args` (shell words), its stdout on a pipe and its stderr in `err_file`.
pid_t spawn_taquin(const std::string& args, const std::string& err_file, int& out_fd) {
  return spawn_program(TAQUIN_BINARY, args, err_file, out_fd);
}

// Reads `fd` until its end.
std::string read_all(int fd, std::string text = "") {
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  return text;
}

// Runs `args` (an easy board first, then a long search), sends `signal` after the first record,
// and checks the exit status, the whole records printed and the stderr report.
void expect_stops_on(int signal, const std::string& args, int status) {
  const std::string err_file =
      ::testing::TempDir() + "taquin_cli_signal_" + std::to_string(getpid()) + ".txt";
  int out_fd = -1;
  const pid_t pid = spawn_taquin(args, err_file, out_fd);
  ASSERT_GT(pid, 0);
  std::string out;
  char c;
  pollfd ready{out_fd, POLLIN, 0};
  while (out.find('\n') == std::string::npos && poll(&ready, 1, 60'000) == 1 &&
         read(out_fd, &c, 1) == 1)
    out += c;
  if (out.find('\n') == std::string::npos) kill(pid, SIGKILL);  // no record within a minute
  usleep(300 * 1000);                                           // into the long search
  const auto sent = std::chrono::steady_clock::now();
  kill(pid, signal);
  out = read_all(out_fd, out);
  close(out_fd);
  int raw = 0;
  waitpid(pid, &raw, 0);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  ASSERT_TRUE(WIFEXITED(raw)) << "killed by signal " << WTERMSIG(raw);
  EXPECT_EQ(WEXITSTATUS(raw), status);
  EXPECT_LT(seconds, 2.0);  // "a fraction of a second", with room for a loaded machine
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n') << out;
  EXPECT_EQ(lines_of(out).size(), 1u) << out;  // the easy board's record, whole
  EXPECT_EQ(out.rfind("{\"id\":1,", 0), 0u) << out;
  EXPECT_NE(out.find("\"outcome\":\"solved\""), std::string::npos) << out;
  std::ifstream err_in(err_file);
  std::stringstream err;
  err << err_in.rdbuf();
  std::remove(err_file.c_str());
  const std::string name = signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : "SIGTERM";
  EXPECT_NE(err.str().find("taquin: interrupted by " + name + " while solving "), std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("taquin: nodes expanded: "), std::string::npos) << err.str();
  const size_t bound_at = err.str().find(", lower bound: ");
  ASSERT_NE(bound_at, std::string::npos) << err.str();
  // The 80-move board's Manhattan distance is the first bound, proved at once.
  EXPECT_GE(std::stoi(err.str().substr(bound_at + 15)), 40) << err.str();
}

// An easy 15-puzzle, then one of 80 moves: minutes for Manhattan IDA* on one thread.
const std::string kEasyThenHard =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n";

TEST(SolveCli, CtrlCStopsTheSearchAndKeepsTheFinishedRecords) {
  const std::string file =
      ::testing::TempDir() + "taquin_cli_sigint_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file) << kEasyThenHard;
  expect_stops_on(SIGINT, "solve --heuristic manhattan --threads 1 --format json " + file, 130);
  // A batch on two threads: the easy board's record is printed while the hard one is searched.
  expect_stops_on(SIGINT, "solve --heuristic manhattan --threads 2 --format json " + file, 130);
  expect_stops_on(SIGTERM, "bench --heuristic manhattan --threads 1 --format json --set " + file,
                  143);
}

// SIGHUP (the terminal closed) stops a run as SIGINT and SIGTERM do: the finished records kept,
// the report, status 129 (128 + 1). It killed the run silently before (issue 28, failure 6).
TEST(SolveCli, SighupStopsTheSearchAsAnInterrupt) {
  const std::string file =
      ::testing::TempDir() + "taquin_cli_sighup_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file) << kEasyThenHard;
  expect_stops_on(SIGHUP, "solve --heuristic manhattan --threads 1 --format json " + file, 129);
  expect_stops_on(SIGHUP, "bench --heuristic manhattan --threads 1 --format json --set " + file,
                  129);
}

}  // namespace
}  // namespace taquin
