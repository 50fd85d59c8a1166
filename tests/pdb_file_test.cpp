// Pattern-database files: round trip, and every kind of damaged or foreign file refused clearly.
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
#include "pdb_forge.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb {
namespace {

namespace fs = std::filesystem;

class PdbFile : public ::testing::Test {
 protected:
  void SetUp() override {
    // Every cell but the blank's in a group, as `taquin pdb build` wants.
    auto cat =
        parse_catalogue("side 3\n0 1 2\n3 4 5\n6 7\n", (dir_ / "small.cat").string(), "small");
    ASSERT_TRUE(cat.ok());
    catalogue_ = *cat;
    std::ofstream(dir_ / "small.cat") << catalogue_.text;
    auto written = build_catalogue(catalogue_, dir_.string());
    ASSERT_TRUE(written.ok()) << written.error().describe();
    path_ = (dir_ / "small.1.pdb").string();
  }

  std::string bytes() const {
    std::stringstream s;
    s << std::ifstream(path_, std::ios::binary).rdbuf();
    return s.str();
  }
  void put(const std::string& data) const { std::ofstream(path_, std::ios::binary) << data; }
  // The error opening the damaged file (empty if it opened).
  std::string open_error() const {
    auto t = Table::open(path_);
    return t.ok() ? std::string() : t.error().describe();
  }
  // The error reading only the damaged file's header (empty if it was accepted).
  std::string header_error() const {
    auto h = read_header(path_);
    return h.ok() ? std::string() : h.error().describe();
  }

  testing::TempDir scratch_{"taquin_pdb_file"};
  const fs::path& dir_ = scratch_.path();
  Catalogue catalogue_;
  std::string path_;
};

TEST_F(PdbFile, RoundTripKeepsEveryValue) {
  auto built = build_table(3, {0, 1, 2}, 8);
  auto loaded = Table::open(path_);
  ASSERT_TRUE(built.ok() && loaded.ok());
  ASSERT_EQ((*loaded)->entry_count(), 504u);
  EXPECT_EQ((*loaded)->encoding(), (*built)->encoding());
  EXPECT_EQ((*loaded)->max_value(), (*built)->max_value());
  EXPECT_EQ(std::memcmp((*loaded)->payload(), (*built)->payload(), (*built)->payload_bytes()), 0);
  EXPECT_EQ(fs::file_size(path_), sizeof(FileHeader) + (*built)->payload_bytes());
  EXPECT_TRUE(verify_values(**loaded).ok());
  auto set = load_pdb_set((dir_ / "small.cat").string(), Goal::standard(3));
  ASSERT_TRUE(set.ok()) << set.error().describe();
  EXPECT_EQ(set->tables.size(), 3u);
}

TEST_F(PdbFile, BadMagicIsRefused) {
  std::string b = bytes();
  b[0] = 'X';
  put(b);
  EXPECT_EQ(open_error(), path_ + ": not a taquin pattern database (bad magic)");
}

TEST_F(PdbFile, ForeignFilesAreRefused) {
  put("side 3\n0 1 2\n");
  EXPECT_EQ(open_error(), path_ + ": not a taquin pattern database (bad magic)");
  put("");
  EXPECT_EQ(open_error(), path_ + ": not a taquin pattern database (bad magic)");
  EXPECT_EQ(header_error(), path_ + ": not a taquin pattern database (bad magic)");
  fs::remove(path_);
  fs::create_directory(path_);
  EXPECT_EQ(open_error(), path_ + ": not a regular file");
  EXPECT_EQ(header_error(), path_ + ": not a regular file");
}

TEST_F(PdbFile, MissingFileIsNamedWithTheSystemsReason) {
  fs::remove(path_);
  EXPECT_EQ(open_error(), path_ + ": cannot open: No such file or directory");
  EXPECT_EQ(header_error(), path_ + ": cannot open: No such file or directory");
}

// A table write that fails half-way (over the process's file size limit) leaves the table that
// was there whole, and no temporary file beside it.
TEST_F(PdbFile, FailedWriteLeavesTheOldTableWhole) {
  const std::string before = bytes();
  auto other = Table::open((dir_ / "small.2.pdb").string());
  ASSERT_TRUE(other.ok()) << other.error().describe();
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit limit = saved;
  limit.rlim_cur = sizeof(FileHeader) + 1;  // the header, and a byte of the payload
  const sighandler_t previous = ::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
  Expected<bool> written = (*other)->write(path_);
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, previous);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().describe(), path_ + ": cannot write: " + std::strerror(EFBIG));
  EXPECT_EQ(bytes(), before);
  EXPECT_TRUE(open_error().empty()) << open_error();
  for (const fs::directory_entry& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
}

