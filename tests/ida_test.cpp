// Serial IDA*: exact against BFS on every 8-puzzle state, Korf lengths, node signature, limits.
#include <gtest/gtest.h>

#include <atomic>
#include <deque>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "taquin/embedded.hpp"
#include "taquin/generate.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/io.hpp"
#include "taquin/search/instances.hpp"

namespace taquin {
namespace {

// Distance to the canonical goal of every state reachable from it, by plain BFS on boards.
template <int N>
std::unordered_map<Board<N>, int, BoardHash<N>> bfs_distances(int blank_label) {
  const Board<N> goal = Board<N>::identity(blank_label);
  std::unordered_map<Board<N>, int, BoardHash<N>> dist{{goal, 0}};
  std::deque<Board<N>> queue{goal};
  while (!queue.empty()) {
    const Board<N> b = queue.front();
    queue.pop_front();
    const int d = dist.at(b);
    for (int k = 0; k < 4; ++k) {
      Board<N> next = b;
      if (!next.move(static_cast<Dir>(k))) continue;
      if (dist.emplace(next, d + 1).second) queue.push_back(next);
    }
  }
  return dist;
}

// Every state in optimised builds; one in 16 in unoptimised (Debug, sanitizer) builds, to keep
// them within minutes.
#ifdef NDEBUG
constexpr int kStride = 1;
#else
constexpr int kStride = 16;
#endif

// Runs IDA* on every state of the 8-puzzle with `H`; checks lengths, optimality and replays.
template <typename H>
void check_all_3x3(int blank_label) {
  const auto dist = bfs_distances<3>(blank_label);
  ASSERT_EQ(dist.size(), 181440u);
  const H heuristic(blank_label);
  int checked = 0;
  for (const auto& [board, d] : dist) {
    if (checked++ % kStride) continue;
    const SearchResult r = ida_search(board, heuristic);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    ASSERT_TRUE(r.optimal);
    ASSERT_EQ(static_cast<int>(r.moves.size()), d);
    ASSERT_TRUE(replay_solves(board, r.moves));
  }
  EXPECT_EQ(checked, 181440);
}

TEST(Ida, EveryEightPuzzleStateLinearConflictBlankLast) {
  check_all_3x3<LinearConflict<3>>(8);
}
TEST(Ida, EveryEightPuzzleStateManhattanBlankFirst) {
  check_all_3x3<Manhattan<3>>(0);
}

TEST(Ida, UnsolvableBoardIsReported) {
  Board<3> b = Board<3>::identity(8);
  b.set(0, 1);
  b.set(1, 0);
  const SearchResult r = ida_search(b, LinearConflict<3>(8));
  EXPECT_EQ(r.outcome, Outcome::Unsolvable);
  EXPECT_TRUE(r.moves.empty());
}

TEST(Ida, GoalNeedsNoMove) {
  const Board<4> goal = Board<4>::identity(15);
  const SearchResult r = ida_search(goal, LinearConflict<4>(15));
  EXPECT_EQ(r.outcome, Outcome::Solved);
  EXPECT_TRUE(r.moves.empty());
}

TEST(Ida, ReplayRejectsIllegalMoveAndWrongEnd) {
  const Board<3> goal = Board<3>::identity(8);  // blank bottom right
  EXPECT_FALSE(replay_solves(goal, {Dir::Down}));
  EXPECT_FALSE(replay_solves(goal, {Dir::Up}));
  EXPECT_TRUE(replay_solves(goal, {Dir::Up, Dir::Down}));
}

// The Korf instances (zero-first goal) quick enough for the suite, by line in korf100.txt.
std::vector<Instance> korf100() {
  auto text = embedded::find("korf100");
  EXPECT_TRUE(text.has_value());
  auto parsed = parse_instances(*text, "korf100");
  EXPECT_TRUE(static_cast<bool>(parsed));
  return *parsed;
}

// The 45 Korf instances that take IDA* with linear conflict under 3 million nodes each (ids are
// 1-based lines of korf100.txt). Each must reach its published optimal length with a path that
// replays; the total node count is the serial search's signature.
constexpr int kQuickKorf[] = {2,  5,  6,  8,  9,  12, 13, 16, 19, 20, 23, 28, 29, 30, 31,
                              34, 38, 39, 42, 44, 45, 46, 47, 48, 50, 55, 57, 58, 61, 65,
                              71, 73, 74, 78, 79, 81, 83, 85, 86, 90, 93, 94, 95, 96, 97};
// Node signature of the quick Korf set (see README, "Node signature"): changes only when the
// search behaviour changes; `taquin bench --set korf100 --count 0 --threads 1` lists the nodes
// of every instance.
constexpr uint64_t kQuickKorfNodes = 21136656;

// Solves the Korf instances `ids` with IDA* and `h`: each must reach its published optimal
// length with a path that replays. Adds their node counts to `nodes`.
template <typename H, size_t K>
void solve_korf_instances(const H& h, const int (&ids)[K], uint64_t& nodes) {
  const auto instances = korf100();
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  for (int id : ids) {
    const Instance& inst = instances[id - 1];
    ASSERT_TRUE(inst.optimal_length.has_value());
    const Board<4> start = goal.canonical<4>(inst.tiles);
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved) << "korf " << id;
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length) << "korf " << id;
    EXPECT_TRUE(replay_solves(start, r.moves)) << "korf " << id;
    EXPECT_EQ(r.stats.states_selected, r.stats.nodes_expanded);
    EXPECT_GT(r.stats.nodes_generated, r.stats.nodes_expanded);
    EXPECT_EQ(r.stats.max_states_in_memory, r.moves.size() + 1);
    nodes += r.stats.nodes_expanded;
  }
}

