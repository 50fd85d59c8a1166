// Table files: header and checksums, writing through a temporary file, mmap loading, validation.
#include "taquin/pdb/table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xxhash.h>
#include <bit>
#include <cstdio>
#include <cstring>

#include "regular_file.hpp"
#include "taquin/pdb/geometry.hpp"
#include "taquin/pdb/rank.hpp"
#include "taquin/tables.hpp"

namespace taquin::pdb {

uint64_t payload_size(Encoding encoding, uint64_t entries) {
  return encoding == Encoding::Excess4 ? (entries + 1) / 2 : entries;
}

Table::Table(int side, std::vector<uint8_t> cells, int blank_cell, Encoding encoding, int max_value,
             std::vector<uint8_t> payload, bool zero_aware)
    : side_(side),
      cells_(std::move(cells)),
      blank_cell_(blank_cell),
      encoding_(encoding),
      zero_aware_(zero_aware),
      max_value_(max_value),
      entries_(placement_count(side * side, static_cast<int>(cells_.size())) *
               (zero_aware ? static_cast<uint64_t>(side * side) : 1)),
      owned_(std::move(payload)) {
  data_ = owned_.data();
}

Table::~Table() {
  if (map_) munmap(map_, map_bytes_);
}

FileHeader Table::header_for(int blank_cell) const {
  FileHeader h;
  std::memset(&h, 0, sizeof h);
  std::memcpy(h.magic, kMagic, sizeof h.magic);
  h.version = zero_aware_ ? kFormatVersion : kFlaglessFormatVersion;
  h.header_bytes = sizeof(FileHeader);
  h.side = static_cast<uint32_t>(side_);
  h.group_size = static_cast<uint32_t>(cells_.size());
  h.encoding = static_cast<uint32_t>(encoding_);
  h.max_value = static_cast<uint32_t>(max_value_);
  h.entry_count = entries_;
  h.payload_bytes = payload_bytes();
  h.payload_hash = XXH64(data_, h.payload_bytes, 0);
  for (size_t i = 0; i < cells_.size(); ++i) h.cells[i] = cells_[i];
  h.blank_cell = static_cast<uint32_t>(blank_cell);
  h.flags = zero_aware_ ? kFlagZeroAware : 0;
  h.header_hash = XXH64(&h, offsetof(FileHeader, header_hash), 0);
  return h;
}

Expected<bool> Table::write(const std::string& path, int blank_cell) const {
  const FileHeader h = header_for(blank_cell);
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return Error{path, 0, std::string("cannot create the file: ") + std::strerror(errno)};
  bool ok = std::fwrite(&h, sizeof h, 1, f) == 1;
  const uint64_t bytes = h.payload_bytes;
  for (uint64_t done = 0; ok && done < bytes;) {
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(bytes - done, uint64_t{1} << 26));
    ok = std::fwrite(data_ + done, 1, chunk, f) == chunk;
    done += chunk;
  }
  ok = std::fflush(f) == 0 && ok;
  ok = fsync(fileno(f)) == 0 && ok;
  ok = std::fclose(f) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(tmp.c_str());
    return Error{path, 0, "cannot write the file: " + reason};
  }
  return true;
}

