// The PDB heuristic: incremental and prepared = full, admissible, symmetric goals, IDA*.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <tbb/global_control.h>

#include "taquin/explore.hpp"
#include "taquin/generate.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/heuristic.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/search/instances.hpp"
#include "test_support.hpp"

namespace taquin::pdb {
namespace {

using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

namespace fs = std::filesystem;

// Builds `text` (a catalogue) into a fresh directory once per test binary, keyed by `stem`.
PdbSet small_set(const std::string& stem, const std::string& text, const Goal& goal) {
  const fs::path dir = fs::temp_directory_path() / ("taquin_pdb_h_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path cat_path = dir / (stem + ".cat");
  if (!fs::exists(cat_path)) {
    std::ofstream(cat_path) << text;
    auto cat = read_catalogue(cat_path.string());
    EXPECT_TRUE(cat.ok()) << cat.error().describe();
    auto written = build_catalogue(*cat, dir.string());
    EXPECT_TRUE(written.ok()) << written.error().describe();
  }
  auto set = load_pdb_set(cat_path.string(), goal);
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return *set;
}

// Four groups of goal cells covering all but cell 15, and its half-turn (all but cell 0).
const char* kQuarters = "side 4\n0 1 4 5\n2 3 6 7\n8 9 12 13\n10 11 14\n";
const char* kQuartersTurned = "side 4\n15 14 11 10\n13 12 9 8\n7 6 3 2\n5 4 1\n";

TEST(PdbHeuristic, AdmissibleAndAtLeastManhattanOnKorf100) {
  const Goal goal = Goal::zero_first(4);
  const PdbSet set = small_set("quarters", kQuarters, goal);
  const PdbHeuristic<4> h(set, goal.blank_cell());
  const Manhattan<4> md(goal.blank_cell());
  int sum = 0, md_sum = 0;
  for (const Instance& inst : reference_set("korf100")) {
    const Board<4> b = goal.canonical<4>(inst.tiles);
    ASSERT_TRUE(inst.optimal_length.has_value());
    const int value = h.evaluate(b);
    EXPECT_LE(value, *inst.optimal_length) << "line " << inst.line;
    EXPECT_GE(value, md.value(md.init(b))) << "line " << inst.line;
    EXPECT_EQ((*inst.optimal_length - value) % 2, 0) << "line " << inst.line;
    sum += value;
    md_sum += md.value(md.init(b));
  }
  EXPECT_GT(sum, md_sum);  // the groups' conflicts add something
}

TEST(PdbHeuristic, SymmetricGoalMatchesATableBuiltForThatGoal) {
  // The zero-first goal through the half-turned quarters equals quarters built for blank-first.
  const Goal goal = Goal::zero_first(4);
  const PdbSet through_symmetry = small_set("quarters", kQuarters, goal);
  const PdbSet direct = small_set("turned", kQuartersTurned, goal);
  const PdbHeuristic<4> a(through_symmetry, 0), b(direct, 0);
  Random random(11);
  for (int i = 0; i < 2000; ++i) {
    const Board<4> board = goal.canonical<4>(random_board(random, goal, Solvability::Solvable));
    ASSERT_EQ(a.evaluate(board), b.evaluate(board));
  }
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  for (int line : {11, 8}) {  // quick instances (indices into korf100)
    const Board<4> start = goal.canonical<4>(instances[line].tiles);
    const SearchResult ra = ida_search(start, a), rb = ida_search(start, b);
    ASSERT_EQ(ra.outcome, Outcome::Solved);
    EXPECT_EQ(ra.moves.size(), rb.moves.size());
    EXPECT_EQ(ra.stats.nodes_expanded, rb.stats.nodes_expanded);
  }
}

TEST(PdbHeuristic, IdaFindsPublishedLengthsOnQuickKorfInstances) {
  const Goal goal = Goal::zero_first(4);
  const PdbSet set = small_set("quarters", kQuarters, goal);
  const PdbHeuristic<4> h(set, goal.blank_cell());
  const std::vector<Instance> instances = reference_set("korf100");
  ASSERT_EQ(instances.size(), 100u);
  for (int index : {11, 8, 1}) {  // quick ones: 0.3 M nodes at most
    const Instance& inst = instances[index];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length) << "instance " << index + 1;
    EXPECT_TRUE(solves(goal, start, r.moves));
    const SearchResult p = parallel_ida_search(start, h);
    ASSERT_EQ(p.outcome, Outcome::Solved);
    EXPECT_EQ(p.moves.size(), r.moves.size());
    EXPECT_TRUE(solves(goal, start, p.moves));
  }
}

TEST(PdbHeuristic, ThreeByThreeIdaMatchesBfsLengths) {
  // Every length found with a 3x3 PDB equals the true distance (BFS from the goal).
  const Goal goal = Goal::standard(3);
  const PdbSet set = small_set("eight", "side 3\n0 1 2\n3 4 5\n6 7\n", goal);
  const PdbHeuristic<3> h(set, goal.blank_cell());
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  for (uint64_t r : sample_ranks(dist, 1900, 97)) {
    const Board<3> start = board_of_rank<3>(r, goal.blank_cell());
    ASSERT_LE(h.evaluate(start), dist[r]) << "rank " << r;
    const SearchResult result = ida_search(start, h);
    ASSERT_EQ(result.moves.size(), dist[r]) << "rank " << r;
    ASSERT_TRUE(solves(goal, start, result.moves)) << "rank " << r;
  }
}

// Six 5x5 groups of four tiles (303,600 placements each, some 0.3 s a table), all but the blank's
// goal cell 0: the test's stand-in for the 6-6-6-6 partition.
const char* kFiveSmall =
    "side 5\nblank 0\n1 2 5 6\n3 4 8 9\n7 12 13 14\n10 11 15 16\n17 18 22 23\n19 20 21 24\n";

// Every field of the views in use of two states.
void expect_same_state(const PdbHeuristic<5>::State& a, const PdbHeuristic<5>::State& b, int views,
                       int step) {
  for (int v = 0; v < views; ++v) {
    EXPECT_EQ(a.index[v], b.index[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.manhattan[v], b.manhattan[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.part[v], b.part[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.sum[v], b.sum[v]) << "view " << v << ", step " << step;
  }
}

TEST(PdbHeuristic, FiveByFiveIncrementalIndexEqualsFromScratchAlongRandomWalks) {
  // Both views (the board and its reflection about the main diagonal), both update paths (update;
  // prepare, then update_first and update_rest), every group's index, Manhattan sum and value,
  // equal to init() of the board reached, move after move.
  const Goal goal = Goal::zero_first(5);
  const PdbSet set = small_set("five", kFiveSmall, goal);
  const PdbHeuristic<5> h(set, goal.blank_cell());
  ASSERT_EQ(h.views(), 2);
  Random random(2026);
  for (int walk = 0; walk < 4; ++walk) {
    Board<5> board = goal.canonical<5>(random_board(random, goal, Solvability::Solvable));
    PdbHeuristic<5>::State plain = h.init(board), prepared = plain;
    for (int step = 0; step < 3000; ++step) {
      const int from = board.blank();
      const int count = kMoves<5>.count[from];
      const int to = kMoves<5>.target[from][random.below(static_cast<uint64_t>(count))];
      const int label = board.at(to);
      const PdbHeuristic<5>::Lookup reads = h.prepare(prepared, board, label, to, from);
      board.slide(to);
      h.update(plain, board, label, to, from);
      const int first = h.update_first(prepared, reads);
      const int value = h.update_rest(prepared, reads);
      const PdbHeuristic<5>::State scratch = h.init(board);
      expect_same_state(plain, scratch, h.views(), step);
      expect_same_state(prepared, scratch, h.views(), step);
      EXPECT_EQ(value, h.evaluate(board));
      EXPECT_LE(first, value);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(PdbHeuristic, FiveByFiveIdaNodeCountsAndLengthsMatchLinearConflict) {
  // The 5x5 database search on boards 60 moves from the goal: lengths equal to linear-conflict
  // IDA*'s (an independent optimal solver), serially and on 2 threads, solutions replayed, and
  // the serial node counts pinned so that a change of the search shows.
  const Goal goal = Goal::zero_first(5);
  const PdbSet set = small_set("five", kFiveSmall, goal);
  const PdbHeuristic<5> h(set, goal.blank_cell());
  const LinearConflict<5> lc(goal.blank_cell());
  const std::vector<uint64_t> expected_nodes = {351301, 44417, 18440, 230822};
  Random random(38);
  std::vector<uint64_t> nodes;
  for (size_t i = 0; i < expected_nodes.size(); ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 60));
    const SearchResult truth = ida_search(start, lc);
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    const SearchResult serial = ida_search(start, h);
    ASSERT_EQ(serial.outcome, Outcome::Solved);
    EXPECT_TRUE(serial.optimal);
    EXPECT_EQ(serial.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, serial.moves)) << "board " << i;
    EXPECT_LT(serial.stats.nodes_expanded, truth.stats.nodes_expanded / 3)
        << "board " << i;  // prunes more
    nodes.push_back(serial.stats.nodes_expanded);
    tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
    const SearchResult parallel = parallel_ida_search(start, h, {}, 0);  // parallel from the start
    ASSERT_EQ(parallel.outcome, Outcome::Solved);
    EXPECT_EQ(parallel.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, parallel.moves)) << "board " << i;
  }
  EXPECT_EQ(nodes, expected_nodes);
}

// Removes the tables built by small_set when the test binary ends.
class CleanUp : public ::testing::Environment {
 public:
  void TearDown() override {
    fs::remove_all(fs::temp_directory_path() / ("taquin_pdb_h_" + std::to_string(::getpid())));
  }
};
const auto* const kCleanUp = ::testing::AddGlobalTestEnvironment(new CleanUp);

}  // namespace
}  // namespace taquin::pdb
