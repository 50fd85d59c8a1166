// Direct files: a table's expansion kept on disk (`pdb build` on 5x5), mapped instead of expanded,
// refused when it does not match its table; `pdb verify` checks them entry by entry.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include <xxhash.h>

#include "cli_run.hpp"
#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/catalogue.hpp"
#include "taquin/pdb/direct_table.hpp"
#include "taquin/pdb/table.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb {
namespace {

namespace fs = std::filesystem;
using testing::run_taquin;

// Four 5x5 groups of four tiles (390,625 direct entries a table); tiles 17 to 24 in none.
const char* kFourGroups = "side 5\nblank 0\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n";
// Six groups of four, every tile in one: a catalogue `pdb build` accepts.
const char* kSixGroups =
    "side 5\nblank 0\n1 2 5 6\n3 4 8 9\n7 12 13 14\n10 11 15 16\n17 18 22 23\n19 20 21 24\n";
constexpr uint64_t kEntries = 390625;  // 25^4
constexpr uint64_t kSlice = 15625;     // 25^3: the placements of one first cell

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

DirectFileHeader header_of(const std::vector<char>& bytes) {
  DirectFileHeader h{};
  std::memcpy(&h, bytes.data(), sizeof h);
  return h;
}

// `bytes` (a direct file) with the entry `at` changed to `value` and the checksum made anew: a
// file whose only fault is in its values.
std::vector<char> with_entry(std::vector<char> bytes, uint64_t at, uint8_t value) {
  bytes[DirectFileHeader::kBytes + at] = static_cast<char>(value);
  DirectFileHeader h = header_of(bytes);
  h.payload_hash = DirectTable::checksum(
      reinterpret_cast<const uint8_t*>(bytes.data()) + DirectFileHeader::kBytes, kEntries);
  h.header_hash = XXH64(&h, offsetof(DirectFileHeader, header_hash), 0);
  std::memcpy(bytes.data(), &h, sizeof h);
  return bytes;
}

class DirectFile : public ::testing::Test {
 protected:
  // The catalogue built in the test's directory, its tables loaded.
  std::vector<std::shared_ptr<const Table>> build() {
    const std::string cat = dir_ / "four.cat";
    std::ofstream(cat) << kFourGroups;
    Expected<Catalogue> catalogue = read_catalogue(cat);
    EXPECT_TRUE(catalogue.ok());
    Expected<std::vector<std::string>> written = build_catalogue(*catalogue, dir_.path().string());
    EXPECT_TRUE(written.ok()) << written.error().describe();
    std::vector<std::shared_ptr<const Table>> tables;
    for (const std::string& path : *written) {
      Expected<std::shared_ptr<const Table>> table = Table::open(path);
      EXPECT_TRUE(table.ok()) << table.error().describe();
      tables.push_back(*table);
    }
    return tables;
  }
  // Why open_file refuses `path` for `table` (empty when it accepts it).
  static std::string refusal(const std::string& path, const Table& table) {
    Expected<std::shared_ptr<const DirectTable>> direct = DirectTable::open_file(path, table);
    return direct ? "" : direct.error().describe();
  }
  testing::TempDir dir_{"taquin_direct_file"};
};

TEST_F(DirectFile, MapsTheExpansionsBytesAndSearchesUseIt) {
  for (const std::shared_ptr<const Table>& table : build()) {
    const std::string path = DirectTable::file_for(*table);
    EXPECT_EQ(fs::path(path).extension(), ".direct");
    EXPECT_EQ(fs::path(path).stem(), fs::path(table->path()).stem());
    ASSERT_TRUE(DirectTable::write_file(*table, path).ok());
    EXPECT_EQ(fs::file_size(path), DirectFileHeader::kBytes + kEntries);

    Expected<std::shared_ptr<const DirectTable>> mapped = DirectTable::open_file(path, *table);
    ASSERT_TRUE(mapped.ok()) << mapped.error().describe();
    EXPECT_TRUE((*mapped)->from_file());
    const DirectTable expanded(*table);
    EXPECT_FALSE(expanded.from_file());
    ASSERT_EQ((*mapped)->entries(), kEntries);
    EXPECT_EQ(std::memcmp((*mapped)->address(0), expanded.address(0), kEntries), 0);
    EXPECT_EQ(DirectTable::first_difference(**mapped, *table), -1);
    // What the searches get: the file.
    const std::shared_ptr<const DirectTable> used = DirectTable::of(table);
    EXPECT_TRUE(used->from_file());
    EXPECT_EQ(std::memcmp(used->address(0), expanded.address(0), kEntries), 0);
  }
}

TEST_F(DirectFile, RefusesFilesThatAreNotTheirTablesExpansion) {
  const std::vector<std::shared_ptr<const Table>> tables = build();
  const Table& first = *tables[0];
  const std::string path = DirectTable::file_for(first);
  ASSERT_TRUE(DirectTable::write_file(first, path).ok());
  const std::vector<char> good = read_bytes(path);
  ASSERT_EQ(refusal(path, first), "");

  std::vector<char> bad = good;
  bad[DirectFileHeader::kBytes + 12345] ^= 1;
  write_bytes(path, bad);
  EXPECT_EQ(refusal(path, first), path + ": corrupted payload (checksum mismatch)");
  bad = good;
  bad[20] ^= 1;
  write_bytes(path, bad);
  EXPECT_EQ(refusal(path, first), path + ": corrupted header (checksum mismatch)");
  bad.assign(good.begin(), good.end() - 1);
  write_bytes(path, bad);
  EXPECT_EQ(refusal(path, first), path + ": truncated");
  bad = good;
  bad.push_back(0);
  write_bytes(path, bad);
  EXPECT_EQ(refusal(path, first), path + ": trailing bytes");
  write_bytes(path, std::vector<char>(100, 'x'));
  EXPECT_EQ(refusal(path, first), path + ": not a taquin direct table (bad magic)");
  fs::remove(path);
  EXPECT_NE(refusal(path, first).find(path + ": cannot open: "), std::string::npos);

  // Another table's direct file under this table's name: stale.
  ASSERT_TRUE(DirectTable::write_file(*tables[1], path).ok());
  EXPECT_EQ(refusal(path, first), path + ": made from another table than " + first.path() +
                                      " (stale: rewrite it with `taquin pdb build`)");

  // A refused file is only slower: the searches expand the table instead.
  const std::shared_ptr<const DirectTable> used = DirectTable::of(tables[0]);
  EXPECT_FALSE(used->from_file());
  const DirectTable expanded(first);
  EXPECT_EQ(std::memcmp(used->address(0), expanded.address(0), kEntries), 0);
}

// A file whose checksum is right but one value wrong: open_file compares the slice its checksum
// picks, `pdb verify` every entry.
TEST_F(DirectFile, WrongValuesWithARightChecksumAreFound) {
  const std::vector<std::shared_ptr<const Table>> tables = build();
  const Table& table = *tables[0];
  const std::string path = DirectTable::file_for(table);
  ASSERT_TRUE(DirectTable::write_file(table, path).ok());
  const std::vector<char> good = read_bytes(path);
  const DirectTable expanded(table);
  // Entries of placements (no cell repeated), one a slice: tiles on cells (first, 1, 2, 3) or,
  // for first cells 1 to 3, (first, 4, 5, 6).
  const auto entry_in = [](uint64_t first) {
    return first * kSlice +
           (first >= 1 && first <= 3 ? 4 * 625 + 5 * 25 + 6 : 1 * 625 + 2 * 25 + 3);
  };
  bool in_slice = false, outside = false;
  for (uint64_t first = 0; first < 25 && !(in_slice && outside); ++first)
    for (uint8_t delta = 2; delta < 60 && !(in_slice && outside); delta += 2) {
      const uint64_t at = entry_in(first);
      const std::vector<char> bytes =
          with_entry(good, at, static_cast<uint8_t>(expanded[static_cast<uint32_t>(at)] + delta));
      const bool checked = header_of(bytes).payload_hash % 25 == first;
      if ((checked && in_slice) || (!checked && outside)) continue;
      write_bytes(path, bytes);
      if (checked) {
        in_slice = true;
        EXPECT_EQ(refusal(path, table),
                  path + ": entry " + std::to_string(at) + " differs from its table's expansion");
      } else {
        outside = true;
        Expected<std::shared_ptr<const DirectTable>> mapped = DirectTable::open_file(path, table);
        ASSERT_TRUE(mapped.ok()) << mapped.error().describe();
        EXPECT_EQ(DirectTable::first_difference(**mapped, table), static_cast<int64_t>(at));
        const testing::CliRun verify = run_taquin("pdb verify " + table.path());
        EXPECT_EQ(verify.status, 2);
        EXPECT_EQ(verify.err, "taquin: " + path + ": entry " + std::to_string(at) +
                                  " differs from its table's expansion\n");
      }
    }
  EXPECT_TRUE(in_slice && outside);
}

TEST_F(DirectFile, BuildWritesThemOn5x5AndVerifyChecksThem) {
  const std::string cat = dir_ / "six.cat";
  std::ofstream(cat) << kSixGroups;
  const testing::CliRun built = run_taquin("pdb build " + cat + " --threads 2");
  ASSERT_EQ(built.status, 0) << built.err;
  std::vector<std::string> expected;
  for (int i = 1; i <= 6; ++i) expected.push_back(dir_ / ("six." + std::to_string(i) + ".pdb"));
  for (int i = 1; i <= 6; ++i) expected.push_back(dir_ / ("six." + std::to_string(i) + ".direct"));
  EXPECT_EQ(testing::lines_of(built.out), expected);
  EXPECT_NE(built.err.find("taquin: wrote 6 direct tables in "), std::string::npos) << built.err;
  for (const std::string& path : expected) EXPECT_TRUE(fs::exists(path)) << path;

  const testing::CliRun verify = run_taquin("pdb verify " + expected[0]);
  ASSERT_EQ(verify.status, 0) << verify.err;
  EXPECT_NE(verify.out.find("direct file: " + expected[6] + " (every entry checked)\n"),
            std::string::npos)
      << verify.out;

  // Built again: the files there are kept (not listed); --fresh writes them anew.
  const testing::CliRun again = run_taquin("pdb build " + cat + " --threads 2");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(testing::lines_of(again.out).size(), 6u) << again.out;
  const testing::CliRun fresh = run_taquin("pdb build " + cat + " --threads 2 --fresh");
  ASSERT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(testing::lines_of(fresh.out), expected);

  // Into another directory (the catalogue copied there too).
  const testing::CliRun elsewhere = run_taquin("pdb build " + cat + " -o " + (dir_ / "other"));
  ASSERT_EQ(elsewhere.status, 0) << elsewhere.err;
  EXPECT_TRUE(fs::exists(dir_ / "other/six.cat"));
  EXPECT_TRUE(fs::exists(dir_ / "other/six.6.direct"));

  // solve --build-pdb writes them too.
  for (const std::string& path : expected) fs::remove(path);
  const testing::CliRun solved =
      run_taquin("solve --goal zero-first --build-pdb --pdb " + cat +
                 " --board \"5 1 2 3 4 0 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\"");
  ASSERT_EQ(solved.status, 0) << solved.err;
  for (const std::string& path : expected) EXPECT_TRUE(fs::exists(path)) << path;

  // --no-direct writes none; a 4x4 catalogue has none to write.
  for (size_t i = 6; i < expected.size(); ++i) fs::remove(expected[i]);
  const testing::CliRun plain = run_taquin("pdb build " + cat + " --no-direct");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(testing::lines_of(plain.out).size(), 6u);
  for (size_t i = 6; i < expected.size(); ++i) EXPECT_FALSE(fs::exists(expected[i]));
  const testing::CliRun four = run_taquin("pdb build 5-5-5 --threads 2 -o " + dir_.path().string());
  ASSERT_EQ(four.status, 0) << four.err;
  EXPECT_NE(four.out.find("5-5-5.3.pdb"), std::string::npos) << four.out;
  EXPECT_EQ(four.out.find(".direct"), std::string::npos) << four.out;
}

TEST_F(DirectFile, ASolveFindsTheSameNodesInTheFilesAsInAnExpansion) {
  for (const std::shared_ptr<const Table>& table : build())
    ASSERT_TRUE(DirectTable::write_file(*table, DirectTable::file_for(*table)).ok());
  const std::string solve = "solve --goal zero-first --format json --pdb " + (dir_ / "four.cat") +
                            " --board \"5 7 3 17 4 6 0 2 11 9 10 16 21 1 14 20 15 8 12 19 22 18 "
                            "23 13 24\" --threads 1";  // (generate --walk 60 --seed 7)
  const testing::CliRun from_files = run_taquin(solve);
  ASSERT_EQ(from_files.status, 0) << from_files.err;
  for (int i = 1; i <= 4; ++i) fs::remove(dir_ / ("four." + std::to_string(i) + ".direct"));
  const testing::CliRun expanded = run_taquin(solve);
  ASSERT_EQ(expanded.status, 0) << expanded.err;
  EXPECT_NE(testing::field(from_files.out, "length"), "null");
  EXPECT_EQ(testing::field(from_files.out, "moves"), testing::field(expanded.out, "moves"));
  EXPECT_EQ(testing::field(from_files.out, "nodes_expanded"),
            testing::field(expanded.out, "nodes_expanded"));
}

}  // namespace
}  // namespace taquin::pdb
