// Tests of progress through the built binary: solve --progress (one stderr line per IDA*
// iteration that found no solution), the bars of pdb verify and explore on a pseudo-terminal, and
// nothing added to standard output.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::run_taquin;

TEST(ProgressCli, EachIterationIsALineOnStderrInBoundOrder) {
  const std::string board = "--board '8 6 7 2 5 4 3 0 1' -H manhattan --format json";
  for (const std::string threads : {"1", "2"}) {
    const CliRun quiet = run_taquin("solve -j " + threads + " " + board);
    const CliRun run = run_taquin("solve --progress -j " + threads + " " + board);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(quiet.err, "");
    // Standard output is the same JSON line, progress or not (the seconds aside).
    EXPECT_EQ(field(run.out, "nodes_expanded"), field(quiet.out, "nodes_expanded"));
    EXPECT_EQ(testing::count_lines(run.out), 1);
    const std::regex line(
        R"(taquin: IDA\* bound ([0-9]+) searched: ([0-9]+) nodes expanded, [0-9]+ nodes/s, [0-9.]+ s)");
    const std::vector<std::string> lines = lines_of(run.err);
    // Every iteration but the last, which found the solution.
    ASSERT_EQ(lines.size() + 1, std::stoul(field(run.out, "iterations"))) << run.err;
    int last_bound = 0;
    uint64_t last_nodes = 0;
    for (const std::string& text : lines) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(text, m, line)) << text;
      const int bound = std::stoi(m[1]);
      const uint64_t nodes = std::stoull(m[2]);
      EXPECT_GT(bound, last_bound);
      EXPECT_LT(bound, 31);  // below the optimal length: those bounds found nothing
      EXPECT_GE(nodes, last_nodes);
      last_bound = bound;
      last_nodes = nodes;
    }
    EXPECT_LE(last_nodes, std::stoull(field(run.out, "nodes_expanded")));
  }
}

// `taquin ARGS...` with stderr on a pseudo-terminal and stdout to a file: `out` is stdout, `err`
// what the terminal showed (its "\n" shown as "\r\n"); status -1 when it did not end in 60 s.
CliRun run_on_terminal(const std::vector<std::string>& args) {
  CliRun run;
  const std::string out_path = testing::temp_file("terminal_stdout.txt", "");
  winsize size{};
  size.ws_row = 24;
  size.ws_col = 120;
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &size);
  if (pid == 0) {
    const int fd = ::open(out_path.c_str(), O_WRONLY | O_TRUNC);
    if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0) ::_exit(126);
    std::vector<char*> argv{const_cast<char*>("taquin")};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(TAQUIN_BINARY, argv.data());
    ::_exit(127);
  }
  if (pid < 0) return run;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool ended = false;  // the child closed the terminal (read gives EIO): it is exiting
  for (char buf[4096]; !ended && std::chrono::steady_clock::now() < deadline;) {
    pollfd in{master, POLLIN, 0};
    if (::poll(&in, 1, 100) <= 0) continue;
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0)
      ended = true;
    else
      run.err.append(buf, static_cast<size_t>(n));
  }
  if (!ended) ::kill(pid, SIGKILL);
  int raw = 0;
  ::waitpid(pid, &raw, 0);
  run.status = !ended ? -1 : WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  ::close(master);
  std::ifstream file(out_path);
  run.out.assign(std::istreambuf_iterator<char>(file), {});
  return run;
}

// `text` without the line "seconds: ..." (a time that changes from run to run).
std::string without_seconds(const std::string& text) {
  return std::regex_replace(text, std::regex("seconds: [0-9.]+\n"), "");
}

