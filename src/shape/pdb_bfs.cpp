// A group's pattern database on a board of any shape: a 0-1 BFS over (placement, blank region).
#include "shape/pdb_bfs.hpp"

#include <array>
#include <bit>

#include "core/rank.hpp"
#include "shape/huge_pages.hpp"

namespace taquin::shape {
namespace {

// Cell sets of the board as bit masks.
struct Geometry {
  int cols = 0;
  int cells = 0;
  uint64_t all = 0;                              // every cell
  uint64_t not_first_col = 0;                    // cells outside column 0
  uint64_t not_last_col = 0;                     // cells outside the last column
  std::array<uint64_t, kMaxPdbCells> next_to{};  // the neighbours of each cell

  Geometry(int rows, int cols_) : cols(cols_), cells(rows * cols_) {
    all = (uint64_t{1} << cells) - 1;
    for (int c = 0; c < cells; ++c) {
      const uint64_t bit = uint64_t{1} << c;
      if (c % cols != 0) not_first_col |= bit;
      if (c % cols != cols - 1) not_last_col |= bit;
    }
    for (int c = 0; c < cells; ++c) next_to[c] = grow(uint64_t{1} << c) & ~(uint64_t{1} << c);
  }

  // `set` and the cells next to it.
  uint64_t grow(uint64_t set) const {
    return (set | ((set << 1) & not_first_col) | ((set >> 1) & not_last_col) | (set << cols) |
            (set >> cols)) &
           all;
  }

  // The cells of `free` connected to `cell` through `free` (the blank's region).
  uint64_t region(int cell, uint64_t free) const {
    uint64_t set = uint64_t{1} << cell, before = 0;
    while (set != before) {
      before = set;
      set = grow(set) & free;
    }
    return set;
  }
};

// Ranks of placements of k tiles on the board's cells: rank_placement (core/rank.hpp) as a sum of
// digits times weights, the digits independent of one another.
struct Ranker {
  int k = 0;
  std::array<uint64_t, kMaxPdbCells> weight{};  // product of the radices after each digit

  Ranker(int cells, int k_) : k(k_) {
    for (int i = 0; i < k; ++i) weight[i] = placement_count(cells - i - 1, k - i - 1);
  }

  uint64_t operator()(const std::array<uint8_t, kMaxPdbCells>& pos) const {
    uint64_t index = 0, seen = 0;
    for (int i = 0; i < k; ++i) {
      const uint64_t bit = uint64_t{1} << pos[i];
      index += weight[i] * static_cast<uint64_t>(pos[i] - std::popcount(seen & (bit - 1)));
      seen |= bit;
    }
    return index;
  }
};

// A state reached by one move of a group tile, waiting for its check: its placement's rank, the
// blank's cell (where the tile came from) and the cells the group's tiles cover.
struct Candidate {
  uint64_t rank;
  uint64_t covered;
  int blank;
};

// A frontier entry: a placement's rank and the blank's cell, (rank << kCellBits) | cell.
constexpr int kCellBits = 5;

// The search's word per placement: the blank cells whose regions it has reached in the low bits
// (bit c: cell c), the placement's depth in the top byte (0 while unreached). Word is uint32_t for
// boards of up to kValueShift cells, uint64_t above.
template <typename Word>
constexpr int kValueShift = sizeof(Word) * 8 - 8;

// One layer of the search: the states first reached at `depth` + 1 from those at `depth`.
template <typename Word>
class Layer {
 public:
  Layer(const Geometry& geo, const Ranker& ranker, std::vector<Word>& seen,
        std::vector<uint64_t>& next, uint8_t depth)
      : geo_(geo), ranker_(ranker), seen_(seen), next_(next), depth_(depth) {}

