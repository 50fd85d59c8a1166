// CLI test of a database file truncated under a running search: one line and status 3, not a
// silent death by SIGBUS.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_run.hpp"

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

}  // namespace
}  // namespace taquin::testing