namespace {

// Why the header `h`, of which `got` bytes were read, is not that of a table this taquin reads;
// empty when it is.
std::string header_problem(const FileHeader& h, ssize_t got) {
  if (got < static_cast<ssize_t>(sizeof h.magic) ||
      std::memcmp(h.magic, kMagic, sizeof h.magic) != 0)
    return "not a taquin pattern database (bad magic)";
  if (got < static_cast<ssize_t>(sizeof h)) return "truncated header";
  if (h.version < kFlaglessFormatVersion || h.version > kFormatVersion)
    return "format version " + std::to_string(h.version) + ", this taquin reads versions " +
           std::to_string(kFlaglessFormatVersion) + " to " + std::to_string(kFormatVersion) +
           "; rebuild it with `taquin pdb build`";
  if (h.header_bytes != sizeof h ||
      XXH64(&h, offsetof(FileHeader, header_hash), 0) != h.header_hash)
    return "corrupted header (checksum mismatch)";
  const int side = static_cast<int>(h.side), k = static_cast<int>(h.group_size);
  if (side < kMinSide || side > kMaxSide) return "bad board side " + std::to_string(h.side);
  if (k < 1 || k > static_cast<int>(sizeof h.cells) || k >= side * side)
    return "bad group size " + std::to_string(h.group_size);
  uint64_t used = 0;
  for (int i = 0; i < k; ++i) {
    if (h.cells[i] >= side * side || (used >> h.cells[i] & 1)) return "bad group cells";
    used |= uint64_t{1} << h.cells[i];
  }
  if (h.blank_cell >= static_cast<uint32_t>(side * side) || (used >> h.blank_cell & 1))
    return "bad blank cell " + std::to_string(h.blank_cell);
  if ((h.version == kFlaglessFormatVersion && h.flags != 0) || (h.flags & ~kFlagZeroAware) != 0)
    return "unknown flags " + std::to_string(h.flags);
  const bool zero_aware = (h.flags & kFlagZeroAware) != 0;
  if (h.encoding != static_cast<uint32_t>(Encoding::Excess4) &&
      h.encoding != static_cast<uint32_t>(Encoding::Value8))
    return "unknown entry encoding " + std::to_string(h.encoding);
  if (h.entry_count !=
          placement_count(side * side, k) * (zero_aware ? static_cast<uint64_t>(side * side) : 1) ||
      h.payload_bytes != payload_size(static_cast<Encoding>(h.encoding), h.entry_count))
    return "entry count does not match the group";
  if (h.max_value > 255) return "bad max value";
  // The builder makes no larger table, and the search keeps indices in 32 bits.
  if (h.entry_count > (uint64_t{1} << 32)) return "more than 2^32 entries";
  return {};
}

// Opens the table file `path` and reads its header: sets `fd` (open), `size` and `h`, or returns
// why the file is refused (then nothing is open): a FIFO or device under a table's name is
// refused instead of waited on (open_regular_file).
std::string open_table_file(const std::string& path, int& fd, uint64_t& size, FileHeader& h) {
  const OpenedFile file = open_regular_file(path);
  if (file.problem == OpenProblem::CannotOpen)
    return std::string("cannot open: ") + std::strerror(errno);
  if (file.problem == OpenProblem::NotRegular) return "not a regular file";
  fd = file.fd;
  size = file.size;
  std::memset(&h, 0, sizeof h);
  const std::string why = header_problem(h, pread(fd, &h, sizeof h, 0));
  if (!why.empty()) {
    ::close(fd);
    fd = -1;
  }
  return why;
}

}  // namespace

Expected<FileHeader> read_header(const std::string& path) {
  int fd = -1;
  uint64_t size = 0;
  FileHeader h;
  if (std::string why = open_table_file(path, fd, size, h); !why.empty())
    return Error{path, 0, why};
  ::close(fd);
  return h;
}

