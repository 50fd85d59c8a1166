// End-to-end tests of `taquin bench`: known lengths, node signature, JSON, FILE sets, exit codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "json_fields.hpp"
#include "taquin/tables.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::count_lines;
using testing::run_taquin;
using testing::temp_file;

// Node signatures of the serial IDA* (see README, "Node signature"): the "Nodes searched" line
// of these commands. They change only when the search behaviour changes (move order, pruning,
// heuristic values); update them deliberately, with the command given next to each.
// taquin bench --set korf100 --count 2 --threads 1 --heuristic linear
constexpr const char* kKorfTwoLinear = "Nodes searched: 3808033\n";
// The same command's count of generated children (its "generated:" line), pinned with it.
constexpr const char* kKorfTwoLinearGenerated = "generated: 7059356 (";
// taquin bench --set hardest8 --threads 1 --heuristic manhattan
constexpr const char* kHardest8Manhattan = "Nodes searched: 21479\n";

// Weighted A* signatures (one thread, deterministic):
// taquin bench --set korf100 --count 10 --algorithm astar --weight 1.5 --threads 1 -H linear
constexpr const char* kKorfTenWeighted = "Nodes searched: 197820\n";
// taquin bench --set walk35 --count 3 --algorithm astar --weight 3 --threads 1 -H linear
constexpr const char* kWalk35Weighted = "Nodes searched: 36438\n";

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(CliBench, KorfSignatureAtOneThread) {
  auto r = run_taquin("bench --set korf100 --count 2 --threads 1 --heuristic linear");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("instances: 2\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("all optimal: yes\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("threads: 1\n"), std::string::npos) << r.out;
  EXPECT_TRUE(ends_with(r.out, kKorfTwoLinear)) << r.out;
  EXPECT_NE(r.out.find(kKorfTwoLinearGenerated), std::string::npos) << r.out;
}

TEST(CliBench, HardestEightPuzzlesEveryHeuristic) {
  auto r = run_taquin("bench --set hardest8 --threads 1 --heuristic manhattan");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("instances: 2\n"), std::string::npos) << r.out;  // a --set: all of it
  EXPECT_TRUE(ends_with(r.out, kHardest8Manhattan)) << r.out;
  for (const char* h : {"hamming", "linear"}) {
    auto other = run_taquin(std::string("bench --set hardest8 --threads 2 --heuristic ") + h);
    EXPECT_EQ(other.status, 0) << other.err;
    EXPECT_NE(other.out.find("all optimal: yes\n"), std::string::npos) << other.out;
  }
}

// Every set prints the published column; a set without per-board counts (all but korf50 and
// korf100) shows "-" in it, says so in the summary, and gives null in JSON.
TEST(CliBench, PublishedColumnOnEverySet) {
  auto r = run_taquin("bench --set hardest8 --threads 1 --heuristic manhattan");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("    id  length  optimal         nodes     generated    seconds  nodes/s"
                       "     published\n"),
            0u)
      << r.out;
  EXPECT_NE(r.out.find(" M             -\n     2 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\npublished: no count for these boards\n"), std::string::npos) << r.out;
  auto json = run_taquin("bench --set hardest8 --threads 1 --heuristic manhattan --format json");
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"published_nodes_generated\":null,\"published_instances\":0,"),
            std::string::npos)
      << json.out;
}

// Korf's IDA* of 1985 on a 4x4 board (`tiles`: cell -> tile, 0 the blank, goal blank first):
// Manhattan distance, the blank's moves tried up, left, right, down, only the move that undoes
// the last one pruned. Returns the nodes it generates in all its iterations, the start counted.
class Korf1985 {
 public:
  explicit Korf1985(const std::vector<Tile>& tiles) {
    for (int c = 0; c < 16; ++c) {
      board_[c] = tiles[c];
      if (tiles[c] == 0) blank_ = c;
    }
  }
  uint64_t generated() {
    int h = 0;
    for (int c = 0; c < 16; ++c)
      if (board_[c] != 0) h += taxicab(board_[c], c, 4);
    uint64_t total = 1;
    for (bound_ = h;; bound_ = next_) {
      next_ = 1000;
      generated_ = 0;
      const bool found = search(blank_, -1, 0, h);
      total += generated_;
      if (found) return total;
    }
  }

