// Pattern-database sets built, found and loaded: places that cannot be written, stale and missing
// tables, the load's checks against verify, and `taquin pdb build|info|verify`.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "cli_run.hpp"
#include "pdb/builder.hpp"
#include "pdb/pdb_set.hpp"
#include "pdb/rank.hpp"
#include "pdb/table.hpp"
#include "pdb/verify.hpp"
#include "pdb_file_fixture.hpp"
#include "pdb_forge.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb {
namespace {

namespace fs = std::filesystem;
using file_test::PdbFile;

TEST_F(PdbFile, BuildIntoAnUnwritablePlaceFailsBeforeAnyWork) {
  // /proc refuses new files even to root (a mode-0555 directory would not).
  int rounds = 0;
  BuildOptions options;
  options.progress = [&](const RoundReport&) { ++rounds; };
  auto written = build_catalogue(catalogue_, "/proc", options);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().describe().rfind("/proc: cannot write in the directory: ", 0), 0u)
      << written.error().describe();
  EXPECT_EQ(rounds, 0);
  auto missing = build_catalogue(catalogue_, "/proc/taquin_nowhere", options);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(
      missing.error().describe().rfind("/proc/taquin_nowhere: cannot create the directory: ", 0),
      0u)
      << missing.error().describe();
  EXPECT_EQ(rounds, 0);
  const auto cli =
      testing::run_taquin("pdb build " + (dir_ / "small.cat").string() + " -o /proc --threads 1");
  EXPECT_EQ(cli.status, 2);
  EXPECT_EQ(testing::count_lines(cli.err), 1) << cli.err;
  EXPECT_EQ(cli.err.rfind("taquin: /proc: cannot write in the directory: ", 0), 0u) << cli.err;
  EXPECT_EQ(cli.out, "");
  // The probe file is gone from a writable directory.
  ASSERT_TRUE(build_catalogue(catalogue_, dir_.string()).ok());
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find("taquin-write-test"), std::string::npos);
}

TEST_F(PdbFile, BuildRemovesTheStaleTemporariesOfItsTables) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);  // now no live process has its pid
  const std::string dead = std::to_string(child);
  const std::vector<std::string> removed = {"small.1.pdb.tmp" + dead, "small.2.pdb.tmp" + dead,
                                            "small.1.direct.tmp" + dead};  // (a direct file's)
  const std::vector<std::string> kept = {"small.1.pdb.tmp1",        // a build still running (pid 1)
                                         "other.0.pdb.tmp" + dead,  // another catalogue's
                                         "small.1.pdb.tmpx" + dead, "small.1.pdb.tmp",
                                         "small.1.direct.tmp1"};
  for (const auto& name : removed) std::ofstream(dir_ / name) << "partial";
  for (const auto& name : kept) std::ofstream(dir_ / name) << "partial";
  ASSERT_TRUE(build_catalogue(catalogue_, dir_.string()).ok());
  for (const auto& name : removed) EXPECT_FALSE(fs::exists(dir_ / name)) << name;
  for (const auto& name : kept) EXPECT_TRUE(fs::exists(dir_ / name)) << name;
}

TEST_F(PdbFile, FlippedHeaderByteFailsTheHeaderChecksum) {
  std::string b = bytes();
  b[offsetof(FileHeader, cells) + 1] ^= 0x01;
  put(b);
  EXPECT_EQ(open_error(), path_ + ": corrupted header (checksum mismatch)");
}

TEST_F(PdbFile, TableOfAnotherSideOrGroupIsRefusedByTheCatalogue) {
  // A valid table, but for the same cells on a 4x4 board: the 3x3 catalogue must refuse it.
  auto other = build_table(4, {0, 1, 2}, 15);
  ASSERT_TRUE(other.ok());
  ASSERT_TRUE((*other)->write(path_).ok());
  ASSERT_TRUE(open_error().empty());
  auto set = load_tables(catalogue_, dir_.string());
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("built for cells 0 1 2 of a 4x4 board, not for line 2"),
            std::string::npos)
      << set.error().describe();
  // Same side, other cells.
  auto moved = build_table(3, {0, 1, 3}, 8);
  ASSERT_TRUE((*moved)->write(path_).ok());
  set = load_tables(catalogue_, dir_.string());
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("built for cells 0 1 3"), std::string::npos);
  // Same cells, another blank cell: the values measure distances to another goal.
  auto other_blank = build_table(3, {0, 1, 2}, 6);
  ASSERT_TRUE(other_blank.ok());
  ASSERT_TRUE((*other_blank)->write(path_).ok());
  set = load_tables(catalogue_, dir_.string());
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("built for the blank on cell 6, but " + catalogue_.source +
                                     " puts it on cell 8"),
            std::string::npos)
      << set.error().describe();
}

