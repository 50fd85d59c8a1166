// Tests of batches streamed through solve and check: memory bounded by a window of boards, not
// the input's size (the child's peak RSS), and records in input order, as for each board alone.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "core/explore.hpp"
#include "core/solvability.hpp"
#include "taquin/goal.hpp"

namespace taquin::testing {
namespace {

#if defined(__SANITIZE_ADDRESS__)
// Under AddressSanitizer a process keeps what it frees in a quarantine (256 MB by default) besides
// its shadow memory: the children run without the quarantine, and their peak is compared with the
// same command's on a small batch only (the absolute bound is the Release build's).
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

struct Measured {
  int status = -1;
  long peak_rss_kib = 0;  // the child's ru_maxrss
  std::string err;
};

// Runs taquin with `args` (no shell) reading `input` ("" : /dev/null) on stdin, writing stdout to
// `output`; its exit status, peak resident memory and stderr.
Measured run_measured(const std::vector<std::string>& args, const std::string& input,
                      const std::string& output) {
  const std::string err_file = output + ".err";
  // Once per process: each run would otherwise append the same options again.
  static const bool quarantine_off = [] {
    if (!kAddressSanitizer) return false;
    const char* options = std::getenv("ASAN_OPTIONS");
    const std::string off = "quarantine_size_mb=0:thread_local_quarantine_size_kb=0";
    ::setenv("ASAN_OPTIONS", (options ? std::string(options) + ":" : "").append(off).c_str(), 1);
    return true;
  }();
  (void)quarantine_off;
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int in = ::open(input.empty() ? "/dev/null" : input.c_str(), O_RDONLY);
    const int out = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(126);
    ::dup2(in, STDIN_FILENO);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    std::vector<char*> argv{const_cast<char*>(TAQUIN_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(TAQUIN_BINARY, argv.data());
    ::_exit(127);
  }
  Measured run;
  int raw = 0;
  struct rusage usage {};
  if (pid < 0 || ::wait4(pid, &raw, 0, &usage) != pid) return run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  run.peak_rss_kib = usage.ru_maxrss;
  std::ifstream in(err_file);
  run.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  std::filesystem::remove(err_file);
  return run;
}

// The lines of a file.
std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string one_line(const std::vector<Tile>& tiles) {
  std::string out;
  for (size_t c = 0; c < tiles.size(); ++c) out += (c ? " " : "") + std::to_string(tiles[c]);
  return out;
}

// `count` 3x3 boards a few random moves from the standard goal (each solved in microseconds), one
// in 16 with two tiles swapped (unsolvable), drawn with a fixed seed.
std::vector<std::vector<Tile>> near_boards(size_t count, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<std::vector<Tile>> out;
  for (size_t i = 0; i < count; ++i) {
    std::vector<Tile> tiles = Goal::standard(3).tiles();
    int blank = 8;
    for (int step = static_cast<int>(random() % 12); step > 0; --step) {
      const int r = blank / 3, c = blank % 3;
      const int options[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      const auto& to = options[random() % 4];
      if (to[0] < 0 || to[0] > 2 || to[1] < 0 || to[1] > 2) continue;
      std::swap(tiles[blank], tiles[to[0] * 3 + to[1]]);
      blank = to[0] * 3 + to[1];
    }
    if (i % 16 == 5) std::swap(tiles[blank == 0 ? 1 : 0], tiles[blank == 2 ? 1 : 2]);
    out.push_back(std::move(tiles));
  }
  return out;
}

// A shell command that runs `taquin ARGS` with the file `path` on standard input through a pipe
// (for run_program, whose own redirection then applies to the subshell).
std::string through_pipe(const std::string& path, const std::string& args) {
  return "(cat " + path + " | " + TAQUIN_BINARY + " " + args + ")";
}

std::filesystem::path scratch() {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("taquin_stream_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// Writes `count` boards, pool[i % pool.size()] for the i-th, one a line, to `path`.
void write_batch(const std::string& path, const std::vector<std::vector<Tile>>& pool,
                 size_t count) {
  std::string chunk;
  for (const auto& tiles : pool) chunk += one_line(tiles) + "\n";
  std::ofstream out(path, std::ios::binary);
  for (size_t i = 0; i + pool.size() <= count; i += pool.size()) out << chunk;
  for (size_t i = count - count % pool.size(); i < count; ++i)
    out << one_line(pool[i % pool.size()]) << "\n";
}

// A peak resident memory that does not grow with the batch: within 8 MiB of the same command's on
// a batch of 1,000 boards, and under `bound_kib` in all.
void expect_bounded_memory(const Measured& big, const Measured& small, long bound_kib,
                           const std::string& what) {
  EXPECT_LT(big.peak_rss_kib, small.peak_rss_kib + 8 * 1024)
      << what << " peaked at " << big.peak_rss_kib << " KiB, " << small.peak_rss_kib
      << " KiB on 1,000 boards";
  if (!kAddressSanitizer) {
    EXPECT_LT(big.peak_rss_kib, bound_kib) << what << " peaked at " << big.peak_rss_kib << " KiB";
  }
}

// A file of 32 MB of valid 3x3 boards (1.9 million): check and solve read it a few boards at a
// time. Before streaming, both held the whole text and every board (check: 1 GB; on 100 MB,
// 3.2 GB). --shard keeps the output small (one board in 2,000) while every board is read and
// parsed.
TEST(StreamCli, ABigBatchRunsInBoundedMemory) {
  const std::filesystem::path dir = scratch();
  const std::string big = (dir / "big.txt").string(), small = (dir / "small.txt").string();
  const std::vector<std::vector<Tile>> pool = near_boards(4096, 7);
  const size_t boards = 1900000;  // 18 bytes each
  write_batch(big, pool, boards);
  write_batch(small, pool, 1000);
  ASSERT_GT(std::filesystem::file_size(big), 32u << 20);
  const std::string output = (dir / "big.out").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"check", "--format", "json", "--shard", "3/2000"},
        std::vector<std::string>{"solve", "-H", "linear", "-j", "2", "--format", "json", "--shard",
                                 "3/2000"}}) {
    std::vector<std::string> on_small = args, on_big = args;
    on_small.push_back(small);
    on_big.push_back(big);
    const Measured reference = run_measured(on_small, "", output);
    const Measured run = run_measured(on_big, "", output);
    EXPECT_TRUE(run.status == 0 || run.status == 1) << args[0] << ": " << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    expect_bounded_memory(run, reference, 16 * 1024, args[0]);
    const std::vector<std::string> records = file_lines(output);
    ASSERT_EQ(records.size(), (boards - 3 + 1999) / 2000) << args[0];
    int status = 0;
    for (size_t k = 0; k < records.size(); ++k) {
      const size_t position = 3 + 2000 * k;  // 0-based, in the whole batch
      const bool solvable = is_solvable(pool[position % pool.size()], Goal::standard(3));
      status = std::max(status, solvable ? 0 : 1);
      if (k % 97 != 0) continue;
      EXPECT_EQ(field(records[k], "id"), std::to_string(position + 1));
      EXPECT_EQ(field(records[k], "line"), std::to_string(position + 1));
      EXPECT_EQ(field(records[k], "solvable"), solvable ? "true" : "false");
    }
    EXPECT_EQ(run.status, status) << args[0];
  }
  std::filesystem::remove(big);
  std::filesystem::remove(small);
  std::filesystem::remove(output);
}

// Without --shard, every record is printed: solve on two threads keeps a window of boards in
// flight, and check one board, whatever the batch's length (150,000 boards).
TEST(StreamCli, EveryRecordOfABatchInBoundedMemory) {
  const std::filesystem::path dir = scratch();
  const std::string file = (dir / "batch.txt").string(), small = (dir / "small.txt").string();
  const std::vector<std::vector<Tile>> pool = near_boards(1000, 11);
  const size_t boards = 150000;
  write_batch(file, pool, boards);
  write_batch(small, pool, 1000);
  const std::string output = (dir / "batch.out").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"check"},
        std::vector<std::string>{"solve", "-H", "linear", "-j", "2", "--format", "json"}}) {
    std::vector<std::string> on_small = args, on_big = args;
    on_small.push_back(small);
    on_big.push_back(file);
    const Measured reference = run_measured(on_small, "", output);
    const Measured run = run_measured(on_big, "", output);
    EXPECT_EQ(run.status, 1) << args[0] << ": " << run.err;  // one board in 16 is unsolvable
    expect_bounded_memory(run, reference, 16 * 1024, args[0]);
    const std::vector<std::string> records = file_lines(output);
    // check's text ends with the count of solvable boards.
    ASSERT_EQ(records.size(), boards + (args[0] == "check" ? 1 : 0));
    if (args[0] == "check") {
      EXPECT_EQ(records[boards - 1].substr(0, 7), "150000 ");
      EXPECT_EQ(records.back().substr(0, 10), "solvable: ");
    } else
      EXPECT_EQ(field(records.back(), "id"), "150000");
  }
  std::filesystem::remove(file);
  std::filesystem::remove(small);
  std::filesystem::remove(output);
}

