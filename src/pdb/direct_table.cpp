// Expanding a classic table into direct-indexed bytes, once per table, shared by every search.
#include "taquin/pdb/direct_table.hpp"

#include <sys/mman.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "taquin/pdb/geometry.hpp"
#include "taquin/tables.hpp"

namespace taquin::pdb {

namespace {

uint64_t power(uint64_t base, int exponent) {
  uint64_t p = 1;
  for (int i = 0; i < exponent; ++i) p *= base;
  return p;
}

// Walks the placements whose first tile is on one cell in rank order (the lexicographic order of
// the cell tuples, which is also the order of their direct indices), writing each value.
class Expander {
 public:
  static constexpr int kMaxTiles = 8;
  Expander(const Table& table, uint8_t* out) : table_(table), out_(out), geometry_(table.side()) {
    cells_ = table.side() * table.side();
    k_ = table.group_size();
    for (int i = 0; i < k_; ++i) {
      weight_[i] = power(static_cast<uint64_t>(cells_), k_ - 1 - i);
      for (int c = 0; c < cells_; ++c)
        dist_[i][c] = static_cast<uint8_t>(taxicab(c, table.cells()[i], table.side()));
    }
  }

  void expand_first(int cell) {
    // Each first cell leaves (cells-1)!/(cells-k)! placements of the others before the next.
    uint64_t below = 1;
    for (int i = 1; i < k_; ++i) below *= static_cast<uint64_t>(cells_ - i);
    rank_ = static_cast<uint64_t>(cell) * below;
    walk(0, cell);
  }

 private:
  // Tile i on `cell`: the placements of the tiles after it, in rank order.
  void walk(int i, int cell) {
    if (i < 0 || i >= kMaxTiles || k_ > kMaxTiles) __builtin_unreachable();  // (serves())
    const uint64_t used = used_[i] | uint64_t{1} << cell;
    const uint64_t direct = direct_[i] + static_cast<uint64_t>(cell) * weight_[i];
    const int manhattan = manhattan_[i] + dist_[i][cell];
    if (i + 1 == k_) {  // (a one-tile group)
      out_[direct] = static_cast<uint8_t>(table_.value(rank_++, manhattan));
      return;
    }
    if (i + 2 == k_) {  // the last tile, in one loop: the expansion's time is spent here
      if (table_.zero_aware() && table_.encoding() == Encoding::Excess4)
        rank_ = last_tile_pockets<Encoding::Excess4>(used, out_ + direct, manhattan, rank_);
      else if (table_.zero_aware())
        rank_ = last_tile_pockets<Encoding::Value8>(used, out_ + direct, manhattan, rank_);
      else if (table_.encoding() == Encoding::Excess4)
        rank_ = last_tile<Encoding::Excess4>(used, out_ + direct, manhattan, rank_);
      else
        rank_ = last_tile<Encoding::Value8>(used, out_ + direct, manhattan, rank_);
      return;
    }
    used_[i + 1] = used;
    direct_[i + 1] = direct;
    manhattan_[i + 1] = manhattan;
    for (int c = 0; c < cells_; ++c)
      if (((used >> c) & 1) == 0) walk(i + 1, c);
  }

  // The last tile on every free cell: writes out[c] for each and returns the rank after them.
  // What it reads is held in locals: its byte stores may alias any member, which the compiler
  // would otherwise load again after each.
  template <Encoding E>
  uint64_t last_tile(uint64_t used, uint8_t* out, int manhattan, uint64_t rank) const {
    const uint8_t* payload = table_.payload();
    const uint8_t* dist = dist_[static_cast<size_t>(k_ - 1)].data();
    const int cells = cells_;
    for (int c = 0; c < cells; ++c) {
      if (((used >> c) & 1) != 0) continue;
      if constexpr (E == Encoding::Excess4)
        out[c] = static_cast<uint8_t>(manhattan + dist[c] +
                                      2 * ((payload[rank >> 1] >> ((rank & 1) * 4)) & 15));
      else
        out[c] = payload[rank];
      ++rank;
    }
    return rank;
  }

