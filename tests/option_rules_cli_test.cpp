// The rules every option follows: an empty value is a usage error (one rule for all options), a
// seed is an unsigned 64-bit number, --max-seconds is digits with an optional fraction.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin::testing {
namespace {

// Checks that `args` is refused as a usage error: status 2, nothing on stdout, one stderr line
// that holds `says` and points to the command's help.
void expect_usage_error(const std::string& args, const std::string& says) {
  const CliRun run = run_taquin(args);
  EXPECT_EQ(run.status, 2) << args << "\n" << run.err;
  EXPECT_EQ(run.out, "") << args;
  EXPECT_EQ(lines_of(run.err).size(), 1u) << args << "\n" << run.err;
  EXPECT_NE(run.err.find(says), std::string::npos) << args << "\n" << run.err;
  EXPECT_NE(run.err.find("--help')"), std::string::npos) << args << "\n" << run.err;
}

// Issue 28, failure 2: each of these ran as if the option were not given.
TEST(OptionRulesCli, EmptyValueIsAUsageErrorEverywhere) {
  const std::string board = "--board '1 2 3 4 5 6 7 0 8' ";
  const std::pair<std::string, std::string> cases[] = {
      {"solve " + board + "--svg ''", "--svg"},
      {"solve " + board + "--gif ''", "--gif"},
      {"solve " + board + "--goal ''", "--goal"},
      {"solve " + board + "--threads ''", "--threads"},
      {"solve " + board + "--shard ''", "--shard"},
      {"solve " + board + "--max-nodes ''", "--max-nodes"},
      {"solve " + board + "--max-seconds ' '", "--max-seconds"},
      {"check " + board + "--goal ''", "--goal"},
      {"generate --count ''", "--count"},
      {"generate --seed ''", "--seed"},
      {"explore --size 2 --max-depth ''", "--max-depth"},
      {"bench --ids ''", "--ids"},
      {"pdb build 5-5-5 -o ''", "--out"},
  };
  for (const auto& [args, option] : cases)
    expect_usage_error(args, "taquin: " + option + ": an empty value");
  // An empty file name among the positionals, too.
  expect_usage_error("check ''", "an empty name");
}

// Issue 28, failure 3: these all printed the board of a clamped or wrapped seed.
TEST(OptionRulesCli, SeedIsAnUnsigned64BitNumber) {
  for (const std::string seed :
       {"18446744073709551616", "99999999999999999999999", "-1", "-2", "0x10", "1e3", "+5", "12a"})
    for (const std::string command : {"generate --size 3", "stress --seconds 1", "play"})
      expect_usage_error(command + " --seed " + seed, "--seed: '" + seed + "' is not a seed");
  const CliRun largest = run_taquin("generate --size 3 --seed 18446744073709551615");
  const CliRun below = run_taquin("generate --size 3 --seed 18446744073709551614");
  const CliRun zero = run_taquin("generate --size 3 --seed 0");
  EXPECT_EQ(largest.status, 0) << largest.err;
  EXPECT_EQ(zero.status, 0) << zero.err;
  EXPECT_EQ(lines_of(largest.out).size(), 1u);
  EXPECT_NE(largest.out, below.out);  // every seed its own board sequence
}

// Issue 28, failure 4: exponent forms were accepted although the contract refuses them.
TEST(OptionRulesCli, MaxSecondsIsDigitsWithAnOptionalFraction) {
  const std::string solve = "solve --board '1 2 3 4 5 6 7 0 8' --max-seconds ";
  for (const std::string& value : std::vector<std::string>{
           "1e3", "1e-300", "1e308", "1E3", "2e0", "inf", "nan", "0x10", "-1", "+1", "1.2.3", ".",
           "1,5", "0", "0.0", "000", "1" + std::string(400, '0')})
    expect_usage_error(solve + "'" + value + "'", "--max-seconds: ");
  for (const std::string value : {"1000", "0.5", ".5", "5.", "0.000001", "30"}) {
    const CliRun run = run_taquin(solve + value + " --format json");
    EXPECT_EQ(run.status, 0) << value << "\n" << run.err;
    EXPECT_EQ(field(run.out, "outcome"), "\"solved\"") << value;
  }
  // compare's limit goes through the same parser.
  expect_usage_error("compare --board '1 2 3 4 5 6 7 0 8' --max-seconds 1e3", "--max-seconds: ");
}

}  // namespace
}  // namespace taquin::testing
