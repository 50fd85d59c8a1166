// Expanding a classic table into direct-indexed bytes, once per table, shared by every search;
// direct files: writing an expansion beside its table, mapping and checking it.
#include "pdb/direct_table.hpp"

#include <sys/mman.h>
#include <tbb/parallel_for.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <functional>
#include <mutex>
#include <new>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

#include "core/files.hpp"
#include "core/rank.hpp"
#include "pdb/geometry.hpp"
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
  // Writes the value of direct index i at out[i - base]: base 0 for a whole expansion, the
  // slice's first index for one slice (expand_first).
  Expander(const Table& table, uint8_t* out, uint64_t base = 0)
      : table_(table), out_(out), base_(base), geometry_(table.side()) {
    cells_ = table.side() * table.side();
    k_ = table.group_size();
    for (int i = 0; i < k_; ++i) {
      weight_[i] = power(static_cast<uint64_t>(cells_), k_ - 1 - i);
      for (int c = 0; c < cells_; ++c)
        dist_[i][c] = static_cast<uint8_t>(taxicab(c, table.cells()[i], table.side()));
    }
  }

  // The row of the placements whose first k - 1 tiles are on `prefix` (distinct cells; k >= 2):
  // writes row[c] for each cell c the last tile may take, and returns the row's first direct
  // index (its entries are at that index + c).
  uint64_t expand_row(const uint8_t* prefix, uint8_t* row) {
    uint64_t used = 0, direct = 0;
    int manhattan = 0;
    std::array<uint8_t, kMaxTiles> cells{};
    for (int i = 0; i + 1 < k_; ++i) {
      used |= uint64_t{1} << prefix[i];
      direct += prefix[i] * weight_[i];
      manhattan += dist_[i][prefix[i]];
      cells[i] = prefix[i];
    }
    cells[k_ - 1] = static_cast<uint8_t>(std::countr_one(used));  // the lowest free cell
    // (The row's placements have consecutive ranks, the last tile's cell in increasing order.)
    const uint64_t rank = rank_placement(cells, cells_, k_);
    if (table_.zero_aware() && table_.encoding() == Encoding::Excess4)
      last_tile_pockets<Encoding::Excess4>(used, row, manhattan, rank);
    else if (table_.zero_aware())
      last_tile_pockets<Encoding::Value8>(used, row, manhattan, rank);
    else if (table_.encoding() == Encoding::Excess4)
      last_tile<Encoding::Excess4>(used, row, manhattan, rank);
    else
      last_tile<Encoding::Value8>(used, row, manhattan, rank);
    return direct;
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
      out_[direct - base_] = static_cast<uint8_t>(table_.value(rank_++, manhattan));
      return;
    }
    if (i + 2 == k_) {  // the last tile, in one loop: the expansion's time is spent here
      uint8_t* out = out_ + (direct - base_);
      if (table_.zero_aware() && table_.encoding() == Encoding::Excess4)
        rank_ = last_tile_pockets<Encoding::Excess4>(used, out, manhattan, rank_);
      else if (table_.zero_aware())
        rank_ = last_tile_pockets<Encoding::Value8>(used, out, manhattan, rank_);
      else if (table_.encoding() == Encoding::Excess4)
        rank_ = last_tile<Encoding::Excess4>(used, out, manhattan, rank_);
      else
        rank_ = last_tile<Encoding::Value8>(used, out, manhattan, rank_);
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
  uint64_t base_;
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
  map_bytes_ = entries_;
  void* p = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  // Lookups are random over hundreds of megabytes: huge pages spare most TLB misses.
  madvise(p, map_bytes_, MADV_HUGEPAGE);
  map_ = p;
  data_ = static_cast<uint8_t*>(p);
  tbb::parallel_for(0, cells, [&](int first) {
    Expander expander(table, data_);
    expander.expand_first(first);
  });
}

DirectTable::~DirectTable() {
  if (map_ != nullptr) munmap(map_, map_bytes_);
}

namespace {

// What DirectTable::of calls with a refused direct file's reason (on_refused).
std::function<void(const Error&)>& refusal_report() {
  static std::function<void(const Error&)> report;
  return report;
}

}  // namespace

void DirectTable::on_refused(std::function<void(const Error&)> report) {
  refusal_report() = std::move(report);
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
  std::shared_ptr<const DirectTable> direct;
  // (A direct file that is missing or refused is only slower: the table is expanded instead.)
  if (const std::string path = file_for(*table); !path.empty() && files::present(path)) {
    if (Expected<std::shared_ptr<const DirectTable>> file = open_file(path, *table))
      direct = *file;
    else if (refusal_report())
      refusal_report()(file.error());
  }
  if (!direct) direct = std::make_shared<const DirectTable>(*table);
  cache.push_back({table, direct});
  return direct;
}

