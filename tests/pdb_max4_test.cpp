// 4x4 catalogues of two partitions: the shipped 7-8-max parses; the four-view heuristic is
// admissible, updates incrementally to its value from scratch, keeps optimal lengths.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/generate.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/solver.hpp"
#include "test_support.hpp"

namespace taquin::pdb {
namespace {

namespace fs = std::filesystem;
using testing::reference_set;
using testing::solves;

// The four-view heuristic as the library's 4x4 search uses it (every child's four reads prepared
// and prefetched).
using Max = PdbMaxHeuristic<4>;

// 5-5-5 (pdb/5-5-5.cat) and a second partition of three groups of five cut elsewhere:
//    A  A  A  B        D  D  D  D
//    A  A  B  B        E  E  E  D
//    C  C  B  B        E  E  F  F
//    C  C  C  .        F  F  F  .
const char* kFivesTwice =
    "side 4\nblank 15\n0 1 2 4 5\n3 6 7 10 11\n8 9 12 13 14\n"
    "partition\n0 1 2 3 7\n4 5 6 8 9\n10 11 12 13 14\n";
const char* kFives = "side 4\nblank 15\n0 1 2 4 5\n3 6 7 10 11\n8 9 12 13 14\n";
const char* kFivesSecond = "side 4\nblank 15\n0 1 2 3 7\n4 5 6 8 9\n10 11 12 13 14\n";

fs::path scratch() {
  return fs::temp_directory_path() / ("taquin_pdb_max4_" + std::to_string(::getpid()));
}

// Builds the catalogue `text` into scratch() as `stem` once per test binary; loads it for `goal`.
PdbSet small_set(const std::string& stem, const std::string& text, const Goal& goal) {
  const fs::path cat_path = scratch() / (stem + ".cat");
  if (!fs::exists(cat_path)) {
    fs::create_directories(scratch());
    std::ofstream(cat_path) << text;
    Expected<Catalogue> cat = read_catalogue(cat_path.string());
    EXPECT_TRUE(cat.ok()) << cat.error().describe();
    BuildOptions options;
    options.threads = 2;
    Expected<std::vector<std::string>> written = build_catalogue(*cat, scratch().string(), options);
    EXPECT_TRUE(written.ok()) << written.error().describe();
  }
  Expected<PdbSet> set = load_pdb_set(cat_path.string(), goal);
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return *set;
}

TEST(PdbMax4, ShippedCatalogueParses) {
  for (const std::string& source :
       {std::string(TAQUIN_SOURCE_DIR) + "/pdb/7-8-max.cat", std::string("7-8-max")}) {
    Expected<Catalogue> cat =
        source.ends_with(".cat") ? read_catalogue(source) : builtin_catalogue(source);
    ASSERT_TRUE(cat.ok()) << cat.error().describe();
    EXPECT_EQ(cat->side, 4);
    EXPECT_EQ(cat->blank, 15);
    EXPECT_EQ(cat->stem, "7-8-max");
    ASSERT_EQ(cat->partitions, 2);
    ASSERT_EQ(cat->groups.size(), 4u);
    // The first partition is 7-8's, group for group.
    Expected<Catalogue> korf_felner = builtin_catalogue("7-8");
    ASSERT_TRUE(korf_felner.ok());
    EXPECT_EQ(cat->groups[0], korf_felner->groups[0]);
    EXPECT_EQ(cat->groups[1], korf_felner->groups[1]);
    EXPECT_EQ(cat->group_partition, (std::vector<int>{0, 0, 1, 1}));
    EXPECT_EQ(cat->groups[2], (std::vector<uint8_t>{4, 5, 6, 7, 8, 9, 10, 11}));
    EXPECT_EQ(cat->groups[3], (std::vector<uint8_t>{0, 1, 2, 3, 12, 13, 14}));
    constexpr uint64_t kAllButBlank = 0x7fff;
    EXPECT_EQ(cat->covered(0), kAllButBlank);
    EXPECT_EQ(cat->covered(1), kAllButBlank);
    EXPECT_TRUE(check_buildable(*cat, uint64_t{1} << 40).ok());
    EXPECT_EQ(views_for(*cat), 4);
  }
}

TEST(PdbMax4, PartitionsAreRefusedOnlyBelowFourByFour) {
  EXPECT_TRUE(parse_catalogue(kFivesTwice, "t.cat", "t").ok());
  Expected<Catalogue> three = parse_catalogue("side 3\n0 1 2\npartition\n3 4 5\n", "t.cat", "t");
  ASSERT_FALSE(three.ok());
  EXPECT_EQ(three.error().line, 3);
}

// Along random walks, for both goals (standard, zero-first): the state after each move, by
// either update path (the prepared reads, or from the board), equals init() of the board
// reached; for every child of every node, update_rest and value_after return the full value
// (that of evaluate()) and update_first a lower bound of it.
TEST(PdbMax4, IncrementalEqualsScratchAlongRandomWalks) {
  for (const Goal& goal : {Goal::standard(4), Goal::zero_first(4)}) {
    const PdbSet set = small_set("fives2", kFivesTwice, goal);
    const Max h(set, goal.blank_cell());
    ASSERT_EQ(h.views(), 4);
    Random random(4242);
    for (int walk = 0; walk < 4; ++walk) {
      Board<4> board = goal.canonical<4>(random_board(random, goal, Solvability::Solvable));
      Max::State state = h.init(board), plain = state;
      int above_first = 0;  // children whose value exceeds the first stage's (it adds something)
      for (int step = 0; step < 3000; ++step) {
        const int from = board.blank();
        for (int k = 0; k < kMoves<4>.count[from]; ++k) {
          const int to = kMoves<4>.target[from][k];
          const int label = board.at(to);
          Board<4> child = board;
          child.slide(to);
          Max::State cs = state;
          const Max::Lookup reads = h.prepare(cs, board, label, to, from);
          const int ahead = h.value_after(cs, reads, 1000);
          const int first = h.update_first(cs, reads);
          const int value = h.evaluate(child);
          ASSERT_EQ(h.update_rest(cs, reads), value) << "step " << step;
          ASSERT_EQ(ahead, value) << "step " << step;
          ASSERT_LE(first, value) << "step " << step;
          above_first += value > first;
        }
        const int to = kMoves<4>.target[from][random.below(kMoves<4>.count[from])];
        const int label = board.at(to);
        const Max::Lookup reads = h.prepare(state, board, label, to, from);
        board.slide(to);
        h.update_first(state, reads);
        h.update_rest(state, reads);
        h.update(plain, board, label, to, from);
        const Max::State scratch = h.init(board);
        for (int v = 0; v < 4; ++v) {
          ASSERT_EQ(state.index[v], scratch.index[v]) << "view " << v << ", step " << step;
          ASSERT_EQ(state.sum[v], scratch.sum[v]) << "view " << v << ", step " << step;
          ASSERT_EQ(plain.index[v], scratch.index[v]) << "view " << v << ", step " << step;
          ASSERT_EQ(plain.sum[v], scratch.sum[v]) << "view " << v << ", step " << step;
        }
      }
      EXPECT_GT(above_first, 0);
    }
  }
}

// The max of the two partitions: admissible with the parity of the optimal length on Korf's 100
// (zero-first goal) and the 17 80-move positions (standard goal), and at least either partition's
// own two-view value.
TEST(PdbMax4, AdmissibleAndAtLeastEachPartitionOnKnownLengths) {
  for (const auto& [name, goal] :
       {std::pair{"korf100", Goal::zero_first(4)}, std::pair{"hardest80", Goal::standard(4)}}) {
    const PdbSet both = small_set("fives2", kFivesTwice, goal);
    const PdbSet first = small_set("fives", kFives, goal);
    const PdbSet second = small_set("fives_second", kFivesSecond, goal);
    const Max h(both, goal.blank_cell());
    const PdbHeuristic<4> h1(first, goal.blank_cell()), h2(second, goal.blank_cell());
    const std::vector<Instance> instances = reference_set(name);
    ASSERT_FALSE(instances.empty());
    int exceeds = 0;  // boards where the max is above both partitions' own (it adds something)
    for (const Instance& inst : instances) {
      ASSERT_TRUE(inst.optimal_length.has_value());
      const Board<4> b = goal.canonical<4>(inst.tiles);
      const int value = h.evaluate(b), one = h1.evaluate(b), two = h2.evaluate(b);
      EXPECT_LE(value, *inst.optimal_length) << name << " line " << inst.line;
      EXPECT_EQ((*inst.optimal_length - value) % 2, 0) << name << " line " << inst.line;
      EXPECT_EQ(value, std::max(one, two)) << name << " line " << inst.line;
      exceeds += value > one;
    }
    EXPECT_GT(exceeds, 0) << name;
  }
}

// IDA* with the two-partition heuristic (the library's search) finds the lengths linear
// conflict's IDA* finds (an independent optimal search) on random walks and on quick Korf
// instances (the published lengths).
TEST(PdbMax4, IdaLengthsMatchLinearConflict) {
  const Goal goal = Goal::zero_first(4);
  const PdbSet set = small_set("fives2", kFivesTwice, goal);
  const Max h(set, goal.blank_cell());
  const LinearConflict<4> lc(goal.blank_cell());
  std::vector<Board<4>> boards;
  Random random(77);
  for (int i = 0; i < 12; ++i)
    boards.push_back(goal.canonical<4>(random_walk(random, goal, 30 + 2 * i)));
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  for (int index : {11, 8, 1}) boards.push_back(goal.canonical<4>(korf[index].tiles));
  for (size_t i = 0; i < boards.size(); ++i) {
    const Board<4>& start = boards[i];
    const SearchResult e = ida_search(start, h);
    const SearchResult reference = ida_search(start, lc);
    ASSERT_EQ(e.outcome, Outcome::Solved) << "board " << i;
    ASSERT_EQ(reference.outcome, Outcome::Solved) << "board " << i;
    EXPECT_EQ(e.moves.size(), reference.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, e.moves)) << "board " << i;
  }
  for (int k = 0; k < 3; ++k) {
    const Instance& inst = korf[std::array{11, 8, 1}[k]];
    EXPECT_EQ(ida_search(goal.canonical<4>(inst.tiles), h).moves.size(),
              static_cast<size_t>(*inst.optimal_length));
  }
}

// The directory of the shipped 7-8-max tables (TAQUIN_PDB4_DIR: 7-8-max.cat and its four tables,
// built by `taquin pdb build 7-8-max -o DIR`), or empty.
std::string big_tables() {
  const char* dir = std::getenv("TAQUIN_PDB4_DIR");
  if (!dir || !*dir) return {};
  return dir;
}

// With the shipped tables: admissible on every board of known length, and IDA* keeps Korf's 100
// optimal; the node counts of instances 1-10 are pinned.
TEST(PdbMax4Big, SevenEightMaxKeepsKorf100Optimal) {
  const std::string dir = big_tables();
  if (dir.empty())
    GTEST_SKIP() << "set TAQUIN_PDB4_DIR to a directory holding 7-8-max.cat and 7-8-max.{1..4}.pdb"
                    " (taquin pdb build 7-8-max -o DIR)";
  const fs::path cat = fs::path(dir) / "7-8-max.cat";
  if (!fs::exists(cat)) GTEST_SKIP() << cat << " is not there";
  for (const auto& [name, goal] :
       {std::pair{"korf100", Goal::zero_first(4)}, std::pair{"hardest80", Goal::standard(4)}}) {
    Expected<PdbSet> set = load_pdb_set(cat.string(), goal);
    ASSERT_TRUE(set.ok()) << set.error().describe();
    const Max h(*set, goal.blank_cell());
    for (const Instance& inst : reference_set(name)) {
      const int value = h.evaluate(goal.canonical<4>(inst.tiles));
      EXPECT_LE(value, *inst.optimal_length) << name << " line " << inst.line;
      EXPECT_EQ((*inst.optimal_length - value) % 2, 0) << name << " line " << inst.line;
    }
  }
  const Goal goal = Goal::zero_first(4);
  Expected<PdbSet> set = load_pdb_set(cat.string(), goal);
  ASSERT_TRUE(set.ok()) << set.error().describe();
  const Max h(*set, goal.blank_cell());
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  std::vector<uint64_t> nodes;
  for (size_t i = 0; i < korf.size(); ++i) {
    const Board<4> start = goal.canonical<4>(korf[i].tiles);
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved) << "instance " << i + 1;
    EXPECT_EQ(static_cast<int>(r.moves.size()), *korf[i].optimal_length) << "instance " << i + 1;
    EXPECT_TRUE(solves(goal, start, r.moves)) << "instance " << i + 1;
    if (i < 10) nodes.push_back(r.stats.nodes_expanded);
  }
  // (`taquin bench --set korf100 --threads 1 --pdb DIR/7-8-max.cat` prints the same counts.)
  EXPECT_EQ(nodes,
            (std::vector<uint64_t>{2431, 1333, 39010, 3065, 6199, 2395, 10963, 7070, 297, 17687}));
}

// Removes the tables built by small_set when the test binary ends.
class CleanUp : public ::testing::Environment {
 public:
  void TearDown() override { fs::remove_all(scratch()); }
};
const auto* const kCleanUp = ::testing::AddGlobalTestEnvironment(new CleanUp);

}  // namespace
}  // namespace taquin::pdb
