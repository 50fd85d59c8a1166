// `mpirun -np 2 taquin solve` (TAQUIN_MPI builds): the lengths one process finds, every rank's
// nodes counted, a limit that ends every rank, and Ctrl-C at mpirun.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "cli_run.hpp"
#include "core/replay.hpp"
#include "taquin/goal.hpp"

namespace taquin::testing {
namespace {

const std::string kData = TAQUIN_DATA_DIR;

// `taquin` on two ranks (--oversubscribe: CI has two cores, maybe fewer free), ended after five
// minutes if a rank hangs (a hang is a failure, not a stuck suite).
CliRun run_two_ranks(const std::string& args) {
  return run_program(
      std::string("timeout 300 ") + TAQUIN_MPIEXEC + " --oversubscribe -np 2 " + TAQUIN_BINARY,
      args);
}

// The boards of Korf's 100 (goal: blank first), a line each.
std::vector<std::string> korf_lines() {
  std::ifstream in(kData + "/korf100.txt");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

// The first `count` boards of Korf's 100, as a file.
std::string korf_boards(int count) {
  const std::vector<std::string> korf = korf_lines();
  std::string text;
  for (int i = 0; i < count && i < static_cast<int>(korf.size()); ++i) text += korf[i] + '\n';
  return temp_file("korf" + std::to_string(count) + ".txt", text);
}

// A command run by one process and on two ranks (with `two_extra` added), and their records.
struct OneAndTwo {
  CliRun one;
  CliRun two;
  std::vector<std::string> one_lines;
  std::vector<std::string> two_lines;
};

// Runs `args` as OneAndTwo says into `runs`; fails unless both end with `status` and print
// `records` records (call it under ASSERT_NO_FATAL_FAILURE).
void run_one_and_two(const std::string& args, const std::string& two_extra, int status,
                     size_t records, OneAndTwo& runs) {
  runs.one = run_taquin(args);
  runs.two = run_two_ranks(args + two_extra);
  ASSERT_EQ(runs.one.status, status) << runs.one.err;
  ASSERT_EQ(runs.two.status, status) << runs.two.err;
  runs.one_lines = lines_of(runs.one.out);
  runs.two_lines = lines_of(runs.two.out);
  ASSERT_EQ(runs.one_lines.size(), records);
  ASSERT_EQ(runs.two_lines.size(), records);
}

// The 5-5-5 tables (they serve the zero-first goal), built once for the suite (a few seconds)
// and removed at its end.
const std::string& tables_555() {
  struct Tables {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("taquin_mpi_555_" + std::to_string(::getpid()));
    std::string name = dir.string();
    Tables() {
      const CliRun build = run_taquin("pdb build 5-5-5 -o " + name);
      EXPECT_EQ(build.status, 0) << build.err;
    }
    ~Tables() { std::filesystem::remove_all(dir); }
  };
  static const Tables tables;
  return tables.name;
}

// The fields of a result that do not depend on how the search was spread (not the nodes, the
// iterations, the time, nor which optimal moves were found).
const char* const kSameFields[] = {"id",      "source",         "line",       "size",
                                   "board",   "goal",           "solvable",   "outcome",
                                   "length",  "optimal",        "algorithm",  "heuristic",
                                   "threads", "optimal_length", "lower_bound"};

TEST(MpiSolve, TwoRanksFindOneProcessLengthsAndCountEveryRank) {
  const std::string boards = korf_boards(5);
  const std::string args =
      "solve --goal zero-first -H pdb --pdb " + tables_555() + " -j 1 --format json " + boards;
  OneAndTwo runs;
  ASSERT_NO_FATAL_FAILURE(run_one_and_two(args, " --verbose", 0, 5, runs));
  const CliRun& two = runs.two;
  const std::vector<std::string>& one_lines = runs.one_lines;
  const std::vector<std::string>& two_lines = runs.two_lines;

  // --verbose: "taquin: instance I: rank R expanded N nodes", each rank of each board.
  std::map<int, std::map<int, uint64_t>> rank_nodes;
  const std::regex verbose_line(R"(taquin: instance (\d+): rank (\d+) expanded (\d+) nodes)");
  for (const std::string& line : lines_of(two.err)) {
    std::smatch m;
    if (std::regex_match(line, m, verbose_line))
      rank_nodes[std::stoi(m[1])][std::stoi(m[2])] = std::stoull(m[3]);
  }
  const Goal goal = Goal::zero_first(4);
  bool rank_1_searched = false;
  for (size_t i = 0; i < one_lines.size(); ++i) {
    SCOPED_TRACE(two_lines[i]);
    for (const char* name : kSameFields)
      EXPECT_EQ(field(two_lines[i], name), field(one_lines[i], name)) << name;
    // Optimal (the file's published length) and replayed from the board to the goal.
    EXPECT_EQ(field(two_lines[i], "length"), field(two_lines[i], "optimal_length"));
    EXPECT_EQ(field(two_lines[i], "optimal"), "true");
    const Expected<std::vector<Dir>> moves = parse_moves(unquote(field(two_lines[i], "moves")));
    ASSERT_TRUE(moves);
    EXPECT_TRUE(replay_solution(numbers(field(two_lines[i], "board")), *moves, goal));

    // The total is the ranks' nodes.
    const int id = std::stoi(field(two_lines[i], "id"));
    ASSERT_EQ(rank_nodes[id].size(), 2u) << two.err;
    EXPECT_EQ(std::to_string(rank_nodes[id][0] + rank_nodes[id][1]),
              field(two_lines[i], "nodes_expanded"));
    rank_1_searched = rank_1_searched || rank_nodes[id][1] > 0;
  }
  // Rank 1 took subtrees (on a loaded host, rank 0 may take all of a small search's before rank 1
  // asks: not every board's).
  EXPECT_TRUE(rank_1_searched) << two.err;
}

TEST(MpiSolve, NodeLimitStopsBothRanksWithTheLowerBound) {
  // Korf's first board (57 moves) with linear conflict needs far more than a million nodes.
  const std::string board = korf_boards(1);
  const CliRun two = run_two_ranks(
      "solve --goal zero-first -H linear -j 1 --max-nodes 1000000 "
      "--format json --verbose " +
      board);
  ASSERT_EQ(two.status, 1) << two.err;  // the command ended: so did both ranks
  const std::vector<std::string> lines = lines_of(two.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(field(lines[0], "outcome"), "\"node-limit\"");
  EXPECT_EQ(field(lines[0], "length"), "null");
  // The bound of the iteration under way: at least the heuristic's 41 moves (linear conflict of
  // this board), at most the optimal 57, and of the optimal length's parity.
  const int lower_bound = std::stoi(field(lines[0], "lower_bound"));
  EXPECT_GE(lower_bound, 41);
  EXPECT_LE(lower_bound, 57);
  EXPECT_EQ(lower_bound % 2, 57 % 2);
  // Stopped near the limit: past it by at most a few subtrees' check intervals.
  const uint64_t nodes = std::stoull(field(lines[0], "nodes_expanded"));
  EXPECT_GE(nodes, 1000000u);
  EXPECT_LT(nodes, 1500000u);
  EXPECT_NE(two.err.find("rank 1 expanded"), std::string::npos) << two.err;
}

TEST(MpiSolve, BoardsAfterANodeLimitAreSolvedAsByOneProcess) {
  // The ranks share one ticket counter for the whole run: a board stopped by the node limit
  // (Korf's first, 57 moves, needs 2.8 million nodes with linear conflict) must leave it where
  // every rank expects the next board's first ticket, or the next boards skip subtrees. Korf's
  // 19th, 23rd and 30th need 140,000 to 200,000 nodes (parallel iterations on both ranks).
  const std::vector<std::string> korf = korf_lines();
  ASSERT_GE(korf.size(), 30u);
  const std::string boards =
      temp_file("mpi_after_limit.txt", korf[0] + '\n' + korf[18] + '\n' + korf[22] + '\n' +
                                           korf[29] + '\n' + korf[0] + '\n' + korf[18] + '\n');
  const std::string args =
      "solve --goal zero-first -H linear -j 1 --max-nodes 1000000 --format json " + boards;
  OneAndTwo runs;
  ASSERT_NO_FATAL_FAILURE(run_one_and_two(args, "", 1, 6, runs));
  const std::vector<std::string>& one_lines = runs.one_lines;
  const std::vector<std::string>& two_lines = runs.two_lines;
  const char* const outcomes[] = {"node-limit", "solved",     "solved",
                                  "solved",     "node-limit", "solved"};
  const char* const lengths[] = {"null", "46", "49", "47", "null", "46"};
  for (size_t i = 0; i < two_lines.size(); ++i) {
    SCOPED_TRACE(two_lines[i]);
    EXPECT_EQ(field(two_lines[i], "outcome"), std::string("\"") + outcomes[i] + '"');
    EXPECT_EQ(field(two_lines[i], "length"), lengths[i]);
    for (const char* name : {"id", "outcome", "length", "optimal", "optimal_length"})
      EXPECT_EQ(field(two_lines[i], name), field(one_lines[i], name)) << name;
  }
}

TEST(MpiSolve, BadInputEndsEveryRank) {
  const CliRun two = run_two_ranks("solve --board '1 2 3'");
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(two.out, "");
}

// Whether a process other than this one has `text` in its command line (/proc/<pid>/cmdline).
bool process_running_with(const std::string& text) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (std::stoi(name) == ::getpid()) continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(MpiSolve, CtrlCAtMpirunStopsEveryRankAndKeepsTheRecords) {
  // An easy board, then one of 80 moves: minutes for Manhattan IDA* on two ranks. The file's name
  // is this run's own, so that the ranks' processes can be told from any other's.
  const std::string boards =
      temp_file("mpi_ctrl_c_" + std::to_string(::getpid()) + ".txt",
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n");
  const std::string err_file = boards + ".err";
  int out_fd = -1;
  const pid_t pid =
      spawn_program(std::string(TAQUIN_MPIEXEC) + " --oversubscribe -np 2 " + TAQUIN_BINARY,
                    "solve --heuristic manhattan -j 1 --format json " + boards, err_file, out_fd);
  ASSERT_GT(pid, 0);
  // stdout until its end, or `seconds` without a byte.
  std::string out;
  const auto read_for = [&](int seconds, bool until_line) {
    pollfd ready{out_fd, POLLIN, 0};
    char c;
    while (!(until_line && out.find('\n') != std::string::npos) &&
           poll(&ready, 1, seconds * 1000) == 1 && read(out_fd, &c, 1) == 1)
      out += c;
  };
  read_for(120, true);  // the easy board's record
  ASSERT_NE(out.find('\n'), std::string::npos) << "no record within two minutes";
  usleep(1000 * 1000);  // both ranks well into the long search
  const auto sent = std::chrono::steady_clock::now();
  kill(pid, SIGINT);
  read_for(30, false);
  close(out_fd);
  // mpirun's end, within 30 s; else the test fails and ends the whole job.
  int raw = 0;
  bool ended = false;
  for (int i = 0; i < 300 && !(ended = waitpid(pid, &raw, WNOHANG) == pid); ++i) usleep(100'000);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  if (!ended) {
    kill(-pid, SIGKILL);
    waitpid(pid, &raw, 0);
  }
  ASSERT_TRUE(ended) << "mpirun still running 30 s after SIGINT";
  std::stringstream err;
  err << std::ifstream(err_file).rdbuf();
  std::remove(err_file.c_str());
  // Promptly: each rank stops within a check interval, well before mpirun's SIGKILL (a second
  // after its SIGTERM), with room for a loaded machine.
  EXPECT_LT(seconds, 5.0);
  // Open MPI's mpirun, interrupted itself, exits 1 whatever its ranks return (its abort status);
  // the ranks get SIGTERM, and rank 0's report names it, as one process's would (exit 143).
  ASSERT_TRUE(WIFEXITED(raw)) << "killed by signal " << WTERMSIG(raw);
  EXPECT_NE(WEXITSTATUS(raw), 0) << err.str();
  // The easy board's record, whole; nothing of the interrupted one.
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n') << out;
  EXPECT_EQ(lines_of(out).size(), 1u) << out;
  EXPECT_EQ(out.rfind("{\"id\":1,", 0), 0u) << out;
  EXPECT_NE(out.find("\"outcome\":\"solved\""), std::string::npos) << out;
  // Rank 0 stopped its search and reported it (it was not killed at the end of mpirun's wait).
  EXPECT_NE(err.str().find("taquin: interrupted by SIGTERM while solving " + boards + ":2"),
            std::string::npos)
      << err.str();
  // No rank left behind.
  EXPECT_FALSE(process_running_with(boards));
}

// The pid of the process of rank `rank` (its environment's OMPI_COMM_WORLD_RANK) whose command
// line holds `text`, else 0.
pid_t rank_process(const std::string& text, int rank) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
    const std::string line((std::istreambuf_iterator<char>(cmdline)),
                           std::istreambuf_iterator<char>());
    if (line.find(text) == std::string::npos) continue;
    std::ifstream environ(entry.path() / "environ", std::ios::binary);
    const std::string variables((std::istreambuf_iterator<char>(environ)),
                                std::istreambuf_iterator<char>());
    if (variables.find(std::string("OMPI_COMM_WORLD_RANK=") + std::to_string(rank) + '\0') !=
        std::string::npos)
      return std::stoi(name);
  }
  return 0;
}

// CPU time (user and system, clock ticks) process `pid` has used: /proc/<pid>/stat's fields 14-15.
long cpu_ticks(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));  // after the command's name
  std::string field;
  long user = 0;
  long system = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) user = std::stol(field);
    if (i == 15) system = std::stol(field);
  }
  return user + system;
}

