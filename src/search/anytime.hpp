// Anytime search: restarting weighted A* on the oneTBB workers, each with its own weights, and
// beam searches of growing width on one of them, all sharing the best solution (which prunes the
// A* runs), until the solution is proven optimal or a limit stops it.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/solvability.hpp"
#include "heuristic/concepts.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/astar_budget.hpp"
#include "search/beam.hpp"
#include "search/bucket_queue.hpp"
#include "search/limit_watch.hpp"
#include "search/node_store.hpp"
#include "search/weighted.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin {

namespace detail {

// What the anytime workers share: the best solution (its length read without a lock), the best
// lower bound proven, the first limit met, and the flag that ends every worker.
class AnytimeShared {
 public:
  int length() const { return length_.load(std::memory_order_relaxed); }  // INT_MAX: none
  int proven() const { return proven_.load(std::memory_order_relaxed); }

  // Keeps `moves` when shorter than the best so far; true when kept.
  bool offer(std::vector<Dir> moves) {
    std::lock_guard lock(mutex_);
    if (static_cast<int>(moves.size()) >= length()) return false;
    length_.store(static_cast<int>(moves.size()));
    moves_ = std::move(moves);
    if (proven() >= length()) done_.store(true);
    return true;
  }
  // Raises the proven bound to `bound`; ends the search when it meets the best length.
  void prove(int bound) {
    int old = proven();
    while (bound > old && !proven_.compare_exchange_weak(old, bound)) {
    }
    if (proven() >= length()) done_.store(true);
  }
  // A worker stopped by `why` (a limit or a signal): the first one is kept.
  void stop(Outcome why) {
    std::lock_guard lock(mutex_);
    if (!stop_) stop_ = why;
  }
  std::optional<Outcome> stop_reason() const { return stop_; }
  std::vector<Dir> moves() const { return moves_; }
  const std::atomic<bool>& done() const { return done_; }
  void finish() { done_.store(true); }
  std::atomic<uint64_t>& nodes() { return nodes_; }

 private:
  std::atomic<int> length_{INT_MAX};
  std::atomic<int> proven_{0};
  std::atomic<bool> done_{false};
  std::atomic<uint64_t> nodes_{0};
  std::mutex mutex_;
  std::vector<Dir> moves_;
  std::optional<Outcome> stop_;
};

// The weights an anytime worker searches in turn: 1 + (W - 1)·kAnytimeDecay^k, down to 1.
inline constexpr double kAnytimeDecay = 0.6;
// A weight this close to 1 (thousandths) is followed by 1 itself.
inline constexpr int kAnytimeLastStep = 20;
// The side from which a lone worker turns to beam searches after its first solution: weights
// near 1 are out of its reach there.
inline constexpr int kBeamsOnlySide = 6;
// Whether the beams on side N rank by the tables `H` blended with linear conflict
// (BlendedRanking) rather than by H alone: on sides from kBeamsOnlySide, for table heuristics
// (the two-stage ones), whose groups do not see each other's conflicts.
template <int N, typename H>
inline constexpr bool kBlendedBeams = (N >= kBeamsOnlySide) && TwoStageHeuristic<H, N>;
// Expansions between two of the beam worker's looks at the limits.
inline constexpr uint64_t kBeamCheckInterval = 1024;

// One worker of the anytime search: weighted A* runs over its own node store, each pruning
// nodes that cannot beat the shared best solution (g + h, with parity, not below its length).
// A run at a weight above 1 ends at the first solution it improves on; the run at weight 1
// goes on until nothing below the best length is left open, which proves that solution optimal.
template <int N, IncrementalHeuristic<N> H>
class AnytimeWorker {
  using Store = NodeStore<N>;
  struct Entry {
    uint32_t index;    // the node
    uint32_t g_and_h;  // g (its node's g when queued) << kHBits | h (unweighted)
  };
  static constexpr int kHBits = 12;
  static constexpr uint32_t kMaxG = (1u << (32 - kHBits)) - 1;

 public:
  AnytimeWorker(const Board<N>& start, const H& h, const Limits& limits, AnytimeShared& shared,
                uint64_t max_bytes, int sharers, std::chrono::steady_clock::time_point started)
      : start_(start),
        goal_(Board<N>::identity(start.blank_label())),
        h_(h),
        shared_(shared),
        max_bytes_(max_bytes),
        watch_(limits, kBestFirstCheckInterval, started, &shared.nodes(), &shared.done(), sharers) {
  }

