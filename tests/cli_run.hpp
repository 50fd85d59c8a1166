// Test helpers of the CLI suites: runs the built taquin binary (stdout, stderr, exit status), and
// reads the fields of its one-line JSON objects.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <vector>
#include "taquin/shape.hpp"

#include "json_fields.hpp"

namespace taquin::testing {

// The CLI suites never see the databases of the user who runs them: before any test, HOME points
// to an empty scratch directory and the variables that name a database directory are unset (a
// test may still set them).
inline const bool kIsolatedFromUserDatabases = [] {
  const std::filesystem::path home =
      std::filesystem::temp_directory_path() / ("taquin_home_" + std::to_string(::getpid()));
  std::filesystem::create_directories(home);
  ::setenv("HOME", home.c_str(), 1);
  ::unsetenv("XDG_DATA_HOME");
  ::unsetenv("TAQUIN_PDB_DIR");
  return true;
}();

struct CliRun {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `<program> <args>` through the shell (both are shell words), with `input` on stdin.
inline CliRun run_program(const std::string& program, const std::string& args,
                          const std::string& input = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() / ("taquin_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string tag = std::to_string(counter++);
  const fs::path in = dir / ("in" + tag), out = dir / ("out" + tag), err = dir / ("err" + tag);
  std::ofstream(in, std::ios::binary) << input;
  const std::string command =
      program + " " + args + " <" + in.string() + " >" + out.string() + " 2>" + err.string();
  const int raw = std::system(command.c_str());
  CliRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  std::stringstream o, e;
  o << std::ifstream(out, std::ios::binary).rdbuf();
  e << std::ifstream(err, std::ios::binary).rdbuf();
  run.out = o.str();
  run.err = e.str();
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return run;
}

// Starts `<program> <args>` through the shell (both are shell words) in a process group of its
// own (a test can end it and its children as one: kill(-pid, ...)), its stdout on a pipe
// (`out_fd`) and its stderr in `err_file`. Returns its pid, or -1.
inline pid_t spawn_program(const std::string& program, const std::string& args,
                           const std::string& err_file, int& out_fd) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  const std::string command = "exec " + program + " " + args + " 2>" + err_file;
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  out_fd = fds[0];
  return pid;
}

// Runs `taquin <args>` through the shell (args are shell words), with `input` on stdin.
inline CliRun run_taquin(const std::string& args, const std::string& input = "") {
  return run_program(TAQUIN_BINARY, args, input);
}

// Writes `content` to a fresh temporary file and returns its path.
inline std::string temp_file(const std::string& name, const std::string& content) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("taquin_files_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// Number of '\n'-terminated lines in `text`.
inline int count_lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// The lines of `text`, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The raw JSON value of `key` in the one-line object `json` (string values keep their quotes);
// empty when the key is absent.
inline std::string field(const std::string& json, const std::string& key) {
  const auto fields = json_fields(json.substr(0, json.find('\n')));
  if (!fields || !fields->count(key)) return "";
  return fields->at(key);
}

// `s` without its surrounding double quotes, if it has them.
inline std::string unquote(const std::string& s) {
  return s.size() >= 2 && s.front() == '"' ? s.substr(1, s.size() - 2) : s;
}

// The numbers of a JSON array of integers such as "[1,2,3]", in order.
inline std::vector<taquin::Tile> numbers(const std::string& array) {
  std::vector<taquin::Tile> out;
  std::string digits;
  for (char c : array + ",") {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits += c;
    } else if (!digits.empty()) {
      out.push_back(static_cast<taquin::Tile>(std::stoi(digits)));
      digits.clear();
    }
  }
  return out;
}

}  // namespace taquin::testing