TEST_F(PdbFile, FifoIsRefusedWithoutWaitingForAWriter) {
  fs::remove(path_);
  ASSERT_EQ(::mkfifo(path_.c_str(), 0600), 0);
  EXPECT_EQ(open_error(), path_ + ": not a regular file");
  EXPECT_EQ(header_error(), path_ + ": not a regular file");
  // A build into the directory passes over it when it looks for a table to copy.
  auto cat = parse_catalogue("side 3\n0 1 2\n", (dir_ / "other.cat").string(), "other");
  ASSERT_TRUE(cat.ok());
  auto written = build_catalogue(*cat, dir_.string());
  EXPECT_TRUE(written.ok()) << written.error().describe();
}

TEST_F(PdbFile, CatalogueFifoIsRefusedWithoutWaitingForAWriter) {
  const std::string fifo = (dir_ / "fifo.cat").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto cat = read_catalogue(fifo);
  ASSERT_FALSE(cat.ok());
  EXPECT_EQ(cat.error().describe(), fifo + ": not a regular file");
  const auto solve = testing::run_taquin("solve --heuristic pdb --pdb " + fifo +
                                         " --board '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'");
  EXPECT_EQ(solve.status, 2);
  EXPECT_NE(solve.err.find(fifo + ": not a regular file"), std::string::npos) << solve.err;
  const auto build = testing::run_taquin("pdb build " + fifo);
  EXPECT_EQ(build.status, 2);
  EXPECT_NE(build.err.find(fifo + ": not a regular file"), std::string::npos) << build.err;
  // A directory is not a catalogue either.
  auto dir = read_catalogue(dir_.string());
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.error().describe(), dir_.string() + ": not a regular file");
}

TEST_F(PdbFile, OversizedCatalogueIsRefusedUnread) {
  // A valid catalogue whose last comment runs past the limit (sparse: the padding is not written).
  const std::string path = (dir_ / "huge.cat").string();
  {
    std::ofstream out(path);
    out << "side 3\n0 1 2\n#";
  }
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(kMaxCatalogueBytes + 1)), 0);
  auto cat = read_catalogue(path);
  ASSERT_FALSE(cat.ok());
  EXPECT_EQ(cat.error().describe(), path + ": file is " + std::to_string(kMaxCatalogueBytes + 1) +
                                        " bytes long, too large for a catalogue (at most " +
                                        std::to_string(kMaxCatalogueBytes) + ")");
  const auto build = testing::run_taquin("pdb build " + path);
  EXPECT_EQ(build.status, 2);
  EXPECT_NE(build.err.find("too large for a catalogue"), std::string::npos) << build.err;
  // At the limit it is read and parsed (the padding is part of the last comment).
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(kMaxCatalogueBytes)), 0);
  auto at_limit = read_catalogue(path);
  ASSERT_TRUE(at_limit.ok()) << at_limit.error().describe();
  EXPECT_EQ(at_limit->side, 3);
  EXPECT_EQ(at_limit->groups.size(), 1u);
}

TEST_F(PdbFile, WrongVersionIsRefused) {
  std::string b = bytes();
  for (const uint32_t version : {1u, 4u}) {
    std::memcpy(&b[offsetof(FileHeader, version)], &version, sizeof version);
    put(b);
    EXPECT_EQ(open_error(),
              path_ + ": format version " + std::to_string(version) +
                  ", this taquin reads versions 2 to 3; rebuild it with `taquin pdb build`");
  }
}

// Issue 28, friction 8: a wrong-version table loaded for a search said "rebuild it with ..."
// twice (the table's generic advice, then the catalogue's command); the command is said once.
TEST_F(PdbFile, WrongVersionSaysHowToRebuildOnce) {
  std::string b = bytes();
  const uint32_t version = 1;
  std::memcpy(&b[offsetof(FileHeader, version)], &version, sizeof version);
  put(b);
  auto set = load_pdb_set((dir_ / "small.cat").string(), Goal::standard(3));
  ASSERT_FALSE(set.ok());
  const std::string said = set.error().describe();
  EXPECT_NE(
      said.find("format version 1, this taquin reads versions 2 to 3; rebuild it with `taquin "
                "pdb build " +
                (dir_ / "small.cat").string() + "`"),
      std::string::npos)
      << said;
  EXPECT_EQ(said.find("rebuild"), said.rfind("rebuild")) << said;
}

TEST_F(PdbFile, FlagsAreRefusedInVersion2AndUnknownOnesInVersion3) {
  // (Checksum recomputed.) Version 2 has no flags; version 3 knows only kFlagZeroAware, and a
  // zero-aware header needs side² times the entries.
  const std::string original = bytes();
  const auto with = [&](uint32_t version, uint32_t flags) {
    std::string b = original;
    FileHeader h;
    std::memcpy(&h, b.data(), sizeof h);
    h.version = version;
    h.flags = flags;
    h.header_hash = XXH64(&h, offsetof(FileHeader, header_hash), 0);
    std::memcpy(b.data(), &h, sizeof h);
    put(b);
    return open_error();
  };
  EXPECT_EQ(with(2, kFlagZeroAware), path_ + ": unknown flags 1");
  EXPECT_EQ(with(3, 2), path_ + ": unknown flags 2");
  EXPECT_EQ(with(3, kFlagZeroAware), path_ + ": entry count does not match the group");
  EXPECT_EQ(with(3, 0), "");  // a flagless table written as version 3 reads the same
}

