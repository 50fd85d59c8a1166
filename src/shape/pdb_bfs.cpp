// A group's pattern database on a board of any shape: a 0-1 BFS over (placement, blank region).
#include "shape/pdb_bfs.hpp"

#include <array>
#include <bit>

#include "core/huge_pages.hpp"
#include "core/rank.hpp"
#include "shape/pdb.hpp"

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

// Bits of a tile's cell in a packed placement (Entry): kMaxPdbCells cells. A group has at most
// 11 tiles (kMaxGroupPlacements placements: 12!/1! on 12 cells, fewer tiles on more), 55 bits.
constexpr int kCellBits = 5;
constexpr uint64_t kCellMask = (uint64_t{1} << kCellBits) - 1;

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

  // The rank of the placement packed in `cells` (see Entry).
  uint64_t operator()(uint64_t cells) const {
    uint64_t index = 0, seen = 0;
    for (int i = 0; i < k; ++i, cells >>= kCellBits) {
      const int cell = static_cast<int>(cells & kCellMask);
      const uint64_t bit = uint64_t{1} << cell;
      index += weight[i] * static_cast<uint64_t>(cell - std::popcount(seen & (bit - 1)));
      seen |= bit;
    }
    return index;
  }
};

// A state of the search: its placement's cells packed kCellBits bits a tile (tile i's at bit
// i * kCellBits), the placement's rank and the blank's region.
struct Entry {
  uint64_t cells;
  uint32_t rank;  // below kMaxGroupPlacements
  uint32_t region;
};
static_assert(kMaxPdbCells <= 32 && kMaxGroupPlacements <= (uint64_t{1} << 32));

// A state reached by one move of a group tile, waiting for its check: its placement (as in
// Entry) and rank, the blank's cell (where the tile came from) and the cells the tiles cover.
struct Candidate {
  uint64_t cells;
  uint64_t covered;
  uint32_t rank;
  int blank;
};

// Sets the entries of `cells` of one placement's row of a per-blank-cell table to `value`.
inline void mark_region(uint8_t* row, uint64_t cells, uint8_t value) {
  for (; cells != 0; cells &= cells - 1) row[std::countr_zero(cells)] = value;
}

// The search's word per placement: the blank cells whose regions it has reached in the low bits
// (bit c: cell c), the placement's depth in the top byte (0 while unreached). Word is uint32_t for
// boards of up to kValueShift cells, uint64_t above.
template <typename Word>
constexpr int kValueShift = sizeof(Word) * 8 - 8;

// One layer of the search: the states first reached at `depth` + 1 from those at `depth`.
template <typename Word>
class Layer {
 public:
  // `by_cell`: the per-blank-cell table to fill, or null.
  Layer(const Geometry& geo, const Ranker& ranker, std::vector<Word>& seen,
        std::vector<Entry>& next, uint8_t* by_cell, uint8_t depth)
      : geo_(geo), ranker_(ranker), seen_(seen), next_(next), by_cell_(by_cell), depth_(depth) {}