  // Searches each weight from `first` (thousandths) down, until the shared search is done or a
  // limit stops this worker; with a `first_width` (0: none), a beam search of the next width
  // (that one, doubling) after each weight, or on sides from kBeamsOnlySide, beam searches
  // alone after the first weight's solution (the weights again once the widths ran out).
  void search(int first, size_t first_width) {
    width_ = first_width;
    for (int w = first;; w = next_weight(w)) {
      const bool last = w == kWeightScale;
      if (!run(w, last) || last) return;
      if (first_width == 0) continue;
      if (N >= kBeamsOnlySide ? !beams() : width_ <= kMaxBeamWidth && !beam()) return;
    }
  }

  // Beam searches of doubling width from kFirstBeamWidth (beam.hpp), each offering its
  // solution: false when the shared search is done or a limit stopped this worker, true when
  // the widths ran out (kMaxBeamWidth, or the memory).
  bool beams() {
    while (width_ <= kMaxBeamWidth)
      if (!beam()) return false;
    return true;
  }

  const Stats& stats() const { return stats_; }

 private:
  static int next_weight(int w) {
    const int next = kWeightScale + static_cast<int>((w - kWeightScale) * kAnytimeDecay);
    return next - kWeightScale < kAnytimeLastStep ? kWeightScale : next;
  }

  // One beam search of width_, the next width set (past kMaxBeamWidth once one passed the
  // memory): false when the shared search is done or a limit stopped this worker.
  bool beam() {
    const uint64_t max_bytes = max_bytes_ ? max_bytes_ : available_memory() / 4;
    auto check = [&](uint64_t expanded) -> std::optional<Outcome> {
      return expanded >= watch_.next_check() ? watch_.check(expanded) : std::nullopt;
    };
    BeamEnd end;
    if constexpr (kBlendedBeams<N, H>) {
      const LinearConflict<N> lines(start_.blank_label());
      const BlendedRanking<N, H, LinearConflict<N>> rank(h_, lines);
      end = beam_search(start_, rank, width_, max_bytes, kBeamCheckInterval, check, stats_);
    } else {
      end = beam_search(start_, h_, width_, max_bytes, kBeamCheckInterval, check, stats_);
    }
    width_ = end.stop == Outcome::MemoryLimit ? kMaxBeamWidth + 1 : 2 * width_;
    if (end.found) shared_.offer(std::move(end.moves));
    if (end.stop && end.stop != Outcome::MemoryLimit) {
      if (!(*end.stop == Outcome::Cancelled && shared_.done().load())) shared_.stop(*end.stop);
      shared_.finish();
      return false;
    }
    return !shared_.done().load();
  }

  // A solution through a node of g + h `f` cannot be shorter than the best one.
  bool hopeless(uint32_t f) const {
    return static_cast<int64_t>(f) + 1 >= static_cast<int64_t>(shared_.length());
  }

  // One weighted A* run at weight `w`: true when it ended at a new best solution (`to_end`:
  // it goes on instead), false when it ended the search for this worker (nothing left to beat
  // the best solution: proven optimal; a limit; or done).
  bool run(int w, bool to_end) {
    Store store(max_bytes_);
    open_.clear();
    expanding_ = UINT32_MAX;
    const typename H::State root_state = h_.init(start_);
    const uint32_t root_h = static_cast<uint32_t>(h_.value(root_state));
    if (!store.reserve_one(0)) return stop(store, Outcome::MemoryLimit);
    const uint32_t root = store.slot(start_) = store.add(start_, Store::kNone, 0);
    if (!push(store, {root, root_h}, w)) return stop(store, Outcome::MemoryLimit);
    while (!open_.empty()) {
      const Entry e = open_.pop();
      const uint32_t g = e.g_and_h >> kHBits;
      if (store.node(e.index).g() != g || hopeless(g + (e.g_and_h & kHMask))) continue;
      expanding_ = g + (e.g_and_h & kHMask);
      if (stats_.nodes_expanded >= watch_.next_check())
        if (const auto why = watch_.check(stats_.nodes_expanded)) return stop(store, *why);
      ++stats_.nodes_expanded;
      switch (expand(store, e.index, g, w)) {
        case Step::Next:
          break;
        case Step::Improved:
          if (to_end) break;
          prove(store);
          return true;
        case Step::Full:
          return stop(store, Outcome::MemoryLimit);
      }
    }
    // Nothing left that could beat the best solution: it is optimal (or none exists).
    if (shared_.length() != INT_MAX) shared_.prove(shared_.length());
    stats_.max_states_in_memory = std::max<uint64_t>(stats_.max_states_in_memory, store.size());
    shared_.finish();
    return false;
  }

