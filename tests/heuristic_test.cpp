// Tests of the heuristics: admissible and consistent on every 8-puzzle state, incremental equals
// full.
#include <gtest/gtest.h>

#include <type_traits>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"

namespace taquin {
namespace {

// Checks on every state the goal reaches: h ≤ true distance, h(goal) = 0, |Δh| ≤ 1 along each
// move (consistency), and the incremental update equals a full evaluation. Returns how many
// states have h equal to the true distance (so callers can compare the heuristics' strength).
template <typename H>
int check_all_states(const Goal& goal, const std::vector<uint8_t>& dist, const H& h) {
  int exact = 0;
  for (uint64_t r = 0; r < dist.size(); ++r) {
    if (dist[r] == kUnreached) continue;
    const Board<3> b = board_of_rank<3>(r, goal.blank_cell());
    const auto state = h.init(b);
    const int value = h.value(state);
    EXPECT_LE(value, dist[r]) << "rank " << r;
    if (dist[r] == 0) {
      EXPECT_EQ(value, 0);
    }
    exact += value == dist[r];
    for (int k = 0; k < kMoves<3>.count[b.blank()]; ++k) {
      const int to = kMoves<3>.target[b.blank()][k];
      Board<3> child = b;
      const int label = child.at(to);
      child.slide(to);
      auto next = state;
      h.update(next, child, label, to, b.blank());
      const int full = h.value(h.init(child));
      EXPECT_EQ(h.value(next), full) << "rank " << r << " move to " << to;
      EXPECT_LE(std::abs(full - value), 1) << "rank " << r;
    }
    if (::testing::Test::HasFailure()) break;
  }
  return exact;
}

class AllEightPuzzleStates : public ::testing::TestWithParam<int> {
 protected:
  Goal goal() const {
    switch (GetParam()) {
      case 0:
        return Goal::standard(3);
      case 1:
        return Goal::snail(3);
      default:
        return Goal::zero_first(3);
    }
  }
};

TEST_P(AllEightPuzzleStates, HeuristicsAreAdmissibleConsistentAndIncremental) {
  const Goal g = goal();
  const std::vector<uint8_t> dist = all_distances<3>(g);
  const int blank = g.blank_cell();
  const int hamming = check_all_states(g, dist, Hamming<3>(blank));
  const int manhattan = check_all_states(g, dist, Manhattan<3>(blank));
  const int linear = check_all_states(g, dist, LinearConflict<3>(blank));
  EXPECT_LT(hamming, manhattan);
  EXPECT_LT(manhattan, linear);
}

TEST_P(AllEightPuzzleStates, LinearConflictDominatesManhattanWhichDominatesHamming) {
  const Goal g = goal();
  const int blank = g.blank_cell();
  const Hamming<3> hamming(blank);
  const Manhattan<3> manhattan(blank);
  const LinearConflict<3> linear(blank);
  int stronger = 0;
  for (uint64_t r = 0; r < factorial(9); r += 7) {
    const Board<3> b = board_of_rank<3>(r, blank);
    const int hv = hamming.value(hamming.init(b)), mv = manhattan.value(manhattan.init(b));
    const int lv = linear.value(linear.init(b));
    ASSERT_LE(hv, mv);
    ASSERT_LE(mv, lv);
    ASSERT_EQ((lv - mv) % 2, 0);
    stronger += lv > mv;
  }
  EXPECT_GT(stronger, 1000);
}

INSTANTIATE_TEST_SUITE_P(Goals, AllEightPuzzleStates, ::testing::Values(0, 1, 2));

// The fewest tiles to remove from `goals` (goal positions along a line) so the rest increase, by
// trying every subset: an independent form of the linear-conflict count.
int removals_by_subsets(const std::vector<int>& goals) {
  const int k = static_cast<int>(goals.size());
  int best = k;
  for (int mask = 0; mask < (1 << k); ++mask) {
    int last = -1, kept = 0;
    bool increasing = true;
    for (int i = 0; i < k && increasing; ++i) {
      if (!(mask >> i & 1)) continue;
      increasing = goals[i] > last;
      last = goals[i];
      ++kept;
    }
    if (increasing) best = std::min(best, k - kept);
  }
  return best;
}

template <int N>
void check_lines_against_subsets(const Goal& goal, uint64_t seed) {
  Random random(seed);
  const int blank = goal.blank_cell();
  const LinearConflict<N> h(blank);
  for (int trial = 0; trial < 300; ++trial) {
    const Board<N> b = goal.canonical<N>(random_board(random, goal, Solvability::Any));
    for (int line = 0; line < N; ++line) {
      std::vector<int> row, column;
      for (int i = 0; i < N; ++i) {
        const int rl = b.at(line * N + i), cl = b.at(i * N + line);
        if (rl != blank && rl / N == line) row.push_back(rl % N);
        if (cl != blank && cl % N == line) column.push_back(cl / N);
      }
      ASSERT_EQ(h.row_conflicts(b, line), removals_by_subsets(row));
      ASSERT_EQ(h.column_conflicts(b, line), removals_by_subsets(column));
    }
  }
}

TEST(LinearConflict, LineCountsMatchSubsetSearch) {
  check_lines_against_subsets<4>(Goal::standard(4), 1);
  check_lines_against_subsets<5>(Goal::snail(5), 2);
  check_lines_against_subsets<6>(Goal::zero_first(6), 3);
}

TEST(LinearConflict, KnownValues) {
  const Goal g = Goal::standard(3);
  const LinearConflict<3> h(g.blank_cell());
  // 2 and 1 swapped in their goal row: Manhattan 2, one tile to remove: 2 + 2.
  const std::vector<Tile> swapped = {2, 1, 3, 4, 5, 6, 7, 8, 0};
  EXPECT_EQ(h.value(h.init(g.canonical<3>(swapped))), 4);
  // The first row reversed: Manhattan 4, two tiles to remove: 4 + 4.
  const std::vector<Tile> reversed = {3, 2, 1, 4, 5, 6, 7, 8, 0};
  EXPECT_EQ(h.value(h.init(g.canonical<3>(reversed))), 8);
}

// A row with every piece of it in reverse order needs three removals; the blank never counts.
TEST(LinearConflict, KnownValuesOnFourByFour) {
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

// Incremental and full evaluations agree along a long random walk (never undoing the last move);
// for linear conflict, both also agree with the line-by-line form, line by line.
template <int N, typename H>
void walk_and_compare(const Goal& goal, const H& h, uint64_t seed, int steps) {
  const detail::LineLinearConflict<N> reference(goal.blank_cell());
  Random random(seed);
  Board<N> b = goal.canonical<N>(random_board(random, goal, Solvability::Solvable));
  auto state = h.init(b);
  int previous = -1;
  for (int i = 0; i < steps; ++i) {
    const int blank = b.blank();
    int to;
    do {
      to = kMoves<N>.target[blank][random.below(kMoves<N>.count[blank])];
    } while (to == previous);
    const int label = b.at(to);
    b.slide(to);
    h.update(state, b, label, to, blank);
    ASSERT_EQ(h.value(state), h.value(h.init(b))) << "step " << i;
    if constexpr (std::is_same_v<H, LinearConflict<N>>) {
      ASSERT_EQ(h.value(state), reference.value(reference.init(b))) << "step " << i;
      for (int line = 0; line < N; ++line) {
        ASSERT_EQ(h.row_conflicts(b, line), reference.row_conflicts(b, line));
        ASSERT_EQ(h.column_conflicts(b, line), reference.column_conflicts(b, line));
      }
    }
    previous = blank;
  }
}

// The three heuristics along walks of `steps` moves under the standard, snail and zero-first
// goals of side N.
template <int N>
void walk_every_heuristic(uint64_t seed, int steps) {
  for (const Goal& g : {Goal::standard(N), Goal::snail(N), Goal::zero_first(N)}) {
    walk_and_compare<N>(g, Hamming<N>(g.blank_cell()), seed, steps);
    walk_and_compare<N>(g, Manhattan<N>(g.blank_cell()), seed + 1, steps);
    walk_and_compare<N>(g, LinearConflict<N>(g.blank_cell()), seed + 2, steps);
  }
}

TEST(Incremental, LongRandomWalksOnSidesTwoToFive) {
  walk_every_heuristic<2>(1, 1000);
  walk_every_heuristic<3>(4, 5000);
  walk_every_heuristic<4>(7, 20000);
  walk_every_heuristic<5>(10, 20000);
}

}  // namespace
}  // namespace taquin
