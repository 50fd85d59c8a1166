// A table expanded to one byte per cell tuple: read by its tiles' cells, with no ranking.
#pragma once

#include <cstdint>
#include <memory>

#include "taquin/pdb/table.hpp"

namespace taquin::pdb {

// The values of a table of k tiles on a side-n board, one byte each at
// the direct index sum over i of cell_i * (n*n)^(k-1-i) (cell_i: the cell of the group's i-th tile,
// in the table's order). Slots whose tuple repeats a cell are never read and hold 0.
// On 5x5 with six tiles: 25^6 = 244,140,625 bytes for 127,512,000 placements. A move then
// changes the index by (new cell - old cell) * weight: one add, against the ranked table's scan
// of the cells the tile jumps over; and the byte is the value, with no Manhattan sum to add.
// A zero-aware table (a value per placement and blank cell) is expanded with its pockets: bits
// 0-5 hold the least value over the blank's cells; bit 6 is set when there are free cells in
// one-cell pockets (their neighbours all the group's tiles) and every one is at least 2 above it,
// bit 7 when every other free cell is (DirectPdbHeuristic<N, V, true> reads them).
class DirectTable {
 public:
  // Tables this layout serves: (n*n)^k at most kMaxEntries; zero-aware, of 2 tiles or more and
  // values up to 63.
  static constexpr uint64_t kMaxEntries = uint64_t{1} << 31;
  static bool serves(const Table& table);

  // The expansion of `table` (serves(table) holds), built once per table and shared: a second
  // call with the same table returns the same object while the first is alive or `table` is.
  // Built in parallel on oneTBB, in anonymous memory advised into huge pages. Throws
  // std::bad_alloc when the memory cannot be had.
  static std::shared_ptr<const DirectTable> of(const std::shared_ptr<const Table>& table);

  explicit DirectTable(const Table& table);
  ~DirectTable();
  DirectTable(const DirectTable&) = delete;
  DirectTable& operator=(const DirectTable&) = delete;

  // The value of the placement whose direct index is `index`.
  [[gnu::always_inline]] uint8_t operator[](uint32_t index) const { return data_[index]; }
  [[gnu::always_inline]] const uint8_t* address(uint32_t index) const { return data_ + index; }
  uint64_t entries() const { return entries_; }

 private:
  uint8_t* data_ = nullptr;
  uint64_t entries_ = 0;
  uint64_t bytes_ = 0;  // mapped
};

}  // namespace taquin::pdb
