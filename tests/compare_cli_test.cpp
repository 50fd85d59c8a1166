// Tests of `taquin compare` through the built binary: its optimal rows against an exhaustive BFS
// of the 8-puzzle made here, its limits, and its JSON and CSV forms.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::temp_file;
using testing::unquote;

using Board3 = std::array<uint8_t, 9>;

// The distance of every 3x3 board to the standard goal: a plain BFS from the goal, independent of
// the library's searches.
const std::map<Board3, int>& distances_to_goal() {
  static const std::map<Board3, int> distances = [] {
    std::map<Board3, int> d;
    const Board3 goal = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    std::deque<Board3> queue = {goal};
    d[goal] = 0;
    while (!queue.empty()) {
      const Board3 b = queue.front();
      queue.pop_front();
      const int blank = static_cast<int>(std::find(b.begin(), b.end(), 0) - b.begin());
      const int r = blank / 3, c = blank % 3;
      const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
      for (int k = 0; k < 4; ++k) {
        const int nr = r + dr[k], nc = c + dc[k];
        if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
        Board3 next = b;
        std::swap(next[blank], next[nr * 3 + nc]);
        if (d.emplace(next, d[b] + 1).second) queue.push_back(next);
      }
    }
    return d;
  }();
  return distances;
}

TEST(CompareCli, OptimalRowsAgreeWithBreadthFirstSearchOnTheEightPuzzle) {
  ASSERT_EQ(distances_to_goal().size(), 181440u);
  // The two hardest 8-puzzles and random boards.
  const CliRun generated = run_taquin("generate --size 3 --count 4 --seed 17 --solvable");
  ASSERT_EQ(generated.status, 0) << generated.err;
  const std::string boards =
      temp_file("compare_boards.txt", generated.out + "8 6 7 2 5 4 3 0 1\n6 4 7 8 5 0 3 2 1\n");
  const CliRun run = run_taquin("compare " + boards + " --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 6u * 11u);  // 6 boards x (bfs, uniform, 3 x astar, greedy, ida)
  const std::vector<std::string> board_lines =
      lines_of(generated.out + "8 6 7 2 5 4 3 0 1\n6 4 7 8 5 0 3 2 1\n");
  std::map<std::string, int> optimal_rows;
  for (const std::string& line : lines) {
    const int id = std::stoi(field(line, "id"));
    ASSERT_LE(id, static_cast<int>(board_lines.size()));
    const std::vector<Tile> board = numbers(board_lines[id - 1]);
    ASSERT_EQ(board.size(), 9u) << board_lines[id - 1];
    Board3 b{};
    std::copy(board.begin(), board.end(), b.begin());
    const int truth = distances_to_goal().at(b);
    const std::string algorithm = unquote(field(line, "algorithm"));
    EXPECT_EQ(field(line, "outcome"), "\"solved\"") << line;
    const int length = std::stoi(field(line, "length"));
    if (algorithm == "greedy") {
      EXPECT_EQ(field(line, "optimal"), "false") << line;
      EXPECT_GE(length, truth) << line;
    } else {
      EXPECT_EQ(field(line, "optimal"), "true") << line;
      EXPECT_EQ(length, truth) << line;
      ++optimal_rows[algorithm];
    }
  }
  // Every board: BFS and uniform once, A* and IDA* with each of the three heuristics.
  EXPECT_EQ(optimal_rows,
            (std::map<std::string, int>{{"astar", 18}, {"bfs", 6}, {"ida", 18}, {"uniform", 6}}));
}

TEST(CompareCli, ACellAtItsLimitSaysSoAndTheTableGoesOn) {
  const CliRun run =
      run_taquin("compare --board '8 6 7 2 5 4 3 0 1' --max-nodes 1000 --format json");
  ASSERT_EQ(run.status, 0) << run.err;
  int limited = 0;
  for (const std::string& line : lines_of(run.out)) {
    if (field(line, "outcome") != "\"node-limit\"") continue;
    ++limited;
    EXPECT_EQ(field(line, "length"), "null");
    EXPECT_LE(std::stoi(field(line, "lower_bound")), 31) << line;
  }
  EXPECT_GE(limited, 5);  // BFS, uniform-cost and IDA* need far more than 1000 nodes on it
  const CliRun text = run_taquin("compare --board '8 6 7 2 5 4 3 0 1' --max-nodes 1000");
  EXPECT_NE(text.out.find("node-limit"), std::string::npos);
}

TEST(CompareCli, CsvHasAHeaderThenTheJsonRowsInTheSameOrder) {
  const std::string board = "--board '1 2 3 4 5 6 0 7 8'";
  const CliRun json = run_taquin("compare " + board + " --format json");
  const CliRun csv = run_taquin("compare " + board + " --format csv");
  ASSERT_EQ(csv.status, 0) << csv.err;
  const std::vector<std::string> rows = lines_of(csv.out), objects = lines_of(json.out);
  ASSERT_EQ(rows.size(), objects.size() + 1);
  EXPECT_EQ(
      rows[0],
      "id,source,line,size,rows,cols,algorithm,heuristic,outcome,length,optimal,states_selected,"
      "max_states_in_memory,nodes_expanded,nodes_generated,seconds,lower_bound");
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::string& row = rows[i + 1];
    EXPECT_EQ(row.substr(0, row.find(",solved,")),
              "1,--board,1,3,3,3," + unquote(field(objects[i], "algorithm")) + "," +
                  unquote(field(objects[i], "heuristic")));
    EXPECT_NE(row.find(",solved,2,"), std::string::npos) << row;
  }
  // An unsolvable board: status 1, its rows say so.
  const CliRun unsolvable = run_taquin("compare --board '1 2 3 4 5 6 8 7 0' --format csv");
  EXPECT_EQ(unsolvable.status, 1);
  EXPECT_NE(unsolvable.out.find(",unsolvable,"), std::string::npos);
}

}  // namespace
}  // namespace taquin
