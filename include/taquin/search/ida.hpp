// Serial IDA*: depth-first iterative deepening on f = g + h, moves made and unmade in place.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/solvability.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The board reached by playing the blank moves `moves` from `start`, or false if one of them
// would leave the board. `out` receives the final board.
template <int N>
bool replay(const Board<N>& start, const std::vector<Dir>& moves, Board<N>& out) {
  out = start;
  for (Dir d : moves)
    if (!out.move(d)) return false;
  return true;
}

// True when `moves` are legal from the canonical board `start` and lead to its identity goal.
template <int N>
bool replay_solves(const Board<N>& start, const std::vector<Dir>& moves) {
  Board<N> end;
  return replay(start, moves, end) && end == Board<N>::identity(start.blank_label());
}

namespace detail {

// The blank moves from each cell that do not undo the previous move (index 4: no previous move),
// so the search skips the inverse move by table rather than by a test.
template <int N>
struct PrunedMoves {
  struct List {
    uint8_t count = 0;
    std::array<uint8_t, 4> target{};
    std::array<Dir, 4> dir{};
  };
  std::array<std::array<List, 5>, N * N> at{};
};

template <int N>
constexpr PrunedMoves<N> make_pruned_moves() {
  PrunedMoves<N> t{};
  for (int cell = 0; cell < N * N; ++cell)
    for (int prev = 0; prev < 5; ++prev) {
      auto& list = t.at[cell][prev];
      for (int k = 0; k < kMoves<N>.count[cell]; ++k) {
        const Dir d = kMoves<N>.dir[cell][k];
        if (prev < 4 && d == opposite(static_cast<Dir>(prev))) continue;
        list.target[list.count] = kMoves<N>.target[cell][k];
        list.dir[list.count] = d;
        ++list.count;
      }
    }
  return t;
}

template <int N>
inline constexpr PrunedMoves<N> kPrunedMoves = make_pruned_moves<N>();

inline constexpr int kNoMove = 4;

// Depth-first searches below one node with a fixed bound. Serial IDA* uses one; the parallel
// search uses one per thread for its frontier subtrees. Limits are polled every 2^14 nodes.
template <int N, typename H>
class IdaWorker {
 public:
  using State = typename H::State;
  static constexpr int kFound = -1;
  static constexpr int kStopped = -2;
  static constexpr int kInfinity = std::numeric_limits<int>::max();
  static constexpr uint64_t kPollMask = (uint64_t{1} << 14) - 1;

  // `shared_nodes` (optional) totals the nodes of all workers for the node limit; `found`
  // (optional) is raised by another worker that found a solution.
  IdaWorker(const H& heuristic, const Limits& limits, int blank_label,
            std::chrono::steady_clock::time_point started,
            std::atomic<uint64_t>* shared_nodes = nullptr, const std::atomic<bool>* found = nullptr)
      : h_(heuristic),
        limits_(limits),
        goal_(Board<N>::identity(blank_label)),
        started_(started),
        shared_nodes_(shared_nodes),
        found_(found) {}

  // Searches the subtree of `board` (reached with cost `g` after blank move `prev`, kNoMove at
  // the root) for the goal within `bound`. Returns kFound (path() then holds the moves below
  // `board`, solution_length() the total length), kStopped (stop_reason() says why), or the
  // least f above the bound met (kInfinity if none).
  int search(const Board<N>& board, const State& state, int g, int prev, int bound) {
    board_ = board;
    bound_ = bound;
    root_g_ = g;
    if (path_.size() < static_cast<size_t>(bound) + 1) path_.resize(static_cast<size_t>(bound) + 1);
    if (h_.value(state) == 0 && board_ == goal_) {
      length_ = g;
      return kFound;
    }
    return dfs(g, state, prev);
  }

  // Moves from the searched root to the goal after kFound.
  std::vector<Dir> path() const {
    return std::vector<Dir>(path_.begin() + root_g_, path_.begin() + length_);
  }
  int solution_length() const { return length_; }
  Outcome stop_reason() const { return stop_reason_; }
  uint64_t expanded() const { return expanded_; }
  uint64_t generated() const { return generated_; }
  int deepest() const { return deepest_; }

