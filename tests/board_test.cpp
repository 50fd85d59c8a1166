// Tests of Board<N>: packing, slide/undo, moves, hashing, for every side 2..8.
#include <gtest/gtest.h>

#include <unordered_set>

#include "taquin/board.hpp"
#include "taquin/generate.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

template <int N>
void check_side() {
  Random random(N);
  const Goal goal = Goal::standard(N);
  const std::vector<uint8_t> tiles = random_board(random, goal, Solvability::Any);
  Board<N> b = goal.canonical<N>(tiles);
  // Round trip through canonical labels.
  EXPECT_EQ(goal.tiles_of(b), tiles);
  const auto cells = b.cells();
  EXPECT_EQ(Board<N>::from_cells(cells, b.blank()), b);
  EXPECT_EQ(b.blank_label(), goal.blank_cell());
  // A random walk of slides, then undone in reverse order, restores the board exactly.
  const Board<N> start = b;
  std::vector<int> trail;
  for (int i = 0; i < 200; ++i) {
    const int from = b.blank();
    const int to = kMoves<N>.target[from][random.below(kMoves<N>.count[from])];
    const int piece = b.at(to);
    b.slide(to);
    EXPECT_EQ(b.blank(), to);
    EXPECT_EQ(b.at(from), piece);
    EXPECT_EQ(b.at(to), start.blank_label());
    trail.push_back(from);
  }
  for (auto it = trail.rbegin(); it != trail.rend(); ++it) b.slide(*it);
  EXPECT_EQ(b, start);
  EXPECT_EQ(b.hash(), start.hash());
}

TEST(Board, SlideUndoRoundTripAllSides) {
  check_side<2>();
  check_side<3>();
  check_side<4>();
  check_side<5>();
  check_side<6>();
  check_side<7>();
  check_side<8>();
}

TEST(Board, PackedLayout) {
  EXPECT_EQ(Board<4>::kWords, 1);
  EXPECT_EQ(Board<3>::kWords, 1);
  EXPECT_EQ(Board<5>::kWords, 4);
  EXPECT_EQ(Board<8>::kWords, 8);
  Board<4> b = Board<4>::identity(15);
  EXPECT_EQ(b.packed(), 0xFEDCBA9876543210ULL);
}

TEST(Board, MoveRefusesToLeaveTheBoard) {
  Board<3> b = Board<3>::identity(8);  // blank bottom-right
  EXPECT_FALSE(b.move(Dir::Down));
  EXPECT_FALSE(b.move(Dir::Right));
  EXPECT_EQ(b, Board<3>::identity(8));
  EXPECT_TRUE(b.move(Dir::Up));
  EXPECT_EQ(b.blank(), 5);
  EXPECT_TRUE(b.move(opposite(Dir::Up)));
  EXPECT_EQ(b, Board<3>::identity(8));
}

TEST(Board, MoveTables) {
  EXPECT_EQ(kMoves<4>.count[0], 2);
  EXPECT_EQ(kMoves<4>.count[5], 4);
  EXPECT_EQ(kMoves<4>.count[7], 3);
  EXPECT_EQ(kMoves<4>.target_by_dir[5][static_cast<int>(Dir::Up)], 1);
  EXPECT_EQ(kMoves<4>.target_by_dir[5][static_cast<int>(Dir::Left)], 4);
  EXPECT_EQ(kMoves<4>.target_by_dir[3][static_cast<int>(Dir::Right)], -1);
  EXPECT_EQ(kDistance<4>[0][15], 6);
  EXPECT_EQ(dir_letter(Dir::Left), 'L');
}

TEST(Board, HashSeparatesNeighbours) {
  std::unordered_set<Board<4>, BoardHash<4>> seen;
  Board<4> b = Board<4>::identity(15);
  seen.insert(b);
  for (int to : {11, 14}) {
    Board<4> n = b;
    n.slide(to);
    EXPECT_NE(n.hash(), b.hash());
    EXPECT_TRUE(seen.insert(n).second);
  }
}

TEST(Board, WithSideDispatch) {
  for (int side = kMinSide; side <= kMaxSide; ++side)
    EXPECT_EQ(with_side(side, []<int N>() { return Board<N>::kCells; }), side * side);
}

}  // namespace
}  // namespace taquin
