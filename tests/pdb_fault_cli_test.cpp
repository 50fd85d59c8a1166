// CLI tests of damaged databases: a file truncated or overwritten under a running search (one
// line and status 3, not a silent death by SIGBUS nor results from changed values), and a forged
// file (values raised, checksums recomputed) refused when loaded.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "pdb_forge.hpp"

namespace taquin::testing {
namespace {

TEST(PdbFaultCli, TableTruncatedWhileSearchingIsReportedInOneLine) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("taquin_fault_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const CliRun build = run_taquin("pdb build 5-5-5 -o " + dir.string());
  ASSERT_EQ(build.status, 0) << build.err;
  // Korf's 100 take minutes with 5-5-5: the tables are cut to their header a second in, while
  // the search reads them.
  // (Under AddressSanitizer, its own SIGBUS report is turned off so that taquin's handler runs.)
  const std::string solve = "ASAN_OPTIONS=handle_sigbus=0 " + std::string(TAQUIN_BINARY) +
                            " solve --pdb " + dir.string() +
                            " -H pdb --goal zero-first -j 1 --format json " + TAQUIN_DATA_DIR +
                            "/korf100.txt";
  const CliRun run = run_taquin("--version >/dev/null; { " + solve + " & pid=$!; sleep 1; " +
                                "truncate -s 128 " + dir.string() + "/5-5-5.*.pdb; wait $pid; }");
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
  EXPECT_NE(run.err.find("truncated while in use"), std::string::npos) << run.err;
  std::filesystem::remove_all(dir);
}

// A copy of the 5-5-5 tables, built once for the suite, in a directory of the test's own.
class PdbDamageCli : public ::testing::Test {
 protected:
  static std::filesystem::path built() {
    static const std::filesystem::path dir = [] {
      const std::filesystem::path d =
          std::filesystem::temp_directory_path() / ("taquin_damage_" + std::to_string(::getpid()));
      const CliRun build = run_taquin("pdb build 5-5-5 -o " + d.string());
      EXPECT_EQ(build.status, 0) << build.err;
      return d;
    }();
    return dir;
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(built()); }
  void SetUp() override {
    dir_ = built().string() + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(dir_);
    std::filesystem::copy(built(), dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string table(int group) const { return dir_ + "/5-5-5." + std::to_string(group) + ".pdb"; }
  std::string dir_;
};

// The forgery: table 1's values raised two moves, both checksums recomputed. solve and
// bench refuse it when they load it, in one line naming the file and the command that rebuilds it.
TEST_F(PdbDamageCli, ForgedTableIsRefusedBySolveAndBench) {
  std::stringstream bytes;
  bytes << std::ifstream(table(1), std::ios::binary).rdbuf();
  std::ofstream(table(1), std::ios::binary) << forged_raised(bytes.str());
  std::ofstream(dir_ + "/set.txt") << "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 # optimal 1\n";
  for (const std::string& command :
       {"solve --board '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15' -H pdb --pdb " + dir_,
        "bench --set " + dir_ + "/set.txt --heuristic pdb --pdb " + dir_}) {
    const CliRun run = run_taquin(command);
    EXPECT_EQ(run.status, 2) << command << "\n" << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << command << "\n" << run.err;
    EXPECT_NE(run.err.find(table(1) + ": entry "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("above the header's maximum"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("; rebuild it with `taquin pdb build " + dir_ + "/5-5-5.cat`\n"),
              std::string::npos)
        << run.err;
  }
}

// Issue 28, failure 5: table 1 of 5-5-5 with every non-zero excess raised one step, its maximum
// raised from 22 to 24 and both checksums recomputed: values above Manhattan, of the right
// parity, reaching the maximum. solve printed "59 moves (optimal)" on Korf's #1 (57) with it; now
// the load refuses it (values of placements one move apart more than one move apart), as verify
// does, in one line naming the file and the command that rebuilds it.
TEST_F(PdbDamageCli, TableWithEveryExcessRaisedIsRefused) {
  std::stringstream bytes;
  bytes << std::ifstream(table(1), std::ios::binary).rdbuf();
  std::ofstream(table(1), std::ios::binary) << forged_excess_raised(bytes.str());
  std::ofstream(dir_ + "/set.txt") << "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 # optimal 1\n";
  for (const std::string& command :
       {"solve --board '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15' -H pdb --pdb " + dir_,
        "bench --set " + dir_ + "/set.txt --heuristic pdb --pdb " + dir_}) {
    const CliRun run = run_taquin(command);
    EXPECT_EQ(run.status, 2) << command << "\n" << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << command << "\n" << run.err;
    EXPECT_NE(run.err.find(table(1) + ": entries "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("more than one move apart"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("; rebuild it with `taquin pdb build " + dir_ + "/5-5-5.cat`\n"),
              std::string::npos)
        << run.err;
  }
  const CliRun verify = run_taquin("pdb verify " + table(1));
  EXPECT_EQ(verify.status, 2) << verify.out;
  EXPECT_NE(verify.err.find("more than one move apart"), std::string::npos) << verify.err;
  // The sound tables still load and verify.
  for (int group : {2, 3}) {
    const CliRun sound = run_taquin("pdb verify " + table(group));
    EXPECT_EQ(sound.status, 0) << sound.err;
  }
}

// A table overwritten in place (same size, another table's bytes) while a batch is searched: the
// records finished before stay whole, no record is printed after the change, one line, status 3.
// Korf's 100 take minutes with 5-5-5; the table is overwritten once the first record is out (not
// after a fixed delay, which a fast host outran), so records are both before and after the change.
TEST_F(PdbDamageCli, TableOverwrittenWhileSearchingIsReportedInOneLine) {
  const std::string records = dir_ + "/records.jsonl";
  const std::string solve = std::string(TAQUIN_BINARY) + " solve --pdb " + dir_ +
                            " -H pdb --goal zero-first -j 1 --format json " + TAQUIN_DATA_DIR +
                            "/korf100.txt >" + records;
  const std::string wait_for_first_record =
      "for i in $(seq 600); do [ -s " + records + " ] && break; sleep 0.1; done; ";
  const std::string overwrite =
      "dd if=" + table(2) + " of=" + table(1) + " conv=notrunc status=none; ";
  const CliRun run =
      run_taquin("--version >/dev/null; { " + solve + " & pid=$!; " + wait_for_first_record +
                 overwrite + "wait $pid; status=$?; cat " + records + "; exit $status; }");
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
  EXPECT_NE(run.err.find(table(1) + ": internal error: the pattern database file was modified"),
            std::string::npos)
      << run.err;
  EXPECT_GE(lines_of(run.out).size(), 1u) << run.out;
  EXPECT_LT(lines_of(run.out).size(), 100u) << run.out;
  for (const std::string& record : lines_of(run.out))
    EXPECT_EQ(field(record, "outcome"), "\"solved\"") << record;
}

}  // namespace
}  // namespace taquin::testing
