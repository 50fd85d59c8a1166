// End-to-end tests of the 42 school's boards (issue 49, item 4): a board in the 42 format means the
// snail goal unless --goal names another (said once a run on stderr), --goal 42, generate's
// "# This puzzle is solvable" line, and the head of a solve's text printed before its search.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <random>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "core/explore.hpp"
#include "core/replay.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::temp_file;
using testing::unquote;

// A board made as the 42 school's generator (npuzzle-gen.py) makes one: `moves` random blank
// moves from the snail goal; unsolvable ones get their first two tiles swapped (the last two when
// the blank is among them).
std::vector<Tile> generator_board(int side, int moves, bool solvable, std::mt19937_64& random) {
  std::vector<Tile> tiles = Goal::snail(side).tiles();
  for (int m = 0; m < moves; ++m) {
    const int blank = static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
    const int r = blank / side, c = blank % side;
    std::vector<int> next;
    if (r > 0) next.push_back(blank - side);
    if (r + 1 < side) next.push_back(blank + side);
    if (c > 0) next.push_back(blank - 1);
    if (c + 1 < side) next.push_back(blank + 1);
    std::swap(tiles[blank], tiles[next[random() % next.size()]]);
  }
  if (!solvable) {
    const size_t n = tiles.size();
    if (tiles[0] != 0 && tiles[1] != 0)
      std::swap(tiles[0], tiles[1]);
    else
      std::swap(tiles[n - 1], tiles[n - 2]);
  }
  return tiles;
}

// The generator's text of `tiles`: its comment line, the side, the rows right-aligned.
std::string generator_text(const std::vector<Tile>& tiles, int side, bool solvable) {
  const size_t width = std::to_string(side * side).size();
  std::string text = std::string("# This puzzle is ") + (solvable ? "solvable" : "unsolvable") +
                     "\n" + std::to_string(side) + "\n";
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) {
      const std::string cell = std::to_string(tiles[r * side + c]);
      text += (c ? " " : "") + std::string(width - cell.size(), ' ') + cell;
    }
    text += "\n";
  }
  return text;
}

// The notice of a run whose first 42-format board is at `source`:`line`.
std::string notice(const std::string& source, int line) {
  return "taquin: " + source + ":" + std::to_string(line) +
         ": boards in the 42 format (a size line before the rows) take the snail goal, the 42 "
         "school's; --goal standard to change\n";
}

// Replays a solved JSON record's moves from its board to `goal` and checks its length.
void expect_replays_to(const std::string& json, const Goal& goal, int length) {
  Expected<std::vector<Dir>> moves = parse_moves(unquote(field(json, "moves")));
  ASSERT_TRUE(moves.ok()) << json;
  EXPECT_EQ(static_cast<int>(moves->size()), length) << json;
  EXPECT_EQ(field(json, "length"), std::to_string(length)) << json;
  EXPECT_TRUE(replay_solution(numbers(field(json, "board")), *moves, goal).ok()) << json;
  EXPECT_EQ(numbers(field(json, "goal")), goal.tiles()) << json;
}

