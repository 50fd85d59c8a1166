// `mpirun -np 2 taquin solve` (TAQUIN_MPI builds): the lengths one process finds, every rank's
// nodes counted, and a limit that ends every rank.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "cli_run.hpp"
#include "taquin/goal.hpp"
#include "taquin/replay.hpp"

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

// The first `count` boards of Korf's 100 (goal: blank first), as a file.
std::string korf_boards(int count) {
  std::ifstream in(kData + "/korf100.txt");
  std::string text;
  int taken = 0;
  for (std::string line; taken < count && std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    text += line + '\n';
    ++taken;
  }
  return temp_file("korf" + std::to_string(count) + ".txt", text);
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
  const CliRun one = run_taquin(args);
  const CliRun two = run_two_ranks(args + " --verbose");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  const std::vector<std::string> one_lines = lines_of(one.out);
  const std::vector<std::string> two_lines = lines_of(two.out);
  ASSERT_EQ(one_lines.size(), 5u);
  ASSERT_EQ(two_lines.size(), 5u);

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

TEST(MpiSolve, BadInputEndsEveryRank) {
  const CliRun two = run_two_ranks("solve --board '1 2 3'");
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(two.out, "");
}

}  // namespace
}  // namespace taquin::testing
