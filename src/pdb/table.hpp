// One pattern-database table: its file format (header, checksum), writing, mmap loading, lookup
// (the checks of its values: verify.hpp).
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "taquin/error.hpp"

namespace taquin::pdb {

// How entries are stored.
//   Excess4: 4 bits an entry, two a byte (even index in the low nibble), holding
//            (value - manhattan) / 2, where manhattan is the group tiles' taxicab distance to
//            their goal cells. Exact: every move of a group tile changes that sum by one, so
//            value - manhattan is even. The builder falls back to Value8 if any excess exceeds 15.
//   Value8:  one byte an entry, holding the value.
enum class Encoding : uint32_t { Excess4 = 1, Value8 = 2 };

// Version 2 added the blank's goal cell (version 1 tables were seeded with the blank anywhere
// off the group, a weaker bound). Version 3 turned the reserved word into flags: tables without
// flags are still written as version 2, so that earlier readers keep reading them.
inline constexpr uint32_t kFormatVersion = 3;
inline constexpr uint32_t kFlaglessFormatVersion = 2;
// Header flag: the table is zero-aware, one entry per (placement, blank cell) (see Table).
inline constexpr uint32_t kFlagZeroAware = 1;
inline constexpr char kMagic[8] = {'T', 'A', 'Q', 'U', 'I', 'N', 'P', 'D'};

// The fixed 128-byte header at the start of every table file (little-endian fields).
struct FileHeader {
  char magic[8];
  uint32_t version;
  uint32_t header_bytes;  // 128
  uint32_t side;
  uint32_t group_size;
  uint32_t encoding;
  uint32_t max_value;    // largest value in the table
  uint64_t entry_count;  // (side²)! / (side² - group_size)!, times side² if zero-aware
  uint64_t payload_bytes;
  uint64_t payload_hash;  // XXH64 (seed 0) of the payload
  uint8_t cells[56];      // the group's goal cells, in ranking order; unused bytes are 0
  uint32_t blank_cell;    // the blank's goal cell the values are measured to
  uint32_t flags;         // kFlagZeroAware or 0 (version 3); 0 (version 2)
  uint64_t header_hash;   // XXH64 (seed 0) of the 120 bytes above
};
static_assert(sizeof(FileHeader) == 128, "the on-disk header is 128 bytes");

// Payload bytes of `entries` entries in `encoding`.
uint64_t payload_size(Encoding encoding, uint64_t entries);

// A table's payload and encoding: how its entries are read (Table::value). The search keeps one
// per group, so that a read does not go through the Table. (Inlined: the search reads an entry
// for every child; left to itself the compiler called these.)
struct EntryReader {
  const uint8_t* data = nullptr;
  uint32_t shift = 0;  // entry e is in byte e >> shift: 1 for Excess4 (two a byte), 0 for Value8
  [[gnu::always_inline]] const uint8_t* address(uint64_t e) const { return data + (e >> shift); }
  [[gnu::always_inline]] int value(uint64_t e, int manhattan) const {
    if (shift == 0) return data[e];
    return manhattan + 2 * ((data[e >> 1] >> ((e & 1) * 4)) & 15);
  }
};

// A table in memory: either a read-only mapping of a file or an owned buffer (fresh builds).
// A classic table has one entry per placement of the group's tiles (indexed by its rank): the
// fewest group-tile moves to the goal, the least over where the blank starts. A zero-aware table
// has one per (placement, blank cell), at rank * side² + blank cell: the fewest with the blank
// starting on that cell (entries whose blank cell a group tile holds are 0 and never read).
class Table {
 public:
  Table(int side, std::vector<uint8_t> cells, int blank_cell, Encoding encoding, int max_value,
        std::vector<uint8_t> payload, bool zero_aware = false);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  int side() const { return side_; }
  int group_size() const { return static_cast<int>(cells_.size()); }
  const std::vector<uint8_t>& cells() const { return cells_; }
  // The blank's goal cell: values count moves to the group's cells with the blank there.
  int blank_cell() const { return blank_cell_; }
  Encoding encoding() const { return encoding_; }
  bool zero_aware() const { return zero_aware_; }
  // The entry of the placement of rank `placement` with the blank on `blank` (ignored unless
  // zero-aware).
  uint64_t entry_index(uint64_t placement, int blank) const {
    return zero_aware_ ? placement * static_cast<uint64_t>(side_ * side_) + blank : placement;
  }
  int max_value() const { return max_value_; }
  uint64_t entry_count() const { return entries_; }
  uint64_t payload_bytes() const { return payload_size(encoding_, entries_); }
  const uint8_t* payload() const { return data_; }
  const std::string& path() const { return path_; }

  // How this table's entries are read, as a value a search can keep beside its own data.
  EntryReader reader() const {
    return {data_, encoding_ == Encoding::Excess4 ? uint32_t{1} : uint32_t{0}};
  }
  // The value of entry `index` given the group's Manhattan sum for its placement.
  [[gnu::always_inline]] int value(uint64_t index, int manhattan) const {
    return reader().value(index, manhattan);
  }
  // Address of the byte holding entry `index` (for prefetching).
  [[gnu::always_inline]] const uint8_t* entry_address(uint64_t index) const {
    return reader().address(index);
  }

  // XXH64 (seed 0) of the payload: the file header's (checked) for a mapped table, else computed.
  uint64_t payload_hash() const;

  // The header describing this table, with both hashes filled in.
  FileHeader header() const { return header_for(blank_cell_); }

  // Writes the table to `path` through a temporary file renamed into place.
  Expected<bool> write(const std::string& path) const { return write(path, blank_cell_); }
  // The same, with a header that names `blank_cell` as the blank's goal cell: a copy for another
  // blank cell whose values are provably these (see same_table_in). Allocates nothing.
  Expected<bool> write(const std::string& path, int blank_cell) const;

  // Fails when the file this table maps was modified or resized since it was opened (another
  // process rewrote it in place: the values read may have changed); an owned table never fails.
  // One fstat: cheap enough to call before each result is printed.
  Expected<bool> check_unchanged() const;

  // Maps a table file read-only and validates header and payload (checksum and values:
  // check_payload, verify.hpp). Refuses a missing, foreign, wrong-version, truncated or corrupted
  // file with a one-line reason.
  static Expected<std::shared_ptr<const Table>> open(const std::string& path);

 private:
  Table() = default;
  FileHeader header_for(int blank_cell) const;
  int side_ = 0;
  std::vector<uint8_t> cells_;
  int blank_cell_ = 0;
  Encoding encoding_ = Encoding::Value8;
  bool zero_aware_ = false;
  int max_value_ = 0;
  uint64_t entries_ = 0;
  const uint8_t* data_ = nullptr;
  std::vector<uint8_t> owned_;
  void* map_ = nullptr;
  size_t map_bytes_ = 0;
  std::string path_;
  uint64_t file_payload_hash_ = 0;  // the mapped file's header's payload_hash
  int fd_ = -1;                     // the mapped file, kept open to watch it (check_unchanged)
  struct stat opened_ {};           // its status when it was opened
};

// Reads and validates the header of a table file (magic, version, header checksum, fields)
// without reading the payload. Errors as Table::open's.
Expected<FileHeader> read_header(const std::string& path);

}  // namespace taquin::pdb