// Checks the terminal text of a bar labelled `label`: redrawn in place ("\r\x1b[K" before each
// drawing), its last drawing at 100% with `counts`, then the line ended, and nothing after.
void expect_finished_bar(const std::string& terminal, const std::string& label,
                         const std::string& counts) {
  const size_t last = terminal.rfind("\r\x1b[K");
  ASSERT_NE(last, std::string::npos) << terminal;
  const std::string final_drawing = terminal.substr(last + 4);
  const std::regex bar(label + R"( \[#{30}\] 100\.0% )" + counts + R"(, [^\r\n]*[0-9.]+ s\r\n)");
  EXPECT_TRUE(std::regex_match(final_drawing, bar)) << final_drawing;
  EXPECT_EQ(terminal.rfind("\r\x1b[K" + label + " [", 0), 0u) << terminal;
  // The finished bar is drawn once.
  EXPECT_EQ(terminal.find("] 100.0% "), terminal.rfind("] 100.0% ")) << terminal;
}

TEST(ProgressCli, PdbVerifyShowsABarOnATerminalAndNothingElsewhere) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::path(
          testing::temp_file("verify_bar.cat", "side 4\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n"))
          .parent_path();
  const std::string catalogue = (dir / "verify_bar.cat").string();
  const CliRun build = run_taquin("pdb build '" + catalogue + "' --threads 1");
  ASSERT_EQ(build.status, 0) << build.err;
  const std::string table = (dir / "verify_bar.1.pdb").string();
  // Without a terminal: stderr empty.
  const CliRun plain = run_taquin("pdb verify '" + table + "'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.err, "");
  EXPECT_NE(plain.out.find("verify: ok\n"), std::string::npos) << plain.out;
  // On a terminal: the same stdout, and the bar on stderr; 16*15*14*13*12 placements.
  const CliRun terminal = run_on_terminal({"pdb", "verify", table});
  EXPECT_EQ(terminal.status, 0) << terminal.err;
  EXPECT_EQ(terminal.out, plain.out);
  expect_finished_bar(terminal.err, "verify", "524160/524160, placements");
  // Redrawn at least once before the end (an update every 65536 placements, the first one shown).
  EXPECT_NE(terminal.err.find(" 65536/524160, placements"), std::string::npos) << terminal.err;
  // --progress: lines at each tenth, the last at 100%, stdout unchanged.
  const CliRun lines = run_taquin("pdb verify --progress '" + table + "'");
  ASSERT_EQ(lines.status, 0) << lines.err;
  EXPECT_EQ(lines.out, plain.out);
  const std::vector<std::string> err = lines_of(lines.err);
  ASSERT_GE(err.size(), 2u) << lines.err;
  const std::regex line(R"(taquin: verify: [0-9]+/524160 \([0-9.]+%\), placements, [0-9.]+ s)");
  for (const std::string& text : err) EXPECT_TRUE(std::regex_match(text, line)) << text;
  EXPECT_EQ(err.back().rfind("taquin: verify: 524160/524160 (100.0%)", 0), 0u) << lines.err;
  fs::remove_all(dir);
}

TEST(ProgressCli, ExploreShowsABarOnATerminalAndNothingElsewhere) {
  const CliRun plain = run_taquin("explore --size 3 --positions 2");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.err, "");
  const CliRun json = run_taquin("explore --size 3 --positions 2 --format json");
  EXPECT_EQ(json.err, "");
  const CliRun terminal = run_on_terminal({"explore", "--size", "3", "--positions", "2"});
  EXPECT_EQ(terminal.status, 0) << terminal.err;
  EXPECT_EQ(without_seconds(terminal.out), without_seconds(plain.out));
  expect_finished_bar(terminal.err, "explore", "181440/181440, depth 31");
  // A bounded exploration counts depths.
  const CliRun bounded =
      run_on_terminal({"explore", "--size", "4", "--max-depth", "12", "--positions", "1"});
  EXPECT_EQ(bounded.status, 0) << bounded.err;
  expect_finished_bar(bounded.err, "explore", R"(12/12, [0-9]+ states)");
  const CliRun lines = run_taquin("explore --size 4 --max-depth 12 --positions 1 --progress");
  ASSERT_EQ(lines.status, 0) << lines.err;
  EXPECT_EQ(lines_of(lines.err).back().rfind("taquin: explore: 12/12 (100.0%), ", 0), 0u)
      << lines.err;
}

}  // namespace
}  // namespace taquin