 private:
  // Expands the node on board_ at cost g (its f is within the bound).
  int dfs(int g, const State& state, int prev) {
    ++expanded_;
    if ((expanded_ & kPollMask) == 0 && poll()) return kStopped;
    if (g > deepest_) deepest_ = g;
    const int blank = board_.blank();
    const auto& list = kPrunedMoves<N>.at[blank][prev];
    int next = kInfinity;
    for (int k = 0; k < list.count; ++k) {
      const int to = list.target[k];
      const int label = board_.at(to);
      board_.slide(to);
      State child = state;
      h_.update(child, board_, label, to, blank);
      ++generated_;
      const int h = h_.value(child);
      const int f = g + 1 + h;
      int result;
      if (f > bound_)
        result = f;
      else if (h == 0 && board_ == goal_) {
        length_ = g + 1;
        result = kFound;
      } else
        result = dfs(g + 1, child, static_cast<int>(list.dir[k]));
      board_.slide(blank);
      if (result < 0) {
        if (result == kFound) path_[g] = list.dir[k];
        return result;
      }
      next = std::min(next, result);
    }
    return next;
  }

  // True when the search must stop; sets stop_reason_.
  bool poll() {
    const uint64_t delta = expanded_ - reported_;
    reported_ = expanded_;
    uint64_t total = expanded_;
    if (shared_nodes_) total = shared_nodes_->fetch_add(delta, std::memory_order_relaxed) + delta;
    if (found_ && found_->load(std::memory_order_relaxed)) return stop(Outcome::Cancelled);
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed))
      return stop(Outcome::Cancelled);
    if (limits_.max_nodes && total >= limits_.max_nodes) return stop(Outcome::NodeLimit);
    if (limits_.max_seconds > 0) {
      const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - started_;
      if (spent.count() >= limits_.max_seconds) return stop(Outcome::TimeLimit);
    }
    return false;
  }
  bool stop(Outcome why) {
    stop_reason_ = why;
    return true;
  }

 public:
  // Adds the nodes not yet reported to the shared counter (call after a search).
  void flush_nodes() {
    if (shared_nodes_) shared_nodes_->fetch_add(expanded_ - reported_, std::memory_order_relaxed);
    reported_ = expanded_;
  }

 private:
  const H& h_;
  const Limits& limits_;
  const Board<N> goal_;
  const std::chrono::steady_clock::time_point started_;
  std::atomic<uint64_t>* shared_nodes_;
  const std::atomic<bool>* found_;
  Board<N> board_;
  int bound_ = 0;
  int root_g_ = 0;
  int length_ = 0;
  int deepest_ = 0;
  uint64_t expanded_ = 0;
  uint64_t generated_ = 0;
  uint64_t reported_ = 0;
  Outcome stop_reason_ = Outcome::Cancelled;
  std::vector<Dir> path_;
};

inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace detail

// Optimal solution of the canonical board `start` (goal: identity with the blank on
// start.blank_label()) by IDA* with the admissible heuristic `heuristic`, built for that blank
// label. Returns Solved with optimal moves, Unsolvable on a parity mismatch, or NodeLimit /
// TimeLimit / Cancelled when `limits` stop it. Stats: nodes_expanded = states_selected (one per
// node whose children were generated), nodes_generated, iterations (bounds tried),
// max_states_in_memory (deepest path + 1), seconds.
template <int N, typename H>
SearchResult ida_search(const Board<N>& start, const H& heuristic, const Limits& limits = {}) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  if (!is_solvable(start)) {
    result.outcome = Outcome::Unsolvable;
    result.stats.seconds = detail::seconds_since(started);
    return result;
  }
  detail::IdaWorker<N, H> worker(heuristic, limits, start.blank_label(), started);
  const typename H::State state = heuristic.init(start);
  int bound = heuristic.value(state);
  for (;;) {
    ++result.stats.iterations;
    const int r = worker.search(start, state, 0, detail::kNoMove, bound);
    if (r == detail::IdaWorker<N, H>::kFound) {
      result.outcome = Outcome::Solved;
      result.moves = worker.path();
      result.optimal = true;
      break;
    }
    if (r == detail::IdaWorker<N, H>::kStopped) {
      result.outcome = worker.stop_reason();
      break;
    }
    if (r == detail::IdaWorker<N, H>::kInfinity) {  // nothing beyond: no path (cannot happen
      result.outcome = Outcome::Unsolvable;         // on a solvable board)
      break;
    }
    bound = r;
  }
  result.stats.nodes_expanded = worker.expanded();
  result.stats.states_selected = worker.expanded();
  result.stats.nodes_generated = worker.generated();
  result.stats.max_states_in_memory =
      static_cast<uint64_t>(
          std::max<int>(worker.deepest(), static_cast<int>(result.moves.size()))) +
      1;
  result.stats.seconds = detail::seconds_since(started);
  return result;
}

}  // namespace taquin
