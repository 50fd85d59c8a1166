// IDA*'s depth-first search of one bound below one node, with an incremental heuristic.
//
// The hot loop: each node's board (one uint64_t for sides ≤ 4) and heuristic state are passed
// by value down the recursion, so a move is made in registers (or a few stack bytes on larger
// boards) and never undone; the inverse of the previous move is never generated, nor any move
// that completes a duplicate move string (MoveAutomaton, whose state travels with the node);
// nothing allocates, throws or calls through a pointer.
// On sides up to 4 there is one search function per blank cell (per blank cell and previous move
// for heuristics that prefetch), so every move, cell and update case is a compile-time constant.
// The path is written on the way back.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "heuristic/concepts.hpp"
#include "search/deepening.hpp"
#include "search/ida_policy.hpp"
#include "search/limit_watch.hpp"
#include "search/move_automaton.hpp"
#include "search/pruned_moves.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin {

namespace detail {

// Four objects of a trivially copyable T, not initialised (dfs's per-child reads: each is
// written before it is read, so no memset runs per node), constructed by put.
template <typename T>
class Slots {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  void put(int k, const T& value) { std::construct_at(at(k), value); }
  T& operator[](int k) { return *at(k); }

 private:
  T* at(int k) { return std::launder(reinterpret_cast<T*>(bytes_) + k); }
  alignas(T) std::byte bytes_[4 * sizeof(T)];
};

// Depth-first searches below one node with a fixed bound. Serial IDA* uses one; the parallel
// search uses one per thread for its frontier subtrees. Limits are checked by a LimitWatch.
template <int N, IncrementalHeuristic<N> H>
class IdaWorker : private IdaPolicy<N, H> {
  // What the search compiles for H, one line each in search/ida_policy.hpp.
  using Policy = IdaPolicy<N, H>;
  using Policy::kFunctionPerCell, Policy::kMakesOnlyWithinBound, Policy::kPreparesAllChildren,
      Policy::kPreparesReads, Policy::kPrunesOnFirstStage, Policy::kReadsChildF,
      Policy::kStateCarriesF;
  using typename Policy::Cost, typename Policy::Lookup, typename Policy::Updater;

 public:
  using State = typename H::State;
  static constexpr int kInfinity = BoundEnd::kNoBound;
  using Packed = typename Board<N>::Packed;
  // The duplicate-move automaton of side N (move_automaton.hpp).
  using Automaton = MoveAutomatonFor<N>;

  // `watch` checks the limits (and, in the parallel search, the shared counter and flag);
  // `order`: the children's order (ChildOrder::CheapestFirst needs kReadsChildF, else it is move
  // order; sides up to 4 search in move order).
  IdaWorker(const H& heuristic, int blank_label, const LimitWatch& watch,
            ChildOrder order = ChildOrder::Moves)
      : h_(heuristic),
        updater_(make_updater(blank_label)),
        goal_(Board<N>::identity(blank_label)),
        watch_(watch),
        check_at_(watch.next_check()),
        cheapest_first_(kReadsChildF && order == ChildOrder::CheapestFirst) {}

