// Tests of Board<N>: packing, slide/undo, moves, hashing, for every side 2..8.
#include <gtest/gtest.h>

#include <vector>

#include "core/generate.hpp"
#include "taquin/board.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

template <int N>
void check_side() {
  Random random(N);
  const Goal goal = Goal::standard(N);
  const std::vector<Tile> tiles = random_board(random, goal, Solvability::Any);
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

TEST(Board, MoveLettersRoundTripAndParseEitherCase) {
  for (int d = 0; d < 4; ++d) {
    Dir parsed{};
    ASSERT_TRUE(parse_dir(dir_letter(static_cast<Dir>(d)), parsed));
    EXPECT_EQ(parsed, static_cast<Dir>(d));
  }
  Expected<std::vector<Dir>> moves = parse_moves("UdLr");
  ASSERT_TRUE(moves.ok());
  EXPECT_EQ(*moves, (std::vector<Dir>{Dir::Up, Dir::Down, Dir::Left, Dir::Right}));
  EXPECT_EQ(moves_string(*moves), "UDLR");
  Expected<std::vector<Dir>> bad = parse_moves("UDX");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("character 3"), std::string::npos);
}

// Over `boards` and each of their neighbours (one slide away): how many pairs `hash` maps to the
// same value, and how many to the same low 16 bits (the bucket of a 65,536-bucket table).
struct NeighbourCollisions {
  int pairs = 0;
  int full = 0;
  int low_bits = 0;
};
template <typename Hash>
NeighbourCollisions neighbour_collisions(const std::vector<Board<4>>& boards, Hash hash) {
  NeighbourCollisions out;
  for (const Board<4>& b : boards) {
    const uint64_t h = hash(b);
    for (int k = 0; k < kMoves<4>.count[b.blank()]; ++k) {
      Board<4> n = b;
      n.slide(kMoves<4>.target[b.blank()][k]);
      const uint64_t hn = hash(n);
      ++out.pairs;
      out.full += hn == h;
      out.low_bits += (hn & 0xFFFF) == (h & 0xFFFF);
    }
  }
  return out;
}

// Neighbouring boards (the states a search meets together) get different hashes, down to the
// low bits a hash table uses: among some 15,000 neighbour pairs on a random walk, none shares
// the full hash and at most a few share the low 16 bits (0.23 expected of a random function).
// The packed word itself, a hash that does not mix, fails the same criterion.
TEST(Board, HashSeparatesNeighbours) {
  Random random(4);
  std::vector<Board<4>> boards;
  Board<4> b = Board<4>::identity(15);
  for (int i = 0; i < 5000; ++i) {
    for (int step = 0; step < 7; ++step) b.move(static_cast<Dir>(random.below(4)));
    boards.push_back(b);
  }
  const NeighbourCollisions xxh =
      neighbour_collisions(boards, [](const Board<4>& x) { return BoardHash<4>{}(x); });
  EXPECT_GT(xxh.pairs, 10000);
  EXPECT_EQ(xxh.full, 0);
  EXPECT_LE(xxh.low_bits, 4);
  const NeighbourCollisions packed =
      neighbour_collisions(boards, [](const Board<4>& x) { return x.packed(); });
  EXPECT_GT(packed.low_bits, 4);  // the criterion catches a hash that does not mix
}

TEST(Board, WithSideDispatch) {
  for (int side = kMinSide; side <= kMaxSide; ++side)
    EXPECT_EQ(with_side(side, []<int N>() { return Board<N>::kCells; }), side * side);
}

}  // namespace
}  // namespace taquin
