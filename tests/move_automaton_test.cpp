// The duplicate-move automaton: the shipped strings' order, each has a valid twin, pruning keeps
// every BFS distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "search/instances.hpp"
#include "search/move_automaton.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

Dir dir_of(char c) {
  return c == 'U' ? Dir::Up : c == 'D' ? Dir::Down : c == 'L' ? Dir::Left : Dir::Right;
}

// Plays `moves` on an 8x8 board (every label distinct) from cell `start`; false if one leaves it.
bool play(const std::string& moves, int start, Board<8>& out) {
  std::array<uint8_t, 64> labels{};
  for (int c = 0; c < 64; ++c) labels[c] = static_cast<uint8_t>(c);
  std::swap(labels[start], labels[63]);
  out = Board<8>::from_cells(labels, start);
  for (char m : moves)
    if (!out.move(dir_of(m))) return false;
  return true;
}

bool shortlex_less(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  const auto rank = [](char c) { return std::string_view("UDLR").find(c); };
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [&](char x, char y) { return rank(x) < rank(y); });
}

// The shipped strings (tests/duplicate_moves_tool_test.cpp checks that the generator reproduces
// their file) are in shortlex order, and the shortest ones are undoing a move (length 2), then half
// a turn around a 2x2 block.
TEST(MoveAutomaton, ShippedStringsStartWithTheShortestInShortlexOrder) {
  const std::vector<std::string> strings = shipped_duplicate_moves();
  ASSERT_GE(strings.size(), 8u);
  EXPECT_EQ(std::vector<std::string>(strings.begin(), strings.begin() + 4),
            (std::vector<std::string>{"UD", "DU", "LR", "RL"}));
  for (size_t i = 4; i < 8; ++i) EXPECT_EQ(strings[i].size(), 6u) << strings[i];
  for (size_t i = 1; i < strings.size(); ++i)
    ASSERT_TRUE(shortlex_less(strings[i - 1], strings[i])) << strings[i];
  EXPECT_EQ(strings.back().size(), size_t{MoveAutomaton::kStandardLength});
}

// What makes pruning safe, checked directly on a board for every pair: the twin is
// shortlex-smaller, and from every cell of an 8x8 board where the forbidden string can be
// played, the twin can be played too and leaves the same board.
void expect_valid_twins(const std::vector<DuplicateMoves>& found) {
  ASSERT_FALSE(found.empty());
  for (const DuplicateMoves& d : found) {
    EXPECT_TRUE(shortlex_less(d.twin, d.moves)) << d.moves << " / " << d.twin;
    int playable = 0;
    for (int start = 0; start < 64; ++start) {
      Board<8> after_moves, after_twin;
      if (!play(d.moves, start, after_moves)) continue;
      ++playable;
      ASSERT_TRUE(play(d.twin, start, after_twin)) << d.moves << " / " << d.twin;
      ASSERT_TRUE(after_twin == after_moves) << d.moves << " / " << d.twin;
    }
    EXPECT_GT(playable, 0) << d.moves;
  }
}

TEST(MoveAutomaton, EveryForbiddenStringHasAValidTwin) {
  expect_valid_twins(find_duplicate_moves(MoveAutomaton::kStandardLength));
}

// The 5x5 and larger searches' automaton, from the shipped pairs.
TEST(DeepMoveAutomaton, EveryForbiddenStringHasAValidTwin) {
  const std::vector<DuplicateMoves> shipped = shipped_deep_duplicate_moves();
  expect_valid_twins(shipped);
  for (size_t i = 1; i < shipped.size(); ++i)
    ASSERT_TRUE(shortlex_less(shipped[i - 1].moves, shipped[i].moves)) << shipped[i].moves;
  EXPECT_EQ(shipped.back().moves.size(), size_t{DeepMoveAutomaton::kStandardLength});
}

// The generator works length by length, so the deep strings of up to 12 moves are the standard
// automaton's. (The whole file against the generator: tests/duplicate_moves_tool_test.cpp.)
TEST(DeepMoveAutomaton, ShortStringsAreTheStandardOnes) {
  std::vector<std::string> short_ones;
  for (const DuplicateMoves& d : shipped_deep_duplicate_moves())
    if (d.moves.size() <= size_t{MoveAutomaton::kStandardLength}) short_ones.push_back(d.moves);
  EXPECT_EQ(short_ones, shipped_duplicate_moves());
}

