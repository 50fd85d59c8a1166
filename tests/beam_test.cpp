// Beam search: as wide as the 8-puzzle it is breadth-first (the BFS distances), narrower it
// still solves (replayed, never shorter than the optimum), and it stops on a limit or memory.
#include <gtest/gtest.h>

#include <optional>

#include "core/explore.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/anytime.hpp"
#include "search/beam.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

using testing::reference_set;
using testing::sample_ranks;
using testing::solves;

auto never = [](uint64_t) -> std::optional<Outcome> { return std::nullopt; };

// With a width above the 181,440 states, no layer is cut: each is a breadth-first level, so
// the length is the BFS distance, on two goals.
TEST(Beam, AsWideAsTheSpaceItIsBreadthFirst) {
  for (const Goal& goal : {Goal::standard(3), Goal::zero_first(3)}) {
    const std::vector<uint8_t> dist = all_distances<3>(goal);
    const LinearConflict<3> h(goal.blank_cell());
    for (uint64_t r : sample_ranks(dist, 40, 7)) {
      const Board<3> start = board_of_rank<3>(r, goal.blank_cell());
      Stats stats;
      const detail::BeamEnd end =
          detail::beam_search(start, h, size_t{1} << 18, 0, 1024, never, stats);
      ASSERT_TRUE(end.found) << r;
      EXPECT_FALSE(end.stop);
      EXPECT_TRUE(solves(goal, start, end.moves)) << r;
      EXPECT_EQ(end.moves.size(), dist[r]) << r;
    }
  }
}

// Narrow beams on korf100: solutions that replay, no shorter than the published optimum, and
// no longer as the beam widens past a few thousand (on these boards).
TEST(Beam, NarrowBeamsSolveKorfBoards) {
  const std::vector<Instance> korf = reference_set("korf100");
  ASSERT_EQ(korf.size(), 100u);
  const Goal goal = Goal::zero_first(4);
  const LinearConflict<4> h(goal.blank_cell());
  for (int id = 1; id <= 5; ++id) {
    const Instance& inst = korf[static_cast<size_t>(id - 1)];
    const Board<4> start = goal.canonical<4>(inst.tiles);
    for (size_t width : {16, 1024}) {
      SCOPED_TRACE("korf " + std::to_string(id) + " width " + std::to_string(width));
      Stats stats;
      const detail::BeamEnd end = detail::beam_search(start, h, width, 0, 1024, never, stats);
      ASSERT_TRUE(end.found);
      EXPECT_TRUE(solves(goal, start, end.moves));
      EXPECT_GE(static_cast<int>(end.moves.size()), *inst.optimal_length);
      EXPECT_GT(stats.nodes_expanded, 0u);
    }
  }
}

// A limit met stops it with that limit; a memory bound it would pass, with MemoryLimit.
TEST(Beam, StopsOnALimitAndOnMemory) {
  const std::vector<Instance> korf = reference_set("korf100");
  const Goal goal = Goal::zero_first(4);
  const LinearConflict<4> h(goal.blank_cell());
  const Board<4> start = goal.canonical<4>(korf[0].tiles);
  Stats stats;
  int asked = 0;
  auto time_up = [&](uint64_t) -> std::optional<Outcome> {
    return ++asked == 3 ? std::optional(Outcome::TimeLimit) : std::nullopt;
  };
  const detail::BeamEnd timed = detail::beam_search(start, h, 4096, 0, 64, time_up, stats);
  EXPECT_FALSE(timed.found);
  EXPECT_EQ(timed.stop, Outcome::TimeLimit);
  EXPECT_EQ(asked, 3);
  const detail::BeamEnd full = detail::beam_search(start, h, 1 << 16, 4096, 64, never, stats);
  EXPECT_FALSE(full.found);
  EXPECT_EQ(full.stop, Outcome::MemoryLimit);
}

// A lone anytime worker on 6x6 whose beams reach its memory bound goes back to its weights and
// ends (before the fix it spun there until killed): solved and replayed.
TEST(Beam, AnytimeWorkerPastItsMemoryEnds) {
  const Goal goal = Goal::standard(6);
  Board<6> start = Board<6>::identity(goal.blank_cell());
  uint32_t seed = 12345;
  for (int step = 0, back = -1; step < 300; ++step) {  // a walk that never steps straight back
    const int blank = start.blank();
    int to;
    do {
      seed = seed * 1103515245u + 12345u;
      to = kMoves<6>.target[blank][(seed >> 16) % kMoves<6>.count[blank]];
    } while (to == back);
    back = blank;
    start.slide(to);
  }
  const LinearConflict<6> h(goal.blank_cell());
  Limits limits;
  limits.max_memory_bytes = uint64_t{24} << 20;
  limits.max_seconds = 60;
  const SearchResult r = anytime_search(start, h, limits, 1);
  ASSERT_EQ(r.outcome, Outcome::Solved);
  EXPECT_TRUE(solves(goal, start, r.moves));
}

// The blended ranking follows its parts move by move (2·a + b, as from scratch), and a 6x6 beam
// ranked by it solves: Manhattan for the tables, linear conflict for the lines.
TEST(Beam, BlendedRankingFollowsItsPartsAndSolves) {
  const Goal goal = Goal::standard(6);
  const Manhattan<6> a(goal.blank_cell());
  const LinearConflict<6> b(goal.blank_cell());
  const detail::BlendedRanking<6, Manhattan<6>, LinearConflict<6>> rank(a, b);
  Board<6> board = Board<6>::identity(goal.blank_cell());
  auto state = rank.init(board);
  uint64_t seed = 51;
  for (int step = 0; step < 400; ++step) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    const int blank = board.blank();
    const int to = kMoves<6>.target[blank][(seed >> 33) % kMoves<6>.count[blank]];
    const int label = board.at(to);
    board.slide(to);
    rank.update(state, board, label, to, blank);
    ASSERT_EQ(rank.value(state), 2 * a.value(a.init(board)) + b.value(b.init(board))) << step;
  }
  Stats stats;
  const detail::BeamEnd end = detail::beam_search(board, rank, 256, 0, 1024, never, stats);
  ASSERT_TRUE(end.found);
  EXPECT_TRUE(solves(goal, board, end.moves));
  EXPECT_GE(static_cast<int>(end.moves.size()), b.value(b.init(board)));
}

}  // namespace
}  // namespace taquin
