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
#include "pdb/builder.hpp"
#include "pdb/catalogue.hpp"
#include "pdb/direct_table.hpp"
#include "pdb/table.hpp"
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
  // A one-thread JSON solve of a 5x5 board on the catalogue build() writes.
  std::string solve_command() const {
    return "solve --goal zero-first --format json --pdb " + (dir_ / "four.cat") +
           " --board \"5 7 3 17 4 6 0 2 11 9 10 16 21 1 14 20 15 8 12 19 22 18 23 13 24\" "
           "--threads 1";  // (generate --walk 60 --seed 7)
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

// Files whose checksum is right but values wrong (a forger's, or a buggy writer's): a file with
// every value raised is refused on load (rows sampled), one with a single value changed is found
// by `pdb verify` (every entry).
TEST_F(DirectFile, WrongValuesWithARightChecksumAreFound) {
  const std::vector<std::shared_ptr<const Table>> tables = build();
  const Table& table = *tables[0];
  const std::string path = DirectTable::file_for(table);
  ASSERT_TRUE(DirectTable::write_file(table, path).ok());
  const std::vector<char> good = read_bytes(path);

  std::vector<char> raised = good;
  for (uint64_t i = 0; i < kEntries; ++i)
    if (char& byte = raised[DirectFileHeader::kBytes + i]; byte != 0) byte += 2;
  raised = with_entry(raised, 0, static_cast<uint8_t>(raised[DirectFileHeader::kBytes]));
  write_bytes(path, raised);
  const std::string why = refusal(path, table);
  EXPECT_TRUE(why.starts_with(path + ": entry ")) << why;
  EXPECT_TRUE(why.ends_with(" differs from its table's expansion")) << why;

  // One value of a placement (tiles on cells 7, 1, 2, 3) changed.
  const uint64_t at = 7 * kSlice + 1 * 625 + 2 * 25 + 3;
  const DirectTable expanded(table);
  write_bytes(path, with_entry(good, at, static_cast<uint8_t>(expanded[at] + 2)));
  const testing::CliRun verify = run_taquin("pdb verify " + table.path());
  EXPECT_EQ(verify.status, 2);
  EXPECT_EQ(verify.err, "taquin: " + path + ": entry " + std::to_string(at) +
                            " differs from its table's expansion\n");
  // Loaded: refused when the load's sample met that row, else mapped as it is.
  Expected<std::shared_ptr<const DirectTable>> mapped = DirectTable::open_file(path, table);
  if (!mapped) {
    EXPECT_EQ(mapped.error().describe(),
              path + ": entry " + std::to_string(at) + " differs from its table's expansion");
  } else {
    EXPECT_EQ(DirectTable::first_difference(**mapped, table), static_cast<int64_t>(at));
    // A sample whose rows meet that placement's row finds it.
    bool met = false;
    for (uint64_t seed = 0; seed < 4096 && !met; ++seed)
      met = DirectTable::sampled_difference(**mapped, table, 64, seed) == static_cast<int64_t>(at);
    EXPECT_TRUE(met);
  }
}

TEST_F(DirectFile, WrittenForTheSetsASearchReadsDirect) {
  // Four groups: read direct; their files written, listed, kept when good, rewritten on request.
  const std::vector<std::shared_ptr<const Table>> tables = build();
  Expected<Catalogue> four = read_catalogue(dir_ / "four.cat");
  ASSERT_TRUE(four.ok());
  EXPECT_TRUE(reads_direct(*four, tables));
  std::vector<std::string> expected;
  for (int i = 1; i <= 4; ++i) expected.push_back(dir_ / ("four." + std::to_string(i) + ".direct"));
  Expected<std::vector<std::string>> written = write_direct_files(*four, tables);
  ASSERT_TRUE(written.ok()) << written.error().describe();
  EXPECT_EQ(*written, expected);
  written = write_direct_files(*four, tables);
  ASSERT_TRUE(written.ok());
  EXPECT_TRUE(written->empty());
  write_bytes(expected[2], std::vector<char>(10, 'x'));  // refused: written again
  written = write_direct_files(*four, tables);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, std::vector<std::string>{expected[2]});
  written = write_direct_files(*four, tables, true);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, expected);

  // `pdb verify` checks a table's direct file.
  const testing::CliRun verify = run_taquin("pdb verify " + tables[0]->path());
  ASSERT_EQ(verify.status, 0) << verify.err;
  EXPECT_NE(verify.out.find("direct file: " + expected[0] + " (every entry checked)\n"),
            std::string::npos)
      << verify.out;
  fs::remove(expected[0]);
  fs::create_directory(expected[0]);  // (what is there must be a direct file)
  const testing::CliRun directory = run_taquin("pdb verify " + tables[0]->path());
  EXPECT_EQ(directory.status, 2);
  EXPECT_EQ(directory.err, "taquin: " + expected[0] + ": not a regular file\n");

  // Six groups in a partition: the search reads the ranked tables, so `pdb build` writes none;
  // nor on 4x4.
  const std::string six = dir_ / "six.cat";
  std::ofstream(six) << kSixGroups;
  const testing::CliRun built = run_taquin("pdb build " + six + " --threads 2");
  ASSERT_EQ(built.status, 0) << built.err;
  EXPECT_EQ(testing::lines_of(built.out).size(), 6u) << built.out;
  EXPECT_EQ(built.out.find(".direct"), std::string::npos) << built.out;
  EXPECT_FALSE(fs::exists(dir_ / "six.1.direct"));
  const testing::CliRun small = run_taquin("pdb build 5-5-5 --threads 2 -o " + (dir_ / "small"));
  ASSERT_EQ(small.status, 0) << small.err;
  EXPECT_NE(small.out.find("5-5-5.3.pdb"), std::string::npos) << small.out;
  EXPECT_EQ(small.out.find(".direct"), std::string::npos) << small.out;
}