std::string DirectTable::file_for(const Table& table) {
  return table.path().empty() ? std::string() : file_for(table.path());
}

std::string DirectTable::file_for(const std::string& path) {
  constexpr std::string_view kTableSuffix = ".pdb";
  if (path.size() > kTableSuffix.size() && path.ends_with(kTableSuffix))
    return path.substr(0, path.size() - kTableSuffix.size()) + ".direct";
  return path + ".direct";
}

uint64_t DirectTable::checksum(const uint8_t* data, uint64_t bytes) {
  constexpr uint64_t kChunk = uint64_t{16} << 20;
  const uint64_t chunks = (bytes + kChunk - 1) / kChunk;
  std::vector<uint64_t> hashes(chunks);
  tbb::parallel_for(uint64_t{0}, chunks, [&](uint64_t c) {
    const uint64_t begin = c * kChunk;
    hashes[c] = XXH3_64bits(data + begin, std::min(kChunk, bytes - begin));
  });
  return XXH3_64bits(hashes.data(), hashes.size() * sizeof(uint64_t));
}

uint64_t DirectTable::table_hash(const Table& table) {
  std::vector<uint64_t> identity = {static_cast<uint64_t>(table.side()),
                                    static_cast<uint64_t>(table.encoding()),
                                    table.zero_aware() ? 1u : 0u, table.payload_hash()};
  for (const uint8_t cell : table.cells()) identity.push_back(cell);
  return XXH64(identity.data(), identity.size() * sizeof(uint64_t), 0);
}

Expected<bool> DirectTable::write_file(const Table& table, const std::string& path) {
  std::shared_ptr<const DirectTable> direct;
  try {
    direct = std::make_shared<const DirectTable>(table);
  } catch (const std::bad_alloc&) {
    return Error{path, 0, "not enough memory to expand the table"};
  }
  std::vector<char> header(DirectFileHeader::kBytes, 0);
  DirectFileHeader h{};
  std::memcpy(h.magic, kDirectMagic, sizeof h.magic);
  h.version = DirectFileHeader::kVersion;
  h.header_bytes = DirectFileHeader::kBytes;
  h.entries = direct->entries_;
  h.table_hash = table_hash(table);
  h.payload_hash = checksum(direct->data_, direct->entries_);
  h.header_hash = XXH64(&h, offsetof(DirectFileHeader, header_hash), 0);
  std::memcpy(header.data(), &h, sizeof h);
  const std::string_view pieces[] = {
      std::string_view(header.data(), header.size()),
      std::string_view(reinterpret_cast<const char*>(direct->data_), direct->entries_)};
  if (std::optional<Error> bad = files::write_whole(path, pieces, true)) return *bad;
  return true;
}