  // Expands the state `entry` of a placement of k tiles.
  void expand(uint64_t entry) {
    const int k = ranker_.k;
    const uint64_t rank = entry >> kCellBits;
    const int blank = static_cast<int>(entry & ((1u << kCellBits) - 1));
    std::array<uint8_t, kMaxPdbCells> pos{};
    const uint64_t covered = unrank_placement(rank, geo_.cells, k, pos);
    const uint64_t region = geo_.region(blank, geo_.all & ~covered);
    for (int i = 0; i < k; ++i) {
      const uint8_t from = pos[i];
      for (uint64_t to = geo_.next_to[from] & region; to != 0; to &= to - 1) {
        const int cell = std::countr_zero(to);
        pos[i] = static_cast<uint8_t>(cell);
        const uint64_t child = ranker_(pos);
        push({child, covered ^ (uint64_t{1} << from) ^ (uint64_t{1} << cell), from});
      }
      pos[i] = from;
    }
  }

  // Checks the candidates still queued.
  void flush() {
    for (size_t i = 0; i < size_; ++i) visit(queue_[i]);
    size_ = 0;
  }

 private:
  // Queues `c`, its entry prefetched; checks the queue when full.
  void push(const Candidate& c) {
    __builtin_prefetch(seen_.data() + c.rank, 1);
    queue_[size_++] = c;
    if (size_ == queue_.size()) flush();
  }

  // Records `c` and its whole region at depth + 1 unless its region was reached before.
  void visit(const Candidate& c) {
    Word& seen = seen_[c.rank];
    if ((seen >> c.blank) & 1u) return;
    if (seen == 0) seen = static_cast<Word>(depth_ + 1) << kValueShift<Word>;
    seen |= static_cast<Word>(geo_.region(c.blank, geo_.all & ~c.covered));
    next_.push_back((c.rank << kCellBits) | static_cast<uint64_t>(c.blank));
  }

  const Geometry& geo_;
  const Ranker& ranker_;
  std::vector<Word>& seen_;
  std::vector<uint64_t>& next_;
  uint8_t depth_;
  std::array<Candidate, 32> queue_{};
  size_t size_ = 0;
};

// build_group_table with the search's words of type Word.
template <typename Word>
std::vector<uint8_t> build_table(const Geometry& geo, std::span<const uint8_t> group,
                                 int blank_goal) {
  const int k = static_cast<int>(group.size());
  const Ranker ranker(geo.cells, k);
  std::array<uint8_t, kMaxPdbCells> pos{};
  uint64_t covered = 0;
  for (int i = 0; i < k; ++i) {
    pos[i] = group[i];
    covered |= uint64_t{1} << group[i];
  }
  std::vector<Word> seen;
  assign_on_huge_pages(seen, placement_count(geo.cells, k), Word{0});
  const uint64_t start = ranker(pos);
  seen[start] = static_cast<Word>(geo.region(blank_goal, geo.all & ~covered));
  std::vector<uint64_t> layer{(start << kCellBits) | static_cast<uint64_t>(blank_goal)};
  std::vector<uint64_t> next;
  for (uint8_t depth = 0; !layer.empty(); ++depth) {
    next.clear();
    Layer<Word> expansion(geo, ranker, seen, next, depth);
    for (uint64_t entry : layer) expansion.expand(entry);
    expansion.flush();
    layer.swap(next);
  }
  std::vector<uint8_t> table(seen.size());
  for (size_t i = 0; i < seen.size(); ++i)
    table[i] =
        seen[i] == 0 ? kUnreachedPlacement : static_cast<uint8_t>(seen[i] >> kValueShift<Word>);
  return table;
}

}  // namespace

std::vector<uint8_t> build_group_table(int rows, int cols, std::span<const uint8_t> group,
                                       int blank_goal) {
  const Geometry geo(rows, cols);
  if (geo.cells <= kValueShift<uint32_t>) return build_table<uint32_t>(geo, group, blank_goal);
  return build_table<uint64_t>(geo, group, blank_goal);
}

}  // namespace taquin::shape