 private:
  bool search(int blank, int previous, int g, int h) {
    for (const Dir d : {Dir::Up, Dir::Left, Dir::Right, Dir::Down}) {
      const int to = kMoves<4>.target_by_dir[blank][static_cast<int>(d)];
      if (to < 0 || to == previous) continue;
      const int tile = board_[to];
      const int child_h = h - taxicab(tile, to, 4) + taxicab(tile, blank, 4);
      ++generated_;
      if (g + 1 + child_h > bound_) {
        next_ = std::min(next_, g + 1 + child_h);
        continue;
      }
      if (child_h == 0) return true;
      board_[blank] = tile;
      board_[to] = 0;
      const bool found = search(to, blank, g + 1, child_h);
      board_[to] = tile;
      board_[blank] = 0;
      if (found) return true;
    }
    return false;
  }

  std::array<int, 16> board_{};
  int blank_ = 0;
  int bound_ = 0;
  int next_ = 0;
  uint64_t generated_ = 0;
};

// korf100's published column is what Korf's IDA* of 1985 generated on each board: four of its
// cheapest boards, counted again by a search written as his paper describes it, in JSON, with
// the total and its source in the text summary; --easiest ranks korf100 by those counts.
TEST(CliBench, Korf100PublishedCountsAreKorfsManhattanSearch) {
  const std::vector<Instance> korf100 = testing::reference_set("korf100");
  ASSERT_EQ(korf100.size(), 100u);
  const std::array<int, 4> ids = {12, 79, 42, 55};
  auto json = run_taquin(
      "bench --set korf100 --ids 12,79,42,55 --threads 1 --heuristic manhattan --format json");
  EXPECT_EQ(json.status, 0) << json.err;
  std::istringstream lines(json.out);
  uint64_t total = 0;
  for (const int id : ids) {
    std::string line;
    ASSERT_TRUE(std::getline(lines, line)) << json.out;
    const auto fields = testing::json_fields(line);
    ASSERT_TRUE(fields) << line;
    EXPECT_EQ(fields->at("id"), std::to_string(id)) << line;
    const uint64_t korf = Korf1985(korf100[static_cast<size_t>(id - 1)].tiles).generated();
    EXPECT_EQ(fields->at("published_nodes_generated"), std::to_string(korf)) << line;
    total += korf;
  }
  auto text = run_taquin("bench --set korf100 --ids 12,79,42,55 --threads 1");
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("\npublished: " + std::to_string(total) +
                          " generated on 4 of 4 boards (korf1985-nodes)\n"),
            std::string::npos)
      << text.out;
  auto easiest = run_taquin("bench --set korf100 --easiest 2 --threads 1 --format json");
  EXPECT_EQ(easiest.status, 0) << easiest.err;
  EXPECT_EQ(easiest.out.find("{\"id\":79,"), 0u) << easiest.out;
  EXPECT_NE(easiest.out.find("\n{\"id\":12,"), std::string::npos) << easiest.out;
}