  enum class Step { Next, Improved, Full };

  // Expands node `index` (g `g`) at weight `w`: a child that is the goal is offered as a
  // solution; the others, unless hopeless or reached before with no larger g, are queued.
  Step expand(Store& store, uint32_t index, uint32_t g, int w) {
    const Board<N> b = store.board(index);
    const uint32_t parent = store.node(index).parent;
    const int back = parent == Store::kNone ? -1 : store.node(parent).blank();
    const int blank = b.blank();
    if (g + 1 > kMaxG) return Step::Full;
    const typename H::State state = h_.init(b);
    Step step = Step::Next;
    for (int k = 0; k < kMoves<N>.count[blank]; ++k) {
      const int to = kMoves<N>.target[blank][k];
      if (to == back) continue;
      Board<N> child = b;
      child.slide(to);
      ++stats_.nodes_generated;
      if (child == goal_) {
        std::vector<Dir> moves = store.path_to(index);
        moves.push_back(blank_move<N>(blank, to));
        if (shared_.offer(std::move(moves))) step = Step::Improved;
        continue;
      }
      typename H::State next = state;
      h_.update(next, child, child.at(blank), to, blank);
      const uint32_t ch = static_cast<uint32_t>(std::min(h_.value(next), int{kHMask}));
      if (hopeless(g + 1 + ch)) continue;
      if (!store.reserve_one(open_.bytes())) return Step::Full;
      uint32_t& slot = store.slot(child);
      uint32_t at;
      if (slot == Store::kNone) {
        at = slot = store.add(child, index, g + 1);
      } else if (g + 1 < store.node(slot).g()) {
        at = slot;
        store.node(at).set_g(g + 1);
        store.node(at).parent = index;
      } else {
        continue;
      }
      if (!push(store, {at, ((g + 1) << kHBits) | ch}, w)) return Step::Full;
    }
    return step;
  }

  static constexpr uint32_t kHMask = (1u << kHBits) - 1;

  // Queues `e` under f' = g + h' (h' = W·h, rounded down), ties toward larger g (smaller h').
  bool push(const Store& store, const Entry& e, int w) {
    const uint32_t g = e.g_and_h >> kHBits;
    const uint64_t scaled = uint64_t{e.g_and_h & kHMask} * static_cast<uint64_t>(w) / kWeightScale;
    return open_.push(g + static_cast<uint32_t>(scaled), static_cast<uint32_t>(scaled), e,
                      [&](uint64_t held, uint64_t more) { return store.may_grow(held, more); });
  }

  // What this run proves: no solution is shorter than the least g + h still open (or under
  // expansion), nor than the best one found unless through such a node.
  void prove(const Store& store) {
    uint32_t least = expanding_;
    open_.for_each([&](const Entry& e) {
      if (store.node(e.index).g() == (e.g_and_h >> kHBits))
        least = std::min(least, (e.g_and_h >> kHBits) + (e.g_and_h & kHMask));
    });
    const int best = shared_.length();
    if (least == UINT32_MAX && best == INT_MAX) return;  // nothing open, nothing found
    shared_.prove(with_parity(start_, static_cast<int>(std::min<int64_t>(least, best))));
  }

  // The run stopped by `why`: its proof kept, and the reason unless the search was done.
  bool stop(const Store& store, Outcome why) {
    prove(store);
    stats_.max_states_in_memory = std::max<uint64_t>(stats_.max_states_in_memory, store.size());
    if (!(why == Outcome::Cancelled && shared_.done().load())) shared_.stop(why);
    if (why != Outcome::MemoryLimit) shared_.finish();
    return false;
  }

