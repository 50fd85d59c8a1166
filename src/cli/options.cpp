// The options every subcommand shares, and the one rule of empty values.
#include "cli/options.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

#include "taquin/tables.hpp"

namespace taquin::cli {

void add_goal_option(CLI::App* sub, std::string& goal, const std::string& default_help) {
  CLI::Option* option = sub->add_option(
      "--goal", goal,
      "Goal: standard (1..N²-1 then blank), zero-first, snail or 42 (the 42 school's spiral), an "
      "inline board, or a file" +
          (default_help.empty() ? "" : " (default: " + default_help + ")"));
  if (default_help.empty()) option->capture_default_str();
}

void add_input_options(CLI::App* sub, InputOptions& options) {
  sub->add_option("files", options.files,
                  "Board files (42 format, one-line or batch); '-' = stdin");
  // An empty --board is no board, not a request to read standard input ('-' is that): refused
  // by the empty-value rule (refuse_empty_values).
  sub->add_option("--board", options.board, "A board given inline, e.g. \"1 2 3 4 5 6 7 0 8\"");
  // Not given: each board's own goal (JobStream, default_goal_spec).
  add_goal_option(sub, options.goal,
                  "snail for a board in the 42 format, a size line before its rows; else standard");
  add_shard_option(sub, options.shard);
}

void add_shard_option(CLI::App* sub, std::string& shard) {
  sub->add_option("--shard", shard,
                  "Take only the instances whose 0-based index is K mod N (K/N, e.g. 0/4); ids "
                  "stay those of the whole batch ('taquin merge' joins the shards' JSON lines)");
}

namespace {

bool blank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// Puts the blank-value check first among the validators of every option of `app` that takes a
// value, and of its subcommands', so that no other check or conversion sees a blank value.
void add_blank_rule(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size() == 0) continue;  // a flag
    const bool positional = option->get_lnames().empty() && option->get_snames().empty();
    option->transform(CLI::Validator(
        [positional](std::string& value) {
          if (!blank(value)) return std::string();
          return std::string(positional ? "an empty name (give a file, or '-' for standard input)"
                                        : "an empty value (give one, or leave the option out)");
        },
        "", "not blank"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) add_blank_rule(*sub);
}

}  // namespace

void refuse_empty_values(CLI::App& app) {
  add_blank_rule(app);
}

CLI::Validator seed_value() {
  return CLI::Validator(
      [](const std::string& text) {
        uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
          return c >= '0' && c <= '9';
        });
        if (digits && ptr == end && ec == std::errc()) return std::string();
        return "'" + text + "' is not a seed (a whole number from 0 to 18446744073709551615)";
      },
      "", "seed");
}

void add_seed_option(CLI::App* sub, std::optional<uint64_t>& seed, const std::string& help) {
  sub->add_option("--seed", seed, help)->check(seed_value());
}

Expected<Goal> goal_for_size(Shape shape, const std::string& goal) {
  return parse_goal(goal, shape, "--size", "--goal");
}

void add_strict_option(CLI::App* sub, bool& strict) {
  sub->add_flag("--strict", strict,
                "Stop at the first bad input, before any board is handled (from a pipe: after the "
                "boards before it) (default: report it, go on with the others, exit 2 at the end)");
}

void add_format_option(CLI::App* sub, std::string& format,
                       const std::vector<std::string>& choices) {
  std::string help = "Output: ";
  for (size_t i = 0; i < choices.size(); ++i)
    help += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  if (std::find(choices.begin(), choices.end(), "json") != choices.end())
    help +=
        " (json: one object a line; csv: a header line, then one row a record; fields in "
        "docs/output.md)";
  format = choices.front();
  sub->add_option("--format", format, help)->check(CLI::IsMember(choices))->capture_default_str();
}

std::optional<Error> check_threads(int threads) {
  if (threads >= 0 && threads <= 1024) return std::nullopt;
  return Error{"--threads", 0,
               std::to_string(threads) + " is not a thread count (0 = all cores, or 1 to 1024)"};
}

std::optional<Error> check_count(int count) {
  if (count >= 0) return std::nullopt;
  return Error{"--count", 0, std::to_string(count) + " is not a count (0 or more)"};
}

}  // namespace taquin::cli