// A batch of mixed formats and bad boards over several read blocks: check and solve give the same
// records whether the file is named, redirected or piped, and on one thread or two; each record
// is its board's (the 8-puzzle's exhaustive BFS distance), each bad board's line in its place.
// (--goal standard: the 42-format boards too, which would take the snail goal without it.)
TEST(StreamCli, StreamedRecordsAreEachBoardsInInputOrder) {
  const Goal goal = Goal::standard(3);
  const std::vector<uint8_t> distance = all_distances<3>(goal);
  std::mt19937_64 random(2026);
  std::string text;
  std::vector<std::vector<Tile>> boards;  // in order; empty: a bad board
  std::vector<int> lines;
  int line = 1;
  for (int i = 0; i < 3000; ++i) {
    const uint64_t rank = random() % distance.size();
    const std::vector<Tile> tiles = goal.tiles_of<3>(board_of_rank<3>(rank, goal.blank_cell()));
    if (i % 50 == 7) {  // a duplicate tile
      text += "1 1 2 3 4 5 6 7 8\n";
      boards.push_back({});
      lines.push_back(line++);
    } else if (i % 3 == 0) {  // 42 format, with comments
      text += "# board " + std::to_string(i) + "\n3\n";
      for (int r = 0; r < 3; ++r)
        text += one_line({tiles.begin() + 3 * r, tiles.begin() + 3 * r + 3}) + "\n";
      boards.push_back(tiles);
      lines.push_back(line + 1);
      line += 5;
    } else {
      text += one_line(tiles) + "\n";
      boards.push_back(tiles);
      lines.push_back(line++);
    }
  }
  const std::string file = temp_file("mixed.txt", text);
  ASSERT_GT(text.size(), 64u * 1024);

  const CliRun named = run_taquin("check --goal standard --format json " + file);
  const CliRun redirected = run_taquin("check --goal standard --format json -", text);
  const CliRun piped = run_program(through_pipe(file, "check --goal standard --format json"), "");
  EXPECT_EQ(named.status, 2);
  const std::vector<std::string> records = lines_of(named.out);
  const std::vector<std::string> errors = lines_of(named.err);
  size_t record = 0, error = 0;
  int id = 0;
  for (size_t i = 0; i < boards.size(); ++i) {
    if (boards[i].empty()) {
      ASSERT_LT(error, errors.size());
      EXPECT_EQ(errors[error++].find("taquin: " + file + ":" + std::to_string(lines[i]) +
                                     ": duplicate tile 1; missing blank (0)"),
                0u);
      continue;
    }
    ASSERT_LT(record, records.size());
    const std::string& json = records[record++];
    EXPECT_EQ(field(json, "id"), std::to_string(++id));
    EXPECT_EQ(field(json, "line"), std::to_string(lines[i]));
    std::string board = "[";
    for (size_t c = 0; c < 9; ++c) board += (c ? "," : "") + std::to_string(boards[i][c]);
    EXPECT_EQ(field(json, "board"), board + "]");
    EXPECT_EQ(field(json, "solvable"), is_solvable(boards[i], goal) ? "true" : "false");
  }
  EXPECT_EQ(record, records.size());
  EXPECT_EQ(error, errors.size());
  for (const CliRun* other : {&redirected, &piped}) {
    EXPECT_EQ(other->status, 2);
    const std::vector<std::string> other_records = lines_of(other->out);
    ASSERT_EQ(other_records.size(), records.size());
    for (size_t k = 0; k < records.size(); ++k) {
      EXPECT_EQ(field(other_records[k], "id"), field(records[k], "id"));
      EXPECT_EQ(field(other_records[k], "line"), field(records[k], "line"));
      EXPECT_EQ(field(other_records[k], "board"), field(records[k], "board"));
    }
    EXPECT_EQ(lines_of(other->err).size(), errors.size());
  }

  // solve on two threads (the window) and on one: the same records, of the BFS lengths.
  const CliRun two = run_taquin("solve --goal standard -H linear -j 2 --format json " + file);
  const CliRun one = run_taquin("solve --goal standard -H linear -j 1 --format json " + file);
  for (const CliRun* run : {&two, &one}) {
    EXPECT_EQ(run->status, 2);
    EXPECT_EQ(run->err, named.err);
    const std::vector<std::string> solved = lines_of(run->out);
    ASSERT_EQ(solved.size(), records.size());
    size_t k = 0;
    for (size_t i = 0; i < boards.size(); ++i) {
      if (boards[i].empty()) continue;
      const std::string& json = solved[k];
      EXPECT_EQ(field(json, "id"), field(records[k], "id"));
      EXPECT_EQ(field(json, "line"), std::to_string(lines[i]));
      const uint64_t rank = board_rank<3>(goal.canonical<3>(boards[i]));
      if (distance[rank] == kUnreached) {
        EXPECT_EQ(field(json, "outcome"), "\"unsolvable\"");
      } else {
        EXPECT_EQ(field(json, "length"), std::to_string(distance[rank])) << json;
        EXPECT_EQ(field(json, "optimal"), "true");
      }
      ++k;
    }
  }
}

