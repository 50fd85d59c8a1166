// CLI tests of limits: the memory budget follows the process's limits, and limit options refuse
// what is not a plain value (blank, hexadecimal, past their range).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin::testing {
namespace {

const char* const kHardBoard = "'0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1'";  // 80 moves

// Runs taquin under `ulimit -v kib` (a process address-space limit).
CliRun run_taquin_limited(int kib, const std::string& args) {
  return run_taquin("--version >/dev/null; ulimit -v " + std::to_string(kib) + "; exec " +
                    std::string(TAQUIN_BINARY) + " " + args);
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

// Without --max-memory, A*, BFS and explore under a 300 MB address-space limit stop at their
// budget (half the limit), cleanly, instead of failing an allocation.
TEST(LimitsCli, DefaultBudgetFollowsTheProcessLimit) {
  if (kAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no ulimit -v run";
  for (const char* algorithm : {"astar", "bfs", "uniform"}) {
    const CliRun run = run_taquin_limited(
        300000, std::string("solve --board ") + kHardBoard + " -a " + algorithm +
                    (std::string(algorithm) == "astar" ? " -H linear" : "") + " --format json");
    EXPECT_EQ(run.status, 1) << algorithm << ": " << run.err;
    EXPECT_EQ(field(run.out, "outcome"), "\"memory-limit\"") << algorithm << ": " << run.out;
    EXPECT_TRUE(run.err.empty()) << algorithm << ": " << run.err;
  }
  const CliRun text =
      run_taquin_limited(300000, std::string("solve --board ") + kHardBoard + " -a bfs");
  EXPECT_EQ(text.status, 1) << text.err;
  EXPECT_NE(text.out.find("stopped at the memory limit of 146"), std::string::npos) << text.out;
  const CliRun explore = run_taquin_limited(300000, "explore --size 4 --max-depth 40");
  EXPECT_EQ(explore.status, 1) << explore.err;
  EXPECT_NE(explore.out.find("memory"), std::string::npos) << explore.out;
}

// --max-memory takes decimal numbers with a K, M, G or T suffix; the limits refuse blank values
// (which would otherwise mean "no limit given").
TEST(LimitsCli, OptionsRefuseWhatIsNotAPlainValue) {
  const std::string board = " --board '1 2 3 4 5 6 7 8 0' -a astar";
  for (const std::string& args : std::vector<std::string>{
           "solve --max-memory 0x10M" + board, "solve --max-memory 1e9" + board,
           "solve --max-memory -5M" + board, "solve --max-memory inf" + board,
           "solve --max-memory .5G" + board, "solve --max-memory 5.M" + board,
           "solve --max-memory ''" + board, "solve --max-nodes ''" + board,
           "solve --max-seconds ' '" + board, "explore --size 3 --max-memory ''"}) {
    const CliRun run = run_taquin(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_TRUE(run.out.empty()) << args << ": " << run.out;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << args << ": " << run.err;
  }
  const CliRun fraction = run_taquin("solve --max-memory 1.5G --format json" + board);
  EXPECT_EQ(fraction.status, 0) << fraction.err;
}

// A random walk is bounded (a million moves): past that it only takes time (2^31 moves a board
// took minutes).
TEST(LimitsCli, GenerateWalkIsBounded) {
  const CliRun huge = run_taquin("generate --size 4 --walk 2147483647 --seed 1");
  EXPECT_EQ(huge.status, 2);
  EXPECT_TRUE(huge.out.empty());
  EXPECT_EQ(lines_of(huge.err).size(), 1u) << huge.err;
  const CliRun longest = run_taquin("generate --size 3 --walk 1000000 --seed 1");
  EXPECT_EQ(longest.status, 0) << longest.err;
  EXPECT_EQ(lines_of(longest.out).size(), 1u) << longest.out;
}

}  // namespace
}  // namespace taquin::testing