Expected<std::shared_ptr<const Table>> Table::open(const std::string& path) {
  const auto fail = [&](const std::string& why) { return Error{path, 0, why}; };
  int fd = -1;
  uint64_t size = 0;
  FileHeader h;
  if (std::string why = open_table_file(path, fd, size, h); !why.empty()) return fail(why);
  const auto refuse = [&](const std::string& why) {
    ::close(fd);
    return fail(why);
  };
  const int side = static_cast<int>(h.side), k = static_cast<int>(h.group_size);
  const Encoding encoding = static_cast<Encoding>(h.encoding);
  if (size < sizeof h + h.payload_bytes)
    return refuse("truncated: " + std::to_string(size) + " bytes, expected " +
                  std::to_string(sizeof h + h.payload_bytes));
  if (size > sizeof h + h.payload_bytes) return refuse("trailing bytes after the payload");
  void* map = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return fail(std::string("cannot map: ") + std::strerror(errno));
  // Lookups are random: huge pages spare most TLB misses. With MADV_HUGEPAGE, the file's pages
  // that are not cached yet come into the page cache in 2 MB folios (where the file system
  // allows), which the kernel then maps whole.
  madvise(map, size, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_READ
  madvise(map, size, MADV_POPULATE_READ);
#endif
  const uint8_t* payload = static_cast<const uint8_t*>(map) + sizeof h;
  if (XXH64(payload, h.payload_bytes, 0) != h.payload_hash) {
    munmap(map, size);
    return fail("corrupted payload (checksum mismatch)");
  }
  std::shared_ptr<Table> table(new Table());
  table->side_ = side;
  table->cells_.assign(h.cells, h.cells + k);
  table->blank_cell_ = static_cast<int>(h.blank_cell);
  table->encoding_ = encoding;
  table->zero_aware_ = (h.flags & kFlagZeroAware) != 0;
  table->max_value_ = static_cast<int>(h.max_value);
  table->entries_ = h.entry_count;
  table->data_ = payload;
  table->map_ = map;
  table->map_bytes_ = size;
  table->path_ = path;
  return std::shared_ptr<const Table>(std::move(table));
}

namespace {

// The value of `entry` checked against the Manhattan sum of its placement and the table's
// maximum (which it counts in `counts`); empty when it holds, else why not.
std::string value_problem(const Table& table, uint64_t entry, int manhattan,
                          std::vector<uint64_t>& counts, int& value) {
  value = table.value(entry, manhattan);
  const auto at = [&] {
    return "entry " + std::to_string(entry) + " holds " + std::to_string(value);
  };
  if (table.encoding() == Encoding::Value8 && (value < manhattan || (value - manhattan) % 2 != 0))
    return at() + ", inconsistent with its Manhattan sum " + std::to_string(manhattan);
  if (value > table.max_value())
    return at() + ", above the header's maximum " + std::to_string(table.max_value());
  if (value == 0 && manhattan != 0) return "entry " + std::to_string(entry) + " is 0 off the goal";
  ++counts[value];
  return {};
}

// Zero-aware checks of one placement (cells `pos`, occupying `occupied`) of rank `placement`:
// the entries of its free cells (value_problem), equal within each region of free cells; those of
// occupied cells 0; for the goal placement, 0 exactly on the blank goal cell's region.
std::string zero_aware_problem(const Table& table, const Geometry& geo, uint64_t placement,
                               uint64_t occupied, int manhattan, bool goal,
                               std::vector<uint64_t>& counts) {
  const uint64_t free = geo.all & ~occupied;
  for (uint64_t cells = occupied; cells != 0; cells &= cells - 1) {
    const uint64_t entry = table.entry_index(placement, std::countr_zero(cells));
    if (table.value(entry, 0) != 0)
      return "entry " + std::to_string(entry) + " (blank on a group tile's cell) is not 0";
  }
  const uint64_t goal_region = geo.region(free, uint64_t{1} << table.blank_cell());
  for (uint64_t rest = free, region = 0; rest != 0; rest &= ~region) {
    region = geo.region(free, rest & (~rest + 1));
    const uint64_t first = table.entry_index(placement, std::countr_zero(region));
    int value = 0;
    if (std::string why = value_problem(table, first, manhattan, counts, value); !why.empty())
      return why;
    if (goal && (value == 0) != (region == goal_region))
      return "the goal placement with the blank on cell " +
             std::to_string(std::countr_zero(region)) + " holds " + std::to_string(value);
    for (uint64_t others = region & (region - 1); others != 0; others &= others - 1) {
      const uint64_t entry = table.entry_index(placement, std::countr_zero(others));
      if (table.value(entry, manhattan) != value)
        return "entries " + std::to_string(first) + " and " + std::to_string(entry) +
               " differ, with the blank in one region";
      ++counts[value];
    }
  }
  return {};
}

}  // namespace

Expected<bool> verify_values(const Table& table, std::vector<uint64_t>* histogram,
                             const std::function<void(uint64_t, uint64_t)>& progress) {
  const int n = table.side() * table.side(), k = table.group_size();
  const std::string name = table.path().empty() ? "<table>" : table.path();
  const Geometry geo(table.side());
  std::vector<uint64_t> counts(256, 0);
  PlacementCursor cursor(n, k, 0);
  const std::vector<uint8_t>& goal = table.cells();
  const uint64_t goal_rank = rank_placement(goal, n, k);
  const uint64_t placements = placement_count(n, k);
  for (uint64_t placement = 0; placement < placements; ++placement, cursor.advance()) {
    const uint8_t* pos = cursor.cells();
    int manhattan = 0;
    for (int i = 0; i < k; ++i) manhattan += taxicab(pos[i], goal[i], table.side());
    std::string why;
    int value = 0;
    if (table.zero_aware())
      why = zero_aware_problem(table, geo, placement, cursor.occupied(), manhattan,
                               placement == goal_rank, counts);
    else
      why = value_problem(table, placement, manhattan, counts, value);
    if (!why.empty()) return Error{name, 0, why};
    if (progress && (placement + 1) % (uint64_t{1} << 16) == 0) progress(placement + 1, placements);
  }
  if (progress) progress(placements, placements);
  if (!table.zero_aware() && table.value(goal_rank, 0) != 0)
    return Error{name, 0, "the goal placement is not 0"};
  if (counts[table.max_value()] == 0)
    return Error{name, 0,
                 "no entry reaches the header's maximum " + std::to_string(table.max_value())};
  if (histogram) {
    counts.resize(table.max_value() + 1);
    *histogram = std::move(counts);
  }
  return true;
}

}  // namespace taquin::pdb
