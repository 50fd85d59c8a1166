// End-to-end tests of `taquin check` and `taquin generate`: outputs, JSON, exit codes, bad input.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::count_lines;
using testing::run_taquin;
using testing::temp_file;

const std::string kData = TAQUIN_DATA_DIR;

TEST(CliCheck, ReadsEveryReferenceFile) {
  auto r = run_taquin("check " + kData + "/hardest80.txt " + kData + "/hardest8.txt " + kData +
                      "/korf100-standard-goal.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 17 + 2 + 100 + 1);  // and the count of solvable boards
  EXPECT_EQ(testing::lines_of(r.out).back(), "solvable: 119 of 119");
  EXPECT_EQ(r.out.find("unsolvable"), std::string::npos);
  auto z = run_taquin("check --goal zero-first " + kData + "/korf100.txt");
  EXPECT_EQ(z.status, 0) << z.err;
  EXPECT_EQ(count_lines(z.out), 100 + 1);
}

TEST(CliCheck, UnsolvableGivesExitOne) {
  auto r = run_taquin("check --board '1 2 3 4 5 6 8 7 0'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("3x3 unsolvable"), std::string::npos);
}

TEST(CliCheck, JsonInInputOrder) {
  auto r = run_taquin("check --format json -", "1 2 3 0\n1 2 0 3\n2 1 3 0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "{\"id\":1,\"size\":2,\"rows\":2,\"cols\":2,\"board\":[1,2,3,0],\"goal\":[1,2,3,0],"
            "\"solvable\":true,"
            "\"source\":\"<stdin>\",\"line\":1,\"optimal_length\":null}\n"
            "{\"id\":2,\"size\":2,\"rows\":2,\"cols\":2,\"board\":[1,2,0,3],\"goal\":[1,2,3,0],"
            "\"solvable\":true,"
            "\"source\":\"<stdin>\",\"line\":2,\"optimal_length\":null}\n"
            "{\"id\":3,\"size\":2,\"rows\":2,\"cols\":2,\"board\":[2,1,3,0],\"goal\":[1,2,3,0],"
            "\"solvable\":false,"
            "\"source\":\"<stdin>\",\"line\":3,\"optimal_length\":null}\n");
}

TEST(CliCheck, GoalsAndStdin) {
  auto snail = run_taquin("check --goal snail --board '1 2 3 8 0 4 7 6 5'");
  EXPECT_EQ(snail.status, 0) << snail.err;
  auto custom = run_taquin("check --goal '2 1 3 0' --board '2 1 3 0'");
  EXPECT_EQ(custom.status, 0) << custom.err;
  const std::string goal_file = temp_file("goal.txt", "2\n3 0\n2 1\n");
  auto from_file = run_taquin("check --goal " + goal_file, "3 0 2 1\n");
  EXPECT_EQ(from_file.status, 0) << from_file.err;
  auto wrong_size = run_taquin("check --goal '2 1 3 0' --board '1 2 3 4 5 6 7 8 0'");
  EXPECT_EQ(wrong_size.status, 2);
  EXPECT_EQ(count_lines(wrong_size.err), 1);
}

// Every bad input: exit 2, exactly one line on stderr naming the source, nothing on stdout.
TEST(CliCheck, BadInputsExitTwoWithOneLine) {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"count.txt", "1 2 3 4 5 6 7 8 9 0\n"},
      {"square.txt", "1 2 3 4 5 0\n"},
      {"dup.txt", "3\n1 2 3\n4 5 6\n7 7 0\n"},
      {"missing.txt", "1 2 3 4 5 6 7 8\n"},
      {"range.txt", "1 2 3 44\n"},
      {"negative.txt", "1 2 3 -1\n"},
      {"token.txt", "1 2 three 0\n"},
      {"size.txt", "3\n1 2 3\n4 5 6 7\n8 0\n"},
      {"empty.txt", ""},
      {"binary.txt", std::string("\x7f"
                                 "ELF\x02\x01\x01\0\0\0",
                                 10)},
      {"huge.txt", std::string(3 << 20, '7')},
      {"small.txt", "1\n0\n"},
      {"big.txt", "9\n"},
  };
  for (const auto& [name, content] : files) {
    const std::string path = temp_file(name, content);
    auto r = run_taquin("check " + path);
    EXPECT_EQ(r.status, 2) << name << ": " << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << name << ": " << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << name << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << name;
  }
  auto missing = run_taquin("check /nonexistent/file.txt");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(count_lines(missing.err), 1);
  auto inline_bad = run_taquin("check --board '1 2 2 0'");
  EXPECT_EQ(inline_bad.status, 2);
  EXPECT_NE(inline_bad.err.find("--board"), std::string::npos);
  auto usage = run_taquin("check --no-such-flag");
  EXPECT_EQ(usage.status, 2);
}

TEST(CliCheck, BatchGoesOnAfterABadInputUnlessStrict) {
  const std::string file =
      temp_file("check_batch.txt", "1 2 3 0\n1 2 3 3\n2 1 3 0\n3\n1 2 3\n4 5 6\n7 8\n1 2 0 3\n");
  auto r = run_taquin("check " + file + " /nonexistent/file.txt --board '0 1 3 2'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out,
            "1 2x2 solvable  1 2 3 0\n2 2x2 unsolvable  2 1 3 0\n3 2x2 solvable  1 2 0 3\n"
            "4 2x2 solvable  0 1 3 2\nsolvable: 3 of 4\n");
  EXPECT_EQ(count_lines(r.err), 3) << r.err;
  EXPECT_NE(r.err.find(file + ":2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":7: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/file.txt: "), std::string::npos) << r.err;
  auto strict = run_taquin("check --strict " + file);
  EXPECT_EQ(strict.status, 2);
  EXPECT_TRUE(strict.out.empty()) << strict.out;
  EXPECT_EQ(count_lines(strict.err), 1) << strict.err;
}

TEST(CliCheck, UnsolvableButSolvableForTheSnailGoalSaysSo) {
  // The 3x3 snail goal is in the other parity class from the standard goal.
  auto r = run_taquin("check --board '1 2 3 8 0 4 7 6 5'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "1 3x3 unsolvable  1 2 3 8 0 4 7 6 5 (it can reach the snail goal: --goal snail)\n");
  auto snail = run_taquin("check --goal snail --board '2 1 3 8 0 4 7 6 5'");
  EXPECT_EQ(snail.out, "1 3x3 unsolvable  2 1 3 8 0 4 7 6 5\n");
}

TEST(CliGenerate, NegativeCountIsRefused) {
  for (const std::string command : {"generate", "bench"}) {
    auto r = run_taquin(command + " --count -1");
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(r.err, "taquin: --count: -1 is not a count (0 or more) (run 'taquin " + command +
                         " --help')\n");
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(CliFormat, EveryCommandRefusesAnUnknownFormatAlike) {
  for (const std::string command : {"solve", "check", "explore", "bench", "compare", "generate"}) {
    auto r = run_taquin(command + " --format xml");
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("--format: xml not in {"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("(run 'taquin " + command + " --help')"), std::string::npos) << r.err;
  }
  auto help = run_taquin("generate --help");
  EXPECT_NE(help.out.find("Output: oneline or 42"), std::string::npos) << help.out;
  auto solve_help = run_taquin("solve --help");
  EXPECT_NE(solve_help.out.find("Output: text, json or csv"), std::string::npos) << solve_help.out;
}

TEST(CliGenerate, DeterministicPerSeed) {
  auto a = run_taquin("generate --size 4 --count 20 --seed 42 --solvable");
  auto b = run_taquin("generate --size 4 --count 20 --seed 42 --solvable");
  auto c = run_taquin("generate --size 4 --count 20 --seed 43 --solvable");
  EXPECT_EQ(a.status, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(count_lines(a.out), 20);
  // Every generated board is solvable, as check confirms.
  auto checked = run_taquin("check -", a.out);
  EXPECT_EQ(checked.status, 0) << checked.out;
}

TEST(CliGenerate, ClassesWalksAndFormats) {
  auto u = run_taquin("generate --size 3 --count 30 --seed 7 --unsolvable --goal snail");
  auto cu = run_taquin("check --goal snail -", u.out);
  EXPECT_EQ(cu.status, 1);
  EXPECT_EQ(cu.out.find(" solvable"), std::string::npos);
  auto w = run_taquin("generate --size 5 --count 5 --seed 3 --walk 40 --format 42");
  EXPECT_EQ(w.status, 0);
  auto cw = run_taquin("check -", w.out);
  EXPECT_EQ(cw.status, 0) << cw.err;
  EXPECT_EQ(count_lines(cw.out), 5 + 1);  // and "solvable: 5 of 5"
  auto zero = run_taquin("generate --size 3 --walk 0 --seed 1");
  EXPECT_EQ(zero.out, "1 2 3 4 5 6 7 8 0\n");
  auto bad = run_taquin("generate --size 101");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(count_lines(bad.err), 1);
}

// Runs `timeout 10 taquin <args>` with stdout to `out` ("/dev/full" to fail every write); stdin is
// empty. The timeout turns a read that blocks (the bug) into status 124 instead of a hung test.
testing::CliRun run_bounded(const std::string& args, const std::string& out) {
  const std::string err = temp_file("bounded_err", "");
  const std::string command =
      "timeout 10 " + std::string(TAQUIN_BINARY) + " " + args + " </dev/null >" + out + " 2>" + err;
  const int raw = std::system(command.c_str());
  testing::CliRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  std::stringstream e;
  e << std::ifstream(err).rdbuf();
  run.err = e.str();
  std::filesystem::remove(err);
  return run;
}

TEST(CliInput, DevicesAndFifosAreRefusedAtOnce) {
  const std::string fifo =
      (std::filesystem::temp_directory_path() / ("taquin_fifo_" + std::to_string(::getpid())))
          .string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  struct Case {
    std::string args, named, kind;
  };
  const Case cases[] = {
      {"check /dev/zero", "/dev/zero", "a character device"},
      {"solve /dev/urandom", "/dev/urandom", "a character device"},
      {"bench --set /dev/zero", "/dev/zero", "a character device"},
      {"check --goal /dev/zero --board '1 2 3 0'", "/dev/zero", "a character device"},
      {"check " + fifo, fifo, "a FIFO"},
      {"solve --goal " + fifo + " --board '1 2 3 0'", fifo, "a FIFO"},
  };
  for (const Case& c : cases) {
    auto r = run_bounded(c.args, "/dev/null");
    EXPECT_EQ(r.status, 2) << c.args << ": " << r.err;
    EXPECT_EQ(r.err, "taquin: " + c.named + ": is " + c.kind +
                         ", not a board file (give a regular file, or '-' for standard input)\n")
        << c.args;
  }
  std::filesystem::remove(fifo);
}

TEST(CliInput, GoalFileOverItsLimitIsRefused) {
  // A goal file is one board: past 16 KiB of comments it is refused, in one line.
  const std::string goal = temp_file("big_goal.txt", "1 2 3 0\n" + std::string(20000, '#') + "\n");
  auto r = run_taquin("check --goal " + goal + " --board '1 2 3 0'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "taquin: " + goal + ": is over the limit of 16384 bytes\n");
  auto small =
      run_taquin("check --goal " + temp_file("small_goal.txt", "1 2 3 0\n") + " --board '1 2 3 0'");
  EXPECT_EQ(small.status, 0) << small.err;
}

TEST(CliInput, EmptyBoardIsAUsageError) {
  // Not a request to read stdin: the board on stdin is left alone.
  auto r = run_taquin("check --board ''", "1 2 3 0\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("--board"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("an empty value"), std::string::npos) << r.err;  // the rule of every option
}

TEST(CliOutput, WriteErrorsAreReported) {
  const std::string board = temp_file("full.txt", "1 2 3 0\n1 2 0 3\n");
  for (const std::string& args :
       {"check " + board, "solve --format json " + board, std::string("generate --size 3 --seed 1"),
        std::string("explore --size 2")}) {
    auto r = run_bounded(args, "/dev/full");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "taquin: cannot write the output: No space left on device\n") << args;
    // The same run to a writable place succeeds: the status comes from the write.
    EXPECT_EQ(run_bounded(args, "/dev/null").status, 0) << args;
  }
}

}  // namespace
}  // namespace taquin