  // Searches the subtree of `board` (reached with cost `g` after blank move `prev`, kNoMove at
  // the root, and in state `automaton` of Automaton::standard() after the moves from the
  // start) for the goal within `bound`. Returns Found (path() then holds the moves below
  // `board`, solution_length() the total length), Stopped (with the limit met), OverBudget when
  // `node_budget` (0: none) nodes were expanded and more were needed, or Exhausted with the least
  // f above the bound met (kNoBound if none).
  BoundEnd search(const Board<N>& board, const State& state, int g, int prev, int bound,
                  uint32_t automaton = Automaton::kStart, uint64_t node_budget = 0) {
    bound_ = bound;
    deepest_ = std::max(deepest_, bound);
    next_ = kInfinity;
    stopped_ = false;
    over_budget_ = false;
    root_g_ = g;
    budget_end_ = node_budget ? expanded_ + node_budget : std::numeric_limits<uint64_t>::max();
    check_at_ = std::min(watch_.next_check(), budget_end_);
    if (path_.size() < static_cast<size_t>(bound) + 1) path_.resize(static_cast<size_t>(bound) + 1);
    if (h_.value(state) == 0 && board == goal_) {
      length_ = g;
      return BoundEnd::found();
    }
    recorded_ = 0;
    bool unwound;
    if constexpr (kFunctionPerCell) {
      Cost cost{};
      if constexpr (kStateCarriesF)
        bound_ = bound - g;  // f relative to this root: bound_ and next_ too, for this search
      else
        cost = g;
      static constexpr auto dispatch = make_dispatch(std::make_index_sequence<N * N>{});
      unwound = (this->*dispatch[board.blank()][prev])(board.packed(), state, cost, automaton);
      if (kStateCarriesF && !unwound && next_ != kInfinity) next_ += g;
    } else {
      unwound = dfs(board, state, g, prev, automaton);
    }
    if (unwound && !stopped_) {  // the moves were recorded from the goal back
      length_ = g + recorded_;
      std::reverse(path_.begin() + g, path_.begin() + g + recorded_);
    }
    if (unwound)
      return !stopped_      ? BoundEnd::found()
             : over_budget_ ? BoundEnd::over_budget()
                            : BoundEnd::stopped(stop_reason_);
    return BoundEnd::exhausted(next_);
  }

  // Moves from the searched root to the goal after Found.
  std::vector<Dir> path() const {
    return std::vector<Dir>(path_.begin() + root_g_, path_.begin() + length_);
  }
  int solution_length() const { return length_; }
  uint64_t expanded() const { return expanded_; }
  uint64_t generated() const { return generated_; }
  // The largest bound searched: no path on the stack was longer.
  int deepest() const { return deepest_; }

 private:
  // Sides without a function per cell: expands `board`, reached at cost g after the blank move
  // `prev` (its f is within the bound), its children from the move table of (blank cell, previous
  // move), each by expand(), in move order or cheapest f first (cheapest_first_: each child's f is
  // read ahead from this node's state, ties in move order). Returns true to unwind: the goal was
  // reached (the moves are recorded on the way back) or the search must stop (stopped_).
  bool dfs(const Board<N>& board, const State& state, int g, int prev, uint32_t automaton) {
    if (expanded_ >= check_at_ && must_stop()) return stopped_ = true;
    ++expanded_;
    const int blank = board.blank();
    const auto& list = kPrunedMoves<N>.at[blank][prev];
    // 1. Generate every child first: its automaton state, whose row is fetched while the other
    // children are made (it is the first thing the child's own expansion reads), and, with
    // kPreparesAllChildren or cheapest first, its table reads, all in flight together.
    const bool prepared = kPreparesAllChildren || cheapest_first_;  // (reads filled)
    std::array<uint32_t, 4> child_automaton{};
    Slots<Lookup> reads;  // (written before they are read)
    for (int k = 0; k < list.count; ++k) {
      child_automaton[k] = automaton_.next(automaton, list.dir[k]);
      if (child_automaton[k] == Automaton::kDead) continue;
      automaton_.prefetch(child_automaton[k]);
      if constexpr (kPreparesReads)
        if (prepared) {
          const int to = list.target[k];
          if constexpr (kMakesOnlyWithinBound)
            reads.put(k, h_.prepare_move(state, board, board.at(to), list.dir[k]));
          else
            reads.put(k, h_.prepare(state, board, board.at(to), to, blank));
          h_.prefetch(reads[k]);
        }
    }
    std::array<uint8_t, 4> order{0, 1, 2, 3};
    if constexpr (kReadsChildF)
      if (cheapest_first_) {
        std::array<int, 4> f{};
        for (int k = 0; k < list.count; ++k) {
          f[k] = child_automaton[k] == Automaton::kDead
                     ? kInfinity
                     : h_.value_after(state, reads[k], bound_ - g - 1);
          int at = k;  // (insertion: stable, so ties stay in move order)
          for (; at > 0 && f[order[at - 1]] > f[k]; --at) order[at] = order[at - 1];
          order[at] = static_cast<uint8_t>(k);
        }
      }
    for (int i = 0; i < list.count; ++i) {
      const int k = order[i];
      if (child_automaton[k] == Automaton::kDead) continue;
      const bool unwind = prepared ? expand(board, state, g, child_automaton[k], list.dir[k],
                                            list.target[k], blank, reads[k])
                                   : expand(board, state, g, child_automaton[k], list.dir[k],
                                            list.target[k], blank, Unused{});
      if (unwind) return true;
    }
    return false;
  }