  const Board<N> start_;
  const Board<N> goal_;
  const H& h_;
  AnytimeShared& shared_;
  const uint64_t max_bytes_;
  LimitWatch watch_;
  BucketQueue<Entry> open_;
  uint32_t expanding_ = UINT32_MAX;  // g + h of the node under expansion
  size_t width_ = 0;                 // the next beam search's
  Stats stats_;
};

}  // namespace detail

// Anytime search of the canonical board `start` with the admissible heuristic `h`: `threads`
// workers (at most oneTBB's), worker k starting at a weight between `first` (thousandths, W·1000)
// and the next of the schedule 1 + (W - 1)·0.6^i, each restarting at the next weight after each
// solution it improves, down to 1, all pruning by the best solution found; the first worker
// to start also runs a beam search after each weight, of width 1024, 2048, ... (kFirstBeamWidth;
// each within a quarter of the memory available when no limit is set; tables blended with
// linear conflict rank them on sides from 6: kBlendedBeams), and on sides from 6 only beams
// after its first solution. Ends when that
// solution is proven optimal (optimal: true), or when `limits` stop it (time, nodes, a signal;
// memory: each worker's store and open list within limits.max_memory_bytes / workers, a worker
// stopping there): Solved with the best solution and the lower bound proven (the least g + h
// left open by a run, the start's h at least), not optimal unless that bound meets its length;
// or, with no solution yet, the first limit met and the bound. Stats sum the workers'.
template <int N, IncrementalHeuristic<N> H>
SearchResult anytime_search(const Board<N>& start, const H& h, const Limits& limits = {},
                            int threads = 1, int first = 3 * kWeightScale) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  if (!is_solvable(start)) {
    result.outcome = Outcome::Unsolvable;
    return result;
  }
  const int start_h = h.value(h.init(start));
  const int workers = std::clamp(threads, 1, tbb::this_task_arena::max_concurrency());
  const uint64_t bytes = limits.max_memory_bytes / static_cast<uint64_t>(workers);
  detail::AnytimeShared shared;
  shared.prove(with_parity(start, start_h));
  if (start == Board<N>::identity(start.blank_label())) shared.offer({});
  std::vector<std::optional<detail::AnytimeWorker<N, H>>> crew(static_cast<size_t>(workers));
  // Roles by order of start, not by index: nested in a batch's tasks, a second worker may
  // start only once the first has ended.
  std::atomic<int> starts{0};
  tbb::parallel_for(0, workers, [&](int k) {
    auto& worker = crew[static_cast<size_t>(k)];
    worker.emplace(start, h, limits, shared, limits.max_memory_bytes ? bytes : 0, workers, started);
    const int order = starts.fetch_add(1);
    double w = first;  // between this weight and the next, by worker
    for (int step = 0; step < order; ++step) w = kWeightScale + (w - kWeightScale) * 0.775;
    // Beams on the first worker, and on sides from kBeamsOnlySide on the second too, at widths
    // between the first's.
    constexpr size_t kFirst = detail::kFirstBeamWidth;
    const size_t width = order == 0                                  ? kFirst
                         : order == 1 && N >= detail::kBeamsOnlySide ? kFirst * 3 / 2
                                                                     : 0;
    if (!shared.done().load()) worker->search(static_cast<int>(w), width);
  });
  for (const auto& worker : crew) {
    result.stats.nodes_expanded += worker->stats().nodes_expanded;
    result.stats.nodes_generated += worker->stats().nodes_generated;
    result.stats.max_states_in_memory += worker->stats().max_states_in_memory;
  }
  result.stats.states_selected = result.stats.nodes_expanded;
  result.stats.seconds = detail::seconds_since(started);
  const int best = shared.length();
  result.lower_bound = std::max(shared.proven(), with_parity(start, start_h));
  if (best == INT_MAX) {
    result.outcome = shared.stop_reason().value_or(Outcome::Unsolvable);
    return result;
  }
  result.outcome = Outcome::Solved;
  result.moves = shared.moves();
  result.lower_bound = std::min(result.lower_bound, best);
  result.optimal = result.lower_bound >= best;
  return result;
}

}  // namespace taquin