TEST(Ida, QuickKorfInstancesReachPublishedLengths) {
  uint64_t nodes = 0;
  ASSERT_NO_FATAL_FAILURE(
      solve_korf_instances(LinearConflict<4>(Goal::zero_first(4).blank_cell()), kQuickKorf, nodes));
  EXPECT_EQ(nodes, kQuickKorfNodes) << "node signature changed (see README, Node signature)";
}

// The 17 Korf instances that take IDA* with Manhattan distance alone under a million nodes each,
// and their node signature (`taquin bench --set korf100 --count 0 --threads 1 --heuristic
// manhattan` lists the nodes of every instance).
constexpr int kQuickKorfManhattan[] = {9,  12, 19, 30, 31, 42, 47, 48, 55,
                                       73, 74, 79, 85, 86, 93, 94, 97};
constexpr uint64_t kQuickKorfManhattanNodes = 8040446;

TEST(Ida, QuickKorfInstancesWithManhattanReachPublishedLengths) {
  uint64_t nodes = 0;
  ASSERT_NO_FATAL_FAILURE(solve_korf_instances(Manhattan<4>(Goal::zero_first(4).blank_cell()),
                                               kQuickKorfManhattan, nodes));
  EXPECT_EQ(nodes, kQuickKorfManhattanNodes)
      << "node signature changed (see README, Node signature)";
}

TEST(Ida, LargerBoardsThroughTheGenericBoard) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Random random(seed);
    const Goal goal = Goal::standard(5);
    const auto tiles = random_walk(random, goal, 30);
    const Board<5> start = goal.canonical<5>(tiles);
    const SearchResult r = ida_search(start, LinearConflict<5>(goal.blank_cell()));
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_LE(r.moves.size(), 30u);
    EXPECT_TRUE(replay_solves(start, r.moves));
  }
}

TEST(Ida, LimitsStopTheSearch) {
  const auto instances = korf100();
  const Goal goal = Goal::zero_first(4);
  const Board<4> start = goal.canonical<4>(instances[0].tiles);
  Limits nodes;
  nodes.max_nodes = 100000;
  SearchResult r = ida_search(start, LinearConflict<4>(goal.blank_cell()), nodes);
  EXPECT_EQ(r.outcome, Outcome::NodeLimit);
  EXPECT_EQ(r.stats.nodes_expanded, 100000u);

  std::atomic<bool> cancel{true};
  Limits cancelled;
  cancelled.cancel = &cancel;
  r = ida_search(start, LinearConflict<4>(goal.blank_cell()), cancelled);
  EXPECT_EQ(r.outcome, Outcome::Cancelled);

  Limits time;
  time.max_seconds = 0.05;
  r = ida_search(start, Manhattan<4>(goal.blank_cell()), time);
  EXPECT_EQ(r.outcome, Outcome::TimeLimit);
  EXPECT_LT(r.stats.seconds, 5.0);
}

