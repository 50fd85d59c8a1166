// The options every subcommand shares (inputs, goal, shard, format, seed, threads, counts) and
// the one rule of empty values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"

namespace taquin::cli {

// Options shared by every command that reads boards.
struct InputOptions {
  std::vector<std::string> files;  // "-" = stdin; none and no --board = stdin
  std::string board;               // --board "..."
  std::string goal;                // --goal; empty: each board's own (default_goal_spec)
  std::string shard;               // --shard K/N; empty: every board
};

// Adds FILE..., --board, --goal and --shard to `sub`.
void add_input_options(CLI::App* sub, InputOptions& options);

// Adds --goal alone (for commands that take no boards): its help shows `goal`'s value as the
// default, or says `default_help` when it is given.
void add_goal_option(CLI::App* sub, std::string& goal, const std::string& default_help = "");

// The goal --goal names for boards of `shape` (--size, checked to be 2 to 100 rows and columns).
Expected<Goal> goal_for_size(Shape shape, const std::string& goal);

// Adds --shard K/N to `sub`, stored as text (parse_shard checks it).
void add_shard_option(CLI::App* sub, std::string& shard);

// Adds --strict to `sub` (stop at the first bad input, before any search, instead of going on).
void add_strict_option(CLI::App* sub, bool& strict);

// Adds --format to `sub`: one of `choices`, the first being the default.
void add_format_option(CLI::App* sub, std::string& format,
                       const std::vector<std::string>& choices = {"text", "json", "csv"});

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

// Checks --threads: 0 (all cores) or 1 to 1024.
std::optional<Error> check_threads(int threads);

// Checks a --count: 0 or more.
std::optional<Error> check_count(int count);

}  // namespace taquin::cli