  // The search below a node whose blank is on cell Blank after the move Prev (kNoMove: any, see
  // kChildPrev), so the moves, their cells and the vertical/horizontal cases of the heuristic
  // update are all compile-time constants, and no move needs a test. The board comes as its
  // packed cells alone (the blank cell is Blank): on one-word boards, one register, which keeps
  // every argument of a two-word heuristic state in registers too.
  template <int Blank, int Prev>
  [[gnu::noinline]] bool dfs_at(const Packed packed, const State state, Cost g,
                                uint32_t automaton) {
    const Board<N> board = Board<N>::from_packed(packed, Blank);
    if (expanded_ >= check_at_ && must_stop()) return stopped_ = true;
    ++expanded_;
    constexpr unsigned allowed = kPrunedMask<N>[Blank][Prev];
    // A prefetching heuristic has every child's reads prepared and prefetched first.
    std::array<Lookup, 4> reads{};
    if constexpr (kPreparesReads) {
      if constexpr ((allowed & 1) != 0) reads[0] = prepare_at<Blank, Dir::Up>(board, state);
      if constexpr ((allowed & 2) != 0) reads[1] = prepare_at<Blank, Dir::Down>(board, state);
      if constexpr ((allowed & 4) != 0) reads[2] = prepare_at<Blank, Dir::Left>(board, state);
      if constexpr ((allowed & 8) != 0) reads[3] = prepare_at<Blank, Dir::Right>(board, state);
    }
    if constexpr ((allowed & 1) != 0)
      if (expand_to<Blank, Dir::Up>(board, state, g, automaton, reads[0])) return true;
    if constexpr ((allowed & 2) != 0)
      if (expand_to<Blank, Dir::Down>(board, state, g, automaton, reads[1])) return true;
    if constexpr ((allowed & 4) != 0)
      if (expand_to<Blank, Dir::Left>(board, state, g, automaton, reads[2])) return true;
    if constexpr ((allowed & 8) != 0)
      if (expand_to<Blank, Dir::Right>(board, state, g, automaton, reads[3])) return true;
    return false;
  }

  // The reads of the child reached by blank move D, prepared and prefetched.
  template <int Blank, Dir D>
  [[gnu::always_inline]] Lookup prepare_at(const Board<N>& board, const State& state) const {
    constexpr int to = kMoves<N>.target_by_dir[Blank][static_cast<int>(D)];
    const int label = board.at(to);
    const Lookup lookup = h_.prepare(state, board, label, to, Blank);
    h_.prefetch(lookup);
    return lookup;
  }

  // dfs_at's child by blank move D: generated (1.), then expand() with every cell and move a
  // compile-time constant.
  template <int Blank, Dir D>
  [[gnu::always_inline]] bool expand_to(const Board<N>& board, const State& state, Cost g,
                                        uint32_t automaton, const Lookup& reads) {
    constexpr int to = kMoves<N>.target_by_dir[Blank][static_cast<int>(D)];
    // 1. Generate: the automaton refuses a move that completes a duplicate move string.
    const uint32_t child_automaton = automaton_.next(automaton, D);
    if (child_automaton == Automaton::kDead) return false;
    return expand(board, state, g, child_automaton, std::integral_constant<Dir, D>{},
                  std::integral_constant<int, to>{}, std::integral_constant<int, Blank>{}, reads);
  }