TEST(MpiSolve, RankOneTakesSubtreesWhileRankZeroIsStopped) {
  // Ranges of subtrees come from a counter on rank 0 that the other ranks update themselves: with
  // rank 0's process stopped (SIGSTOP), rank 1 goes on searching the long iteration of an 80-move
  // board with Manhattan (minutes), rather than waiting for rank 0 to answer. On one node, through
  // shared memory (Open MPI's osc sm, named so that the environment cannot choose another: across
  // nodes without network atomics, the counter needs rank 0's progress).
  const std::string boards = temp_file("mpi_stop_" + std::to_string(::getpid()) + ".txt",
                                       "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n");
  const std::string err_file = boards + ".err";
  int out_fd = -1;
  const pid_t pid = spawn_program(
      std::string(TAQUIN_MPIEXEC) + " --oversubscribe --mca osc sm -np 2 " + TAQUIN_BINARY,
      "solve --heuristic manhattan -j 1 --format json " + boards, err_file, out_fd);
  ASSERT_GT(pid, 0);
  usleep(2000 * 1000);  // both ranks well into the parallel iterations
  const pid_t rank_0 = rank_process(boards, 0);
  const pid_t rank_1 = rank_process(boards, 1);
  // Rank 1's CPU time over a second and a half, rank 0 running, then stopped (compared with each
  // other, so that the host's load counts alike in both). Up to three tries: a try whose stop
  // meets the end of an iteration sees rank 1 wait for rank 0's part of it, as it must.
  long running = 0;
  long stopped = 0;
  for (int tries = 0; tries < 3 && rank_0 > 0 && rank_1 > 0 && stopped <= running / 2; ++tries) {
    const long before = cpu_ticks(rank_1);
    usleep(1500 * 1000);
    const long middle = cpu_ticks(rank_1);
    kill(rank_0, SIGSTOP);
    usleep(1500 * 1000);
    const long after = cpu_ticks(rank_1);
    kill(rank_0, SIGCONT);
    running = middle - before;
    stopped = after - middle;
  }
  // Ended as by Ctrl-C (mpirun then cleans up after its ranks), else killed after 30 s.
  kill(pid, SIGINT);
  int raw = 0;
  bool ended = false;
  for (int i = 0; i < 300 && !(ended = waitpid(pid, &raw, WNOHANG) == pid); ++i) usleep(100'000);
  if (!ended) {
    kill(-pid, SIGKILL);
    waitpid(pid, &raw, 0);
  }
  close(out_fd);
  std::remove(err_file.c_str());
  ASSERT_GT(rank_0, 0) << "rank 0's process not found";
  ASSERT_GT(rank_1, 0) << "rank 1's process not found";
  ASSERT_GT(running, 0) << "rank 1 did not search";
  // Searching, rank 1 uses its core (a rank that waits for an answer sleeps: near nothing).
  EXPECT_GT(stopped, running / 2) << "rank 1's CPU ticks: " << running << " with rank 0 running, "
                                  << stopped << " with rank 0 stopped";
}

}  // namespace
}  // namespace taquin::testing
