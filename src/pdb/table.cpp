// Table files: header and checksums, writing through a temporary file, mmap loading (the checks
// of the values a load makes: verify.cpp).
#include "pdb/table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xxhash.h>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "core/files.hpp"
#include "core/rank.hpp"
#include "pdb/verify.hpp"
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
  if (fd_ >= 0) ::close(fd_);
}

Expected<bool> Table::check_unchanged() const {
  struct stat now {};
  if (fd_ < 0) return true;
  if (::fstat(fd_, &now) != 0 || now.st_size != opened_.st_size ||
      now.st_mtim.tv_sec != opened_.st_mtim.tv_sec ||
      now.st_mtim.tv_nsec != opened_.st_mtim.tv_nsec ||
      now.st_ctim.tv_sec != opened_.st_ctim.tv_sec ||
      now.st_ctim.tv_nsec != opened_.st_ctim.tv_nsec)
    return Error{path_, 0, "the pattern database file was modified while in use"};
  return true;
}

uint64_t Table::payload_hash() const {
  return map_ ? file_payload_hash_ : XXH64(data_, payload_bytes(), 0);
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
  h.payload_hash = payload_hash();
  for (size_t i = 0; i < cells_.size(); ++i) h.cells[i] = cells_[i];
  h.blank_cell = static_cast<uint32_t>(blank_cell);
  h.flags = zero_aware_ ? kFlagZeroAware : 0;
  h.header_hash = XXH64(&h, offsetof(FileHeader, header_hash), 0);
  return h;
}

Expected<bool> Table::write(const std::string& path, int blank_cell) const {
  const FileHeader h = header_for(blank_cell);
  const std::string_view pieces[] = {
      std::string_view(reinterpret_cast<const char*>(&h), sizeof h),
      std::string_view(reinterpret_cast<const char*>(data_), h.payload_bytes)};
  if (std::optional<Error> bad = files::write_whole(path, pieces, true)) return *bad;
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
// refused instead of waited on (files::open_to_read).
std::string open_table_file(const std::string& path, files::Fd& fd, uint64_t& size, FileHeader& h) {
  files::ReadFile file = files::open_to_read(path);
  if (file.problem == files::OpenProblem::CannotOpen)
    return std::string("cannot open: ") + std::strerror(file.error);
  if (file.problem != files::OpenProblem::None) return "not a regular file";
  size = file.size;
  std::memset(&h, 0, sizeof h);
  std::string why = header_problem(h, pread(file.fd.get(), &h, sizeof h, 0));
  if (why.empty()) fd = std::move(file.fd);
  return why;
}

}  // namespace

Expected<FileHeader> read_header(const std::string& path) {
  files::Fd fd;
  uint64_t size = 0;
  FileHeader h;
  if (std::string why = open_table_file(path, fd, size, h); !why.empty())
    return Error{path, 0, why};
  return h;
}

Expected<std::shared_ptr<const Table>> Table::open(const std::string& path) {
  const auto fail = [&](const std::string& why) { return Error{path, 0, why}; };
  files::Fd file;
  uint64_t size = 0;
  FileHeader h;
  if (std::string why = open_table_file(path, file, size, h); !why.empty()) return fail(why);
  const int fd = file.get();
  const int side = static_cast<int>(h.side), k = static_cast<int>(h.group_size);
  const Encoding encoding = static_cast<Encoding>(h.encoding);
  if (size < sizeof h + h.payload_bytes)
    return fail("truncated: " + std::to_string(size) + " bytes, expected " +
                std::to_string(sizeof h + h.payload_bytes));
  if (size > sizeof h + h.payload_bytes) return fail("trailing bytes after the payload");
  // The file's status before its bytes are read: a later change shows in check_unchanged.
  struct stat opened {};
  if (::fstat(fd, &opened) != 0) return fail(std::string("cannot stat: ") + std::strerror(errno));
  void* map = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) return fail(std::string("cannot map: ") + std::strerror(errno));
  // Lookups are random: huge pages spare most TLB misses. With MADV_HUGEPAGE, the file's pages
  // that are not cached yet come into the page cache in 2 MB folios (where the file system
  // allows), which the kernel then maps whole.
  madvise(map, size, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_READ
  madvise(map, size, MADV_POPULATE_READ);
#endif
  const uint8_t* payload = static_cast<const uint8_t*>(map) + sizeof h;
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
  table->fd_ = file.release();
  table->opened_ = opened;
  table->file_payload_hash_ = h.payload_hash;
  if (Expected<bool> ok = check_payload(*table, h.payload_hash); !ok) return ok.error();
  return std::shared_ptr<const Table>(std::move(table));
}

}  // namespace taquin::pdb
