// A table expanded to one byte per cell tuple: read by its tiles' cells, with no ranking.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pdb/catalogue.hpp"
#include "pdb/table.hpp"
#include "taquin/error.hpp"

namespace taquin::pdb {

// The side whose searches read direct-indexed tables (DirectPdbHeuristic) when the set's tables
// allow it: 5x5, whose six-tile tables expand to 244 MB each.
inline constexpr int kDirectSide = 5;
// The most groups a partition may have for its tables to be read direct (DirectPdbHeuristic's
// state holds no more): sets with more are read from the ranked tables.
inline constexpr int kDirectMaxGroups = 4;

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
//
// An expansion can be kept on disk beside its table (`pdb build` writes them on 5x5): the file
// `<stem>.<i>.direct` for `<stem>.<i>.pdb`, a 4096-byte header (DirectFileHeader) then the bytes.
// Mapped from the page cache it loads in milliseconds, where expanding costs seconds of CPU and
// of page zeroing a table.
class DirectTable {
 public:
  // Tables this layout serves: (n*n)^k at most kMaxEntries; zero-aware, of 2 tiles or more and
  // values up to 63.
  static constexpr uint64_t kMaxEntries = uint64_t{1} << 31;
  static bool serves(const Table& table);

  // The expansion of `table` (serves(table) holds), made once per table and shared: a second
  // call with the same table returns the same object while the first is alive or `table` is.
  // Mapped from file_for(table) when open_file accepts it; else built in parallel on oneTBB, in
  // anonymous memory advised into huge pages. Throws std::bad_alloc when the memory cannot be had.
  static std::shared_ptr<const DirectTable> of(const std::shared_ptr<const Table>& table);
  // Sets what of() calls with open_file's reason when it finds a table's direct file and refuses
  // it (the table is then expanded: seconds more at each start); by default nothing. The CLI
  // prints it. Set it before searches start (of() calls it under its lock, from any thread).
  static void on_refused(std::function<void(const Error&)> report);

  // The direct file of a table mapped from `<stem>.pdb`: `<stem>.direct` (a path that does not
  // end in .pdb gets .direct appended); empty for a table not read from a file.
  static std::string file_for(const Table& table);
  // The same for the table file path `table_path` (file_for's naming, for a file not opened).
  static std::string file_for(const std::string& table_path);

  // Expands `table` (serves(table) holds) and writes the expansion to `path` through a temporary
  // file renamed into place. Errors name `path`.
  static Expected<bool> write_file(const Table& table, const std::string& path);

  // Maps the direct file at `path` read-only and checks it against `table`: header, size, the
  // table it was made from (table_hash), the checksum of every byte, and kSampledRows rows (the
  // placements that differ only by the last tile's cell), drawn anew at each load, expanded
  // again from `table` and compared. Refuses a missing, foreign, stale (its table was rebuilt),
  // truncated, corrupted or forged (values changed, checksum made anew, in more than a few rows)
  // file with a one-line reason naming `path`.
  static constexpr int kSampledRows = 8192;
  static Expected<std::shared_ptr<const DirectTable>> open_file(const std::string& path,
                                                                const Table& table);

  // The first entry at which `direct` differs from `table`'s expansion, or -1 when every entry
  // is equal (`pdb verify`: all of them, where open_file compares a sample).
  static int64_t first_difference(const DirectTable& direct, const Table& table);
  // An entry of `rows` random rows (from `seed`) at which `direct` differs from `table`'s
  // expansion, or -1 when they are all equal (open_file's sample).
  static int64_t sampled_difference(const DirectTable& direct, const Table& table, int rows,
                                    uint64_t seed);

  // The checksum a direct file's header holds for its `bytes` bytes at `data`: XXH3-64 of the
  // XXH3-64 hashes of its 16 MiB chunks (hashed in parallel).
  static uint64_t checksum(const uint8_t* data, uint64_t bytes);
  // What a direct file records of the table it was expanded from: XXH64 of its side, cells,
  // encoding, zero-awareness and payload checksum (what decides the expansion's every byte).
  static uint64_t table_hash(const Table& table);

  explicit DirectTable(const Table& table);
  ~DirectTable();
  DirectTable(const DirectTable&) = delete;
  DirectTable& operator=(const DirectTable&) = delete;

  // The value of the placement whose direct index is `index`.
  [[gnu::always_inline]] uint8_t operator[](uint32_t index) const { return data_[index]; }
  [[gnu::always_inline]] const uint8_t* address(uint32_t index) const { return data_ + index; }
  uint64_t entries() const { return entries_; }
  // Whether the bytes are mapped from a direct file (open_file), not expanded here.
  bool from_file() const { return from_file_; }

 private:
  DirectTable() = default;
  uint8_t* data_ = nullptr;
  uint64_t entries_ = 0;
  void* map_ = nullptr;  // what to unmap: the anonymous expansion, or the whole direct file
  uint64_t map_bytes_ = 0;
  bool from_file_ = false;
};

inline constexpr char kDirectMagic[8] = {'T', 'A', 'Q', 'U', 'I', 'N', 'D', 'X'};

// The 64 bytes at the start of a direct file (little-endian), zero-padded to kBytes.
struct DirectFileHeader {
  static constexpr uint32_t kVersion = 1;
  static constexpr uint32_t kBytes = 4096;  // the payload starts on a page
  char magic[8];                            // "TAQUINDX"
  uint32_t version;                         // kVersion
  uint32_t header_bytes;                    // kBytes
  uint64_t entries;                         // (side²)^group_size: the payload's bytes
  uint64_t table_hash;                      // DirectTable::table_hash of the table expanded
  uint64_t payload_hash;                    // DirectTable::checksum of the payload
  uint64_t reserved[2];                     // 0
  uint64_t header_hash;                     // XXH64 (seed 0) of the 56 bytes above
};
static_assert(sizeof(DirectFileHeader) == 64);

// Whether a search reads `catalogue`'s tables direct, and so maps their direct files: side
// `side` (kDirectSide, the side whose searches read direct), at most kDirectMaxGroups groups a
// partition, every table DirectTable::serves.
bool reads_direct(const Catalogue& catalogue,
                  const std::vector<std::shared_ptr<const Table>>& tables, int side = kDirectSide);

// Writes the direct file of each of `tables` (`catalogue`'s, in order) when reads_direct holds,
// except those whose file open_file accepts (unless `rewrite`); returns the paths written, in
// order. The first failure stops it (files written stay).
Expected<std::vector<std::string>> write_direct_files(
    const Catalogue& catalogue, const std::vector<std::shared_ptr<const Table>>& tables,
    bool rewrite = false);

}  // namespace taquin::pdb
