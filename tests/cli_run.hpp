// Test helper: runs the built taquin binary and captures stdout, stderr and exit status.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace taquin::testing {

struct CliRun {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `taquin <args>` through the shell (args are shell words), with `input` on stdin.
inline CliRun run_taquin(const std::string& args, const std::string& input = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() / ("taquin_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string tag = std::to_string(counter++);
  const fs::path in = dir / ("in" + tag), out = dir / ("out" + tag), err = dir / ("err" + tag);
  std::ofstream(in, std::ios::binary) << input;
  const std::string command = std::string(TAQUIN_BINARY) + " " + args + " <" + in.string() + " >" +
                              out.string() + " 2>" + err.string();
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

}  // namespace taquin::testing
