// Shape pattern databases on disk: the file's layout, its writer and its checked reader.
#include "shape/pdb_file.hpp"

#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

#include <xxhash.h>

#include "core/files.hpp"

namespace taquin::shape {
namespace {

constexpr std::array<char, 8> kMagic = {'T', 'Q', 'S', 'H', 'P', 'D', 'B', '\n'};
constexpr uint32_t kVersion = 1;

// The header's words after the magic: version, rows, cols, blank, per_blank_cell, groups; then
// per group its size and its cells (a word each) and its table's entries (two words, low first);
// then the header's and the tables' xxHash64 (two words each).
std::vector<uint32_t> header_words(const Partition& p) {
  std::vector<uint32_t> w = {kVersion,
                             static_cast<uint32_t>(p.rows),
                             static_cast<uint32_t>(p.cols),
                             static_cast<uint32_t>(p.blank),
                             p.per_blank_cell ? 1u : 0u,
                             static_cast<uint32_t>(p.groups.size())};
  for (size_t g = 0; g < p.groups.size(); ++g) {
    w.push_back(static_cast<uint32_t>(p.groups[g].size()));
    for (uint8_t c : p.groups[g]) w.push_back(c);
    const uint64_t entries = ShapePdb::table_entries(p, static_cast<int>(g));
    w.push_back(static_cast<uint32_t>(entries));
    w.push_back(static_cast<uint32_t>(entries >> 32));
  }
  return w;
}

uint64_t hash_of(const std::vector<uint32_t>& words) {
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, kMagic.data(), kMagic.size());
  XXH64_update(state, words.data(), words.size() * sizeof(uint32_t));
  const uint64_t h = XXH64_digest(state);
  XXH64_freeState(state);
  return h;
}

Error file_error(const std::string& path, const std::string& message) {
  return Error{path, 0, message};
}

}  // namespace

std::string shape_pdb_file_name(const Partition& p) {
  std::string name = "shape-" + std::to_string(p.rows) + "x" + std::to_string(p.cols) + "-b" +
                     std::to_string(p.blank);
  for (const auto& group : p.groups) {
    name += '-';
    name += std::to_string(group.size());
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(hash_of(header_words(p))));
  return name + (p.per_blank_cell ? "-z-" : "-") + hex + ".spdb";
}

std::optional<Error> save_shape_pdb(const std::string& path, const ShapePdb& pdb) {
  const std::vector<uint32_t> words = header_words(pdb.partition());
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  for (int g = 0; g < pdb.groups(); ++g)
    XXH64_update(state, pdb.table(g).data(), pdb.table(g).size());
  const uint64_t tables_hash = XXH64_digest(state);
  XXH64_freeState(state);
  const std::array<uint64_t, 2> hashes = {hash_of(words), tables_hash};
  std::vector<std::string_view> pieces = {
      {kMagic.data(), kMagic.size()},
      {reinterpret_cast<const char*>(words.data()), words.size() * sizeof(uint32_t)},
      {reinterpret_cast<const char*>(hashes.data()), sizeof hashes}};
  for (int g = 0; g < pdb.groups(); ++g)
    pieces.emplace_back(reinterpret_cast<const char*>(pdb.table(g).data()), pdb.table(g).size());
  return files::write_whole(path, pieces, false);
}

Expected<ShapePdb> load_shape_pdb(const std::string& path, const Partition& partition) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return file_error(path, "cannot read the shape database");
  const std::vector<uint32_t> words = header_words(partition);
  std::array<char, kMagic.size()> magic{};
  std::vector<uint32_t> read(words.size());
  std::array<uint64_t, 2> hashes{};
  in.read(magic.data(), magic.size());
  if (!in || magic != kMagic) return file_error(path, "not a shape database");
  in.read(reinterpret_cast<char*>(read.data()), 4);
  if (!in || read[0] != kVersion) return file_error(path, "a shape database of another version");
  in.read(reinterpret_cast<char*>(read.data() + 1), (read.size() - 1) * sizeof(uint32_t));
  in.read(reinterpret_cast<char*>(hashes.data()), sizeof hashes);
  if (!in || read != words || hashes[0] != hash_of(words))
    return file_error(path, "a shape database built for another partition or damaged header");
  std::vector<std::vector<uint8_t>> tables(partition.groups.size());
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  bool short_read = false;
  for (size_t g = 0; g < tables.size() && !short_read; ++g) {
    tables[g].resize(ShapePdb::table_entries(partition, static_cast<int>(g)));
    in.read(reinterpret_cast<char*>(tables[g].data()),
            static_cast<std::streamsize>(tables[g].size()));
    short_read = !in;
    XXH64_update(state, tables[g].data(), tables[g].size());
  }
  const uint64_t tables_hash = XXH64_digest(state);
  XXH64_freeState(state);
  if (short_read) return file_error(path, "the shape database is truncated");
  if (in.peek() != std::ifstream::traits_type::eof())
    return file_error(path, "the shape database has bytes past its tables");
  if (tables_hash != hashes[1])
    return file_error(path, "the shape database's checksum differs (corrupted)");
  auto pdb = ShapePdb::from_tables(partition, std::move(tables));
  if (!pdb) return file_error(path, pdb.error().describe());
  return pdb;
}

}  // namespace taquin::shape
