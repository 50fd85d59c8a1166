// The neighbour check of table values (check_neighbours): sound tables pass it on every placement,
// classic and zero-aware, in both encodings; the forgery (every non-zero excess raised
// one step, the maximum and both checksums updated), which the Manhattan, parity and maximum
// checks cannot see, is refused when the table is loaded and by verify.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/rank.hpp"
#include "pdb/builder.hpp"
#include "pdb/table.hpp"
#include "pdb/verify.hpp"
#include "pdb_forge.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb {
namespace {

struct Group {
  int side;
  std::vector<uint8_t> cells;
  int blank;
  bool zero_aware;
  bool value8;
};

std::string describe(const Group& g) {
  std::string out = std::to_string(g.side) + "x" + std::to_string(g.side) + " cells";
  for (uint8_t c : g.cells) out += " " + std::to_string(c);
  return out + (g.zero_aware ? ", zero-aware" : "") + (g.value8 ? ", 8-bit" : "");
}

const std::vector<Group> kGroups = {
    {3, {0, 1, 2, 3}, 8, false, false},
    {3, {4, 5, 6, 7}, 8, false, true},
    {3, {0, 1, 3, 4}, 8, true, false},
    {4, {0, 1, 2, 4, 5}, 15, false, false},
    {4, {3, 6, 7}, 15, true, false},
    {4, {8, 9, 12, 13}, 0, false, true},
    // A group that walls off corners: placements whose free cells are several regions.
    {3, {1, 3, 5, 7}, 8, false, false},
    {3, {1, 3, 5, 7}, 0, true, false},
};

std::shared_ptr<Table> built(const Group& g) {
  BuildOptions options;
  options.zero_aware = g.zero_aware;
  options.force_value8 = g.value8;
  auto table = build_table(g.side, g.cells, g.blank, options);
  EXPECT_TRUE(table.ok()) << describe(g);
  return table.ok() ? *table : nullptr;
}

// Placements one group move apart in a sound table: never refused, on every placement.
TEST(PdbNeighbours, SoundTablesPassOnEveryPlacement) {
  for (const Group& g : kGroups) {
    const std::shared_ptr<Table> table = built(g);
    ASSERT_TRUE(table);
    const Expected<bool> ok = check_neighbours(*table, UINT64_MAX, 0);
    EXPECT_TRUE(ok.ok()) << describe(g) << ": " << (ok ? "" : ok.error().describe());
    const Expected<bool> verified = verify_values(*table);
    EXPECT_TRUE(verified.ok()) << describe(g) << ": "
                               << (verified ? "" : verified.error().describe());
  }
}

// The forgery, on every 4-bit group: the old checks pass it, the neighbour check does not,
// so the load (Table::open) and verify refuse it.
TEST(PdbNeighbours, RaisedExcessIsRefusedOnLoadAndByVerify) {
  testing::TempDir dir("taquin_neighbours");
  int forged = 0;
  for (const Group& g : kGroups) {
    if (g.value8) continue;
    const std::shared_ptr<Table> table = built(g);
    ASSERT_TRUE(table);
    ASSERT_EQ(table->encoding(), Encoding::Excess4) << describe(g);
    const std::string path = dir / ("t" + std::to_string(forged++) + ".pdb");
    ASSERT_TRUE(table->write(path).ok());
    std::stringstream bytes;
    bytes << std::ifstream(path, std::ios::binary).rdbuf();
    std::ofstream(path, std::ios::binary) << testing::forged_excess_raised(bytes.str());
    const Expected<std::shared_ptr<const Table>> opened = Table::open(path);
    ASSERT_FALSE(opened.ok()) << describe(g) << ": the forged table loads";
    EXPECT_NE(opened.error().message.find("more than one move apart"), std::string::npos)
        << describe(g) << ": " << opened.error().describe();
    EXPECT_EQ(opened.error().source, path);
  }
}

// How often one sampled placement sees the forgery on a 4x4 group of five tiles (5-5-5's first):
// at least 1%, so that the load's 16,384 placements miss it with a probability below 10^-70.
TEST(PdbNeighbours, OnePlacementInAHundredSeesTheRaisedExcess) {
  const Group g{4, {0, 1, 2, 4, 5}, 15, false, false};
  const std::shared_ptr<Table> table = built(g);
  ASSERT_TRUE(table);
  std::string file(sizeof(FileHeader), '\0');
  const FileHeader h = table->header();
  std::memcpy(file.data(), &h, sizeof h);
  file.append(reinterpret_cast<const char*>(table->payload()), table->payload_bytes());
  file = testing::forged_excess_raised(std::move(file));
  const std::vector<uint8_t> payload(file.begin() + sizeof(FileHeader), file.end());
  const Table forged(g.side, g.cells, g.blank, Encoding::Excess4, table->max_value() + 2, payload);
  constexpr int kTries = 4000;
  int seen = 0;
  for (int seed = 0; seed < kTries; ++seed) seen += check_neighbours(forged, 1, seed) ? 0 : 1;
  RecordProperty("placements_seeing_the_forgery_per_4000", seen);
  EXPECT_GE(seen, kTries / 100);
}

// The sample is the seed's: the same placements every time, and every placement once the sample
// is as large as the table.
TEST(PdbNeighbours, SampleCoversSmallTablesWhole) {
  const std::shared_ptr<Table> table = built(kGroups[0]);
  ASSERT_TRUE(table);
  std::vector<uint64_t> first, again;
  ASSERT_TRUE(check_neighbours(*table, 100, 7, [&](uint64_t done, uint64_t total) {
                first.push_back(done * 1000 + total);
              }).ok());
  ASSERT_TRUE(check_neighbours(*table, 100, 7, [&](uint64_t done, uint64_t total) {
                again.push_back(done * 1000 + total);
              }).ok());
  EXPECT_EQ(first, again);
  std::vector<uint64_t> whole;
  ASSERT_TRUE(check_neighbours(*table, UINT64_MAX, 0, [&](uint64_t done, uint64_t total) {
                EXPECT_LE(done, total);
                whole.push_back(total);
              }).ok());
  ASSERT_FALSE(whole.empty());
  EXPECT_EQ(whole.back(), placement_count(9, 4));
}

}  // namespace
}  // namespace taquin::pdb
