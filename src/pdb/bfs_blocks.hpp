// The blocks of the pattern-database breadth-first search (bfs.cpp): the states of one set of
// occupied cells and one blank region as a bitset over the tiles' orders, and the moves' tables.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>
#include <vector>

#include <sys/mman.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/rank.hpp"
#include "pdb/cell_sets.hpp"
#include "pdb/geometry.hpp"

namespace taquin::pdb::bfs_blocks {

// A state of the search is a placement of the group's tiles and the region of free cells that
// holds the blank. The placement is split into its set of occupied cells (ranked in colex order)
// and the order of the tiles on them (the tiles listed by ascending cell, as a permutation rank),
// so that all the states of one (set, region) pair form a block of k! bits, and a move is the
// same for the whole block: the tile on cell y slides into the blank's cell x, the set loses y
// and gains x, the blank's region becomes the one of y, and the order changes only when the tile
// jumps over other tiles of the group (a vertical move), by moving one entry of the order list
// (a table of k! ranks per shift). A round is computed block by block from the previous round's
// blocks around it, so each block has one writer and no move is buffered.

// Zeroed anonymous memory backed by transparent huge pages where the kernel allows.
template <typename T>
class HugeArray {
 public:
  explicit HugeArray(uint64_t count)
      : bytes_(((std::max<uint64_t>(count, 1) * sizeof(T)) | (kHuge - 1)) + 1) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, bytes_, MADV_HUGEPAGE);
    data_ = static_cast<T*>(p);
  }
  ~HugeArray() { munmap(data_, bytes_); }
  HugeArray(const HugeArray&) = delete;
  HugeArray& operator=(const HugeArray&) = delete;
  T& operator[](uint64_t i) { return data_[i]; }
  const T& operator[](uint64_t i) const { return data_[i]; }
  T* data() { return data_; }

 private:
  static constexpr uint64_t kHuge = uint64_t{1} << 21;
  uint64_t bytes_;
  T* data_;
};

// The rank of the order `tiles[0..k)` of a block (the group's tiles by ascending cell): its
// lexicographic rank as a permutation.
inline uint32_t rank_order(const uint8_t* tiles, int k) {
  return static_cast<uint32_t>(rank_permutation(std::span<const uint8_t>(tiles, k)));
}

// The sets of k of the n cells in colex order, and their blocks: one per region of free cells,
// regions in the order of their lowest cell.
struct Blocks {
  std::vector<uint64_t> set_cells;  // by set rank: the occupied cells
  std::vector<uint64_t> first;      // by set rank: its first block (one entry more: the total)
  std::vector<uint64_t> region;     // by block: the free cells of the blank's region

  Blocks(const Geometry& geo, int k) {
    const uint64_t sets = binomial(geo.cells, k);
    set_cells.resize(sets);
    uint64_t mask = (uint64_t{1} << k) - 1;  // (0 < k < cells ≤ 64)
    for (uint64_t s = 0; s < sets; ++s) {
      set_cells[s] = mask;
      if (s + 1 < sets) mask = next_colex(mask);
    }
    first.assign(sets + 1, 0);
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, sets, 1024),
                      [&](const tbb::blocked_range<uint64_t>& r) {
                        for (uint64_t s = r.begin(); s != r.end(); ++s) {
                          const uint64_t free = geo.all & ~set_cells[s];
                          uint64_t count = 0;
                          for (uint64_t rest = free; rest != 0; ++count)
                            rest &= ~geo.region(free, rest & (~rest + 1));
                          first[s + 1] = count;
                        }
                      });
    for (uint64_t s = 0; s < sets; ++s) first[s + 1] += first[s];
    region.resize(first[sets]);
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, sets, 1024),
                      [&](const tbb::blocked_range<uint64_t>& r) {
                        for (uint64_t s = r.begin(); s != r.end(); ++s) {
                          const uint64_t free = geo.all & ~set_cells[s];
                          uint64_t b = first[s];
                          for (uint64_t rest = free; rest != 0; rest &= ~region[b++])
                            region[b] = geo.region(free, rest & (~rest + 1));
                        }
                      });
  }
  uint64_t count() const { return region.size(); }
  // The block of set `set` whose region holds `cell` (a free cell of the set).
  uint64_t block_of(uint64_t set, int cell) const {
    uint64_t b = first[set];
    if (first[set + 1] == b + 1) return b;  // (one region: its cells are not read)
    while (!(region[b] >> cell & 1)) ++b;
    return b;
  }
};

// For a move of the tile at place `from` of the order list to place `to`: each order's rank
// before -> its rank after, by (from, to), for the shifts a move can make (at most side - 1
// places: the cells a vertical move jumps over).
class OrderMoves {
 public:
  OrderMoves(int k, int side) : k_(k), table_(static_cast<size_t>(k * k)) {
    const uint32_t orders = static_cast<uint32_t>(factorial(k));
    std::vector<int> pairs;
    for (int from = 0; from < k; ++from)
      for (int to = 0; to < k; ++to)
        if (from != to && std::abs(from - to) < side) pairs.push_back(from * k + to);
    tbb::parallel_for(size_t{0}, pairs.size(), [&](size_t i) {
      const int from = pairs[i] / k, to = pairs[i] % k;
      std::vector<uint32_t>& t = table_[static_cast<size_t>(pairs[i])];
      t.resize(orders);
      uint8_t tiles[kMaxRankItems];
      for (uint32_t r = 0; r < orders; ++r) {
        unrank_permutation(r, std::span<uint8_t>(tiles, k));
        const uint8_t moving = tiles[from];
        if (from < to)
          std::copy(tiles + from + 1, tiles + to + 1, tiles + from);
        else
          std::copy_backward(tiles + to, tiles + from, tiles + from + 1);
        tiles[to] = moving;
        t[r] = rank_order(tiles, k);
      }
    });
  }
  const uint32_t* table(int from, int to) const {
    return table_[static_cast<size_t>(from * k_ + to)].data();
  }

 private:
  int k_;
  std::vector<std::vector<uint32_t>> table_;
};

}  // namespace taquin::pdb::bfs_blocks
