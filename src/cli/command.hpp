// Subcommand registry and the helpers every subcommand shares (inputs, goals, errors, JSON).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::pdb {
struct PdbSet;
}

namespace taquin::cli {

// Exit statuses: the CLI's contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolved = 1;  // some instance unsolvable or not solved within limits
inline constexpr int kExitBadInput = 2;  // bad input or usage
inline constexpr int kExitInternal = 3;  // a bug: a solution that fails its replay, an exception
// A run stopped by a signal exits 128 + its number: 129 (SIGHUP), 130 (SIGINT, Ctrl-C), 143
// (SIGTERM).

// The status of a run that met both `a` and `b`: internal beats bad input beats unsolved beats ok.
inline int worse_status(int a, int b) {
  return a > b ? a : b;
}

// A subcommand adds itself to `app` and sets `exit_code` when it runs.
using CommandSetup = void (*)(CLI::App& app, int& exit_code);

// Registers a subcommand at static-initialisation time; `order` sorts `taquin --help`.
struct RegisterCommand {
  RegisterCommand(int order, CommandSetup setup);
};

// Registered subcommands, sorted by order.
std::vector<CommandSetup> registered_commands();

// A share of a batch (--shard K/N): the instances whose 0-based index is K mod N.
struct Shard {
  uint64_t index = 0;  // K
  uint64_t count = 1;  // N; 1: the whole batch
  // Whether the instance of 0-based position `position` in the batch belongs to this shard.
  bool takes(size_t position) const { return position % count == index; }
};

// The value of --shard: "K/N" with 0 <= K < N (N from 1); the Error names `option`.
Expected<Shard> parse_shard(const std::string& text, const std::string& option);

// Adds --shard K/N to `sub`, stored as text (parse_shard checks it).
void add_shard_option(CLI::App* sub, std::string& shard);

// Options shared by every command that reads boards.
struct InputOptions {
  std::vector<std::string> files;  // "-" = stdin; none and no --board = stdin
  std::string board;               // --board "..."
  std::string goal = "standard";   // --goal
  std::string shard;               // --shard K/N; empty: every board
};

// Adds FILE..., --board, --goal and --shard to `sub`.
void add_input_options(CLI::App* sub, InputOptions& options);

// Adds --goal alone (for commands that take no boards).
void add_goal_option(CLI::App* sub, std::string& goal);

// The goal --goal names for boards of side `size` (--size, checked to be 2 to 8).
Expected<Goal> goal_for_size(int size, const std::string& goal);

// An instance with its resolved goal and its id: its position among the boards read, from 1
// (counted over the whole batch, also in a shard).
struct Job {
  Instance instance;
  Goal goal;
  int id = 0;
};

// The jobs of a batch, read one at a time (files in order, then --board; no file and no --board:
// standard input), each with its goal resolved, only those of --shard: memory for one board at a
// time, whatever the size of the inputs.
class JobStream {
 public:
  // The stream of `options`; fails on a bad --goal or --shard. With `all_or_nothing` (--strict),
  // first_bad_input is checked first and a bad input fails the open, before any board is handled.
  static Expected<JobStream> open(const InputOptions& options, bool all_or_nothing = false);

  // The next job of the shard, or a bad input in its place (a file that cannot be read, a bad
  // board, a goal of another side: every shard reports it); nullopt after the last.
  std::optional<Expected<Job>> next();

 private:
  // Reads the whole batch once, before any board is handled (--strict): the first bad input (or
  // bad --goal, --shard), or nullopt. Standard input is read then only when it can be read again
  // (a regular file, rewound); from a pipe or a terminal it is left to the stream, where a bad
  // input is met after the boards before it.
  static std::optional<Error> first_bad_input(const InputOptions& options);

