// The PDB heuristic: incremental and prepared = full, admissible, symmetric goals, IDA*.
// goals, IDA*.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "taquin/embedded.hpp"
#include "taquin/generate.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/io.hpp"
#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/heuristic.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/search/instances.hpp"

namespace taquin::pdb {
namespace {

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

std::vector<Instance> korf100() {
  auto text = embedded::find("korf100");
  EXPECT_TRUE(text.has_value());
  auto parsed = parse_instances(*text, "korf100");
  EXPECT_TRUE(parsed.ok());
  return *parsed;
}

TEST(PdbHeuristic, ViewsFollowTheGoalsBlankCell) {
  const Goal standard = Goal::standard(4), zero = Goal::zero_first(4);
  const PdbSet set = small_set("quarters", kQuarters, standard);
  EXPECT_EQ(usable_symmetries(set.catalogue, 15), (std::vector<int>{0, 1}));  // itself, transpose
  EXPECT_EQ(usable_symmetries(set.catalogue, 0), (std::vector<int>{6, 7}));   // half turn, anti
  EXPECT_TRUE(usable_symmetries(set.catalogue, 5).empty());
  EXPECT_EQ(PdbHeuristic<4>(set, 15).views(), 2);
  EXPECT_EQ(PdbHeuristic<4>(set, 0).views(), 2);
  // A goal whose blank no symmetry can move to cell 15 is refused, naming the catalogue.
  std::vector<uint8_t> tiles(16);
  for (int c = 0; c < 16; ++c) tiles[c] = static_cast<uint8_t>(c == 5 ? 0 : c < 5 ? c + 1 : c);
  const Goal odd = Goal::custom(4, tiles, "blank-on-5");
  auto refused = load_pdb_set(set.dir + "/quarters.cat", odd);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("cannot serve goal blank-on-5"), std::string::npos)
      << refused.error().describe();
  auto wrong_side = load_pdb_set(set.dir + "/quarters.cat", Goal::standard(3));
  ASSERT_FALSE(wrong_side.ok());
  EXPECT_NE(wrong_side.error().message.find("for 4x4 boards, not 3x3"), std::string::npos);
}

TEST(PdbHeuristic, GoalIsZeroAndIncrementalEqualsFull) {
  for (const Goal& goal : {Goal::standard(4), Goal::zero_first(4)}) {
    const PdbSet set = small_set("quarters", kQuarters, goal);
    const PdbHeuristic<4> h(set, goal.blank_cell());
    const Board<4> target = Board<4>::identity(goal.blank_cell());
    EXPECT_EQ(h.evaluate(target), 0);
    Random random(7);
    Board<4> b = goal.canonical<4>(random_board(random, goal, Solvability::Solvable));
    auto state = h.init(b);
    for (int step = 0; step < 3000; ++step) {
      const int blank = b.blank();
      const int to = kMoves<4>.target[blank][random.below(kMoves<4>.count[blank])];
      const int label = b.at(to);
      // IDA*'s prefetching path: the reads prepared on the board before the move.
      auto prepared = state;
      const auto reads = h.prepare(state, b, label, to, blank);
      b.slide(to);
      h.update(state, b, label, to, blank);
      ASSERT_EQ(h.value(state), h.evaluate(b)) << "step " << step;
      ASSERT_EQ(state.index, h.init(b).index) << "step " << step;  // each group's table index
      EXPECT_LE(h.update_first(prepared, reads), h.value(state)) << "step " << step;
      ASSERT_EQ(h.update_rest(prepared, reads), h.value(state)) << "step " << step;
      ASSERT_EQ(prepared.index, state.index) << "step " << step;
    }
  }
}

TEST(PdbHeuristic, AdmissibleAndAtLeastManhattanOnKorf100) {
  const Goal goal = Goal::zero_first(4);
  const PdbSet set = small_set("quarters", kQuarters, goal);
  const PdbHeuristic<4> h(set, goal.blank_cell());
  const Manhattan<4> md(goal.blank_cell());
  int sum = 0, md_sum = 0;
  for (const Instance& inst : korf100()) {
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
  const auto instances = korf100();
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
  const auto instances = korf100();
  for (int index : {11, 8, 1}) {  // quick ones: 0.3 M nodes at most
    const Instance& inst = instances[index];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length) << "instance " << index + 1;
    EXPECT_TRUE(replay_solves(start, r.moves));
    const SearchResult p = parallel_ida_search(start, h);
    ASSERT_EQ(p.outcome, Outcome::Solved);
    EXPECT_EQ(p.moves.size(), r.moves.size());
    EXPECT_TRUE(replay_solves(start, p.moves));
  }
}

TEST(PdbHeuristic, ThreeByThreeIdaMatchesBfsLengths) {
  // Every length found with a 3x3 PDB equals the true distance (BFS from the goal).
  const Goal goal = Goal::standard(3);
  const PdbSet set = small_set("eight", "side 3\n0 1 2\n3 4 5\n6 7\n", goal);
  const PdbHeuristic<3> h(set, goal.blank_cell());
  const Board<3> target = Board<3>::identity(8);
  std::unordered_map<Board<3>, int, BoardHash<3>> dist{{target, 0}};
  std::vector<Board<3>> queue{target};
  for (size_t i = 0; i < queue.size(); ++i)
    for (int d = 0; d < 4; ++d) {
      Board<3> next = queue[i];
      if (next.move(static_cast<Dir>(d)) && dist.emplace(next, dist[queue[i]] + 1).second)
        queue.push_back(next);
    }
  ASSERT_EQ(dist.size(), 181440u);
  int checked = 0;
  for (size_t i = 0; i < queue.size(); i += 97) {
    const int truth = dist[queue[i]];
    ASSERT_LE(h.evaluate(queue[i]), truth);
    const SearchResult r = ida_search(queue[i], h);
    ASSERT_EQ(static_cast<int>(r.moves.size()), truth);
    ++checked;
  }
  EXPECT_GT(checked, 1800);
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
