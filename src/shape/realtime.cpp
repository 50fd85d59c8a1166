// The real-time solver's plan: parity, lines peeled from the four sides toward the blank's goal
// cell, an optimal end on the last (at most 3×3) block, then loop removal over the whole path.
#include "shape/realtime.hpp"
#include "shape/shape_tables.hpp"

#include <chrono>
#include <climits>
#include <stdexcept>

#include "shape/builder.hpp"
#include "shape/path_polish.hpp"

namespace taquin::shape {
namespace {

using detail::Builder;

// The unsolved block: rows [r0, r1), columns [c0, c1); all cells outside it are solved.
struct Region {
  int r0, r1, c0, c1;
};

// While fewer cells than this are left free on a line, it is filled from both ends, the piece
// of the cheaper search first (a second search per piece); before, from its first cell on (on
// long lines the second search gains little and costs much).
constexpr size_t kCompareEnds = 32;

// Places the pieces of `cells` (a row or column on the region's edge, in order) whose inside
// neighbour is `cell + inward`: one at a time from the ends inward up to the last two free
// cells (a, last), then those two together: `last` onto a's cell, `a` inside of it, the blank
// onto last's cell, two moves; or, when `a` is caught in last's corner, a BFS in the 3×2 window
// of the two cells and the two rows inside them.
bool peel_line(Builder& b, const std::vector<int>& cells, int inward) {
  std::vector<uint8_t>& fixed = b.fixed();
  size_t lo = 0, hi = cells.size() - 1;
  while (hi - lo > 1) {
    const int cost_lo = b.piece_cost(cells[lo], cells[lo]);
    const int cost_hi = hi - lo < kCompareEnds ? b.piece_cost(cells[hi], cells[hi]) : -1;
    if (b.stopped()) return false;
    const int cell = cost_hi >= 0 && (cost_lo < 0 || cost_hi < cost_lo) ? cells[hi--] : cells[lo++];
    if (!b.place_piece(cell, cell)) return false;
    fixed[cell] = 1;
  }
  const int a = cells[lo], last = cells[hi];
  if (b.where(a) != a || b.where(last) != last) {
    if (!b.place_piece(last, a)) return false;
    fixed[a] = 1;
    bool direct = b.place_piece(a, a + inward);
    if (direct) {
      fixed[a + inward] = 1;
      direct = b.route_blank(last, -1, -1);
      fixed[a + inward] = 0;
    }
    fixed[a] = 0;
    if (b.stopped()) return false;
    if (direct) {
      b.step(a);
      b.step(a + inward);
    } else {
      const std::vector<int> window{
          a, last, a + inward, last + inward, a + 2 * inward, last + 2 * inward};
      if (!b.solve_window_pair(a, last, window)) return false;
    }
  }
  fixed[a] = fixed[last] = 1;
  return true;
}

// Depth-first search of the IDA* iteration with `bound` over the free cells; `path` collects the
// blank's cells. True when solved (the board is then left solved), else `next` lowered to the
// least f past the bound.
bool remainder_dfs(Builder& b, int depth, int h, int bound, int prev, std::vector<int>& path,
                   int& next) {
  if (depth + h > bound) {
    next = std::min(next, depth + h);
    return false;
  }
  if (h == 0) return true;
  if (!b.count_node()) return false;
  Grid& g = b.grid();
  const std::vector<uint8_t>& fixed = b.fixed();
  for (int s = 0; s < 4; ++s) {
    const int from = g.blank, to = g.target(from, static_cast<Dir>(s));
    if (to < 0 || to == prev || fixed[to]) continue;
    const int label = g.cells[to];
    const int dh = grid_distance(from, label, g.cols) - grid_distance(to, label, g.cols);
    g.slide(to);
    path.push_back(to);
    if (remainder_dfs(b, depth + 1, h + dh, bound, from, path, next)) return true;
    path.pop_back();
    g.slide(from);
    if (b.stopped()) return false;
  }
  return false;
}

// Solves the free cells left (at most 3×3) by IDA* with the Manhattan distance: optimal there.
bool solve_remainder(Builder& b) {
  Grid& g = b.grid();
  int h = 0;
  for (int c = 0; c < g.size(); ++c)
    if (!b.fixed()[c] && c != g.blank) h += grid_distance(c, g.cells[c], g.cols);
  std::vector<int> path;
  const int start_blank = g.blank;
  for (int bound = h;;) {
    int next = INT_MAX;
    if (remainder_dfs(b, 0, h, bound, -1, path, next)) break;
    if (b.stopped() || next == INT_MAX) return false;
    bound = next;
  }
  for (size_t i = path.size(); i-- > 0;) g.slide(i > 0 ? path[i - 1] : start_blank);
  for (int cell : path) b.step(cell);
  return true;
}

// The cells of a region's edge line, in placing order.
std::vector<int> line_cells(const Grid& g, int row, int col, int count, int along) {
  std::vector<int> cells(count);
  for (int i = 0; i < count; ++i) cells[i] = g.cols * row + col + i * along;
  return cells;
}

// Peels lines off the region (the longer side first, away from the blank's goal cell) until at
// most 3×3 cells are left around the blank's goal cell, then solves those.
bool peel_and_finish(Builder& b) {
  Grid& g = b.grid();
  const int goal_row = g.row(g.blank_goal()), goal_col = g.col(g.blank_goal());
  Region r{0, g.rows, 0, g.cols};
  for (;;) {
    const int height = r.r1 - r.r0, width = r.c1 - r.c0;
    if (height > 3 && (height >= width || width <= 3)) {
      const bool top = goal_row - r.r0 >= r.r1 - 1 - goal_row;
      const int row = top ? r.r0 : r.r1 - 1;
      if (!peel_line(b, line_cells(g, row, r.c0, width, 1), top ? g.cols : -g.cols)) return false;
      (top ? r.r0 : r.r1) += top ? 1 : -1;
    } else if (width > 3) {
      const bool left = goal_col - r.c0 >= r.c1 - 1 - goal_col;
      const int col = left ? r.c0 : r.c1 - 1;
      if (!peel_line(b, line_cells(g, r.r0, col, height, g.cols), left ? 1 : -1)) return false;
      (left ? r.c0 : r.c1) += left ? 1 : -1;
    } else {
      return solve_remainder(b);
    }
  }
}

// True when `moves` are legal from `start` and lead to the goal.
bool replays(const Grid& start, const std::vector<Dir>& moves) {
  Grid g = start;
  for (Dir d : moves)
    if (!g.move(d)) return false;
  return g.solved();
}

}  // namespace

SearchResult solve_realtime(const Grid& start, const Limits& limits) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  auto finish = [&](Outcome outcome) {
    result.outcome = outcome;
    result.stats.seconds = taquin::detail::seconds_since(started);
    return result;
  };
  if (!solvable(start)) return finish(Outcome::Unsolvable);
  Grid g = start;
  std::vector<Dir> moves;
  Builder b(g, moves, limits);
  const bool done = peel_and_finish(b);
  result.stats.nodes_expanded = b.nodes();
  if (!done) {
    if (!b.stopped()) throw std::logic_error("solve_realtime: no way found on a solvable board");
    return finish(*b.stopped());
  }
  std::vector<Dir> polished = remove_loops(start, moves);
  result.moves = replays(start, polished) ? std::move(polished) : std::move(moves);
  return finish(Outcome::Solved);
}

}  // namespace taquin::shape