  struct Input {
    std::string text;  // a file ("-": standard input), or the --board text
    bool is_board = false;
  };
  JobStream(GoalSpec spec, Shard shard, std::vector<Input> inputs);
  GoalSpec spec_;
  Shard shard_;
  std::vector<Input> inputs_;
  size_t next_input_ = 0;
  std::optional<BoardReader> reader_;  // the input being read
  size_t boards_ = 0;                  // boards read, in every shard
  bool checking_ = false;              // first_bad_input's pass: standard input is rewound
};

// Every job of the batch (JobStream), or the first bad input.
Expected<std::vector<Job>> load_jobs(const InputOptions& options);

// For a board that cannot reach `job`'s goal: " (it can reach the snail goal: --goal snail)" when
// it can reach the 42 school's snail goal (and that is not the goal chosen), else "".
std::string snail_note(const Job& job);

// Adds --strict to `sub` (stop at the first bad input, before any search, instead of going on).
void add_strict_option(CLI::App* sub, bool& strict);

// Prints "taquin: <error>" on stderr.
void print_error(const Error& error);

// Prints "taquin: <error> (run 'taquin <command> --help')" on stderr: for a bad option value.
void print_usage_error(const Error& error, std::string_view command);

// Adds --format to `sub`: one of `choices`, the first being the default.
void add_format_option(CLI::App* sub, std::string& format,
                       const std::vector<std::string>& choices = {"text", "json", "csv"});

// The one meaning of `nodes_per_second` (docs/output.md): `count` per second of `seconds`, 0 when
// no time was measured. Called with expanded nodes everywhere that prints nodes_per_second.
double per_second(uint64_t count, double seconds);

// The one rule of empty values, for every option of `app` and its subcommands: a blank value
// ("", or only spaces) given to any option or positional is a usage error naming the option
// (`--svg: an empty value ...`), checked before any other check of the value and before any
// command runs. Call once, on the top-level app, after every subcommand is set up.
void refuse_empty_values(CLI::App& app);

// The check of a --seed value: a decimal whole number from 0 to 2^64 - 1, nothing else (no sign,
// no hexadecimal, no clamping of a larger number).
CLI::Validator seed_value();

// Adds --seed (seed_value) to `sub`; unset when not given.
void add_seed_option(CLI::App* sub, std::optional<uint64_t>& seed, const std::string& help);

// The value of --max-nodes: a whole number from 1 to 2^64 - 1; the Error names `option`.
Expected<uint64_t> parse_node_limit(const std::string& text, const std::string& option);

// The value of --max-seconds: a finite number of seconds above 0; the Error names `option`.
Expected<double> parse_seconds_limit(const std::string& text, const std::string& option);

// The limits of --max-memory (empty: default_memory_limit()), --max-nodes and --max-seconds
// (empty: none); the Error names the option.
Expected<Limits> parse_limits(const std::string& max_memory, const std::string& max_nodes,
                              const std::string& max_seconds);

// Checks --threads: 0 (all cores) or 1 to 1024.
std::optional<Error> check_threads(int threads);

// Checks a --count: 0 or more.
std::optional<Error> check_count(int count);

// Ctrl-C, SIGTERM and SIGHUP (the terminal closed) while it lives: the first one sets the flag
// searches poll (Limits::cancel) and leaves the process running, so that the finished records can
// be printed; a second one kills the process as usual. One at a time.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
  // The flag for Limits::cancel.
  const std::atomic<bool>* flag() const;
  // The signal received (SIGINT, SIGTERM, SIGHUP), or 0.
  int signal() const;
  // The exit status of a run it stopped: 128 + the signal.
  int exit_status() const { return 128 + signal(); }
};

// Prints on stderr what an interrupted search had done: the instance, its statistics and the
// lower bound it proved (docs/output.md, "Interrupted").
void print_interrupted(int signal, const Instance& instance, const SearchResult& result);

// Builds one record: a JSON object on one line ({"key":value,...}) and, beside it, each field's
// CSV text (docs/output.md, "CSV"): strings as they are, null empty, arrays of numbers as numbers
// apart by spaces, arrays of arrays as those joined by ';'.
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
  JsonLine& add(std::string_view key, std::span<const uint8_t> values);   // array of numbers
  JsonLine& add(std::string_view key, std::span<const uint64_t> values);  // array of numbers
  JsonLine& add(std::string_view key,
                std::span<const std::vector<uint8_t>> arrays);  // array of arrays of numbers
  JsonLine& add_null(std::string_view key);
  // A value already in JSON, with its CSV text.
  JsonLine& add_raw(std::string_view key, std::string_view json, std::string_view csv);
  std::string str() const { return body_ + "}"; }
  // The fields in order: each key with its CSV text (unquoted).
  const std::vector<std::pair<std::string, std::string>>& csv_fields() const { return csv_; }

 private:
  void key(std::string_view k, std::string csv);
  std::string body_ = "{";
  std::vector<std::pair<std::string, std::string>> csv_;
};

// `text` as one RFC 4180 field: as it is, or between double quotes (inner quotes doubled) when it
// holds a comma, a double quote or a line break.
std::string csv_quote(std::string_view text);

// The records of one command in --format json or csv: JSON lines, or a CSV table whose header
// is `columns` (the JSON keys, in the documented order).
class RecordFormat {
 public:
  RecordFormat(std::string format, std::vector<std::string> columns);
  // The CSV header line ("" for JSON), to print before the first record.
  std::string header() const;
  // `record` as one line with its newline: its JSON, or its CSV row (a column the record lacks
  // is an empty field). A key that is not a column throws std::logic_error (a bug).
  std::string line(const JsonLine& record) const;

 private:
  bool csv_;
  std::vector<std::string> columns_;
};

// JSON string literal of `text`, with escapes; bytes that are not UTF-8 become U+FFFD, so that the
// line stays valid JSON whatever a file name holds.
std::string json_quote(std::string_view text);

// `text` made safe for one line of stderr: a newline shows as \n, other control characters and
// bytes that are not UTF-8 as \xHH (a file name can hold any of them).
std::string printable(std::string_view text);

}  // namespace taquin::cli