TEST_F(PdbFile, TableOfMoreThanTwoToThe32EntriesIsRefused) {
  // 8 tiles on a 5x5 board: 25!/17! entries, more than the search's 32-bit indices can reach.
  std::string b = bytes();
  FileHeader h;
  std::memcpy(&h, b.data(), sizeof h);
  h.side = 5;
  h.group_size = 8;
  for (int i = 0; i < 8; ++i) h.cells[i] = static_cast<uint8_t>(i);
  h.blank_cell = 24;
  h.entry_count = placement_count(25, 8);
  h.payload_bytes = payload_size(static_cast<Encoding>(h.encoding), h.entry_count);
  h.header_hash = XXH64(&h, offsetof(FileHeader, header_hash), 0);
  std::memcpy(b.data(), &h, sizeof h);
  put(b);
  EXPECT_EQ(open_error(), path_ + ": more than 2^32 entries");
}

TEST_F(PdbFile, BlankCellInsideTheGroupIsRefused) {
  EXPECT_FALSE(build_table(3, {0, 1, 2}, 2).ok());
  EXPECT_FALSE(build_table(3, {0, 1, 2}, 9).ok());
  // A header naming a blank cell inside the group (checksum recomputed) is refused on load.
  std::string b = bytes();
  FileHeader h;
  std::memcpy(&h, b.data(), sizeof h);
  h.blank_cell = 1;
  h.header_hash = XXH64(&h, offsetof(FileHeader, header_hash), 0);
  std::memcpy(b.data(), &h, sizeof h);
  put(b);
  EXPECT_EQ(open_error(), path_ + ": bad blank cell 1");
}

TEST_F(PdbFile, MissingTableNamesTheBuildCommand) {
  fs::remove(dir_ / "small.2.pdb");
  auto set = load_tables(catalogue_, dir_.string());
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.error().describe(), (dir_ / "small.2.pdb").string() +
                                        ": missing pattern database; build it with `taquin pdb "
                                        "build " +
                                        catalogue_.source + "`");
  // A directory with no complete catalogue says how to build one into it.
  auto from_dir = load_pdb_set(dir_.string(), Goal::standard(4));
  ASSERT_FALSE(from_dir.ok());
  EXPECT_NE(from_dir.error().message.find("taquin pdb build 7-8 -o " + dir_.string()),
            std::string::npos)
      << from_dir.error().message;
  // For a goal with the blank elsewhere than a corner, the advice names the catalogue that serves
  // it: the snail's blank is on cell 9, a centre cell.
  auto snail = load_pdb_set(dir_.string(), Goal::snail(4));
  ASSERT_FALSE(snail.ok());
  EXPECT_NE(snail.error().message.find("goal snail here; build one with `taquin pdb build "
                                       "7-8-centre -o " +
                                       dir_.string() + "`"),
            std::string::npos)
      << snail.error().message;
}

TEST(PdbShipped, EveryBlankCellHasOneShippedSevenEightCatalogue) {
  for (int blank = 0; blank < 16; ++blank) {
    std::vector<Tile> tiles(16);
    for (int cell = 0, label = 1; cell < 16; ++cell)
      tiles[cell] = cell == blank ? 0 : static_cast<Tile>(label++);
    const Goal goal = Goal::custom(4, tiles, "blank on " + std::to_string(blank));
    int serving = 0;
    for (const char* stem : {"7-8", "7-8-centre", "7-8-edge"}) {
      Expected<Catalogue> cat = builtin_catalogue(stem);
      ASSERT_TRUE(cat.ok()) << cat.error().describe();
      if (usable_symmetries(*cat, blank).empty()) continue;
      ++serving;
      EXPECT_EQ(shipped_catalogue_for(goal), stem) << blank;
    }
    EXPECT_EQ(serving, 1) << "blank on cell " << blank;
  }
  EXPECT_EQ(shipped_catalogue_for(Goal::standard(4)), "7-8");
  EXPECT_EQ(shipped_catalogue_for(Goal::zero_first(4)), "7-8");
  EXPECT_EQ(shipped_catalogue_for(Goal::snail(4)), "7-8-centre");
  EXPECT_EQ(shipped_catalogue_for(Goal::standard(3)), "");
}

