// Expanding a classic table into direct-indexed bytes, once per table, shared by every search.
#include "taquin/pdb/direct_table.hpp"

#include <sys/mman.h>
#include <tbb/parallel_for.h>

#include <array>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

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
  Expander(const Table& table, uint8_t* out) : table_(table), out_(out) {
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
      if (table_.encoding() == Encoding::Excess4)
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

  const Table& table_;
  uint8_t* out_;
  int cells_ = 0, k_ = 0;
  uint64_t rank_ = 0;
  std::array<uint64_t, 9> weight_{}, used_{}, direct_{};
  std::array<int, 9> manhattan_{};
  std::array<std::array<uint8_t, 64>, kMaxTiles> dist_{};
};

}  // namespace

bool DirectTable::serves(const Table& table) {
  const int cells = table.side() * table.side();
  return !table.zero_aware() && table.group_size() >= 1 && table.group_size() <= 8 &&
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
