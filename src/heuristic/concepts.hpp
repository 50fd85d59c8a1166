// The heuristic interface as concepts, from the plain incremental estimate to the measuring
// lookahead of the 5x5 tables: what IDA* and the best-first searches may ask of a heuristic.
#pragma once

#include <concepts>
#include <utility>

#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The heuristic interface, as concepts: searches take the heuristic as a template parameter
// constrained on them (never a pointer), and each shipped heuristic is checked against them
// where it is defined. All take canonical boards (labels are goal cells; see taquin/goal.hpp) and
// are built for one goal blank cell, whose piece they ignore. IDA* calls value() and update() for
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

}  // namespace taquin
