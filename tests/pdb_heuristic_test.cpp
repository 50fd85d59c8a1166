// The PDB heuristic: incremental and prepared = full, admissible, symmetric goals, IDA*.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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