// Pruning keeps every breadth-first distance on a 5x5 board: from the blank on a corner, an edge
// and the centre, every board within kDepth moves is reached by a path the deep automaton
// accepts, of exactly its breadth-first distance. Paths of kDepth moves cross every forbidden
// string, also where the board's edges cut some twins off.
TEST(DeepMoveAutomaton, KeepsEveryBreadthFirstDistanceOn5x5) {
  constexpr int kDepth = 14;
  const DeepMoveAutomaton& a = DeepMoveAutomaton::standard();
  struct BoardHash {
    size_t operator()(const Board<5>& b) const { return b.hash(); }
  };
  for (const int start_cell : {0, 2, 12}) {
    const Board<5> start = Board<5>::identity(start_cell);
    std::unordered_map<Board<5>, int, BoardHash> distance{{start, 0}};
    std::vector<Board<5>> level{start};
    for (int d = 1; d <= kDepth; ++d) {
      std::vector<Board<5>> next;
      for (const Board<5>& b : level)
        for (int k = 0; k < kMoves<5>.count[b.blank()]; ++k) {
          Board<5> child = b;
          child.slide(kMoves<5>.target[b.blank()][k]);
          if (distance.emplace(child, d).second) next.push_back(child);
        }
      level = std::move(next);
    }
    // Depth-first over the paths an automaton accepts: the least depth each board is reached at.
    const auto accepted_paths = [&](const auto& automaton, auto& reached) {
      uint64_t paths = 0;
      const auto walk = [&](auto&& self, const Board<5>& b, uint32_t state, int depth) -> void {
        ++paths;
        auto [it, fresh] = reached.emplace(b, depth);
        if (!fresh) it->second = std::min(it->second, depth);
        if (depth == kDepth) return;
        for (int k = 0; k < kMoves<5>.count[b.blank()]; ++k) {
          const uint32_t next = automaton.next(state, kMoves<5>.dir[b.blank()][k]);
          if (next == std::remove_cvref_t<decltype(automaton)>::kDead) continue;
          Board<5> child = b;
          child.slide(kMoves<5>.target[b.blank()][k]);
          self(self, child, next, depth + 1);
        }
      };
      walk(walk, start, 0, 0);
      return paths;
    };
    std::unordered_map<Board<5>, int, BoardHash> reached, reached_standard;
    const uint64_t paths = accepted_paths(a, reached);
    const uint64_t standard_paths = accepted_paths(MoveAutomaton::standard(), reached_standard);
    // The deep automaton prunes paths the standard one keeps.
    EXPECT_EQ(reached_standard.size(), distance.size());
    EXPECT_LT(paths, standard_paths) << "blank on cell " << start_cell;
  }
}

// IDA* with the automaton against breadth-first distances on every 8-puzzle state is in
// ida_test; here: the automaton's verdicts follow the strings (a prefix of a forbidden string is
// live, the string itself is dead, and so is anything containing it).
TEST(MoveAutomaton, RejectsExactlyPathsContainingAForbiddenString) {
  const MoveAutomaton& a = MoveAutomaton::standard();
  const auto moves = [](const std::string& s) {
    std::vector<Dir> out;
    for (char c : s) out.push_back(dir_of(c));
    return out;
  };
  for (const std::string& s : shipped_duplicate_moves()) {
    EXPECT_NE(a.run(moves(s.substr(0, s.size() - 1))), MoveAutomaton::kDead) << s;
    EXPECT_EQ(a.run(moves(s)), MoveAutomaton::kDead) << s;
    EXPECT_EQ(a.run(moves("LL" + s + "U")), MoveAutomaton::kDead) << s;
  }
  EXPECT_NE(a.run(moves("UULLDDRRUULLDDRR")), MoveAutomaton::kDead);
  EXPECT_EQ(a.run(moves("UUD")), MoveAutomaton::kDead);
  const DeepMoveAutomaton& deep = DeepMoveAutomaton::standard();
  for (const DuplicateMoves& d : shipped_deep_duplicate_moves()) {
    ASSERT_NE(deep.run(moves(d.moves.substr(0, d.moves.size() - 1))), DeepMoveAutomaton::kDead)
        << d.moves;
    ASSERT_EQ(deep.run(moves(d.moves)), DeepMoveAutomaton::kDead) << d.moves;
    ASSERT_NE(deep.run(moves(d.twin)), DeepMoveAutomaton::kDead) << d.moves;
  }
}

}  // namespace
}  // namespace taquin
