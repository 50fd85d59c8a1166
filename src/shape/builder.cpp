// The real-time solver's small searches: the blank's way, the A* of one piece over (cell, blank
// side), and the BFS that brings the last two pieces of a line home inside a small window.
#include "shape/builder.hpp"

#include <algorithm>
#include <array>
#include <functional>

namespace taquin::shape::detail {
namespace {

constexpr int kRowStep[4] = {-1, 1, 0, 0};  // Up, Down, Left, Right
constexpr int kColStep[4] = {0, 0, -1, 1};
constexpr int kSpan = kMaxDim - 1;     // largest offset between two cells on an axis
constexpr int kWidth = 2 * kSpan + 1;  // offsets per axis in the plane table
constexpr int kLocal = 2;              // the blank's detours stay this close to the piece

// Least moves that bring a piece from offset (dr, dc) of its target, the blank on `side` of it,
// to the target on an endless board with no fixed cell: a lower bound of the moves on any board.
// Computed once, by Dijkstra over (offset, side) (piece steps cost 1, the blank's way to a
// perpendicular side 2, to the opposite side 4).
const std::vector<uint16_t>& plane_table() {
  static const std::vector<uint16_t> table = [] {
    std::vector<uint16_t> cost(static_cast<size_t>(kWidth) * kWidth * 4, UINT16_MAX);
    std::vector<std::vector<int>> buckets(1);
    for (int s = 0; s < 4; ++s) {
      const int state = (kSpan * kWidth + kSpan) * 4 + s;
      cost[state] = 0;
      buckets[0].push_back(state);
    }
    for (size_t d = 0; d < buckets.size(); ++d) {
      for (size_t i = 0; i < buckets[d].size(); ++i) {
        const int state = buckets[d][i];
        if (cost[state] != d) continue;
        const int side = state % 4, at = state / 4;
        const int dr = at / kWidth - kSpan + kRowStep[side];
        const int dc = at % kWidth - kSpan + kColStep[side];
        auto relax = [&](int next, size_t c) {
          if (cost[next] <= c) return;
          cost[next] = static_cast<uint16_t>(c);
          if (buckets.size() <= c) buckets.resize(c + 1);
          buckets[c].push_back(next);
        };
        if (std::abs(dr) <= kSpan && std::abs(dc) <= kSpan)
          relax(((dr + kSpan) * kWidth + dc + kSpan) * 4 + (side ^ 1), d + 1);
        for (int s = 0; s < 4; ++s)
          if (s != side) relax(at * 4 + s, d + ((s ^ 1) == side ? 4 : 2));
      }
    }
    return cost;
  }();
  return table;
}

// A* open-list entry: f, then the larger g first, then the state.
uint64_t pack(int f, int g, int state) {
  return (static_cast<uint64_t>(f) << 40) | (static_cast<uint64_t>(0xFFFFF - g) << 20) |
         static_cast<uint64_t>(state);
}

}  // namespace

Builder::Builder(Grid& grid, std::vector<Dir>& moves, const Limits& limits)
    : g_(grid),
      moves_(moves),
      watch_(limits, taquin::detail::kBestFirstCheckInterval),
      fixed_(grid.size(), 0),
      where_(grid.size()),
      row_(grid.size()),
      col_(grid.size()),
      bdist_(grid.size()),
      bparent_(grid.size()),
      bstamp_(grid.size(), 0),
      cost_(grid.size() * 4),
      parent_(grid.size() * 4),
      stamp_(grid.size() * 4, 0) {
  for (int c = 0; c < g_.size(); ++c) {
    where_[g_.cells[c]] = c;
    row_[c] = static_cast<int16_t>(g_.row(c));
    col_[c] = static_cast<int16_t>(g_.col(c));
  }
  queue_.reserve(grid.size());
  (void)plane_table();
}

int Builder::move_cost(int blank, int to) const {
  const int label = g_.cells[to];
  return kStep + kBias * (distance(blank, label) - distance(to, label));
}

int Builder::distance(int a, int b) const {
  return std::abs(row_[a] - row_[b]) + std::abs(col_[a] - col_[b]);
}

int Builder::neighbour(int cell, int side) const {
  switch (side) {
    case 0:
      return row_[cell] > 0 ? cell - g_.cols : -1;
    case 1:
      return row_[cell] < g_.rows - 1 ? cell + g_.cols : -1;
    case 2:
      return col_[cell] > 0 ? cell - 1 : -1;
    default:
      return col_[cell] < g_.cols - 1 ? cell + 1 : -1;
  }
}

void Builder::step(int to) {
  const int from = g_.blank;
  Dir d = Dir::Right;
  if (to == from - g_.cols)
    d = Dir::Up;
  else if (to == from + g_.cols)
    d = Dir::Down;
  else if (to == from - 1)
    d = Dir::Left;
  const int label = g_.cells[to];
  g_.slide(to);
  where_[label] = from;
  where_[g_.cells[to]] = to;
  moves_.push_back(d);
}

bool Builder::count_node() {
  if (stop_) return false;
  if (++nodes_ >= watch_.next_check()) stop_ = watch_.check(nodes_);
  return !stop_;
}

// Cheapest ways of the blank (move_cost) over free cells other than avoid_a/avoid_b, by Dial's
// buckets, until `need` of the `count` targets are settled; false when a limit stopped it.
bool Builder::blank_search(int avoid_a, int avoid_b, const int* targets, int count, int need) {
  searched_ = {};  // the piece search's first leg is gone
  ++bgen_;
  for (std::vector<int>& bucket : ring_) bucket.clear();
  const int start = g_.blank;
  bstamp_[start] = bgen_;
  bdist_[start] = 0;
  bparent_[start] = -1;
  ring_[0].push_back(start);
  auto is_target = [&](int c) { return std::find(targets, targets + count, c) != targets + count; };
  int found = 0;
  size_t pending = 1;
  for (int d = 0; pending > 0; ++d) {
    std::vector<int>& bucket = ring_[d % kRing];
    for (size_t i = 0; i < bucket.size(); ++i) {
      const int c = bucket[i];
      if (bdist_[c] != d) continue;
      if (is_target(c) && ++found >= need) return true;
      if (!count_node()) return false;
      for (int s = 0; s < 4; ++s) {
        const int n = neighbour(c, s);
        if (n < 0 || fixed_[n] || n == avoid_a || n == avoid_b) continue;
        const int nd = d + move_cost(c, n);
        if (bstamp_[n] == bgen_ && bdist_[n] <= nd) continue;
        bstamp_[n] = bgen_;
        bdist_[n] = nd;
        bparent_[n] = c;
        ring_[nd % kRing].push_back(n);
        ++pending;
      }
    }
    pending -= bucket.size();
    bucket.clear();
  }
  return true;
}

// Moves the blank along the tree of blank_search() to `to` (stamped).
void Builder::emit_blank_path(int to) {
  queue_.clear();
  for (int c = to; c != g_.blank; c = bparent_[c]) queue_.push_back(c);
  for (auto it = queue_.rbegin(); it != queue_.rend(); ++it) step(*it);
}

bool Builder::route_blank(int target, int avoid_a, int avoid_b) {
  if (!blank_search(avoid_a, avoid_b, &target, 1, 1) || bstamp_[target] != bgen_) return false;
  emit_blank_path(target);
  return true;
}

// Distances of the blank from `from` to the free cells of the 5×5 window around `piece` without
// crossing it (ldist_, -1 when unreached; lparent_ for the way back).
void Builder::local_distances(int piece, int from) {
  constexpr int kSide = 2 * kLocal + 1, kCells = kSide * kSide;
  const int pr = row_[piece], pc = col_[piece];
  bool open[kCells];
  for (int li = 0; li < kCells; ++li) {
    const int r = pr + li / kSide - kLocal, c = pc + li % kSide - kLocal;
    ldist_[li] = -1;
    open[li] = r >= 0 && r < g_.rows && c >= 0 && c < g_.cols;
    if (!open[li]) continue;
    lcell_[li] = r * g_.cols + c;
    open[li] = !fixed_[lcell_[li]] && lcell_[li] != piece;
  }
  int queue[kCells], head = 0, size = 0;
  bool queued[kCells] = {};
  const int start = (row_[from] - pr + kLocal) * kSide + col_[from] - pc + kLocal;
  ldist_[start] = 0;
  lparent_[start] = -1;
  queue[size++] = start;
  queued[start] = true;
  while (size > 0) {  // label-correcting: few cells, small costs
    const int li = queue[head];
    head = (head + 1) % kCells;
    --size;
    queued[li] = false;
    const int lr = li / kSide, lc = li % kSide;
    const int next[4] = {lr > 0 ? li - kSide : -1, lr < kSide - 1 ? li + kSide : -1,
                         lc > 0 ? li - 1 : -1, lc < kSide - 1 ? li + 1 : -1};
    for (int ln : next) {
      if (ln < 0 || !open[ln]) continue;
      const int nd = ldist_[li] + move_cost(lcell_[li], lcell_[ln]);
      if (ldist_[ln] >= 0 && ldist_[ln] <= nd) continue;
      ldist_[ln] = nd;
      lparent_[ln] = li;
      if (!queued[ln]) {
        queue[(head + size++) % kCells] = ln;
        queued[ln] = true;
      }
    }
  }
}

// Moves the blank around `piece` to its neighbouring cell `to` by the local search's way.
void Builder::emit_local_path(int piece, int to) {
  local_distances(piece, g_.blank);
  int li = (row_[to] - row_[piece] + kLocal) * (2 * kLocal + 1) + col_[to] - col_[piece] + kLocal;
  int path[25], n = 0;
  for (; lparent_[li] >= 0; li = lparent_[li]) path[n++] = lcell_[li];
  while (n > 0) step(path[--n]);
}

int Builder::piece_cost(int label, int target) {
  const int goal = search_piece(label, target);
  return goal == kHome ? 0 : goal < 0 ? -1 : cost_[goal];
}

bool Builder::place_piece(int label, int target) {
  int goal = searched_ == Searched{label, target, moves_.size()} ? searched_goal_ : -2;
  if (goal == -2) goal = search_piece(label, target);
  if (goal == kHome) return true;
  if (goal < 0) return false;
  emit_piece_path(goal);
  return true;
}

// The A* of piece `label` to `target`: the goal state reached (its way in parent_, the blank's
// way to the first side in the blank's search), kHome when the piece is there, -1 when there is
// no way or a limit stopped it.
int Builder::search_piece(int label, int target) {
  const int start = where_[label];
  if (start == target) {
    searched_ = {label, target, moves_.size()};
    return searched_goal_ = kHome;
  }
  int sides[4], count = 0;
  for (int s = 0; s < 4; ++s) {
    const int n = neighbour(start, s);
    if (n >= 0 && !fixed_[n]) sides[count++] = n;
  }
  if (!blank_search(start, -1, sides, count, count)) return -1;
  searched_ = {label, target, moves_.size()};
  searched_goal_ = -1;
  const std::vector<uint16_t>& plane = plane_table();
  const int tr = g_.row(target), tc = g_.col(target);
  ++gen_;
  open_.clear();
  auto push = [&](int state, int g, int parent) {
    if (stamp_[state] == gen_ && cost_[state] <= g) return;
    stamp_[state] = gen_;
    cost_[state] = g;
    parent_[state] = parent;
    const int cell = state / 4;
    const int dr = row_[cell] - tr + kSpan, dc = col_[cell] - tc + kSpan;
    open_.push_back(pack(g + kStep * plane[(dr * kWidth + dc) * 4 + state % 4], g, state));
    std::push_heap(open_.begin(), open_.end(), std::greater<>());
  };
  for (int s = 0; s < 4; ++s) {
    const int n = neighbour(start, s);
    if (n >= 0 && !fixed_[n] && bstamp_[n] == bgen_) push(start * 4 + s, bdist_[n], -1);
  }
  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), std::greater<>());
    const uint64_t top = open_.back();
    open_.pop_back();
    const int state = static_cast<int>(top & 0xFFFFF);
    const int g = 0xFFFFF - static_cast<int>((top >> 20) & 0xFFFFF);
    if (cost_[state] != g) continue;
    const int cell = state / 4, side = state % 4;
    if (cell == target) return searched_goal_ = state;
    if (!count_node()) return -1;
    const int blank = neighbour(cell, side);
    const int piece_step = kStep + kBias * (distance(blank, label) - distance(cell, label));
    push(blank * 4 + (side ^ 1), g + piece_step, state);
    local_distances(cell, blank);
    for (int s = 0; s < 4; ++s) {
      const int n = neighbour(cell, s);
      if (s == side || n < 0 || fixed_[n]) continue;
      const int li =
          (row_[n] - row_[cell] + kLocal) * (2 * kLocal + 1) + col_[n] - col_[cell] + kLocal;
      if (ldist_[li] > 0) push(cell * 4 + s, g + ldist_[li], state);
    }
  }
  return -1;
}

