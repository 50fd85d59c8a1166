// What IdaWorker compiles for a heuristic: the concepts the heuristic satisfies
// (heuristic/concepts.hpp), read as the search's policies, one line each.
#pragma once

#include <type_traits>

#include "heuristic/concepts.hpp"
#include "taquin/board.hpp"

namespace taquin::detail {

// A member type or argument a policy leaves unused: an empty placeholder.
struct Unused {};

// H's member type Member<H> where Use holds, else Unused (named only where it exists).
template <bool Use, template <typename> class Member, typename H>
struct MemberIf {
  using type = Unused;
};
template <template <typename> class Member, typename H>
struct MemberIf<true, Member, H> {
  using type = Member<H>;
};
template <typename H>
using LookupOf = typename H::Lookup;
template <typename H>
using SteppedOf = typename H::Stepped;

// The policies of IdaWorker<N, H>, each from one concept of H (or the side).
template <int N, IncrementalHeuristic<N> H>
struct IdaPolicy {
  // Sides up to this one get a search function per blank cell; larger ones a generic loop: they
  // wait on table reads, which per-cell code does not shorten (docs/performance.md).
  static constexpr int kMaxCompiledSide = 4;
  // One search function per (blank cell, previous move): every move a compile-time constant.
  static constexpr bool kFunctionPerCell = N <= kMaxCompiledSide;
  // A child above the bound on its heuristic's first stage is pruned before the rest is updated.
  static constexpr bool kPrunesOnFirstStage = TwoStageHeuristic<H, N>;
  // A child's table reads are prepared (Lookup) and prefetched before it is made.
  static constexpr bool kPreparesReads = PrefetchingHeuristic<H, N>;
  // The generic loop prepares every child's reads before the first child (H asks for it).
  static constexpr bool kPreparesAllChildren = kPreparesReads && requires {
    requires H::kPrefetchesInMoveOrder;
  };
  // A child's f is read from its parent's state: children may be searched cheapest first.
  static constexpr bool kReadsChildF = LookaheadHeuristic<H, N>;
  // Sides above 4: a child is measured from its parent and made only when within the bound.
  static constexpr bool kMakesOnlyWithinBound = MeasuringHeuristic<H, N> && N > 4;
  // One-word boards, one-stage stepped heuristic: the state carries f, no cost argument is passed.
  static constexpr bool kStateCarriesF =
      Board<N>::kWords == 1 && SteppedHeuristic<H, N> && !kPrunesOnFirstStage;

  // A child's prepared reads where kPreparesReads, else Unused.
  using Lookup = typename MemberIf<kPreparesReads, LookupOf, H>::type;
  // The heuristic that updates the state: H::Stepped where kStateCarriesF, else Unused (H does).
  using Updater = typename MemberIf<kStateCarriesF, SteppedOf, H>::type;
  // The search functions' cost argument: g, or Unused where kStateCarriesF (f, from the root).
  using Cost = std::conditional_t<kStateCarriesF, Unused, int>;
};

}  // namespace taquin::detail