  // The last tile of a zero-aware table (DirectTable's pocket coding): each placement's least
  // value over the blank's cells, bit 6 when there are free cells in one-cell pockets (their
  // neighbours all the group's tiles) and every one is above it, bit 7 when every other is.
  // (The table's values over a region differ by 2 or more; serves(): each fits in 6 bits.)
  template <Encoding E>
  uint64_t last_tile_pockets(uint64_t used, uint8_t* out, int manhattan, uint64_t rank) const {
    const uint8_t* payload = table_.payload();
    const uint8_t* dist = dist_[static_cast<size_t>(k_ - 1)].data();
    const uint64_t cells = static_cast<uint64_t>(cells_);
    for (int c = 0; c < cells_; ++c) {
      if (((used >> c) & 1) != 0) continue;
      const uint64_t occupied = used | uint64_t{1} << c;
      const int placement_manhattan = manhattan + dist[c];
      int least = 255, least_pocket = 255, least_other = 255;
      for (uint64_t free = geometry_.all & ~occupied; free != 0; free &= free - 1) {
        const int f = std::countr_zero(free);
        const uint64_t entry = rank * cells + static_cast<uint64_t>(f);
        const int value =
            E == Encoding::Excess4
                ? placement_manhattan + 2 * ((payload[entry >> 1] >> ((entry & 1) * 4)) & 15)
                : payload[entry];
        least = std::min(least, value);
        int& side = (geometry_.neighbours[f] & ~occupied) == 0 ? least_pocket : least_other;
        side = std::min(side, value);
      }
      // (least_pocket stays 255 with no pocket: bit 6 is then clear)
      out[c] = static_cast<uint8_t>(least | (least_pocket != 255 && least_pocket > least ? 64 : 0) |
                                    (least_other > least ? 128 : 0));
      ++rank;
    }
    return rank;
  }

  const Table& table_;
  uint8_t* out_;
  Geometry geometry_;
  int cells_ = 0, k_ = 0;
  uint64_t rank_ = 0;
  std::array<uint64_t, 9> weight_{}, used_{}, direct_{};
  std::array<int, 9> manhattan_{};
  std::array<std::array<uint8_t, 64>, kMaxTiles> dist_{};
};

}  // namespace

bool DirectTable::serves(const Table& table) {
  const int cells = table.side() * table.side();
  // (A zero-aware table's bytes hold its least value in 6 bits, and two pocket bits.)
  if (table.zero_aware() && (table.group_size() < 2 || table.max_value() > 63)) return false;
  return table.group_size() >= 1 && table.group_size() <= 8 &&
         power(static_cast<uint64_t>(cells), table.group_size()) <= kMaxEntries;
}

DirectTable::DirectTable(const Table& table) {
  const int cells = table.side() * table.side();
  entries_ = power(static_cast<uint64_t>(cells), table.group_size());
  bytes_ = entries_;
  void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  // Lookups are random over hundreds of megabytes: huge pages spare most TLB misses.
  madvise(p, bytes_, MADV_HUGEPAGE);
  data_ = static_cast<uint8_t*>(p);
  tbb::parallel_for(0, cells, [&](int first) {
    Expander expander(table, data_);
    expander.expand_first(first);
  });
}

DirectTable::~DirectTable() {
  if (data_ != nullptr) munmap(data_, bytes_);
}

std::shared_ptr<const DirectTable> DirectTable::of(const std::shared_ptr<const Table>& table) {
  struct Entry {
    std::weak_ptr<const Table> table;
    std::shared_ptr<const DirectTable> direct;
  };
  static std::mutex mutex;
  static std::vector<Entry> cache;
  const std::lock_guard lock(mutex);
  // (Expansions of tables no longer loaded are freed.)
  std::erase_if(cache, [](const Entry& e) { return e.table.expired(); });
  for (const Entry& e : cache)
    if (e.table.lock() == table) return e.direct;
  auto direct = std::make_shared<const DirectTable>(*table);
  cache.push_back({table, direct});
  return direct;
}

}  // namespace taquin::pdb
