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
#include "pdb_file_fixture.hpp"
#include "pdb_forge.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb {
namespace {

namespace fs = std::filesystem;
using file_test::PdbFile;

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

}  // namespace
}  // namespace taquin::pdb
