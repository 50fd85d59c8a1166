// Weighted search: a heuristic scaled by W (h' = floor(W·h)) for the existing A* and IDA*, and
// what such a search proves (the length within W× optimal, a lower bound from its bound).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "heuristic/concepts.hpp"
#include "search/ida_policy.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

// Weights are kept as whole thousandths: W = thousandths / kWeightScale.
inline constexpr int kWeightScale = 1000;
// The largest weight searched: heavier weights are searched as this one (still within W×).
inline constexpr int kMaxWeightThousandths = 100 * kWeightScale;

// W in thousandths, rounded down (so the search's weight never exceeds W) and capped at
// kMaxWeightThousandths; W must be finite and at least 1.
inline int weight_thousandths(double weight) {
  const double scaled = std::floor(weight * kWeightScale + 1e-9);
  return static_cast<int>(std::clamp(scaled, double{kWeightScale}, double{kMaxWeightThousandths}));
}

namespace detail {
template <typename H>
using MeasureOf = typename H::Measure;
}  // namespace detail

// The heuristic `H` scaled by W = thousandths / kWeightScale: value() is floor(W·h), so
// g + value() ≤ W·(g + h) and IDA* or A* with it finds a solution within W× optimal. It offers
// the stages, prepared reads, lookahead and measuring of H (each limit turned into H's own), not
// its stepped variant (IDA* then adds g itself). It holds `inner` by reference.
template <int N, IncrementalHeuristic<N> H>
class WeightedHeuristic {
  template <typename M>
  struct Scaled {
    int value;  // the scaled value, or a part above the limit (measure)
    M inner;    // H's measure
  };

 public:
  using State = typename H::State;
  using Lookup = typename detail::MemberIf<PrefetchingHeuristic<H, N>, detail::LookupOf, H>::type;
  using Measure =
      Scaled<typename detail::MemberIf<MeasuringHeuristic<H, N>, detail::MeasureOf, H>::type>;
  static constexpr bool kPrefetchesInMoveOrder = requires { requires H::kPrefetchesInMoveOrder; };

  // `thousandths`: W·kWeightScale, from kWeightScale to kMaxWeightThousandths.
  WeightedHeuristic(const H& inner, int thousandths) : h_(inner), w_(thousandths) {}

  // The scaled value of an unscaled estimate.
  [[gnu::always_inline]] int scale(int v) const { return v * w_ / kWeightScale; }
  // The largest unscaled estimate whose scaled value is at most `limit` (a limit of H's).
  [[gnu::always_inline]] int inner_limit(int limit) const {
    return limit < 0 ? limit : ((limit + 1) * kWeightScale - 1) / w_;
  }
  const H& inner() const { return h_; }

  State init(const Board<N>& b) const { return h_.init(b); }
  [[gnu::always_inline]] int value(const State& s) const { return scale(h_.value(s)); }
  [[gnu::always_inline]] void update(State& s, const Board<N>& b, int label, int from,
                                     int to) const {
    h_.update(s, b, label, from, to);
  }

  [[gnu::always_inline]] int update_first(State& s, const Board<N>& b, int label, int from,
                                          int to) const requires TwoStageHeuristic<H, N> {
    return scale(h_.update_first(s, b, label, from, to));
  }
  [[gnu::always_inline]] int update_rest(State& s, const Board<N>& b, int label, int from,
                                         int to) const requires TwoStageHeuristic<H, N> {
    return scale(h_.update_rest(s, b, label, from, to));
  }

  [[gnu::always_inline]] Lookup prepare(const State& s, const Board<N>& b, int label, int from,
                                        int to) const requires PrefetchingHeuristic<H, N> {
    return h_.prepare(s, b, label, from, to);
  }
  [[gnu::always_inline]] void prefetch(const Lookup& l) const requires PrefetchingHeuristic<H, N> {
    h_.prefetch(l);
  }
  [[gnu::always_inline]] int update_first(State& s, const Lookup& l) const requires
      PrefetchingHeuristic<H, N> {
    return scale(h_.update_first(s, l));
  }
  [[gnu::always_inline]] int update_rest(State& s, const Lookup& l) const requires
      PrefetchingHeuristic<H, N> {
    return scale(h_.update_rest(s, l));
  }

  [[gnu::always_inline]] int value_after(const State& s, const Lookup& l,
                                         int limit) const requires LookaheadHeuristic<H, N> {
    return scale(h_.value_after(s, l, inner_limit(limit)));
  }

  [[gnu::always_inline]] Lookup prepare_move(const State& s, const Board<N>& b, int label,
                                             Dir d) const requires MeasuringHeuristic<H, N> {
    return h_.prepare_move(s, b, label, d);
  }
  [[gnu::always_inline]] Measure measure(const State& s, const Lookup& l,
                                         int limit) const requires MeasuringHeuristic<H, N> {
    const auto m = h_.measure(s, l, inner_limit(limit));
    return Measure{scale(m.value), m};
  }
  [[gnu::always_inline]] void update_measured(
      State& s, const Lookup& l, const Measure& m) const requires MeasuringHeuristic<H, N> {
    h_.update_measured(s, l, m.inner);
  }

 private:
  const H& h_;
  int w_;
};

// The least length a solution of `start` can have that is at least `bound` (lengths have the
// parity of the blank's distance to its goal cell).
template <int N>
int with_parity(const Board<N>& start, int bound) {
  const int from = start.blank(), to = start.blank_label();
  const int parity = (std::abs(from / N - to / N) + std::abs(from % N - to % N)) & 1;
  return bound + ((bound - parity) & 1);
}

// After A* or IDA* with a WeightedHeuristic of `thousandths` from `start`, whose admissible
// estimate is `start_h`: `result` rewritten to what it proves. Every node the search left with
// f' = g + h' has f' ≤ W·(g + h), and some node of a shortest path was left (or found) at each
// bound, so the shortest length C* is at least f'/W: the lower bound of a stop (result's
// lower_bound, the least f' left) and of a solution (its length, at most the last bound) divided
// by W, rounded up, at least `start_h`, with the right parity. A solution is optimal when its
// length meets that bound.
template <int N>
void weigh_result(SearchResult& result, const Board<N>& start, int start_h, int thousandths) {
  if (result.outcome == Outcome::Unsolvable) return;
  const bool solved = result.outcome == Outcome::Solved;
  const int64_t reached = solved ? static_cast<int64_t>(result.moves.size()) : result.lower_bound;
  const int64_t proven = (reached * kWeightScale + thousandths - 1) / thousandths;
  int bound = with_parity(start, std::max<int>(start_h, static_cast<int>(proven)));
  if (solved) {
    bound = std::min<int>(bound, static_cast<int>(result.moves.size()));
    result.optimal = bound >= static_cast<int>(result.moves.size());
  }
  result.lower_bound = bound;
}

}  // namespace taquin
