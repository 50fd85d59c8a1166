// libFuzzer target: the database file reader (header checks, sizes, checksum, mapping, the value
// checks made on load) and the value check of `pdb verify`, on any bytes written to an in-memory
// file: as they come, then with both checksums made right (a forged table), so that the checks
// behind the checksums are reached too. A classic table that loads must pass verify, and the
// load's blocked check must agree with verify on every split of the table's tiles.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <xxhash.h>

#include "pdb/table.hpp"
#include "pdb/verify.hpp"

#include "fuzz_support.hpp"

using taquin::fuzz::require;

namespace {

// An in-memory file, rewritten with each input and opened by name like a file on disk.
struct MemoryFile {
  int fd = memfd_create("fuzz.pdb", 0);
  std::string path = "/proc/self/fd/" + std::to_string(fd);

  void hold(const uint8_t* data, size_t size) const {
    require(ftruncate(fd, 0) == 0);
    size_t written = 0;
    while (written < size) {
      const ssize_t n = pwrite(fd, data + written, size - written, static_cast<off_t>(written));
      require(n > 0);
      written += static_cast<size_t>(n);
    }
  }
};

// Opens the bytes as a table file and, when they are one, checks its values.
void open_and_verify(const uint8_t* data, size_t size) {
  static const MemoryFile file;
  file.hold(data, size);
  const auto header = taquin::pdb::read_header(file.path);
  const auto table = taquin::pdb::Table::open(file.path);
  require(!table || header);  // a table that opens has a valid header
  if (table) {
    require((*table)->payload_bytes() + sizeof(taquin::pdb::FileHeader) == size);
    const bool verified = taquin::pdb::verify_values(**table).ok();
    require(verified || (*table)->zero_aware());  // load checks all verify checks of these
  }
  if (!header || header->payload_bytes + sizeof(taquin::pdb::FileHeader) != size) return;
  // The same bytes as an owned table, checked by every split the load may use.
  const uint8_t* payload = data + sizeof(taquin::pdb::FileHeader);
  const taquin::pdb::Table owned(
      static_cast<int>(header->side),
      std::vector<uint8_t>(header->cells, header->cells + header->group_size),
      static_cast<int>(header->blank_cell), static_cast<taquin::pdb::Encoding>(header->encoding),
      static_cast<int>(header->max_value), std::vector<uint8_t>(payload, data + size),
      (header->flags & taquin::pdb::kFlagZeroAware) != 0);
  const bool verified = taquin::pdb::verify_values(owned).ok();
  const uint64_t hash = XXH64(payload, header->payload_bytes, 0);
  for (int suffix = 0; suffix <= 4; ++suffix) {
    const bool loaded = taquin::pdb::check_payload(owned, hash, suffix).ok();
    require(owned.zero_aware() ? (!verified || loaded) : loaded == verified);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  open_and_verify(data, size);
  using taquin::pdb::FileHeader;
  if (size < sizeof(FileHeader)) return 0;
  std::vector<uint8_t> forged(data, data + size);
  FileHeader header;
  std::memcpy(&header, forged.data(), sizeof header);
  header.payload_hash = XXH64(forged.data() + sizeof header, size - sizeof header, 0);
  header.header_hash = XXH64(&header, offsetof(FileHeader, header_hash), 0);
  std::memcpy(forged.data(), &header, sizeof header);
  open_and_verify(forged.data(), forged.size());
  return 0;
}
