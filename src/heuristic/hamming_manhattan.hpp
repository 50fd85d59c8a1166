// Hamming and Manhattan, in full and incremental forms, with their stepped variants.
#pragma once

#include <array>
#include <cstdint>

#include "heuristic/concepts.hpp"
#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// Manhattan distance per (label, cell), zero for the blank's label.
template <int N>
struct DistanceTable {
  std::array<std::array<uint8_t, N * N>, N * N> d{};
  explicit DistanceTable(int blank_label) {
    d = kDistance<N>;
    d[blank_label].fill(0);
  }
};

namespace detail {
// The stepped variant (SteppedHeuristic) of a heuristic H whose State is one count h:
// H's update, plus one for the move.
template <int N, typename H>
class CountingMoves : public H {
 public:
  explicit CountingMoves(int blank_label) : H(blank_label) {}
  [[gnu::always_inline]] void update(typename H::State& s, const Board<N>& after, int label,
                                     int from, int to) const {
    H::update(s, after, label, from, to);
    ++s.h;
  }
};
}  // namespace detail

// Number of misplaced tiles.
template <int N>
class Hamming {
 public:
  struct State {
    int h = 0;
  };
  using Stepped = detail::CountingMoves<N, Hamming>;
  explicit Hamming(int blank_label) : blank_label_(blank_label) {}
  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.h += b.at(c) != c && b.at(c) != blank_label_;
    return s;
  }
  [[gnu::always_inline]] int value(const State& s) const { return s.h; }
  [[gnu::always_inline]] void update(State& s, const Board<N>&, int label, int from, int to) const {
    s.h += (label != to) - (label != from);
  }

 private:
  int blank_label_;
};

// Sum of the tiles' taxicab distances to their goal cells; updated by a table delta.
template <int N>
class Manhattan {
 public:
  struct State {
    int h = 0;
  };
  using Stepped = detail::CountingMoves<N, Manhattan>;
  explicit Manhattan(int blank_label) : table_(blank_label) {}
  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.h += table_.d[b.at(c)][c];
    return s;
  }
  [[gnu::always_inline]] int value(const State& s) const { return s.h; }
  [[gnu::always_inline]] void update(State& s, const Board<N>&, int label, int from, int to) const {
    s.h += table_.d[label][to] - table_.d[label][from];
  }
  const DistanceTable<N>& table() const { return table_; }

 private:
  DistanceTable<N> table_;
};

// Every heuristic here has the stepped variant IDA* uses on one-word boards (linear conflict:
// heuristic/linear_conflict.hpp).
static_assert(SteppedHeuristic<Hamming<3>, 3> && SteppedHeuristic<Hamming<4>, 4>);
static_assert(SteppedHeuristic<Manhattan<3>, 3> && SteppedHeuristic<Manhattan<4>, 4>);
static_assert(IncrementalHeuristic<Manhattan<5>, 5> && IncrementalHeuristic<Hamming<8>, 8>);

}  // namespace taquin
