// The shaped IDA*'s depth-first search, generic over its heuristic policy (ShapeHeuristic): one
// CompactBoard moved and undone in place, no move back, limits checked every few thousand nodes.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "search/deepening.hpp"
#include "search/limit_watch.hpp"
#include "shape/compact.hpp"
#include "shape/grid.hpp"
#include "shape/shape_tables.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin::shape {

// The moves of each cell of a shape, in Dir order: a byte table the hot loop reads.
struct CompactMoves {
  std::array<uint8_t, kCompactSlots> count{};
  std::array<std::array<uint8_t, 4>, kCompactSlots> target{};
  std::array<std::array<Dir, 4>, kCompactSlots> dir{};
  explicit CompactMoves(const ShapeTables& s) {
    for (int cell = 0; cell < s.size(); ++cell)
      for (int d = 0; d < 4; ++d) {
        const int to = s.neighbour[cell][d];
        if (to < 0) continue;
        target[cell][count[cell]] = static_cast<uint8_t>(to);
        dir[cell][count[cell]++] = static_cast<Dir>(d);
      }
  }
};

// One IDA* over a shape with heuristic policy P, a detail::Sweeper (search/deepening.hpp).
template <ShapeHeuristic P>
class CompactIda {
 public:
  // `start` and `policy` of the same shape; `watch` checks the limits.
  CompactIda(const ShapeTables& shape, const CompactBoard& start, const P& policy,
             const detail::LimitWatch& watch)
      : moves_(shape),
        size_(shape.size()),
        start_(start),
        policy_(policy),
        watch_(watch),
        start_h_(policy_.reset(start)) {}

  int start_h() const { return start_h_; }

  // Searches every path within `bound`.
  detail::BoundEnd sweep(int bound) {
    board_ = start_;
    policy_.reset(board_);
    bound_ = bound;
    next_ = detail::BoundEnd::kNoBound;
    path_.resize(static_cast<size_t>(bound) + 1);
    switch (dfs(0, start_h_, -1)) {
      case Step::Found:
        return detail::BoundEnd::found();
      case Step::Stopped:
        return detail::BoundEnd::stopped(stop_);
      case Step::Exhausted:
        break;
    }
    return detail::BoundEnd::exhausted(next_);
  }
  uint64_t expanded() const { return expanded_; }
  std::optional<detail::BoundEnd> advance(int) const { return std::nullopt; }

  // The statistics and, when found, the moves into `result`.
  void finish(bool found, SearchResult& result) const {
    result.stats.nodes_expanded = expanded_;
    result.stats.nodes_generated = generated_;
    result.stats.max_states_in_memory = static_cast<uint64_t>(found ? length_ : deepest_) + 1;
    if (found) {
      result.moves.assign(path_.begin(), path_.begin() + length_);
      result.optimal = true;
    }
  }

 private:
  enum class Step { Exhausted, Found, Stopped };

  // Searches below the current board, reached in g moves with heuristic h (g + h within the
  // bound), the blank having come from cell `back` (-1 at the root).
  Step dfs(int g, int h, int back) {
    if (h == 0 && board_.is_identity(size_)) {
      length_ = g;
      return Step::Found;
    }
    if (expanded_ >= watch_.next_check())
      if (const std::optional<Outcome> stop = watch_.check(expanded_)) {
        stop_ = *stop;
        return Step::Stopped;
      }
    ++expanded_;
    deepest_ = std::max(deepest_, g);
    const int blank = board_.blank;
    for (int k = 0; k < moves_.count[blank]; ++k) {
      const int to = moves_.target[blank][k];
      if (to == back) continue;
      ++generated_;
      const int label = board_.slide(to);
      typename P::Undo undo;
      const int child_h = policy_.moved(board_, h, label, to, blank, undo);
      Step step = Step::Exhausted;
      if (g + 1 + child_h > bound_) {
        next_ = std::min(next_, g + 1 + child_h);
      } else {
        path_[g] = moves_.dir[blank][k];
        step = dfs(g + 1, child_h, blank);
      }
      policy_.undo(undo);
      board_.slide(blank);
      if (step != Step::Exhausted) return step;
    }
    return Step::Exhausted;
  }

  const CompactMoves moves_;
  const int size_;
  const CompactBoard start_;
  P policy_;
  detail::LimitWatch watch_;
  const int start_h_;
  CompactBoard board_;
  std::vector<Dir> path_;
  int bound_ = 0;
  int next_ = 0;
  int length_ = 0;
  int deepest_ = 0;
  uint64_t expanded_ = 0;
  uint64_t generated_ = 0;
  Outcome stop_ = Outcome::Cancelled;
};

// IDA* of `start` (at most kMaxCompactCells cells, solvable) with `policy`, built for its shape.
template <ShapeHeuristic P>
SearchResult compact_ida(const Grid& start, const P& policy, const Limits& limits,
                         std::chrono::steady_clock::time_point started) {
  SearchResult result;
  const ShapeTables shape(start.rows, start.cols, start.blank_goal());
  CompactIda<P> ida(shape, CompactBoard::from(start), policy,
                    detail::LimitWatch(limits, detail::kIdaCheckInterval, started));
  int bound = ida.start_h();
  const detail::BoundEnd end = detail::deepen(ida, bound, result.stats.iterations, limits, started);
  const bool found = end.kind == detail::BoundEnd::Kind::Found;
  ida.finish(found, result);
  const Outcome outcome = found                                         ? Outcome::Solved
                          : end.kind == detail::BoundEnd::Kind::Stopped ? end.stop
                                                                        : Outcome::Unsolvable;
  return detail::finish_search(result, outcome, bound, started);
}

}  // namespace taquin::shape
