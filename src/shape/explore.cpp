// Exhaustive BFS of small boards of any shape over a rank-indexed array of distances.
#include "shape/explore.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <string>

#include "core/huge_pages.hpp"

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

// Lexicographic ranks of the permutations of n ≤ kMaxExploreCells items (rank_permutation's):
// unranked by two table lookups (the digits of the rank's low and high parts), and re-ranked after
// a swap from the digits the swap changes.
class Permutations {
 public:
  using Items = std::array<uint8_t, kMaxExploreCells>;

  explicit Permutations(int n) : n_(n), low_(std::min(n, 7)) {
    for (int i = 0; i < n; ++i) weight_[i] = static_cast<uint32_t>(factorial(n - 1 - i));
    low_count_ = static_cast<uint32_t>(factorial(low_));
    fill(low_digits_, n - low_, low_, low_count_);
    fill(high_digits_, 0, n - low_, static_cast<uint32_t>(factorial(n) / low_count_));
  }

  // The digits and items of the permutation of rank `rank`.
  void unrank(uint32_t rank, Items& digits, Items& items) const {
    const int high = n_ - low_;
    const uint32_t q = rank / low_count_, r = rank % low_count_;
    if (high > 0)  // boards of at most 7 cells have no high digits (an empty table)
      std::memcpy(digits.data(), high_digits_.data() + size_t{q} * high, static_cast<size_t>(high));
    std::memcpy(digits.data() + high, low_digits_.data() + size_t{r} * low_,
                static_cast<size_t>(low_));
    uint64_t free = (uint64_t{1} << n_) - 1;
    for (int i = 0; i < n_; ++i) {
      items[i] = static_cast<uint8_t>(select_bit(free, digits[i]));
      free &= ~(uint64_t{1} << items[i]);
    }
  }

  // The rank of `items` (digits `digits`, rank `rank`) with items a < b swapped: only the digits
  // of positions a to b change.
  uint32_t swapped(uint32_t rank, const Items& digits, const Items& items, int a, int b) const {
    uint64_t before = 0;  // the items before position a
    for (int i = 0; i < a; ++i) before |= uint64_t{1} << items[i];
    int64_t delta = 0;
    for (int i = a; i <= b; ++i) {
      const int item = i == a ? items[b] : i == b ? items[a] : items[i];
      const uint64_t bit = uint64_t{1} << item;
      const int digit = item - std::popcount(before & (bit - 1));
      delta += static_cast<int64_t>(weight_[i]) * (digit - digits[i]);
      before |= bit;
    }
    return static_cast<uint32_t>(static_cast<int64_t>(rank) + delta);
  }

 private:
  // Writes the `count` digit strings of positions [first, first + len) in rank order.
  void fill(std::vector<uint8_t>& table, int first, int len, uint32_t count) const {
    table.resize(size_t{count} * len);
    for (uint32_t v = 0; v < count; ++v) {
      uint32_t rest = v;
      for (int i = len - 1; i >= 0; --i) {
        const auto radix = static_cast<uint32_t>(n_ - first - i);
        table[size_t{v} * len + i] = static_cast<uint8_t>(rest % radix);
        rest /= radix;
      }
    }
  }

  int n_;
  int low_;  // digits in the low part
  uint32_t low_count_ = 1;
  std::array<uint32_t, kMaxExploreCells> weight_{};
  std::vector<uint8_t> low_digits_, high_digits_;
};

// Expands every state at `depth` (found by a scan of the array); returns how many states it
// reached at depth + 1.
uint64_t expand_layer(std::vector<uint8_t>& dist, const Moves& moves, const Permutations& perms,
                      int blank_goal, uint8_t depth) {
  Pending pending(dist, static_cast<uint8_t>(depth + 1));
  Permutations::Items digits{}, cells{};
  const uint8_t* const begin = dist.data();
  const uint8_t* const end = begin + dist.size();
  for (const uint8_t* p = begin; p < end; ++p) {
    p = static_cast<const uint8_t*>(std::memchr(p, depth, static_cast<size_t>(end - p)));
    if (p == nullptr) break;
    const auto rank = static_cast<uint32_t>(p - begin);
    perms.unrank(rank, digits, cells);
    int blank = 0;
    while (cells[blank] != blank_goal) ++blank;
    for (int k = 0; k < moves.count[blank]; ++k) {
      const int t = moves.target[blank][k];
      pending.push(perms.swapped(rank, digits, cells, std::min(blank, t), std::max(blank, t)));
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
  const Permutations perms(n);
  std::vector<uint8_t> dist;
  assign_on_huge_pages(dist, factorial(n), kShapeUnreached);
  dist[grid_rank(Grid::identity(rows, cols, blank_goal))] = 0;
  for (uint8_t depth = 0; depth < kShapeUnreached - 1; ++depth)
    if (expand_layer(dist, moves, perms, blank_goal, depth) == 0) break;
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