// A node limit stops IDA* after exactly that many expansions (no slack: limits are checked
// before each expansion once the count reaches the limit), and the bound of the iteration under
// way is a lower bound: at least h(start), at most the published optimum.
TEST(Ida, NodeLimitIsExactAndReportsALowerBound) {
  const auto instances = korf100();
  ASSERT_EQ(instances.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const Instance& inst = instances[0];  // optimal 57, some 10^7 nodes
  ASSERT_TRUE(inst.optimal_length.has_value());
  const Board<4> start = goal.canonical<4>(inst.tiles);
  const LinearConflict<4> h(goal.blank_cell());
  const int start_h = h.value(h.init(start));
  int previous_bound = 0;
  for (uint64_t limit : {100, 1000, 50'000, 2'000'000}) {
    Limits limits;
    limits.max_nodes = limit;
    const SearchResult r = ida_search(start, h, limits);
    ASSERT_EQ(r.outcome, Outcome::NodeLimit) << limit;
    EXPECT_EQ(r.stats.nodes_expanded, limit);
    EXPECT_GE(r.lower_bound, start_h) << limit;
    EXPECT_LE(r.lower_bound, *inst.optimal_length) << limit;
    EXPECT_GE(r.lower_bound, previous_bound) << limit;
    EXPECT_EQ((r.lower_bound - start_h) % 2, 0) << "bounds of one parity: " << limit;
    previous_bound = r.lower_bound;
  }
  EXPECT_GT(previous_bound, start_h) << "2M nodes complete some iterations";
}

}  // namespace
}  // namespace taquin

namespace taquin {
namespace {

// Walks `steps` random blank moves from a random board, checking at every step that the
// incremental state equals a full evaluation (and, for linear conflict, the line-by-line form).
template <int N, typename H>
void check_incremental(int blank_label, uint64_t seed, int steps) {
  const H h(blank_label);
  const detail::LineLinearConflict<N> reference(blank_label);
  Random random(seed);
  Board<N> board = Board<N>::identity(blank_label);
  for (int i = 0; i < 500; ++i) board.move(static_cast<Dir>(random.below(4)));
  typename H::State state = h.init(board);
  for (int i = 0; i < steps; ++i) {
    const int blank = board.blank();
    const int to = kMoves<N>.target[blank][random.below(kMoves<N>.count[blank])];
    const int label = board.at(to);
    board.slide(to);
    h.update(state, board, label, to, blank);
    ASSERT_EQ(h.value(state), h.value(h.init(board))) << "step " << i;
    if constexpr (std::is_same_v<H, LinearConflict<N>>) {
      ASSERT_EQ(h.value(state), reference.value(reference.init(board))) << "step " << i;
      for (int line = 0; line < N; ++line) {
        ASSERT_EQ(h.row_conflicts(board, line), reference.row_conflicts(board, line));
        ASSERT_EQ(h.column_conflicts(board, line), reference.column_conflicts(board, line));
      }
    }
  }
}

TEST(IdaHeuristic, IncrementalEqualsFullAlongRandomWalks) {
  for (int blank : {0, 15, 5, 10}) {
    check_incremental<4, LinearConflict<4>>(blank, 11 + blank, 20000);
    check_incremental<4, Manhattan<4>>(blank, 12 + blank, 5000);
    check_incremental<4, Hamming<4>>(blank, 13 + blank, 5000);
  }
  for (int blank : {0, 24, 7}) {
    check_incremental<5, LinearConflict<5>>(blank, 21 + blank, 5000);
    check_incremental<5, Manhattan<5>>(blank, 22 + blank, 5000);
    check_incremental<5, Hamming<5>>(blank, 23 + blank, 5000);
  }
  for (int blank : {0, 8, 4}) check_incremental<3, LinearConflict<3>>(blank, 31 + blank, 5000);
  for (int blank : {0, 3}) check_incremental<2, LinearConflict<2>>(blank, 41 + blank, 1000);
}

// A row with every piece of it in reverse order needs three removals; the blank never counts.
TEST(IdaHeuristic, LinearConflictKnownValues) {
  Board<4> b = Board<4>::identity(15);
  const LinearConflict<4> h(15);
  EXPECT_EQ(h.value(h.init(b)), 0);
  // Row 0 reversed: 3 2 1 0 -> Manhattan 3+1+1+3 = 8, removals 3 -> 8 + 6.
  for (int c = 0; c < 4; ++c) b.set(c, 3 - c);
  EXPECT_EQ(h.row_conflicts(b, 0), 3);
  EXPECT_EQ(h.value(h.init(b)), 14);
  // Column 3 of the blank-last goal holds the blank label 15: swapping 3 and 7 in it conflicts.
  Board<4> c = Board<4>::identity(15);
  c.set(3, 7);
  c.set(7, 3);
  EXPECT_EQ(h.column_conflicts(c, 3), 1);
  EXPECT_EQ(h.value(h.init(c)), 4);
}

}  // namespace
}  // namespace taquin