Expected<std::shared_ptr<const DirectTable>> DirectTable::open_file(const std::string& path,
                                                                    const Table& table) {
  const auto fail = [&](const std::string& why) { return Error{path, 0, why}; };
  if (!serves(table)) return fail("its table is not one a direct file serves");
  files::ReadFile file = files::open_to_read(path);
  if (file.problem == files::OpenProblem::CannotOpen)
    return fail(std::string("cannot open: ") + std::strerror(file.error));
  if (file.problem != files::OpenProblem::None) return fail("not a regular file");
  DirectFileHeader h{};
  const ssize_t got = pread(file.fd.get(), &h, sizeof h, 0);
  if (got < 0) return fail(std::string("cannot read: ") + std::strerror(errno));
  if (got < 8 || std::memcmp(h.magic, kDirectMagic, sizeof h.magic) != 0)
    return fail("not a taquin direct table (bad magic)");
  if (got < static_cast<ssize_t>(sizeof h)) return fail("truncated header");
  if (h.version != DirectFileHeader::kVersion)
    return fail("direct format version " + std::to_string(h.version) +
                ", this taquin reads version " + std::to_string(DirectFileHeader::kVersion) +
                "; rewrite it with `taquin pdb build`");
  if (h.header_bytes != DirectFileHeader::kBytes || h.reserved[0] != 0 || h.reserved[1] != 0 ||
      XXH64(&h, offsetof(DirectFileHeader, header_hash), 0) != h.header_hash)
    return fail("corrupted header (checksum mismatch)");
  const uint64_t entries =
      power(static_cast<uint64_t>(table.side() * table.side()), table.group_size());
  if (h.entries != entries || h.table_hash != table_hash(table))
    return fail("made from another table than " + table.path() +
                " (stale: rewrite it with `taquin pdb build`)");
  if (file.size != h.header_bytes + h.entries)
    return fail(file.size < h.header_bytes + h.entries ? "truncated" : "trailing bytes");
  void* map = mmap(nullptr, file.size, PROT_READ, MAP_SHARED, file.fd.get(), 0);
  const int map_error = errno;
  file.fd = files::Fd();  // closed: the mapping keeps the file
  if (map == MAP_FAILED) return fail(std::string("cannot map: ") + std::strerror(map_error));
  // As a table file: huge pages where the file system gives them, every page read now.
  madvise(map, file.size, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_READ
  madvise(map, file.size, MADV_POPULATE_READ);
#endif
  std::shared_ptr<DirectTable> direct(new DirectTable());
  direct->map_ = map;
  direct->map_bytes_ = file.size;
  direct->data_ = static_cast<uint8_t*>(map) + h.header_bytes;
  direct->entries_ = h.entries;
  direct->from_file_ = true;
  if (checksum(direct->data_, direct->entries_) != h.payload_hash)
    return fail("corrupted payload (checksum mismatch)");
  // Rows drawn anew at each load, expanded again: values a bug, another version or a forger
  // (with the checksum made anew) wrote differently, unless in very few rows.
  const uint64_t seed = (uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  if (const int64_t at = sampled_difference(*direct, table, kSampledRows, seed); at >= 0)
    return fail("entry " + std::to_string(at) + " differs from its table's expansion");
  return std::shared_ptr<const DirectTable>(std::move(direct));
}

int64_t DirectTable::sampled_difference(const DirectTable& direct, const Table& table, int rows,
                                        uint64_t seed) {
  const int cells = table.side() * table.side(), k = table.group_size();
  if (k < 2) return first_difference(direct, table);  // (one row: all of it)
  std::mt19937_64 random(seed);
  Expander expander(table, nullptr);
  std::array<uint8_t, 64> row{};
  std::array<uint8_t, 8> prefix{};
  for (int r = 0; r < rows; ++r) {
    uint64_t used = 0;
    for (int i = 0; i + 1 < k; ++i) {  // distinct cells, uniformly
      int c;
      do c = static_cast<int>(random() % static_cast<uint64_t>(cells));
      while ((used >> c) & 1);
      used |= uint64_t{1} << c;
      prefix[static_cast<size_t>(i)] = static_cast<uint8_t>(c);
    }
    const uint64_t first = expander.expand_row(prefix.data(), row.data());
    for (int c = 0; c < cells; ++c)
      if (((used >> c) & 1) == 0 && direct.data_[first + static_cast<uint64_t>(c)] != row[c])
        return static_cast<int64_t>(first + static_cast<uint64_t>(c));
  }
  return -1;
}

bool reads_direct(const Catalogue& catalogue,
                  const std::vector<std::shared_ptr<const Table>>& tables, int side) {
  if (catalogue.side != side) return false;
  std::vector<int> groups(static_cast<size_t>(catalogue.partitions), 0);
  for (const int partition : catalogue.group_partition)
    if (partition < 0 || partition >= catalogue.partitions ||
        ++groups[static_cast<size_t>(partition)] > kDirectMaxGroups)
      return false;
  return std::all_of(tables.begin(), tables.end(),
                     [](const auto& t) { return DirectTable::serves(*t); });
}

Expected<std::vector<std::string>> write_direct_files(
    const Catalogue& catalogue, const std::vector<std::shared_ptr<const Table>>& tables,
    bool rewrite) {
  std::vector<std::string> written;
  if (!reads_direct(catalogue, tables)) return written;
  for (const std::shared_ptr<const Table>& table : tables) {
    const std::string path = DirectTable::file_for(*table);
    if (path.empty()) continue;
    if (!rewrite && files::present(path) && DirectTable::open_file(path, *table)) continue;
    if (Expected<bool> ok = DirectTable::write_file(*table, path); !ok) return ok.error();
    written.push_back(path);
  }
  return written;
}

int64_t DirectTable::first_difference(const DirectTable& direct, const Table& table) {
  const int cells = table.side() * table.side();
  const uint64_t slice = power(static_cast<uint64_t>(cells), table.group_size() - 1);
  // (One slice a first cell, in parallel; the first difference of the lowest slice wins.)
  std::vector<int64_t> found(static_cast<size_t>(cells), -1);
  tbb::parallel_for(0, cells, [&](int first) {
    std::vector<uint8_t> expected(slice, 0);
    const uint64_t base = static_cast<uint64_t>(first) * slice;
    Expander expander(table, expected.data(), base);
    expander.expand_first(first);
    // (Slots whose tuple repeats a cell are 0 in both: an expansion never writes them.)
    const uint8_t* got = direct.data_ + base;
    if (std::memcmp(got, expected.data(), slice) == 0) return;
    for (uint64_t i = 0; i < slice; ++i)
      if (got[i] != expected[i]) {
        found[static_cast<size_t>(first)] = static_cast<int64_t>(base + i);
        return;
      }
  });
  for (const int64_t at : found)
    if (at >= 0) return at;
  return -1;
}

}  // namespace taquin::pdb
