// Direct-indexed tables and their heuristic: the ranked tables' values, the same search.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/generate.hpp"
#include "core/rank.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/direct_heuristic.hpp"
#include "pdb/direct_table.hpp"
#include "pdb/geometry.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

namespace taquin::pdb {
namespace {

using testing::solves;

// Two partitions of four 5x5 groups of four tiles (303,600 placements a table), tiles 21 to 24
// in no group of the first and 5, 10, 15, 20 in none of the second (a move of such a tile leaves
// the view's sum as it is):
//    .  A  A  A  A        .  E  F  G  H
//    B  B  B  B  C        .  E  F  G  H
//    C  C  C  D  D        .  E  F  G  H
//    D  D  D  D  D  ...   .  E  F  G  H
//    .  .  .  .  .        .  .  .  .  .
const char* kFourByFour =
    "side 5\nblank 0\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n"
    "partition\n1 6 11 16\n2 7 12 17\n3 8 13 18\n4 9 14 19\n";
// The first partition alone, and a one-partition catalogue of six groups (more than the direct
// heuristic's four: the ranked heuristic serves it).
const char* kOnePartition = "side 5\nblank 0\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n";
const char* kSixGroups =
    "side 5\nblank 0\n1 2 5 6\n3 4 8 9\n7 12 13 14\n10 11 15 16\n17 18 22 23\n19 20 21 24\n";
// The same groups as kOnePartition and kFourByFour, zero-aware (7,590,000 entries a table).
const char* kOnePartitionZero =
    "side 5\nblank 0\nzero-aware\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n";
const char* kFourByFourZero =
    "side 5\nblank 0\nzero-aware\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n"
    "partition\n1 6 11 16\n2 7 12 17\n3 8 13 18\n4 9 14 19\n";

class PdbDirect : public ::testing::Test {
 protected:
  static PdbSet set(const std::string& stem, const char* text) {
    static const taquin::testing::TempDir dir("taquin_pdb_direct");
    const std::filesystem::path cat = dir.path() / (stem + ".cat");
    if (!std::filesystem::exists(cat)) {
      std::ofstream(cat) << text;
      auto catalogue = read_catalogue(cat.string());
      EXPECT_TRUE(catalogue.ok()) << catalogue.error().describe();
      auto written = build_catalogue(*catalogue, dir.path().string());
      EXPECT_TRUE(written.ok()) << written.error().describe();
    }
    auto loaded = load_pdb_set(cat.string(), Goal::zero_first(5));
    EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
    return *loaded;
  }
};

TEST_F(PdbDirect, EveryPlacementHoldsTheRankedTablesValue) {
  const PdbSet two = set("two", kFourByFour);
  for (const auto& table : two.tables) {
    ASSERT_TRUE(DirectTable::serves(*table));
    const std::shared_ptr<const DirectTable> direct = DirectTable::of(table);
    EXPECT_EQ(direct, DirectTable::of(table));  // built once, shared
    const int k = table->group_size();
    ASSERT_EQ(direct->entries(), 390625u);  // 25^4
    std::array<uint8_t, 64> cells{};
    for (uint64_t rank = 0; rank < table->entry_count(); ++rank) {
      unrank_placement(rank, 25, k, cells);
      uint32_t index = 0;
      int manhattan = 0;
      for (int i = 0; i < k; ++i) {
        index = index * 25 + cells[i];
        manhattan += taxicab(cells[i], table->cells()[i], 5);
      }
      ASSERT_EQ((*direct)[index], table->value(rank, manhattan)) << "rank " << rank;
    }
  }
}

// A random move of the blank on `board`: its cell, the cell it moves onto, the piece there, the
// direction.
struct Step {
  int from, to, label;
  Dir d;
};
Step random_step(Random& random, const Board<5>& board) {
  const int from = board.blank();
  const int count = kMoves<5>.count[from];
  const int to = kMoves<5>.target[from][random.below(static_cast<uint64_t>(count))];
  return {from, to, board.at(to), blank_move<5>(from, to)};
}

// Along random walks: the direct heuristic's value equals the ranked one's at every board, by
// each update path (update; prepare, then update_first and update_rest; value_after; measure,
// then update_measured), and its state equals init() of the board reached.
template <int Views>
void expect_same_values(const PdbSet& set) {
  const Goal goal = Goal::zero_first(5);
  const DirectPdbHeuristic<5, Views> direct(set, goal.blank_cell());
  const PdbHeuristic<5, Views> ranked(set, goal.blank_cell());
  ASSERT_EQ(direct.views(), Views);
  ASSERT_EQ(ranked.views(), Views);
  Random random(2026);
  for (int walk = 0; walk < 4; ++walk) {
    Board<5> board = goal.canonical<5>(random_board(random, goal, Solvability::Solvable));
    auto plain = direct.init(board), prepared = plain;
    for (int step = 0; step < 3000; ++step) {
      const auto [from, to, label, d] = random_step(random, board);
      const auto reads = direct.prepare(prepared, board, label, to, from);
      const auto moved = direct.prepare_move(prepared, board, label, d);
      for (int v = 0; v < Views; ++v) {
        ASSERT_EQ(moved.view[v].group, reads.view[v].group) << "view " << v << ", step " << step;
        ASSERT_EQ(moved.view[v].index, reads.view[v].index) << "view " << v << ", step " << step;
      }
      const int after = direct.value_after(prepared, reads, 1000);
      const int capped = direct.value_after(prepared, reads, 0);
      const auto measure = direct.measure(prepared, reads, 1000);
      const auto first_only = direct.measure(prepared, reads, 0);
      std::array<int, 9> early{};  // measure's value with limits after - 8 .. after
      for (int i = 0; i < 9; ++i) early[i] = direct.measure(prepared, reads, after - 8 + i).value;
      auto measured = prepared;
      direct.update_measured(measured, reads, measure);
      board.slide(to);
      direct.update(plain, board, label, to, from);
      const int first = direct.update_first(prepared, reads);
      const int value = direct.update_rest(prepared, reads);
      const auto scratch = direct.init(board);
      const int expected = ranked.evaluate(board);
      ASSERT_EQ(value, expected) << "walk " << walk << ", step " << step;
      ASSERT_EQ(direct.value(plain), expected) << "step " << step;
      ASSERT_EQ(after, expected) << "step " << step;
      ASSERT_LE(first, value);
      ASSERT_GT(capped, 0) << "a sum above 0, returned at once, or the value";  // off the goal
      ASSERT_LE(capped, value);
      ASSERT_EQ(measure.value, expected) << "step " << step;
      // (the first view's sum when above the limit, else the largest)
      ASSERT_EQ(first_only.value, first > 0 ? first : value) << "step " << step;
      // (the first sum, in view order, above the limit, else the largest)
      for (int i = 0; i < 9; ++i) {
        int want = value;
        for (int v = Views - 1; v >= 0; --v)
          if (scratch.sum[v] > after - 8 + i) want = scratch.sum[v];
        ASSERT_EQ(early[i], want) << "limit " << after - 8 + i << ", step " << step;
      }
      for (int v = 0; v < Views; ++v) {
        ASSERT_EQ(measured.index[v], scratch.index[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(measured.part[v], scratch.part[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(measured.sum[v], scratch.sum[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(plain.index[v], scratch.index[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(prepared.index[v], scratch.index[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(prepared.part[v], scratch.part[v]) << "view " << v << ", step " << step;
        ASSERT_EQ(prepared.sum[v], scratch.sum[v]) << "view " << v << ", step " << step;
      }
    }
  }
}

TEST_F(PdbDirect, OnePartitionValuesEqualTheRankedHeuristicsAlongRandomWalks) {
  expect_same_values<2>(set("one", kOnePartition));
}

TEST_F(PdbDirect, TwoPartitionsValuesEqualTheRankedHeuristicsAlongRandomWalks) {
  expect_same_values<4>(set("two", kFourByFour));
}

// The direct heuristic's search: the ranked one's nodes, node for node, and optimal lengths
// (against linear-conflict IDA*), serially in both child orders and in parallel.
template <int Views>
void expect_same_search(const PdbSet& set) {
  const Goal goal = Goal::zero_first(5);
  DirectPdbHeuristic<5, Views> direct(set, goal.blank_cell());
  PdbHeuristic<5, Views> ranked(set, goal.blank_cell());
  const LinearConflict<5> lc(goal.blank_cell());
  Random random(38);
  for (int i = 0; i < 3; ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 34));
    const SearchResult truth = ida_search(start, lc);
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    for (const ChildOrder order : {ChildOrder::Moves, ChildOrder::CheapestFirst}) {
      const SearchResult a = ida_search(start, direct, {}, {order}),
                         b = ida_search(start, ranked, {}, {order});
      ASSERT_EQ(a.outcome, Outcome::Solved);
      EXPECT_EQ(a.moves.size(), truth.moves.size()) << "board " << i;
      EXPECT_TRUE(solves(goal, start, a.moves)) << "board " << i;
      EXPECT_EQ(a.moves, b.moves) << "board " << i;
      EXPECT_EQ(a.stats.nodes_expanded, b.stats.nodes_expanded) << "board " << i;
      EXPECT_EQ(a.stats.nodes_generated, b.stats.nodes_generated) << "board " << i;
    }
    const SearchResult parallel = parallel_ida_search(start, direct, {});
    ASSERT_EQ(parallel.outcome, Outcome::Solved);
    EXPECT_EQ(parallel.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, parallel.moves)) << "board " << i;
  }
}

TEST_F(PdbDirect, OnePartitionSearchesTheRankedHeuristicsNodes) {
  expect_same_search<2>(set("one", kOnePartition));
}

TEST_F(PdbDirect, TwoPartitionsSearchTheRankedHeuristicsNodes) {
  expect_same_search<4>(set("two", kFourByFour));
}

// A heuristic evaluated eagerly: every view of every child updated and read (IncrementalHeuristic
// only, so IDA* takes neither the two-stage update nor the lookahead).
template <typename H>
struct Eager {
  using State = typename H::State;
  const H& h;
  State init(const Board<5>& b) const { return h.init(b); }
  int value(const State& s) const { return h.value(s); }
  void update(State& s, const Board<5>& b, int label, int from, int to) const {
    h.update(s, b, label, from, to);
  }
};

// Nodes expanded by each iteration of serial IDA*, by bound (the last: the one that met the goal).
template <typename H>
std::map<int, uint64_t> nodes_by_bound(const Board<5>& start, const H& h, ChildOrder order,
                                       SearchResult& result) {
  std::map<int, uint64_t> by_bound;
  uint64_t before = 0;
  Limits limits;
  limits.on_iteration = [&](const IterationReport& r) {
    by_bound[r.bound] = r.nodes_expanded - before;
    before = r.nodes_expanded;
  };
  result = ida_search(start, h, limits, {order});
  by_bound[static_cast<int>(result.moves.size())] = result.stats.nodes_expanded - before;
  return by_bound;
}

// The direct heuristic reads a child's second partition only when the first does not prune it
// (update_first, then update_rest; cheapest first: value_after stops at the first sum above the
// bound). Within each bound it prunes exactly the children the eager evaluation prunes: the same
// nodes in every iteration both run. Its next bound may be lower (a first stage's f), never
// higher, so it may run iterations the eager search skips, which expand no node the next one
// does not.
TEST_F(PdbDirect, LazyViewsPruneExactlyTheChildrenEagerViewsPrune) {
  const PdbSet two = set("two", kFourByFour);
  const Goal goal = Goal::zero_first(5);
  const DirectPdbHeuristic<5, 4> lazy(two, goal.blank_cell());
  const Eager<DirectPdbHeuristic<5, 4>> eager{lazy};
  Random random(26);
  int compared = 0;
  for (int i = 0; i < 4; ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 36));
    for (const ChildOrder order : {ChildOrder::Moves, ChildOrder::CheapestFirst}) {
      SearchResult a, b;
      const std::map<int, uint64_t> lazy_nodes = nodes_by_bound(start, lazy, order, a);
      const std::map<int, uint64_t> eager_nodes = nodes_by_bound(start, eager, order, b);
      ASSERT_EQ(a.outcome, Outcome::Solved);
      ASSERT_EQ(b.outcome, Outcome::Solved);
      EXPECT_EQ(a.moves.size(), b.moves.size()) << "board " << i;
      if (order == ChildOrder::Moves) {
        EXPECT_EQ(a.moves, b.moves) << "board " << i;
      }
      for (const auto& [bound, nodes] : eager_nodes) {
        // The eager search has no lookahead, so it searches cheapest first in move order: the
        // last iteration, which stops at the goal, then meets it elsewhere.
        if (order == ChildOrder::CheapestFirst && bound == static_cast<int>(b.moves.size()))
          continue;
        ASSERT_TRUE(lazy_nodes.contains(bound)) << "board " << i << ", bound " << bound;
        EXPECT_EQ(lazy_nodes.at(bound), nodes) << "board " << i << ", bound " << bound;
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 8);  // (several iterations a board)
}

TEST_F(PdbDirect, ServesSetsOfAtMostFourGroupsAPartition) {
  EXPECT_TRUE(DirectPdbHeuristic<5>::serves_direct(set("one", kOnePartition)));
  EXPECT_TRUE(DirectPdbHeuristic<5>::serves_direct(set("two", kFourByFour)));
  EXPECT_FALSE(DirectPdbHeuristic<5>::serves_direct(set("six", kSixGroups)));
  // The search on sets it serves: the direct heuristic, whose state holds four groups a view.
  const PdbSet two = set("two", kFourByFour);
  with_pdb_heuristic<5>(two, 0, [](const auto& h) {
    EXPECT_TRUE((std::is_same_v<std::decay_t<decltype(h)>, DirectPdbHeuristic<5, 4>>));
    return 0;
  });
  with_pdb_heuristic<5>(set("six", kSixGroups), 0, [](const auto& h) {
    EXPECT_TRUE((std::is_same_v<std::decay_t<decltype(h)>, PdbHeuristic<5, 2>>));
    return 0;
  });
}

// A zero-aware table's expansion (DirectTable's pocket coding): bits 0-5 hold the classic table's
// value (built apart, by the classic builder); the value read for any cell of the blank is at most
// the zero-aware table's, and above the classic one for some.
TEST_F(PdbDirect, PocketBitsStayWithinTheZeroAwareValues) {
  const PdbSet classic = set("two", kFourByFour), zero = set("two-zero", kFourByFourZero);
  const Geometry geometry(5);
  for (size_t t = 0; t < zero.tables.size(); ++t) {
    const Table& z = *zero.tables[t];
    ASSERT_TRUE(z.zero_aware());
    ASSERT_TRUE(DirectTable::serves(z));
    const std::shared_ptr<const DirectTable> direct = DirectTable::of(zero.tables[t]);
    const int k = z.group_size();
    std::array<uint8_t, 64> cells{};
    uint64_t raised = 0, above_classic = 0;
    for (uint64_t rank = 0; rank < classic.tables[t]->entry_count(); ++rank) {
      unrank_placement(rank, 25, k, cells);
      uint32_t index = 0;
      int manhattan = 0;
      uint64_t occupied = 0;
      for (int i = 0; i < k; ++i) {
        index = index * 25 + cells[i];
        manhattan += taxicab(cells[i], z.cells()[i], 5);
        occupied |= uint64_t{1} << cells[i];
      }
      const uint8_t byte = (*direct)[index];
      const int least = classic.tables[t]->value(rank, manhattan);
      ASSERT_EQ(byte & 63, least) << "table " << t << ", rank " << rank;
      for (int f = 0; f < 25; ++f) {
        if ((occupied >> f) & 1) continue;
        const bool pocket = (geometry.neighbours[f] & ~occupied) == 0;
        const int read = least + 2 * ((byte >> (pocket ? 6 : 7)) & 1);
        const int truth = z.value(z.entry_index(rank, f), manhattan);
        ASSERT_LE(read, truth) << "table " << t << ", rank " << rank << ", blank " << f;
        above_classic += truth > least;
        raised += read > least;
      }
    }
    EXPECT_GT(raised, 0u) << "table " << t;
    // (Most cells the zero-aware table raises are one-cell pockets or the rest around one.)
    EXPECT_GT(raised * 2, above_classic) << "table " << t;
  }
}

// Along random walks: the zero-aware direct heuristic's value lies between the classic direct
// one's and the ranked zero-aware one's, and is the same by every update path; its state equals
// init() of the board reached.
template <int Views>
void expect_pocket_values(const PdbSet& zero, const PdbSet& classic) {
  const Goal goal = Goal::zero_first(5);
  const DirectPdbHeuristic<5, Views, true> direct(zero, goal.blank_cell());
  const DirectPdbHeuristic<5, Views> below(classic, goal.blank_cell());
  const PdbHeuristic<5, Views> ranked(zero, goal.blank_cell());
  Random random(Views);
  int raised = 0;
  for (int walk = 0; walk < 4; ++walk) {
    Board<5> board = goal.canonical<5>(random_board(random, goal, Solvability::Solvable));
    auto plain = direct.init(board), prepared = plain;
    for (int step = 0; step < 3000; ++step) {
      const auto [from, to, label, d] = random_step(random, board);
      const auto reads = direct.prepare_move(prepared, board, label, d);
      const auto board_reads = direct.prepare(prepared, board, label, to, from);
      for (int v = 0; v < Views; ++v) {
        ASSERT_EQ(board_reads.view[v].group, reads.view[v].group) << "view " << v;
        ASSERT_EQ(board_reads.view[v].index, reads.view[v].index) << "view " << v;
        ASSERT_EQ(board_reads.view[v].row, reads.view[v].row) << "view " << v << ", step " << step;
      }
      const int after = direct.value_after(prepared, reads, 1000);
      const auto measure = direct.measure(prepared, reads, 1000);
      auto measured = prepared;
      direct.update_measured(measured, reads, measure);
      board.slide(to);
      direct.update(plain, board, label, to, from);
      direct.update_first(prepared, reads);
      const int value = direct.update_rest(prepared, reads);
      const auto scratch = direct.init(board);
      const int lower = below.evaluate(board), upper = ranked.evaluate(board);
      ASSERT_EQ(direct.value(scratch), value) << "walk " << walk << ", step " << step;
      ASSERT_LE(lower, value) << "walk " << walk << ", step " << step;
      ASSERT_LE(value, upper) << "walk " << walk << ", step " << step;
      raised += value > lower;
      ASSERT_EQ(direct.value(plain), value) << "step " << step;
      ASSERT_EQ(after, value) << "step " << step;
      ASSERT_EQ(measure.value, value) << "step " << step;
      for (int v = 0; v < Views; ++v) {
        for (const auto* s : {&measured, &plain, &prepared}) {
          ASSERT_EQ(s->index[v], scratch.index[v]) << "view " << v << ", step " << step;
          ASSERT_EQ(s->part[v], scratch.part[v]) << "view " << v << ", step " << step;
          ASSERT_EQ(s->sum[v], scratch.sum[v]) << "view " << v << ", step " << step;
        }
      }
    }
  }
  EXPECT_GT(raised, 0);
}

TEST_F(PdbDirect, PocketValuesLieBetweenClassicAndZeroAwareAlongRandomWalks) {
  expect_pocket_values<2>(set("one-zero", kOnePartitionZero), set("one", kOnePartition));
  expect_pocket_values<4>(set("two-zero", kFourByFourZero), set("two", kFourByFour));
}

// The zero-aware direct heuristic's search: optimal lengths (against linear-conflict IDA*),
// serially and in parallel, never more nodes than the classic tables' search in move order, and
// a pinned node count.
TEST_F(PdbDirect, PocketSearchIsOptimalWithFewerNodes) {
  const PdbSet zero = set("two-zero", kFourByFourZero), classic = set("two", kFourByFour);
  const Goal goal = Goal::zero_first(5);
  const DirectPdbHeuristic<5, 4, true> pockets(zero, goal.blank_cell());
  const DirectPdbHeuristic<5, 4> plain(classic, goal.blank_cell());
  const LinearConflict<5> lc(goal.blank_cell());
  Random random(40);
  uint64_t pocket_nodes = 0, plain_nodes = 0;
  for (int i = 0; i < 4; ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 36));
    const SearchResult truth = ida_search(start, lc);
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    const SearchResult a = ida_search(start, pockets), b = ida_search(start, plain);
    ASSERT_EQ(a.outcome, Outcome::Solved);
    EXPECT_EQ(a.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, a.moves)) << "board " << i;
    EXPECT_LE(a.stats.nodes_expanded, b.stats.nodes_expanded) << "board " << i;
    pocket_nodes += a.stats.nodes_expanded;
    plain_nodes += b.stats.nodes_expanded;
    const SearchResult parallel = parallel_ida_search(start, pockets, {});
    ASSERT_EQ(parallel.outcome, Outcome::Solved);
    EXPECT_EQ(parallel.moves.size(), truth.moves.size()) << "board " << i;
    EXPECT_TRUE(solves(goal, start, parallel.moves)) << "board " << i;
  }
  EXPECT_LT(pocket_nodes, plain_nodes);
  EXPECT_EQ(pocket_nodes, 87338u) << "classic: " << plain_nodes;  // the signature
}

TEST_F(PdbDirect, ServesZeroAwareSetsWithPockets) {
  with_pdb_heuristic<5>(set("two-zero", kFourByFourZero), 0, [](const auto& h) {
    EXPECT_TRUE((std::is_same_v<std::decay_t<decltype(h)>, DirectPdbHeuristic<5, 4, true>>));
    return 0;
  });
  with_pdb_heuristic<5>(set("one-zero", kOnePartitionZero), 0, [](const auto& h) {
    EXPECT_TRUE((std::is_same_v<std::decay_t<decltype(h)>, DirectPdbHeuristic<5, 2, true>>));
    return 0;
  });
}

}  // namespace
}  // namespace taquin::pdb