// --strict reads a file (also as redirected standard input) once before any board is handled:
// nothing on stdout. From a pipe, which cannot be read twice, it stops at the first bad input,
// after the records of the boards before it.
TEST(StreamCli, StrictStopsBeforeAnyBoardUnlessStandardInputIsAPipe) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "1 2 3 4 5 6 7 0 8\n";
  text += "1 2 3 4 5 6 7 8 8\n1 2 3 4 5 6 0 7 8\n";
  const std::string file = temp_file("strict.txt", text);
  for (const std::string command : {"check", "solve -H linear -j 2"}) {
    const CliRun named = run_taquin(command + " --strict " + file);
    const CliRun redirected = run_taquin(command + " --strict -", text);
    for (const CliRun* run : {&named, &redirected}) {
      EXPECT_EQ(run->status, 2) << command;
      EXPECT_TRUE(run->out.empty()) << command;
    }
    EXPECT_EQ(named.err, "taquin: " + file + ":5001: duplicate tile 8; missing blank (0)\n");
    EXPECT_EQ(redirected.err, "taquin: <stdin>:5001: duplicate tile 8; missing blank (0)\n");
  }
  for (const std::string command : {"check", "solve -H linear -j 2 --format json"}) {
    const CliRun piped = run_program(through_pipe(file, command + " --strict"), "");
    EXPECT_EQ(piped.status, 2) << command;
    // check's text: the boards before the bad input, then their count of solvable ones.
    EXPECT_EQ(lines_of(piped.out).size(), command == "check" ? 5001u : 5000u) << command;
    EXPECT_EQ(piped.err, "taquin: <stdin>:5001: duplicate tile 8; missing blank (0)\n") << command;
  }
}