TEST_F(DirectFile, ASolveFindsTheSameNodesInTheFilesAsInAnExpansion) {
  for (const std::shared_ptr<const Table>& table : build())
    ASSERT_TRUE(DirectTable::write_file(*table, DirectTable::file_for(*table)).ok());
  const std::string solve = solve_command();
  const testing::CliRun from_files = run_taquin(solve);
  ASSERT_EQ(from_files.status, 0) << from_files.err;
  for (int i = 1; i <= 4; ++i) fs::remove(dir_ / ("four." + std::to_string(i) + ".direct"));
  const testing::CliRun expanded = run_taquin(solve);
  ASSERT_EQ(expanded.status, 0) << expanded.err;
  EXPECT_NE(testing::field(from_files.out, "length"), "null");
  EXPECT_EQ(testing::field(from_files.out, "moves"), testing::field(expanded.out, "moves"));
  EXPECT_EQ(testing::field(from_files.out, "nodes_expanded"),
            testing::field(expanded.out, "nodes_expanded"));
  // Missing files are not mentioned: expanding is what a search without them does.
  EXPECT_EQ(expanded.err.find("note"), std::string::npos) << expanded.err;
}

TEST_F(DirectFile, ARefusedFileIsSaidOnceAndTheSolveGoesOn) {
  const std::vector<std::shared_ptr<const Table>> tables = build();
  for (const std::shared_ptr<const Table>& table : tables)
    ASSERT_TRUE(DirectTable::write_file(*table, DirectTable::file_for(*table)).ok());
  const std::string solve = solve_command();
  const testing::CliRun good = run_taquin(solve);
  ASSERT_EQ(good.status, 0) << good.err;
  EXPECT_EQ(good.err.find("note"), std::string::npos) << good.err;
  // One payload byte changed: the checksum refuses the file; the solve says so and expands.
  const std::string damaged = DirectTable::file_for(*tables[2]);
  std::vector<char> bytes = read_bytes(damaged);
  bytes[DirectFileHeader::kBytes + 100] ^= 1;
  write_bytes(damaged, bytes);
  const testing::CliRun refused = run_taquin(solve);
  ASSERT_EQ(refused.status, 0) << refused.err;
  EXPECT_EQ(refused.err, "taquin: note: " + damaged +
                             ": corrupted payload (checksum mismatch); its table is expanded in "
                             "memory instead (`taquin pdb build` writes the file anew)\n");
  EXPECT_EQ(testing::field(refused.out, "moves"), testing::field(good.out, "moves"));
  EXPECT_EQ(testing::field(refused.out, "nodes_expanded"),
            testing::field(good.out, "nodes_expanded"));
}

}  // namespace
}  // namespace taquin::pdb