// Two files of boards from the 42 generator, 3x3: solved toward the snail goal (the BFS distance,
// replayed), the notice once for the run; --goal 42 is the same; --goal standard overrides.
TEST(FortyTwoCli, GeneratorBoardsTakeTheSnailGoalWithOneNotice) {
  const Goal snail = Goal::snail(3);
  const std::vector<uint8_t> distances = small_board_distances(snail);
  std::mt19937_64 random(42);
  std::vector<std::vector<Tile>> boards;
  std::string first, second;
  for (int i = 0; i < 12; ++i) {
    boards.push_back(generator_board(3, 100, true, random));
    (i < 6 ? first : second) += generator_text(boards.back(), 3, true);
  }
  const std::string a = temp_file("gen42_a.txt", first), b = temp_file("gen42_b.txt", second);
  for (const std::string goal : {"", " --goal 42", " --goal SNAIL"}) {
    const CliRun run = run_taquin("solve --format json -j 1" + goal + " " + a + " " + b);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, goal.empty() ? notice(a, 2) : "") << goal;
    const std::vector<std::string> records = lines_of(run.out);
    ASSERT_EQ(records.size(), boards.size()) << run.out;
    for (size_t i = 0; i < boards.size(); ++i) {
      EXPECT_EQ(numbers(field(records[i], "board")), boards[i]);
      EXPECT_EQ(field(records[i], "optimal"), "true");
      expect_replays_to(records[i], snail, distance_of(distances, snail, boards[i]));
    }
  }
  const CliRun text = run_taquin("solve " + a);
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.rfind("instance 1 (" + a + ":2), 3x3, goal snail\n", 0), 0u) << text.out;
  EXPECT_EQ(text.err, notice(a, 2));
  const CliRun check = run_taquin("check --format json " + a + " " + b);
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.err, notice(a, 2));
  for (const std::string& record : lines_of(check.out)) {
    EXPECT_EQ(field(record, "solvable"), "true");
    EXPECT_EQ(numbers(field(record, "goal")), snail.tiles());
  }
  const CliRun compare = run_taquin("compare --max-seconds 5 " + a);
  EXPECT_EQ(compare.status, 0) << compare.err;
  EXPECT_EQ(compare.err, notice(a, 2));
  EXPECT_NE(compare.out.find("3x3, goal snail\n"), std::string::npos) << compare.out;
  // The standard goal, named: the 3x3 boards that reach the snail cannot reach it; no notice.
  const CliRun standard = run_taquin("solve --format json --goal standard " + a);
  EXPECT_EQ(standard.status, 1);
  EXPECT_EQ(standard.err, "");
  for (const std::string& record : lines_of(standard.out)) {
    EXPECT_EQ(field(record, "outcome"), "\"unsolvable\"");
    EXPECT_EQ(numbers(field(record, "goal")), Goal::standard(3).tiles());
  }
}

