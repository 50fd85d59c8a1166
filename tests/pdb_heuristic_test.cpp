// The PDB heuristic: incremental and prepared = full, admissible, symmetric goals, IDA*.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <tbb/global_control.h>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "search/instances.hpp"
#include "search/move_automaton.hpp"
#include "search/parallel_ida.hpp"
#include "taquin/goal.hpp"
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

// kFiveSmall and a second partition by rows (cells 9, 14, 19 and 24 make the sixth group):
//    .  A  A  A  A
//    B  B  B  B  C
//    D  D  D  D  C
//    E  E  E  E  C
//    F  F  F  F  C
const std::string kFiveSmallTwice = std::string(kFiveSmall) +
                                    "partition\n1 2 3 4\n5 6 7 8\n10 11 12 13\n15 16 17 18\n"
                                    "20 21 22 23\n9 14 19 24\n";

// Every field of the views in use of two states.
template <typename State>
void expect_same_state(const State& a, const State& b, int views, int step) {
  for (int v = 0; v < views; ++v) {
    EXPECT_EQ(a.index[v], b.index[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.manhattan[v], b.manhattan[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.part[v], b.part[v]) << "view " << v << ", step " << step;
    EXPECT_EQ(a.sum[v], b.sum[v]) << "view " << v << ", step " << step;
  }
}

// Along random walks of `set`'s heuristic for `goal` with Views views: both update paths
// (update; prepare, then update_first and update_rest), every view's group indexes, Manhattan
// sums and values, equal to init() of the board reached, move after move.
template <int N, int Views>
void expect_incremental_equals_scratch(const PdbSet& set, const Goal& goal) {
  using H = PdbHeuristic<N, Views>;
  const H h(set, goal.blank_cell());
  ASSERT_EQ(h.views(), Views);
  Random random(2026);
  for (int walk = 0; walk < 4; ++walk) {
    Board<N> board = goal.canonical<N>(random_board(random, goal, Solvability::Solvable));
    typename H::State plain = h.init(board), prepared = plain;
    for (int step = 0; step < 3000; ++step) {
      const int from = board.blank();
      const int count = kMoves<N>.count[from];
      const int to = kMoves<N>.target[from][random.below(static_cast<uint64_t>(count))];
      const int label = board.at(to);
      const typename H::Lookup reads = h.prepare(prepared, board, label, to, from);
      board.slide(to);
      h.update(plain, board, label, to, from);
      const int first = h.update_first(prepared, reads);
      const int value = h.update_rest(prepared, reads);
      const typename H::State scratch = h.init(board);
      expect_same_state(plain, scratch, h.views(), step);
      expect_same_state(prepared, scratch, h.views(), step);
      EXPECT_EQ(value, h.evaluate(board));
      EXPECT_LE(first, value);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(PdbHeuristic, FiveByFiveIncrementalIndexEqualsFromScratchAlongRandomWalks) {
  // Both views: the board and its reflection about the main diagonal.
  const Goal goal = Goal::zero_first(5);
  expect_incremental_equals_scratch<5, 2>(small_set("five", kFiveSmall, goal), goal);
}

TEST(PdbHeuristic, TwoPartitionsIncrementalIndexEqualsFromScratchAlongRandomWalks) {
  // Four views: each partition as is and reflected.
  const Goal goal = Goal::zero_first(5);
  expect_incremental_equals_scratch<5, 4>(small_set("five2", kFiveSmallTwice, goal), goal);
}

TEST(PdbHeuristic, FourByFourIncrementalIndexEqualsFromScratchAlongRandomWalks) {
  // The 4x4 search's reads: the catalogue as is (standard goal), turned (zero-first: the views'
  // cells are not the board's), with a second partition, and zero-aware.
  const char* twice =
      "side 4\n0 1 4 5\n2 3 6 7\n8 9 12 13\n10 11 14\npartition\n"
      "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14\n";
  const char* zero = "side 4\nzero-aware\n0 1 4 5\n2 3 6 7\n8 9 12 13\n10 11 14\n";
  for (const Goal& goal : {Goal::standard(4), Goal::zero_first(4)}) {
    SCOPED_TRACE(goal.blank_cell());
    expect_incremental_equals_scratch<4, 2>(small_set("quarters", kQuarters, goal), goal);
    expect_incremental_equals_scratch<4, 4>(small_set("quarters2", twice, goal), goal);
    expect_incremental_equals_scratch<4, 2>(small_set("quarters0", zero, goal), goal);
  }
}

TEST(PdbHeuristic, StateHoldsTheViewsItsCatalogueNeeds) {
  // One partition: the two-view state (the per-node copy the search makes), whatever the side.
  const PdbSet one = small_set("five", kFiveSmall, Goal::zero_first(5));
  const PdbSet two = small_set("five2", kFiveSmallTwice, Goal::zero_first(5));
  EXPECT_EQ(views_for(one.catalogue), 2);
  EXPECT_EQ(views_for(two.catalogue), 4);
  EXPECT_EQ(sizeof(PdbHeuristic<5>::State), sizeof(PdbHeuristic<4>::State));
  EXPECT_LT(sizeof(PdbHeuristic<5>::State), sizeof(PdbMaxHeuristic<5>::State));
  // Searches are in move order and split in level order unless the plan asks otherwise.
  EXPECT_EQ(SearchOrder{}.child, ChildOrder::Moves);
  EXPECT_EQ(SearchOrder{}.split, SplitOrder::Level);
}

// The 5x5 database search of `set` (Views views, children in `order`) on boards 60 moves from the
// goal: lengths equal to linear-conflict IDA*'s (an independent optimal solver), serially and in
// parallel on 1 and 2 threads with both split orders, solutions replayed; the serial node counts
// equal to `expected_nodes` (so that a change of the search shows), and the parallel search on 1
// thread that hands out its frontier in the serial search's order within a few percent of them.
template <int Views>
void expect_optimal_with_nodes(const PdbSet& set, ChildOrder order,
                               const std::vector<uint64_t>& expected_nodes) {
  const Goal goal = Goal::zero_first(5);
  const PdbHeuristic<5, Views> h(set, goal.blank_cell());
  const LinearConflict<5> lc(goal.blank_cell());
  Random random(38);
  std::vector<uint64_t> nodes;
  for (size_t i = 0; i < expected_nodes.size(); ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 60));
    const SearchResult truth = ida_search(start, lc);
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    const SearchResult serial = ida_search(start, h, {}, {order});
    ASSERT_EQ(serial.outcome, Outcome::Solved);
    EXPECT_TRUE(serial.optimal);
    EXPECT_EQ(serial.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, serial.moves)) << "board " << i;
    // Prunes more. (Not by a fixed factor: the last iteration's count depends on where each
    // search meets the goal; cheapest f first, board 0 takes the databases 229,031 nodes against
    // linear conflict's 2,548,923, board 1 76,433 against 138,706.)
    EXPECT_LT(serial.stats.nodes_expanded, truth.stats.nodes_expanded) << "board " << i;
    nodes.push_back(serial.stats.nodes_expanded);
    for (const SplitOrder split : {SplitOrder::Level, SplitOrder::Serial}) {
      for (const int threads : {1, 2}) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        const SearchResult parallel =
            parallel_ida_search(start, h, {}, {order, split}, 0);  // parallel at once
        ASSERT_EQ(parallel.outcome, Outcome::Solved);
        EXPECT_EQ(parallel.moves.size(), truth.moves.size()) << "board " << i;
        EXPECT_TRUE(solves(goal, start, parallel.moves)) << "board " << i;
        // The frontier's own nodes aside (on board 2, about a fifth).
        if (threads == 1 && split == SplitOrder::Serial) {
          EXPECT_LT(parallel.stats.nodes_expanded,
                    serial.stats.nodes_expanded * 21 / 20 + 2 * taquin::detail::kFrontierTarget)
              << "board " << i;
        }
      }
    }
  }
  EXPECT_EQ(nodes, expected_nodes);
}

TEST(PdbHeuristic, FiveByFiveIdaNodeCountsAndLengthsMatchLinearConflict) {
  const PdbSet set = small_set("five", kFiveSmall, Goal::zero_first(5));
  expect_optimal_with_nodes<2>(set, ChildOrder::Moves, {326806, 42495, 18068, 212265});
  expect_optimal_with_nodes<2>(set, ChildOrder::CheapestFirst, {229031, 76433, 17684, 279860});
}

TEST(PdbHeuristic, TwoPartitionsIdaNodeCountsAndLengthsMatchLinearConflict) {
  const PdbSet set = small_set("five2", kFiveSmallTwice, Goal::zero_first(5));
  expect_optimal_with_nodes<4>(set, ChildOrder::Moves, {257689, 26094, 16911, 157518});
  expect_optimal_with_nodes<4>(set, ChildOrder::CheapestFirst, {180148, 46887, 16527, 225723});
}

// The move strings a serial IDA* with no bound (every child searched), children in `order`,
// follows from `board` to depth `depth`, in the order it meets their ends: appended to `out`.
// Written apart from the search: full evaluations, the automaton stepped by path.
void serial_paths(const PdbHeuristic<5>& h, ChildOrder order, const Board<5>& board,
                  uint32_t automaton, int depth, std::vector<Dir>& path,
                  std::vector<std::vector<Dir>>& out) {
  if (depth == 0) {
    out.push_back(path);
    return;
  }
  struct Child {
    Board<5> board;
    Dir dir;
    uint32_t automaton;
    int h;
  };
  std::vector<Child> children;
  const int blank = board.blank();
  for (int k = 0; k < kMoves<5>.count[blank]; ++k) {
    const Dir d = kMoves<5>.dir[blank][k];
    if (!path.empty() && d == opposite(path.back())) continue;
    const uint32_t next = MoveAutomatonFor<5>::standard().next(automaton, d);
    if (next == MoveAutomatonFor<5>::kDead) continue;
    Board<5> child = board;
    child.slide(kMoves<5>.target[blank][k]);
    children.push_back({child, d, next, h.evaluate(child)});
  }
  if (order == ChildOrder::CheapestFirst)
    std::stable_sort(children.begin(), children.end(),
                     [](const Child& a, const Child& b) { return a.h < b.h; });
  for (const Child& child : children) {
    path.push_back(child.dir);
    serial_paths(h, order, child.board, child.automaton, depth - 1, path, out);
    path.pop_back();
  }
}

TEST(PdbHeuristic, ParallelSplitHandsOutSubtreesInTheSerialOrder) {
  // The frontier the parallel searches split, handed out in visit_order: its nodes' paths in the
  // order the serial search in each child order meets them (the frontier keeps one path a board).
  const Goal goal = Goal::zero_first(5);
  const PdbHeuristic<5> h(small_set("five", kFiveSmall, goal), goal.blank_cell());
  Random random(15);
  const Board<5> start = goal.canonical<5>(random_walk(random, goal, 60));
  using Frontier = taquin::detail::Frontier<5, PdbHeuristic<5>>;
  Frontier frontier(start, h.init(start));
  uint64_t expanded = 0, generated = 0;
  while (frontier.deepest().size() < 2000)
    ASSERT_EQ(frontier.grow(h, Board<5>::identity(start.blank_label()), expanded, generated),
              Frontier::Grown::Level);
  const size_t depth = frontier.depth();
  std::vector<std::vector<std::vector<Dir>>> handed_by_order;
  for (const ChildOrder order : {ChildOrder::Moves, ChildOrder::CheapestFirst}) {
    std::vector<uint32_t> visit = frontier.visit_order(h, order);
    if (visit.empty())  // level order
      for (uint32_t i = 0; i < frontier.deepest().size(); ++i) visit.push_back(i);
    ASSERT_EQ(visit.size(), frontier.deepest().size());
    std::vector<std::vector<Dir>> handed;
    for (const uint32_t i : visit) handed.push_back(frontier.path_to(depth, i));
    const std::set<std::vector<Dir>> kept(handed.begin(), handed.end());
    ASSERT_EQ(kept.size(), handed.size());
    std::vector<std::vector<Dir>> all, serial;
    std::vector<Dir> path;
    serial_paths(h, order, start, MoveAutomatonFor<5>::kStart, static_cast<int>(depth), path, all);
    for (const std::vector<Dir>& p : all)
      if (kept.count(p)) serial.push_back(p);
    EXPECT_EQ(serial.size(), handed.size());
    EXPECT_TRUE(serial == handed) << "order " << static_cast<int>(order);
    handed_by_order.push_back(handed);
  }
  EXPECT_TRUE(handed_by_order[0] != handed_by_order[1]);  // the orders differ here
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