TEST_F(PdbFile, TruncatedFilesAreRefused) {
  const std::string b = bytes();
  put(b.substr(0, b.size() - 1));
  EXPECT_EQ(open_error(), path_ + ": truncated: " + std::to_string(b.size() - 1) +
                              " bytes, expected " + std::to_string(b.size()));
  EXPECT_EQ(header_error(), "");  // the header alone is whole and sound
  put(b.substr(0, 100));
  EXPECT_EQ(open_error(), path_ + ": truncated header");
  EXPECT_EQ(header_error(), path_ + ": truncated header");
  put(b + "x");
  EXPECT_EQ(open_error(), path_ + ": trailing bytes after the payload");
}

TEST_F(PdbFile, FlippedPayloadByteFailsTheChecksum) {
  std::string b = bytes();
  b[sizeof(FileHeader) + 17] ^= 0x10;
  put(b);
  EXPECT_EQ(open_error(), path_ + ": corrupted payload (checksum mismatch)");
}

TEST_F(PdbFile, SymbolicLinkLoopsAreReportedNotThrown) {
  const std::string loop = (dir_ / "loop").string();
  fs::create_symlink("loop", loop);
  const std::string board = " --board '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'";
  const std::string eloop = std::strerror(ELOOP);
  // Given as --pdb, with the heuristic asked or left to solve.
  for (const std::string heuristic : {"--heuristic pdb ", ""}) {
    const auto run = testing::run_taquin("solve " + heuristic + "--pdb " + loop + board);
    EXPECT_EQ(run.status, 2) << heuristic << run.err;
    EXPECT_EQ(run.err, "taquin: " + loop + ": cannot open the catalogue: " + eloop + "\n");
  }
  // Inside the databases' directory, as a catalogue and as a table.
  fs::create_symlink("loop.cat", dir_ / "loop.cat");
  auto in_dir = testing::run_taquin("solve --heuristic pdb --pdb " + dir_.string() + board);
  EXPECT_EQ(in_dir.status, 2) << in_dir.err;
  EXPECT_EQ(in_dir.err, "taquin: " + (dir_ / "loop.cat").string() +
                            ": cannot open the catalogue: " + eloop + "\n");
  fs::remove(dir_ / "loop.cat");
  fs::remove(path_);
  fs::create_symlink("small.1.pdb", path_);
  auto table = testing::run_taquin("solve --heuristic pdb --pdb " + (dir_ / "small.cat").string() +
                                   " --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(table.status, 2) << table.err;
  EXPECT_EQ(testing::count_lines(table.err), 1) << table.err;
  EXPECT_EQ(table.err.rfind("taquin: " + path_ + ": cannot open: " + eloop + "; rebuild it", 0), 0u)
      << table.err;
  // As $TAQUIN_PDB_DIR: searched only, so passed over like a missing directory.
  ::setenv("TAQUIN_PDB_DIR", loop.c_str(), 1);
  const auto asked = testing::run_taquin("solve --heuristic pdb" + board);
  const auto defaulted = testing::run_taquin("solve" + board);
  ::unsetenv("TAQUIN_PDB_DIR");
  EXPECT_EQ(asked.status, 2) << asked.err;
  EXPECT_EQ(testing::count_lines(asked.err), 1) << asked.err;
  EXPECT_NE(asked.err.find("no pattern database for 4x4 goal"), std::string::npos) << asked.err;
  EXPECT_EQ(defaulted.status, 0) << defaulted.err;
  EXPECT_EQ(testing::count_lines(defaulted.err), 1) << defaulted.err;
  EXPECT_EQ(defaulted.err.rfind("taquin: using linear conflict, not pattern databases", 0), 0u)
      << defaulted.err;
  // As the output directory of pdb build.
  const auto build = testing::run_taquin("pdb build " + (dir_ / "small.cat").string() + " -o " +
                                         loop + " --threads 1");
  EXPECT_EQ(build.status, 2) << build.err;
  EXPECT_EQ(build.err, "taquin: " + loop + ": cannot create the directory: " + eloop + "\n");
  EXPECT_EQ(build.out, "");
}

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
    std::vector<uint8_t> tiles(16);
    for (int cell = 0, label = 1; cell < 16; ++cell)
      tiles[cell] = cell == blank ? 0 : static_cast<uint8_t>(label++);
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

// The issue's forged table (values raised, checksums recomputed) is refused when loaded, as
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