// Boards not in the 42 format keep the standard goal, without a word; in a mixed input, each
// board takes its own format's goal.
TEST(FortyTwoCli, OtherFormatsKeepTheStandardGoal) {
  const CliRun one_line = run_taquin("solve --format json --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(one_line.status, 0);
  EXPECT_EQ(one_line.err, "");
  EXPECT_EQ(numbers(field(one_line.out, "goal")), Goal::standard(3).tiles());
  const CliRun mixed =
      run_taquin("check --format json -", "1 2 3\n4 5 6\n7 0 8\n3\n1 2 3\n8 4 0\n7 6 5\n");
  EXPECT_EQ(mixed.status, 0) << mixed.err;
  EXPECT_EQ(mixed.err, notice("<stdin>", 4));
  const std::vector<std::string> records = lines_of(mixed.out);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(numbers(field(records[0], "goal")), Goal::standard(3).tiles());
  EXPECT_EQ(numbers(field(records[1], "goal")), Goal::snail(3).tiles());
}

// A board the 42 generator calls unsolvable is unsolvable toward the snail goal.
TEST(FortyTwoCli, UnsolvableGeneratorBoardIsUnsolvable) {
  std::mt19937_64 random(7);
  for (int side : {3, 4}) {
    const std::vector<Tile> tiles = generator_board(side, 1000, false, random);
    const std::string text = generator_text(tiles, side, false);
    const CliRun solve = run_taquin("solve -", text);
    EXPECT_EQ(solve.status, 1) << solve.err;
    EXPECT_NE(solve.out.find(", goal snail\n"), std::string::npos) << solve.out;
    EXPECT_NE(solve.out.find("unsolvable: this board cannot reach the goal (parity); no search "
                             "made\n"),
              std::string::npos)
        << solve.out;
    const CliRun check = run_taquin("check -", text);
    EXPECT_EQ(check.status, 1);
    EXPECT_NE(check.out.find(" unsolvable "), std::string::npos) << check.out;
  }
}

// generate --format 42 writes the generator's comment line before each board, for the snail goal
// unless --goal names another; check reads it back and agrees.
TEST(FortyTwoCli, GenerateWritesTheGeneratorsCommentLine) {
  const CliRun start = run_taquin("generate --size 3 --walk 0 --seed 1 --format 42");
  EXPECT_EQ(start.out, "# This puzzle is solvable\n3\n1 2 3\n8 0 4\n7 6 5\n");
  for (const std::string goal : {"", " --goal standard"}) {
    const CliRun made = run_taquin("generate --size 3 --count 40 --seed 9 --format 42" + goal);
    ASSERT_EQ(made.status, 0) << made.err;
    const std::vector<std::string> lines = lines_of(made.out);
    ASSERT_EQ(lines.size(), 40u * 5);
    const std::string suffix = goal.empty() ? "" : " (goal standard)";
    const CliRun check = run_taquin("check --format json" + goal + " -", made.out);
    EXPECT_EQ(check.err, goal.empty() ? notice("<stdin>", 2) : "");
    const std::vector<std::string> records = lines_of(check.out);
    ASSERT_EQ(records.size(), 40u) << check.err;
    int solvable = 0;
    for (size_t i = 0; i < records.size(); ++i) {
      const bool yes = field(records[i], "solvable") == "true";
      solvable += yes ? 1 : 0;
      EXPECT_EQ(lines[5 * i],
                std::string("# This puzzle is ") + (yes ? "solvable" : "unsolvable") + suffix);
      EXPECT_EQ(lines[5 * i + 1], "3");
      EXPECT_EQ(field(records[i], "line"), std::to_string(5 * i + 2));
    }
    EXPECT_GT(solvable, 0);
    EXPECT_LT(solvable, 40);
  }
  const CliRun four = run_taquin("generate --size 4 --count 5 --seed 3 --solvable --format 42");
  EXPECT_EQ(run_taquin("check -", four.out).status, 0);
}

// A FILE set of 42-format boards, their optimal lengths toward the snail in comments: bench
// takes the snail goal and finds them all.
TEST(FortyTwoCli, BenchFileSetTakesTheSnailGoal) {
  const Goal snail = Goal::snail(3);
  const std::vector<uint8_t> distances = small_board_distances(snail);
  std::mt19937_64 random(5);
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const std::vector<Tile> tiles = generator_board(3, 60, true, random);
    // The size line, with the length, then the rows (not the generator's comment line).
    text += "3  # optimal " + std::to_string(distance_of(distances, snail, tiles)) + "\n" +
            generator_text(tiles, 3, true).substr(28);
  }
  const std::string file = temp_file("bench42.txt", text);
  const CliRun run = run_taquin("bench --threads 1 --set " + file);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(run.err, notice(file, 1));
  EXPECT_NE(run.out.find("all optimal: yes"), std::string::npos) << run.out;
  const CliRun standard = run_taquin("bench --threads 1 --goal standard --set " + file);
  EXPECT_EQ(standard.err, "");
  EXPECT_EQ(standard.status, 1);
}

// The text of a long search starts with its head (the board, its goal, the algorithm), printed
// before the search begins: seen while the search runs, then interrupted.
TEST(FortyTwoCli, TextHeadIsPrintedBeforeTheSearch) {
  const std::string file = temp_file("hard80.txt", "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n");
  const std::string err_file = ::testing::TempDir() + "taquin_head_" + std::to_string(getpid());
  int out_fd = -1;
  const pid_t pid = testing::spawn_program(
      TAQUIN_BINARY, "solve --heuristic manhattan --threads 1 " + file, err_file, out_fd);
  ASSERT_GT(pid, 0);
  const std::string last = "algorithm: ida, heuristic manhattan, threads 1\n";
  std::string out;
  char c;
  pollfd ready{out_fd, POLLIN, 0};
  while (out.find(last) == std::string::npos && poll(&ready, 1, 60'000) == 1 &&
         read(out_fd, &c, 1) == 1)
    out += c;
  int raw = 0;
  EXPECT_EQ(waitpid(pid, &raw, WNOHANG), 0);  // still searching
  kill(pid, SIGINT);
  char buf[4096];
  for (ssize_t n; (n = read(out_fd, buf, sizeof buf)) > 0;) out.append(buf, n);
  close(out_fd);
  waitpid(pid, &raw, 0);
  std::remove(err_file.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  EXPECT_EQ(out.rfind("instance 1 (" + file + ":1), 4x4, goal standard\n", 0), 0u) << out;
  ASSERT_GE(out.size(), last.size());
  EXPECT_EQ(out.substr(out.size() - last.size()), last) << out;
}

}  // namespace
}  // namespace taquin