// Plays the A* path that ends in `goal_state`: the blank's way to the first side, then the
// piece's steps and the blank's detours around it.
void Builder::emit_piece_path(int goal_state) {
  chain_.clear();
  for (int s = goal_state; s >= 0; s = parent_[s]) chain_.push_back(s);
  std::reverse(chain_.begin(), chain_.end());
  emit_blank_path(neighbour(chain_[0] / 4, chain_[0] % 4));
  for (size_t i = 1; i < chain_.size(); ++i) {
    const int prev = chain_[i - 1] / 4, cell = chain_[i] / 4;
    if (cell == prev) {
      emit_local_path(cell, neighbour(cell, chain_[i] % 4));
    } else {
      step(prev);
    }
  }
}

bool Builder::solve_window_pair(int a, int b, const std::vector<int>& window) {
  const int n = static_cast<int>(window.size());
  if (!blank_search(where_[a], where_[b], window.data(), n, 1)) return false;
  int entry = -1;
  for (int c : window)
    if (bstamp_[c] == bgen_ && (entry < 0 || bdist_[c] < bdist_[entry])) entry = c;
  if (entry < 0) return false;
  emit_blank_path(entry);
  auto index = [&](int cell) {
    return static_cast<int>(std::find(window.begin(), window.end(), cell) - window.begin());
  };
  // Breadth-first search over (a's, b's, the blank's index in the window).
  std::array<int, 512> parent;
  parent.fill(-2);
  const int first = (index(where_[a]) * n + index(where_[b])) * n + index(g_.blank);
  const int goal_a = index(a), goal_b = index(b);
  int queue[512], head = 0, tail = 0, goal = -1;
  parent[first] = -1;
  queue[tail++] = first;
  while (head < tail && goal < 0) {
    const int st = queue[head++];
    if (!count_node()) return false;
    const int ia = st / (n * n), ib = st / n % n, iz = st % n;
    if (ia == goal_a && ib == goal_b) goal = st;
    for (int j = 0; j < n && goal < 0; ++j) {
      if (grid_distance(window[iz], window[j], g_.cols) != 1) continue;
      const int na = ia == j ? iz : ia, nb = ib == j ? iz : ib;
      const int next = (na * n + nb) * n + j;
      if (parent[next] != -2) continue;
      parent[next] = st;
      queue[tail++] = next;
    }
  }
  if (goal < 0) return false;
  int path[512], len = 0;
  for (int st = goal; parent[st] >= 0; st = parent[st]) path[len++] = window[st % n];
  while (len > 0) step(path[--len]);
  return true;
}

}  // namespace taquin::shape::detail
