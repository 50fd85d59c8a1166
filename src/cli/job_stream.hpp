// The boards of a batch as jobs (an instance, its goal, its id), read one at a time, and the
// shard of the batch a run takes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin::cli {

// A share of a batch (--shard K/N): the instances whose 0-based index is K mod N.
struct Shard {
  uint64_t index = 0;  // K
  uint64_t count = 1;  // N; 1: the whole batch
  // Whether the instance of 0-based position `position` in the batch belongs to this shard.
  bool takes(size_t position) const { return position % count == index; }
};

// The value of --shard: "K/N" with 0 <= K < N (N from 1); the Error names `option`.
Expected<Shard> parse_shard(const std::string& text, const std::string& option);

// An instance with its resolved goal and its id: its position among the boards read, from 1
// (counted over the whole batch, also in a shard).
struct Job {
  Instance instance;
  Goal goal;
  int id = 0;
  // A line for stderr, printed before the job's output (forty_two_notice), or "": set on the
  // first job of a run whose goal its 42 format chose.
  std::string notice = "";
};

// The stderr line (newline-ended) of a run where `board`, in the 42 format and with no --goal,
// takes the snail goal (default_goal_spec): said once a run, at the first such board.
std::string forty_two_notice(const Instance& board);

// Prints `job`'s notice on stderr, if any, and clears it (printed once).
void print_notice(Job& job);

// The jobs of a batch, read one at a time (files in order, then --board; no file and no --board:
// standard input), each with its goal resolved (--goal; without it, each board's own:
// default_goal_spec), only those of --shard: memory for one board at a time, whatever the size of
// the inputs.
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
  JobStream(std::optional<GoalSpec> spec, Shard shard, std::vector<Input> inputs);
  std::optional<GoalSpec> spec_;  // --goal; none: each board's own
  Shard shard_;
  std::vector<Input> inputs_;
  size_t next_input_ = 0;
  std::optional<BoardReader> reader_;  // the input being read
  size_t boards_ = 0;                  // boards read, in every shard
  bool checking_ = false;              // first_bad_input's pass: standard input is rewound
  bool noticed_ = false;               // a job carried the 42 format's notice
};

// Every job of the batch (JobStream), or the first bad input.
Expected<std::vector<Job>> load_jobs(const InputOptions& options);

// For a board that cannot reach `job`'s goal: " (it can reach the snail goal: --goal snail)" when
// it can reach the 42 school's snail goal (and that is not the goal chosen), else "".
std::string snail_note(const Job& job);

}  // namespace taquin::cli