TEST_F(PdbFile, LoadOrBuildBuildsAMissingCatalogueOnce) {
  const fs::path other = dir_ / "sub";
  fs::create_directories(other);
  std::ofstream(other / "pair.cat") << "side 3\n0 1\n2 5\n3 4 6 7\n";
  const std::string cat = (other / "pair.cat").string();
  EXPECT_FALSE(load_pdb_set(cat, Goal::standard(3)).ok());
  int rounds = 0;
  BuildOptions build;
  build.progress = [&](const RoundReport&) { ++rounds; };
  const PdbPaths paths{cat, {}, {}};
  auto set = load_or_build_pdb_set(paths, Goal::standard(3), build);
  ASSERT_TRUE(set.ok()) << set.error().describe();
  EXPECT_GT(rounds, 0);
  EXPECT_TRUE(fs::exists(other / "pair.1.pdb"));
  EXPECT_TRUE(fs::exists(other / "pair.2.pdb"));
  // A damaged table is reported, not silently rebuilt.
  std::ofstream(other / "pair.2.pdb", std::ios::app) << "x";
  rounds = 0;
  auto refused = load_or_build_pdb_set(paths, Goal::standard(3), build);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(rounds, 0);
  EXPECT_NE(refused.error().message.find("trailing bytes"), std::string::npos);
}

TEST_F(PdbFile, WritingLeavesNoTemporaryFile) {
  for (const auto& e : fs::directory_iterator(dir_))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

TEST_F(PdbFile, VerifyCatchesAnInconsistentValue) {
  auto good = Table::open(path_);
  ASSERT_TRUE(good.ok());
  std::vector<uint8_t> payload((*good)->payload(), (*good)->payload() + (*good)->payload_bytes());
  // Entry 1 (high nibble of byte 0) raised by 15 excess steps: 30 above its true value.
  payload[0] |= 0xF0;
  Table bad(3, {0, 1, 2}, 8, (*good)->encoding(), (*good)->max_value(), payload);
  auto verdict = verify_values(bad);
  ASSERT_FALSE(verdict.ok());
  EXPECT_NE(verdict.error().message.find("above the header's maximum"), std::string::npos);
}

// The forged table (values raised, checksums recomputed) is refused when loaded, as
// `pdb verify` refuses it, not only by verify.
TEST_F(PdbFile, ForgedTableWithRecomputedChecksumsIsRefusedOnLoad) {
  put(testing::forged_raised(bytes()));
  EXPECT_NE(open_error().find("above the header's maximum"), std::string::npos) << open_error();
  auto set = load_pdb_set((dir_ / "small.cat").string(), Goal::standard(3));
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().describe().find(path_ + ": entry "), std::string::npos)
      << set.error().describe();
  EXPECT_NE(set.error().message.find("rebuild it with `taquin pdb build"), std::string::npos)
      << set.error().describe();
}

