// Subcommand registry and the helpers every subcommand shares (inputs, goals, errors, JSON).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin::cli {

// Exit statuses: the CLI's contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolved = 1;  // some instance unsolvable or not solved within limits
inline constexpr int kExitBadInput = 2;  // bad input or usage

// A subcommand adds itself to `app` and sets `exit_code` when it runs.
using CommandSetup = void (*)(CLI::App& app, int& exit_code);

// Registers a subcommand at static-initialisation time; `order` sorts `taquin --help`.
struct RegisterCommand {
  RegisterCommand(int order, CommandSetup setup);
};

// Registered subcommands, sorted by order.
std::vector<CommandSetup> registered_commands();

// Options shared by every command that reads boards.
struct InputOptions {
  std::vector<std::string> files;  // "-" = stdin; none and no --board = stdin
  std::string board;               // --board "..."
  std::string goal = "standard";   // --goal
};

// Adds FILE..., --board and --goal to `sub`.
void add_input_options(CLI::App* sub, InputOptions& options);

// Adds --goal alone (for commands that take no boards).
void add_goal_option(CLI::App* sub, std::string& goal);

// The goal --goal names for boards of side `size` (--size, checked to be 2 to 8).
Expected<Goal> goal_for_size(int size, const std::string& goal);

// An instance with its resolved goal.
struct Job {
  Instance instance;
  Goal goal;
};

// Reads every board (files in order, then --board) and resolves --goal for each; all or nothing.
Expected<std::vector<Job>> load_jobs(const InputOptions& options);

// Prints "taquin: <error>" on stderr.
void print_error(const Error& error);

// Builds one JSON object on one line: {"key":value,...}.
class JsonLine {
 public:
  JsonLine& add(std::string_view key, std::string_view value);
  JsonLine& add(std::string_view key, const char* value) {
    return add(key, std::string_view(value));
  }
  JsonLine& add(std::string_view key, const std::string& value) {
    return add(key, std::string_view(value));
  }
  JsonLine& add(std::string_view key, bool value);
  JsonLine& add(std::string_view key, int64_t value);
  JsonLine& add(std::string_view key, int value) { return add(key, static_cast<int64_t>(value)); }
  JsonLine& add(std::string_view key, uint64_t value);
  JsonLine& add(std::string_view key, double value);
  JsonLine& add(std::string_view key, std::span<const uint8_t> values);  // array of numbers
  JsonLine& add_null(std::string_view key);
  JsonLine& add_raw(std::string_view key, std::string_view json);  // value already in JSON
  std::string str() const { return body_ + "}"; }

 private:
  void key(std::string_view k);
  std::string body_ = "{";
};

// JSON string literal of `text`, with escapes.
std::string json_quote(std::string_view text);

}  // namespace taquin::cli
