// The heuristic interface (concepts), the search orders, the heuristics' names, and Hamming and
// Manhattan in full and incremental forms (linear conflict: linear_conflict.hpp).
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The heuristic interface, as concepts: searches take the heuristic as a template parameter
// constrained on them (never a pointer), and each shipped heuristic is checked against them
// where it is defined. All take canonical boards (labels are goal cells; see goal.hpp) and are
// built for one goal blank cell, whose piece they ignore. IDA* calls value() and update() for
// every node: mark them [[gnu::always_inline]] so the compiler leaves no call in the hot loop
// (it does not always inline them on its own).

// An admissible estimate of the moves to the identity goal, kept up to date move by move:
// `init` evaluates a board in full; `value` reads a State, the small per-node value copied down
// the search; `update(s, after, label, from, to)` brings s up to date after the piece `label`
// slid from cell `from` to cell `to` (`after` is the new board).
template <typename H, int N>
concept IncrementalHeuristic = std::copyable<typename H::State> &&
    requires(const H& h, typename H::State& s, const Board<N>& b, int label, int from, int to) {
  { h.init(b) } -> std::same_as<typename H::State>;
  { h.value(std::as_const(s)) } -> std::same_as<int>;
  h.update(s, b, label, from, to);
};

// A heuristic with a stepped variant H::Stepped: built from the blank label, same State, whose
// value() adds one per update since init. IDA* on one-word boards then reads f (relative to its
// search root) from the state instead of adding g.
template <typename H, int N>
concept SteppedHeuristic =
    IncrementalHeuristic<H, N> && IncrementalHeuristic<typename H::Stepped, N> &&
    std::same_as<typename H::Stepped::State, typename H::State> &&
    std::constructible_from<typename H::Stepped, int>;

// A heuristic whose value is a maximum of parts, updated in two stages: update_first brings part
// of the state up to date and returns a lower bound of the value, update_rest (same arguments)
// completes it and returns value(s). IDA* prunes a child on the lower bound when it suffices.
template <typename H, int N>
concept TwoStageHeuristic = IncrementalHeuristic<H, N> &&
    requires(const H& h, typename H::State& s, const Board<N>& b, int label, int from, int to) {
  { h.update_first(s, b, label, from, to) } -> std::same_as<int>;
  { h.update_rest(s, b, label, from, to) } -> std::same_as<int>;
};

// A two-stage heuristic whose update reads memory that may not be cached: `prepare` computes a
// move's reads (H::Lookup) from the state and the board before or after the move, `prefetch`
// starts loading them, and update_first / update_rest take the prepared reads. IDA* prepares and
// prefetches every child's reads when it enters a node.
template <typename H, int N>
concept PrefetchingHeuristic = TwoStageHeuristic<H, N> &&
    requires(const H& h, typename H::State& s, const Board<N>& b, const typename H::Lookup& l,
             int label, int from, int to) {
  { h.prepare(std::as_const(s), b, label, from, to) } -> std::same_as<typename H::Lookup>;
  h.prefetch(l);
  { h.update_first(s, l) } -> std::same_as<int>;
  { h.update_rest(s, l) } -> std::same_as<int>;
};

// A prefetching heuristic that can tell a child's value from the parent's state and the child's
// prepared reads without updating a state: value_after(s, l, limit) returns the value, or, as
// soon as a part of it exceeds `limit`, that part (a lower bound above `limit`).
template <typename H, int N>
concept LookaheadHeuristic = PrefetchingHeuristic<H, N> &&
    requires(const H& h, const typename H::State& s, const typename H::Lookup& l, int limit) {
  { h.value_after(s, l, limit) } -> std::same_as<int>;
};

// A lookahead heuristic that prepares a child's reads from the blank's move alone
// (prepare_move(s, b, label, d): prepare's reads when the blank of board b moves in direction d
// onto `label`)
// and gives a child's value and what it read in one step: measure(s, l, limit) returns an
// H::Measure whose `value` is the child's value, or, as soon as a part of it exceeds `limit`,
// that part (as value_after); update_measured(s, l, m), for a value within `limit`, then brings a
// copy of the parent's state `s` up to date without reading the tables again. IDA* on sides
// above 4 makes the board and state of the children within the bound only.
template <typename H, int N>
concept MeasuringHeuristic = LookaheadHeuristic<H, N> &&
    requires(const H& h, typename H::State& s, const typename H::Lookup& l,
             const typename H::Measure& m, const Board<N>& b, int label, int limit) {
  { h.prepare_move(std::as_const(s), b, label, Dir::Up) } -> std::same_as<typename H::Lookup>;
  { h.measure(std::as_const(s), l, limit) } -> std::same_as<typename H::Measure>;
  { m.value } -> std::convertible_to<int>;
  h.update_measured(s, l, m);
};

enum class HeuristicKind { Hamming, Manhattan, Linear, Pdb };

// "hamming", "manhattan", "linear", "pdb" -> kind; nullopt otherwise.
constexpr std::optional<HeuristicKind> parse_heuristic(std::string_view name) {
  if (name == "hamming") return HeuristicKind::Hamming;
  if (name == "manhattan") return HeuristicKind::Manhattan;
  if (name == "linear") return HeuristicKind::Linear;
  if (name == "pdb") return HeuristicKind::Pdb;
  return std::nullopt;
}

constexpr std::string_view heuristic_name(HeuristicKind kind) {
  switch (kind) {
    case HeuristicKind::Hamming:
      return "hamming";
    case HeuristicKind::Manhattan:
      return "manhattan";
    case HeuristicKind::Linear:
      return "linear";
    case HeuristicKind::Pdb:
      return "pdb";
  }
  return "?";
}

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

// Every shipped heuristic here has the stepped variant IDA* uses on one-word boards (linear
// conflict: linear_conflict.hpp).
static_assert(SteppedHeuristic<Hamming<3>, 3> && SteppedHeuristic<Hamming<4>, 4>);
static_assert(SteppedHeuristic<Manhattan<3>, 3> && SteppedHeuristic<Manhattan<4>, 4>);
static_assert(IncrementalHeuristic<Manhattan<5>, 5> && IncrementalHeuristic<Hamming<8>, 8>);

}  // namespace taquin
