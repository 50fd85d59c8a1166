// Exhaustive BFS of small boards of any shape over a rank-indexed array of distances.
#include "shape/explore.hpp"

#include <array>
#include <cstring>
#include <span>
#include <string>

namespace taquin::shape {
namespace {

// The moves of the blank on a small board: the cells it reaches from each cell.
struct Moves {
  int cells = 0;
  std::array<std::array<uint8_t, 4>, kMaxExploreCells> target{};
  std::array<uint8_t, kMaxExploreCells> count{};

  Moves(int rows, int cols) : cells(rows * cols) {
    const Grid g = Grid::identity(rows, cols, 0);
    for (int c = 0; c < cells; ++c)
      for (Dir d : {Dir::Up, Dir::Down, Dir::Left, Dir::Right})
        if (const int t = g.target(c, d); t >= 0) target[c][count[c]++] = static_cast<uint8_t>(t);
  }
};

// Ranks of children waiting for their check against the array, each prefetched when queued so
// that the cache misses of several overlap.
class Pending {
 public:
  Pending(std::vector<uint8_t>& dist, uint8_t depth) : dist_(dist), depth_(depth) {}

  // Queues `rank` (a state at `depth`, unless reached before); checks the queue when full.
  void push(uint64_t rank) {
    __builtin_prefetch(dist_.data() + rank, 1);
    ranks_[size_++] = rank;
    if (size_ == ranks_.size()) flush();
  }

  // Marks every queued state not reached before; returns how many states it has marked so far.
  uint64_t flush() {
    for (size_t i = 0; i < size_; ++i) {
      uint8_t& d = dist_[ranks_[i]];
      if (d != kShapeUnreached) continue;
      d = depth_;
      ++marked_;
    }
    size_ = 0;
    return marked_;
  }

 private:
  std::vector<uint8_t>& dist_;
  uint8_t depth_;
  std::array<uint64_t, 64> ranks_{};
  size_t size_ = 0;
  uint64_t marked_ = 0;
};

// Expands every state at `depth` (found by a scan of the array); returns how many states it
// reached at depth + 1.
uint64_t expand_layer(std::vector<uint8_t>& dist, const Moves& moves, int blank_goal,
                      uint8_t depth) {
  const int n = moves.cells;
  Pending pending(dist, static_cast<uint8_t>(depth + 1));
  std::array<uint8_t, kMaxExploreCells> cells{};
  const std::span<uint8_t> perm(cells.data(), static_cast<size_t>(n));
  const uint8_t* const begin = dist.data();
  const uint8_t* const end = begin + dist.size();
  for (const uint8_t* p = begin; p < end; ++p) {
    p = static_cast<const uint8_t*>(std::memchr(p, depth, static_cast<size_t>(end - p)));
    if (p == nullptr) break;
    unrank_permutation(static_cast<uint64_t>(p - begin), perm);
    int blank = 0;
    while (cells[blank] != blank_goal) ++blank;
    for (int k = 0; k < moves.count[blank]; ++k) {
      const int t = moves.target[blank][k];
      std::swap(cells[blank], cells[t]);
      pending.push(rank_permutation(perm));
      std::swap(cells[blank], cells[t]);
    }
  }
  return pending.flush();
}

}  // namespace

uint64_t grid_rank(const Grid& g) {
  std::array<uint8_t, kMaxRankItems> cells{};
  for (int c = 0; c < g.size(); ++c) cells[c] = static_cast<uint8_t>(g.cells[c]);
  return rank_permutation(std::span<const uint8_t>(cells.data(), static_cast<size_t>(g.size())));
}

Grid grid_of_rank(uint64_t rank, int rows, int cols, int blank_goal) {
  Grid g = Grid::identity(rows, cols, 0);
  std::array<uint8_t, kMaxRankItems> cells{};
  unrank_permutation(rank, std::span<uint8_t>(cells.data(), static_cast<size_t>(g.size())));
  for (int c = 0; c < g.size(); ++c) {
    g.cells[c] = cells[c];
    if (cells[c] == blank_goal) g.blank = c;
  }
  return g;
}

Expected<std::vector<uint8_t>> all_distances_shape(int rows, int cols, int blank_goal) {
  const std::string size = std::to_string(rows) + "x" + std::to_string(cols);
  if (rows < kMinDim || cols < kMinDim || rows > kMaxDim || cols > kMaxDim)
    return Error{"explore", 0, "a " + size + " board is not a board (2 to 100 rows and columns)"};
  const int n = rows * cols;
  if (blank_goal < 0 || blank_goal >= n)
    return Error{"explore", 0,
                 "blank cell " + std::to_string(blank_goal) + " is off the " + size + " board"};
  if (n > kMaxExploreCells) {
    std::string states =
        n <= kMaxRankItems ? std::to_string(factorial(n)) : std::to_string(n) + "!";
    return Error{"explore", 0,
                 "a " + size + " board has " + states + " states (" + std::to_string(n) +
                     "!), more than the " + std::to_string(factorial(kMaxExploreCells)) +
                     " an exhaustive search covers"};
  }
  const Moves moves(rows, cols);
  std::vector<uint8_t> dist(factorial(n), kShapeUnreached);
  dist[grid_rank(Grid::identity(rows, cols, blank_goal))] = 0;
  for (uint8_t depth = 0; depth < kShapeUnreached - 1; ++depth)
    if (expand_layer(dist, moves, blank_goal, depth) == 0) break;
  return dist;
}

std::vector<uint64_t> counts_by_depth(const std::vector<uint8_t>& distances) {
  std::vector<uint64_t> counts;
  for (uint8_t d : distances) {
    if (d == kShapeUnreached) continue;
    if (d >= counts.size()) counts.resize(d + 1u, 0);
    ++counts[d];
  }
  return counts;
}

}  // namespace taquin::shape
