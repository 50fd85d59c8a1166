// The real-time solver's workspace: the board, the path so far, the fixed cells, and the small
// searches that move the blank and bring one piece (or the last two of a line) home.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "search/limit_watch.hpp"
#include "shape/grid.hpp"
#include "taquin/search/result.hpp"

namespace taquin::shape::detail {

class Builder {
 public:
  // Works on `grid` in place and appends the moves to `moves`; every cell starts free.
  Builder(Grid& grid, std::vector<Dir>& moves, const Limits& limits);

  Grid& grid() { return g_; }
  // Cells the searches must not move (solved, or outside the region under work).
  std::vector<uint8_t>& fixed() { return fixed_; }
  // The cell of the piece labelled `label`.
  int where(int label) const { return where_[label]; }
  // The outcome that stopped the work (a limit or the cancel flag), if any.
  std::optional<Outcome> stopped() const { return stop_; }
  uint64_t nodes() const { return nodes_; }
  double seconds() const { return watch_.seconds(); }

  // Moves the blank to the neighbouring cell `to`, recording the move.
  void step(int to);
  // Brings piece `label` to cell `target` without moving a fixed cell, along the cheapest way
  // (move_cost) that an A* over (piece cell, blank side) finds: the blank's way to a side of the
  // piece first, then piece steps and the blank's detours around the piece within two cells.
  // False, the board unchanged, when there is no such way or a limit stopped the search.
  bool place_piece(int label, int target);
  // The cost of the way place_piece(label, target) would take now (0 when the piece is there),
  // or -1 when it would fail; the board is left as it is, and a place_piece of the same piece
  // right after, with the same fixed cells, plays the way found.
  int piece_cost(int label, int target);
  // Moves the blank to `target` by the cheapest way avoiding fixed cells and `avoid_a`/`avoid_b`
  // (-1: none); false when there is none.
  bool route_blank(int target, int avoid_a, int avoid_b);
  // Brings pieces a and b to their goal cells by a breadth-first search over (a, b, blank) in the
  // `window` cells (at most 8), after routing the blank into it; both pieces must stand in it.
  bool solve_window_pair(int a, int b, const std::vector<int>& window);
  // Counts one expansion; false (and stopped() set) when a limit is reached.
  bool count_node();

 private:
  bool blank_search(int avoid_a, int avoid_b, const int* targets, int count, int need);
  void emit_blank_path(int to);
  void local_distances(int piece, int from);
  void emit_local_path(int piece, int to);
  int search_piece(int label, int target);
  void emit_piece_path(int goal_state);
  int neighbour(int cell, int side) const;
  int move_cost(int blank, int to) const;
  int distance(int a, int b) const;

  // A move costs kStep, less kBias when the piece it slides comes nearer its goal cell, more
  // when it goes away: the searches prefer ways that also tidy the board (on the board as it is
  // when the search starts). The A*'s heuristic is kStep times the plane table's moves.
  static constexpr int kStep = 4;
  static constexpr int kBias = 3;
  static constexpr int kRing = 16;  // Dial's buckets: more than the dearest move
  std::vector<int> ring_[kRing];

  Grid& g_;
  std::vector<Dir>& moves_;
  taquin::detail::LimitWatch watch_;
  uint64_t nodes_ = 0;
  std::optional<Outcome> stop_;
  std::vector<uint8_t> fixed_;
  std::vector<int> where_;
  std::vector<int16_t> row_, col_;  // each cell's row and column
  // The blank's search: cost and parent per cell, valid when stamped.
  std::vector<int> bdist_, bparent_;
  std::vector<uint32_t> bstamp_;
  uint32_t bgen_ = 0;
  std::vector<int> queue_;
  // A* over piece states (cell * 4 + side): cost and parent, valid when stamped.
  std::vector<int> cost_, parent_;
  std::vector<uint32_t> stamp_;
  uint32_t gen_ = 0;
  std::vector<uint64_t> open_;
  std::vector<int> chain_;
  // The last piece search: its piece, target and path length when it ran, and its goal state.
  struct Searched {
    int label = -1, target = -1;
    size_t at = 0;
    bool operator==(const Searched&) const = default;
  };
  static constexpr int kHome = -3;
  Searched searched_;
  int searched_goal_ = -1;
  // The 5×5 window around a piece: distances and parents of the blank's local search.
  int ldist_[25] = {};
  int lparent_[25] = {};
  int lcell_[25] = {};
};

}  // namespace taquin::shape::detail
