// Duplicate-path pruning for IDA*: an automaton over blank moves that rejects move sequences
// known to be matched by a shorter, or equally short and lexicographically smaller, sequence.
//
// A string of blank moves s is "forbidden" when another string t with |t| < |s|, or |t| = |s| and
// t < s (moves ordered U < D < L < R, the searches' move order), has the same effect on every
// board where s can be played: the same blank displacement and the same rearrangement of tiles,
// with t's blank staying inside the bounding box of s's blank path (so t can be played wherever
// s can, on any rectangular board). Replacing s by t in a path gives a path no longer and
// lexicographically smaller to the same state, so the lexicographically least shortest path to
// any state contains no forbidden string: a search that prunes every path containing one still
// finds an optimal solution. The automaton (Aho-Corasick over the forbidden strings) carries one
// state per search node and says, per move, whether the path stays clear of them.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "taquin/tables.hpp"

namespace taquin {

// The automaton over table entries of type Entry (uint16_t or uint32_t), which bounds its states.
template <typename Entry>
class BasicMoveAutomaton {
 public:
  // A state is the offset of its row of four transitions in the table (4 × its number), so a
  // step is one load, and dead ends have no row. With 16-bit entries the standard automaton
  // takes half the bytes, and the 4x4 search fewer data-cache misses (docs/performance.md).
  static constexpr uint32_t kStart = 0;
  static constexpr uint32_t kDead = std::numeric_limits<Entry>::max();
  static constexpr size_t kMaxStates = kDead / 4;

  // The automaton rejecting `forbidden` (strings of 'U', 'D', 'L', 'R'). Precondition: each string
  // is non-empty and made of those letters, and the automaton has at most kMaxStates live states
  // (std::length_error otherwise).
  explicit BasicMoveAutomaton(const std::vector<std::string>& forbidden);

  // The transition table alone, for hot loops: a pointer they can keep in a register, where a
  // call through the automaton reloads the vector's data after every call it cannot see into.
  class Transitions {
   public:
    explicit Transitions(const Entry* table) : table_(table) {}
    // The state after blank move `d` from `state`, or kDead if the path now ends with a
    // forbidden string. Precondition: `state` is not kDead.
    uint32_t next(uint32_t state, Dir d) const { return table_[state + static_cast<uint32_t>(d)]; }
    // Asks the cache for `state`'s row ahead of its next(): a search calls it for a child whose
    // expansion comes later. Precondition: `state` is not kDead.
    void prefetch(uint32_t state) const { __builtin_prefetch(table_ + state); }

   private:
    const Entry* table_;
  };
  Transitions transitions() const { return Transitions(next_.data()); }

  // As Transitions::next.
  uint32_t next(uint32_t state, Dir d) const { return transitions().next(state, d); }
  // The state after `moves` from kStart (kDead if they contain a forbidden string).
  uint32_t run(const std::vector<Dir>& moves) const;
  // A state that forgets the moves before `last` but its inverse: it rejects the inverse of
  // `last`, then goes on as from kStart. A search below a node whose path from the start is not
  // known to be free of forbidden strings (A*'s frontier: its path to a node need not be the
  // lexicographically least shortest one) starts there: it then prunes only strings within its
  // own moves, which every optimal path's part below the node avoids for some optimal path.
  uint32_t restart(Dir last) const {
    return static_cast<uint32_t>(next_.size() - 16 + 4 * static_cast<size_t>(last));
  }
  // The live states (the restart rows not counted).
  size_t states() const { return next_.size() / 4 - 4; }

 private:
  std::vector<Entry> next_;  // [state + direction]: the next state, or kDead
};

// The automaton of the 4x4 and smaller searches: the duplicate strings of up to 12 moves
// (src/search/duplicate_moves.inc), 9,223 states in 16-bit entries.
class MoveAutomaton : public BasicMoveAutomaton<uint16_t> {
 public:
  using BasicMoveAutomaton::BasicMoveAutomaton;
  // Built once.
  static const MoveAutomaton& standard();
  static constexpr int kStandardLength = 12;
};

// The automaton of the searches on sides 5 and up: the duplicate strings of up to 14 moves
// (src/search/duplicate_moves_14.inc), 66,492 states in 32-bit entries (1 MB). On 5x5 its paths
// branch 2.248 times a move in the long run, against 2.271 with the 12-move strings and 2.368
// with only the inverse move pruned; a search waiting on its tables' reads gains more from the
// nodes it never generates than it pays for the larger table.
class DeepMoveAutomaton : public BasicMoveAutomaton<uint32_t> {
 public:
  using BasicMoveAutomaton::BasicMoveAutomaton;
  // Built once, from the shipped strings.
  static const DeepMoveAutomaton& standard();
  static constexpr int kStandardLength = 14;
};

// The automaton the searches on side N use.
template <int N>
using MoveAutomatonFor = std::conditional_t<(N <= 4), MoveAutomaton, DeepMoveAutomaton>;

// A forbidden string and the string that replaces it.
struct DuplicateMoves {
  std::string moves;
  std::string twin;  // shortlex-smaller, same effect, blank inside the bounding box of `moves`
};

// Every forbidden string (see above) of at most `max_length` moves that contains no shorter
// forbidden string, in shortlex order, with its twin: found by a breadth-first enumeration of the
// move strings that avoid the ones already forbidden, played from the middle of a board large
// enough that no string reaches its edge, keyed by their effect (the twin is the first string
// found with that effect).
std::vector<DuplicateMoves> find_duplicate_moves(int max_length);

// The strings MoveAutomaton::standard() rejects: find_duplicate_moves(kStandardLength), shipped
// as src/search/duplicate_moves.inc (written by tests/generate_duplicate_moves.cpp, which
// tests/duplicate_moves_tool_test.cpp checks reproduces it).
std::vector<std::string> shipped_duplicate_moves();

// The strings DeepMoveAutomaton::standard() rejects, each with its twin:
// find_duplicate_moves(DeepMoveAutomaton::kStandardLength), shipped as
// src/search/duplicate_moves_14.inc (tests/move_automaton_test.cpp checks every twin;
// tests/duplicate_moves_tool_test.cpp, that tests/generate_duplicate_moves.cpp writes it).
std::vector<DuplicateMoves> shipped_deep_duplicate_moves();

}  // namespace taquin