  // One child of a node, the one path every search takes, after its generation (step 1, in the
  // callers: the blank move `d` from cell `blank` to cell `to`, which the automaton, now in
  // state `child_automaton`, allowed): make it, update its heuristic to its f (2), prune it
  // above the bound (3), recurse or stop at the goal (4), record the move on the way back (5).
  // With kMakesOnlyWithinBound, its f comes from this node's state (2) and it is made only past
  // step 3. The move and cells come as values (dfs) or as std::integral_constant (dfs_at's
  // compile-time cells, which also name the child's search function); `reads`: its prepared reads
  // (Lookup), or Unused where none were prepared. Returns true to unwind (goal found, or stopped).
  template <typename Move, typename To, typename From, typename Reads>
  [[gnu::always_inline]] bool expand(const Board<N>& board, const State& state, Cost g,
                                     uint32_t child_automaton, Move d, To to, From blank,
                                     const Reads& reads) {
    ++generated_;
    if constexpr (kMakesOnlyWithinBound && std::is_same_v<Reads, Lookup>) {
      // 2. The child's f from this node's state and its prepared reads; 3. prune above the
      // bound; only then make the child's state and board.
      const auto measure = h_.measure(state, reads, bound_ - g - 1);
      if (pruned(g + 1 + measure.value)) return false;
      State child_state = state;
      h_.update_measured(child_state, reads, measure);
      Board<N> child = board;
      child.slide(to);
      return descend(child, child_state, g, child_automaton, d, to);
    } else {
      const int label = board.at(to);
      Board<N> child = board;
      child.slide(to);
      // 2. Update the heuristic: the child's f.
      State child_state = state;
      const int f = child_f(child_state, child, label, to, blank, g, reads);
      // 3. Prune above the bound.
      if (pruned(f)) return false;
      return descend(child, child_state, g, child_automaton, d, to);
    }
  }

  // expand()'s child within the bound: 4. recurse, unless it is the goal; 5. record the move
  // when either unwinds.
  template <typename Move, typename To>
  [[gnu::always_inline]] bool descend(const Board<N>& child, const State& child_state, Cost g,
                                      uint32_t child_automaton, Move d, To to) {
    if (to == goal_.blank() && child.packed() == goal_.packed()) return record(d);
    bool unwound;
    if constexpr (kFunctionPerCell)
      unwound = dfs_at<To::value, kChildPrev<Move::value>>(child.packed(), child_state,
                                                           child_cost(g), child_automaton);
    else
      unwound = dfs(child, child_state, g + 1, static_cast<int>(d), child_automaton);
    return unwound ? record(d) : false;
  }

  // Step 2: brings `s` up to date after the piece `label` slid from cell `to` into the blank's
  // cell `blank`, and returns the child's f (relative to the search root where kStateCarriesF: the
  // stepped state holds it). A two-stage heuristic returns its first stage's f when that is
  // already above the bound (the next bound may then be lower than plain IDA*'s, never above
  // it, so no solution is skipped). Cells and reads as expand()'s; with no reads prepared
  // (Unused), the heuristic reads from the board.
  template <typename To, typename Blank, typename Reads>
  [[gnu::always_inline]] int child_f(State& s, const Board<N>& child, int label, To to, Blank blank,
                                     Cost g, const Reads& reads) const {
    constexpr bool kPrepared = kPreparesReads && std::is_same_v<Reads, Lookup>;
    if constexpr (kPrunesOnFirstStage) {
      int first, rest;
      if constexpr (kPrepared)
        first = h_.update_first(s, reads);
      else
        first = h_.update_first(s, child, label, to, blank);
      if (g + 1 + first > bound_) return g + 1 + first;
      if constexpr (kPrepared)
        rest = h_.update_rest(s, reads);
      else
        rest = h_.update_rest(s, child, label, to, blank);
      return g + 1 + rest;
    } else if constexpr (kStateCarriesF) {
      updater_.update(s, child, label, to, blank);
      return updater_.value(s);
    } else {
      h_.update(s, child, label, to, blank);
      return g + 1 + h_.value(s);
    }
  }

  // Step 3: true when f is above the bound; the least such f is the next iteration's bound.
  [[gnu::always_inline]] bool pruned(int f) {
    if (f <= bound_) return false;
    next_ = std::min(next_, f);
    return true;
  }