// The load's blocked pass (check_payload, every split the table allows) accepts exactly what
// verify_values accepts: on a 4x4 table in both encodings, sound and with each kind of bad entry.
TEST(PdbLoadCheck, AgreesWithVerifyOnEverySplit) {
  auto built = build_table(4, {0, 1, 4}, 15);
  ASSERT_TRUE(built.ok());
  const Table& t = **built;
  ASSERT_EQ(t.encoding(), Encoding::Excess4);
  const uint64_t goal = rank_placement(t.cells(), 16, 3);
  std::vector<uint8_t> excess(t.payload(), t.payload() + t.payload_bytes());
  std::vector<uint8_t> values(t.entry_count());
  PlacementCursor cursor(16, 3, 0);
  for (uint64_t e = 0; e < t.entry_count(); ++e, cursor.advance()) {
    int manhattan = 0;
    for (int i = 0; i < 3; ++i) manhattan += taxicab(cursor.cells()[i], t.cells()[i], 4);
    values[e] = static_cast<uint8_t>(t.value(e, manhattan));
  }
  // (encoding, payload) variants: sound, then one entry changed in each way verify refuses.
  std::vector<std::pair<Encoding, std::vector<uint8_t>>> cases = {{Encoding::Excess4, excess},
                                                                  {Encoding::Value8, values}};
  for (const uint64_t e : {uint64_t{0}, goal, uint64_t{1234}, t.entry_count() - 1}) {
    std::vector<uint8_t> raised = excess;
    raised[e >> 1] |= static_cast<uint8_t>(15 << (e & 1) * 4);
    cases.emplace_back(Encoding::Excess4, raised);
    for (const int delta : {-2, -1, 1, 2, 40}) {
      std::vector<uint8_t> changed = values;
      changed[e] = static_cast<uint8_t>(changed[e] + delta);
      cases.emplace_back(Encoding::Value8, changed);
    }
  }
  size_t refused = 0;
  for (size_t c = 0; c < cases.size(); ++c) {
    const auto& [encoding, payload] = cases[c];
    const Table table(4, t.cells(), t.blank_cell(), encoding, t.max_value(), payload);
    const uint64_t hash = XXH64(payload.data(), payload.size(), 0);
    const Expected<bool> truth = verify_values(table);
    for (int suffix = 0; suffix <= 3; ++suffix) {
      const Expected<bool> loaded = check_payload(table, hash, suffix);
      ASSERT_EQ(loaded.ok(), truth.ok()) << "case " << c << ", suffix " << suffix;
      if (!truth.ok()) {
        EXPECT_EQ(loaded.error().message, truth.error().message);
      }
    }
    if (c < 2) {
      EXPECT_TRUE(truth.ok()) << truth.error().describe();
    }
    refused += truth.ok() ? 0 : 1;
    EXPECT_FALSE(check_payload(table, hash ^ 1).ok());
  }
  EXPECT_GE(refused, cases.size() / 2);  // most changes are ones verify refuses
}

TEST_F(PdbFile, CliInfoAndVerify) {
  auto info = testing::run_taquin("pdb info " + path_);
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("group cells: 0 1 2"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("entries: 504"), std::string::npos);
  EXPECT_NE(info.out.find("blank cell: 8"), std::string::npos);
  auto verify = testing::run_taquin("pdb verify " + path_);
  EXPECT_EQ(verify.status, 0) << verify.err;
  EXPECT_NE(verify.out.find("verify: ok"), std::string::npos);
  std::string b = bytes();
  b[sizeof(FileHeader) + 3] ^= 1;
  put(b);
  auto broken = testing::run_taquin("pdb verify " + path_);
  EXPECT_EQ(broken.status, 2);
  EXPECT_EQ(broken.err, "taquin: " + path_ + ": corrupted payload (checksum mismatch)\n");
  auto missing = testing::run_taquin("pdb build " + (dir_ / "nope.cat").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("cannot open the catalogue"), std::string::npos);
}

TEST_F(PdbFile, CliBuildWritesTablesAndReportsRounds) {
  const fs::path out = dir_ / "out";
  auto build = testing::run_taquin("pdb build " + (dir_ / "small.cat").string() + " -o " +
                                   out.string() + " --threads 1");
  EXPECT_EQ(build.status, 0) << build.err;
  EXPECT_TRUE(fs::exists(out / "small.1.pdb"));
  EXPECT_TRUE(fs::exists(out / "small.2.pdb"));
  EXPECT_TRUE(fs::exists(out / "small.cat"));
  EXPECT_NE(build.err.find("group 1/3 round 1: 4/504 entries reached"), std::string::npos)
      << build.err;
  auto set = load_pdb_set(out.string(), Goal::standard(3));
  EXPECT_TRUE(set.ok()) << set.error().describe();
}

}  // namespace
}  // namespace taquin::pdb
