// libFuzzer target: the database file reader (header checks, sizes, checksum, mapping) and, for a
// table it accepts, the value check of `pdb verify`, on any bytes written to an in-memory file:
// as they come, then with both checksums made right (a forged table), so that the checks behind
// the checksums are reached too.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <xxhash.h>

#include "taquin/pdb/table.hpp"

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
  if (!table) return;
  require((*table)->payload_bytes() + sizeof(taquin::pdb::FileHeader) == size);
  (void)taquin::pdb::verify_values(**table);
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