  // A child's cost argument: g + 1, or nothing where the state carries f.
  [[gnu::always_inline]] static Cost child_cost(Cost g) {
    if constexpr (kStateCarriesF)
      return g;
    else
      return g + 1;
  }

  // Step 5: move `d` led to the goal, or to a subtree that unwound (goal found, or stopped):
  // records it after the moves recorded below it, from the search root's place in path_ on
  // (search() reverses them). Returns true (unwind further). Cold and out of line, like
  // must_stop(), so that the search functions, all hot together, stay small for the
  // instruction cache.
  [[gnu::cold, gnu::noinline]] bool record(Dir d) {
    path_[root_g_ + recorded_++] = d;
    return true;
  }

  // The Prev of a child's dfs_at. Heuristics that prefetch keep one function per (Blank, Prev),
  // which prepares only the moves that do not undo Prev. The others have one function per Blank
  // (Prev = kNoMove) and leave the inverse move to the automaton, which rejects it: 16 functions
  // on 4×4 instead of 64, small enough to stay in the instruction cache together, which pays for
  // the extra automaton step (docs/performance.md).
  template <Dir D>
  static constexpr int kChildPrev = kPreparesReads ? static_cast<int>(D) : kNoMove;

  using DfsAt = bool (IdaWorker::*)(const Packed, const State, Cost, uint32_t);

  static Updater make_updater(int blank_label) {
    if constexpr (kStateCarriesF)
      return Updater(blank_label);
    else
      return {};
  }
  // The search functions by (root's blank cell, move that reached the root): those the root's
  // children use too, so that only they are compiled (the automaton, whose state the root
  // receives, rejects the inverse move where Prev is kNoMove).
  template <size_t... I>
  static constexpr std::array<std::array<DfsAt, 5>, N * N> make_dispatch(
      std::index_sequence<I...>) {
    return {std::array<DfsAt, 5>{&IdaWorker::dfs_at<static_cast<int>(I), kChildPrev<Dir::Up>>,
                                 &IdaWorker::dfs_at<static_cast<int>(I), kChildPrev<Dir::Down>>,
                                 &IdaWorker::dfs_at<static_cast<int>(I), kChildPrev<Dir::Left>>,
                                 &IdaWorker::dfs_at<static_cast<int>(I), kChildPrev<Dir::Right>>,
                                 &IdaWorker::dfs_at<static_cast<int>(I), kNoMove>}...};
  }

  // Called before expanding a node when expanded_ reaches check_at_: true when the search must
  // stop (a limit: stop_reason_; the node budget: over_budget_), else sets the next check_at_.
  [[gnu::cold, gnu::noinline]] bool must_stop() {
    if (expanded_ >= budget_end_) return over_budget_ = true;
    if (expanded_ >= watch_.next_check())
      if (const std::optional<Outcome> why = watch_.check(expanded_)) {
        stop_reason_ = *why;
        return true;
      }
    check_at_ = std::min(watch_.next_check(), budget_end_);
    return false;
  }

 public:
  // Adds the nodes not yet counted to the shared counter (call after the last search).
  void flush_nodes() { watch_.flush(expanded_); }

 private:
  const H& h_;
  const Updater updater_;
  const typename Automaton::Transitions automaton_ = Automaton::standard().transitions();
  const Board<N> goal_;
  LimitWatch watch_;
  uint64_t check_at_;  // expanded_ at which must_stop() is due
  uint64_t budget_end_ = std::numeric_limits<uint64_t>::max();
  int bound_ = 0;
  int next_ = kInfinity;
  bool stopped_ = false;
  bool over_budget_ = false;
  int root_g_ = 0;
  int length_ = 0;
  int deepest_ = 0;
  uint64_t expanded_ = 0;
  uint64_t generated_ = 0;
  Outcome stop_reason_ = Outcome::Cancelled;
  std::vector<Dir> path_;
  int recorded_ = 0;  // moves recorded by record() in this search
  // the generic loop (dfs): children cheapest f first (last: the 4x4 search's layout)
  const bool cheapest_first_;
};

}  // namespace detail

}  // namespace taquin