  // Expands the state `entry` of a placement of k tiles.
  void expand(const Entry& entry) {
    const int k = ranker_.k;
    uint64_t covered = 0;
    for (int i = 0; i < k; ++i)
      covered |= uint64_t{1} << ((entry.cells >> (i * kCellBits)) & kCellMask);
    for (int i = 0; i < k; ++i) {
      const int shift = i * kCellBits;
      const int from = static_cast<int>((entry.cells >> shift) & kCellMask);
      const uint64_t others = entry.cells & ~(kCellMask << shift);
      for (uint64_t to = geo_.next_to[from] & entry.region; to != 0; to &= to - 1) {
        const int cell = std::countr_zero(to);
        const uint64_t cells = others | (static_cast<uint64_t>(cell) << shift);
        push({cells, covered ^ (uint64_t{1} << from) ^ (uint64_t{1} << cell),
              static_cast<uint32_t>(ranker_(cells)), from});
      }
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
    if (by_cell_)
      __builtin_prefetch(by_cell_ + uint64_t{c.rank} * static_cast<uint64_t>(geo_.cells), 1);
    else
      __builtin_prefetch(seen_.data() + c.rank, 1);
    queue_[size_++] = c;
    if (size_ == queue_.size()) flush();
  }

  // Records `c` and its whole region at depth + 1 unless its region was reached before: in the
  // per-blank-cell table when there is one (its entries tell the regions reached), else in the
  // placement's word.
  void visit(const Candidate& c) {
    uint64_t region = 0;
    if (by_cell_) {
      uint8_t* row = by_cell_ + uint64_t{c.rank} * static_cast<uint64_t>(geo_.cells);
      if (row[c.blank] != kUnreachedPlacement) return;
      region = geo_.region(c.blank, geo_.all & ~c.covered);
      mark_region(row, region, static_cast<uint8_t>(depth_ + 1));
    } else {
      Word& seen = seen_[c.rank];
      if ((seen >> c.blank) & 1u) return;
      if (seen == 0) seen = static_cast<Word>(depth_ + 1) << kValueShift<Word>;
      region = geo_.region(c.blank, geo_.all & ~c.covered);
      seen |= static_cast<Word>(region);
    }
    next_.push_back({c.cells, c.rank, static_cast<uint32_t>(region)});
  }

  const Geometry& geo_;
  const Ranker& ranker_;
  std::vector<Word>& seen_;
  std::vector<Entry>& next_;
  uint8_t* by_cell_;
  uint8_t depth_;
  std::array<Candidate, 32> queue_{};
  size_t size_ = 0;
};

// build_group_table with the search's words of type Word.
template <typename Word>
std::vector<uint8_t> build_table(const Geometry& geo, std::span<const uint8_t> group,
                                 int blank_goal, bool per_blank_cell) {
  const int k = static_cast<int>(group.size());
  const Ranker ranker(geo.cells, k);
  uint64_t cells = 0, covered = 0;
  for (int i = 0; i < k; ++i) {
    cells |= static_cast<uint64_t>(group[i]) << (i * kCellBits);
    covered |= uint64_t{1} << group[i];
  }
  const uint64_t placements = placement_count(geo.cells, k);
  const uint64_t start = ranker(cells);
  const uint64_t start_region = geo.region(blank_goal, geo.all & ~covered);
  std::vector<Word> seen;  // without a per-blank-cell table
  std::vector<uint8_t> by_cell;
  if (per_blank_cell) {
    assign_on_huge_pages(by_cell, placements * static_cast<uint64_t>(geo.cells),
                         kUnreachedPlacement);
    mark_region(by_cell.data() + start * static_cast<uint64_t>(geo.cells), start_region, 0);
  } else {
    assign_on_huge_pages(seen, placements, Word{0});
    seen[start] = static_cast<Word>(start_region);
  }
  std::vector<Entry> layer{
      {cells, static_cast<uint32_t>(start), static_cast<uint32_t>(start_region)}};
  std::vector<Entry> next;
  for (uint8_t depth = 0; !layer.empty(); ++depth) {
    next.clear();
    Layer<Word> expansion(geo, ranker, seen, next, per_blank_cell ? by_cell.data() : nullptr,
                          depth);
    for (const Entry& entry : layer) expansion.expand(entry);
    expansion.flush();
    layer.swap(next);
  }
  if (per_blank_cell) return by_cell;
  std::vector<uint8_t> table(seen.size());
  for (size_t i = 0; i < seen.size(); ++i)
    table[i] =
        seen[i] == 0 ? kUnreachedPlacement : static_cast<uint8_t>(seen[i] >> kValueShift<Word>);
  return table;
}

}  // namespace

std::vector<uint8_t> build_group_table(int rows, int cols, std::span<const uint8_t> group,
                                       int blank_goal, bool per_blank_cell) {
  const Geometry geo(rows, cols);
  if (geo.cells <= kValueShift<uint32_t>)
    return build_table<uint32_t>(geo, group, blank_goal, per_blank_cell);
  return build_table<uint64_t>(geo, group, blank_goal, per_blank_cell);
}

}  // namespace taquin::shape