TEST(CliBench, JsonOneObjectPerInstanceThenSummary) {
  auto r = run_taquin("bench --set korf100-standard-goal --count 2 --threads 2 --format json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 3);
  EXPECT_EQ(r.out.find("{\"id\":1,\"outcome\":\"solved\",\"length\":57,\"optimal_length\":57"), 0u)
      << r.out;
  EXPECT_NE(r.out.find("\"all_optimal\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"nodes_generated_per_second\":"), std::string::npos) << r.out;
  // Each instance's line counts its generated children beside its expanded nodes.
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(first.find(",\"nodes_expanded\":"), std::string::npos) << first;
  EXPECT_NE(first.find(",\"nodes_generated\":"), std::string::npos) << first;
  // The summary names the heuristic used, also when it was chosen by default.
  const std::string summary = r.out.substr(r.out.rfind('{'));
  EXPECT_TRUE(summary.find("\"heuristic\":\"linear\"") != std::string::npos ||
              summary.find("\"heuristic\":\"pdb 7-8\"") != std::string::npos)
      << summary;
}

// A goal that fits no board of a FILE set is one line on stderr and nothing on stdout: the table's
// header used to be printed before the goal was resolved.
TEST(CliBench, GoalOfAnotherSideIsRefusedBeforeAnyOutput) {
  const std::string set = testing::temp_file("bench_other_side.txt", "1 2 3 4 5 6 7 0 8\n");
  for (const char* format : {"text", "json"}) {
    auto r = run_taquin("bench --set " + set + " --format " + format +
                        " --goal '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0'");
    EXPECT_EQ(r.status, 2) << format;
    EXPECT_EQ(r.out, "") << format;
    EXPECT_EQ(testing::lines_of(r.err).size(), 1u) << r.err;
  }
}

TEST(CliBench, FileSetUsesGoalAndKnownLengths) {
  // Korf's line 2 (zero-first goal, optimal 55) and an 8-puzzle without a known length.
  const std::string file = temp_file(
      "bench_set.txt", "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6  # optimal 55\n1 2 3 0 4 5 6 7 8\n");
  auto r = run_taquin("bench --set " + file + " --goal zero-first --threads 1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("all optimal: yes (1 without a known length)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("instances: 2\n"), std::string::npos) << r.out;
}

TEST(CliBench, WrongKnownLengthOrUnsolvableExitsOne) {
  const std::string wrong = temp_file("bench_wrong.txt", "1 2 3 4 5 6 7 0 8  # optimal 3\n");
  auto r = run_taquin("bench --set " + wrong + " --threads 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("all optimal: no"), std::string::npos) << r.out;
  const std::string odd = temp_file("bench_odd.txt", "2 1 3 4 5 6 7 8 0\n");
  auto u = run_taquin("bench --set " + odd + " --threads 1");
  EXPECT_EQ(u.status, 1);
  EXPECT_NE(u.out.find("unsolvable"), std::string::npos) << u.out;
}

TEST(CliBench, WeightedSearchesStayWithinTheirBoundsWithSignatures) {
  // korf100's known lengths: every weighted A* answer within 1.5 times them (else status 1).
  const auto korf = run_taquin(
      "bench --set korf100 --count 10 --algorithm astar --weight 1.5 --threads 1 -H linear");
  ASSERT_EQ(korf.status, 0) << korf.err;
  EXPECT_NE(korf.out.find("all within their bounds: yes\n"), std::string::npos) << korf.out;
  EXPECT_TRUE(ends_with(korf.out, kKorfTenWeighted)) << korf.out;
  EXPECT_NE(korf.out.find("algorithm: astar, weight 1.5\nsolved: 10, mean length "),
            std::string::npos)
      << korf.out;
  // The 35-puzzle set: lengths unknown, the means reported, the count pinned.
  const auto walk = run_taquin(
      "bench --set walk35 --count 3 --algorithm astar --weight 3 --threads 1 -H linear "
      "--format json");
  ASSERT_EQ(walk.status, 0) << walk.err;
  const std::string summary = testing::lines_of(walk.out).back();
  EXPECT_NE(summary.find("\"nodes_searched\":36438,\"algorithm\":\"astar\",\"weight\":3,"
                         "\"solved\":3,"),
            std::string::npos)
      << summary;
  const auto text =
      run_taquin("bench --set walk35 --count 3 --algorithm astar --weight 3 --threads 1 -H linear");
  EXPECT_TRUE(ends_with(text.out, kWalk35Weighted)) << text.out;
  // The anytime search: a bound never above the known length (hardest8: 31 moves).
  const auto any = run_taquin("bench --set hardest8 --algorithm anytime --max-seconds 5");
  EXPECT_EQ(any.status, 0) << any.err;
  EXPECT_NE(any.out.find("all within their bounds: yes"), std::string::npos) << any.out;
  // A weight below 1 is a usage error.
  EXPECT_EQ(run_taquin("bench --set hardest8 --algorithm astar --weight 0.5").status, 2);
}

TEST(CliBench, BadInputExitsTwo) {
  auto missing = run_taquin("bench --set /nonexistent/set.txt");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(count_lines(missing.err), 1) << missing.err;
  auto heuristic = run_taquin("bench --heuristic nonsense");
  EXPECT_EQ(heuristic.status, 2);
  auto threads = run_taquin("bench --threads -1");
  EXPECT_EQ(threads.status, 2);
  EXPECT_NE(threads.err.find("--threads: -1 is not a thread count"), std::string::npos)
      << threads.err;
  auto goal = run_taquin("bench --set hardest8 --goal snail");
  EXPECT_EQ(goal.status, 2);
  const std::string bad = temp_file("bench_bad.txt", "1 2 3 4 5 6 7 8 8\n");
  auto invalid = run_taquin("bench --set " + bad);
  EXPECT_EQ(invalid.status, 2);
  EXPECT_NE(invalid.err.find("bench_bad.txt"), std::string::npos) << invalid.err;
}

}  // namespace
}  // namespace taquin