// A heuristic is chosen as the first board of its goal is read: one that cannot serve a goal met
// late in the batch ends the batch there, after the records before it.
TEST(StreamCli, AHeuristicThatCannotServeAGoalEndsTheBatchInPlace) {
  const std::filesystem::path dir = scratch() / "tables";
  std::filesystem::create_directories(dir);
  const CliRun build = run_taquin("pdb build 5-5-5 -o " + dir.string());
  ASSERT_EQ(build.status, 0) << build.err;
  const std::string file = temp_file("late_goal.txt",
                                     "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                                     "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                                     "1 2 3 4 5 6 7 0 8\n"
                                     "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  for (const std::string threads : {"1", "2"}) {
    const CliRun run = run_taquin("solve -H pdb --pdb " + dir.string() +
                                  " --goal zero-first --format json -j " + threads + " " + file);
    EXPECT_EQ(run.status, 2) << run.err;
    const std::vector<std::string> records = lines_of(run.out);
    ASSERT_EQ(records.size(), 2u) << run.out;
    EXPECT_EQ(field(records[0], "length"), "1");
    EXPECT_EQ(field(records[1], "length"), "2");
    ASSERT_EQ(lines_of(run.err).size(), 1u) << run.err;
    EXPECT_NE(run.err.find("3x3"), std::string::npos) << run.err;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace taquin::testing
