// Shared CLI plumbing: the subcommand registry, input loading, errors and JSON lines.
#include "command.hpp"

#include "taquin/tables.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace taquin::cli {
namespace {

std::vector<std::pair<int, CommandSetup>>& registry() {
  static std::vector<std::pair<int, CommandSetup>> all;
  return all;
}

}  // namespace

RegisterCommand::RegisterCommand(int order, CommandSetup setup) {
  registry().emplace_back(order, setup);
}

std::vector<CommandSetup> registered_commands() {
  auto all = registry();
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<CommandSetup> out;
  for (const auto& [order, setup] : all) out.push_back(setup);
  return out;
}

void add_goal_option(CLI::App* sub, std::string& goal) {
  sub->add_option(
         "--goal", goal,
         "Goal: standard (1..N²-1 then blank), zero-first, snail, an inline board, or a file")
      ->capture_default_str();
}

void add_input_options(CLI::App* sub, InputOptions& options) {
  sub->add_option("files", options.files,
                  "Board files (42 format, one-line or batch); '-' = stdin");
  sub->add_option("--board", options.board, "A board given inline, e.g. \"1 2 3 4 5 6 7 0 8\"");
  add_goal_option(sub, options.goal);
}

Expected<Goal> goal_for_size(int size, const std::string& goal) {
  if (size < kMinSide || size > kMaxSide)
    return Error{"--size", 0,
                 "side " + std::to_string(size) + " is out of range (" + std::to_string(kMinSide) +
                     " to " + std::to_string(kMaxSide) + ")"};
  Expected<GoalSpec> spec = parse_goal_spec(goal, "--goal");
  if (!spec) return spec.error();
  return Goal::for_side(*spec, size);
}

Expected<std::vector<Job>> load_jobs(const InputOptions& options) {
  Expected<GoalSpec> spec = parse_goal_spec(options.goal, "--goal");
  if (!spec) return spec.error();
  std::vector<Instance> instances;
  std::vector<std::string> files = options.files;
  if (files.empty() && options.board.empty()) files.push_back("-");
  for (const std::string& file : files) {
    Expected<std::vector<Instance>> read = read_instances(file);
    if (!read) return read.error();
    for (Instance& inst : *read) instances.push_back(std::move(inst));
  }
  if (!options.board.empty()) {
    Expected<std::vector<Instance>> read = parse_instances(options.board, "--board");
    if (!read) return read.error();
    for (Instance& inst : *read) instances.push_back(std::move(inst));
  }
  std::vector<Job> jobs;
  jobs.reserve(instances.size());
  for (Instance& inst : instances) {
    Expected<Goal> goal = Goal::for_side(*spec, inst.side);
    if (!goal) {
      Error e = goal.error();
      e.message += " (" + inst.source + ":" + std::to_string(inst.line) + ")";
      return e;
    }
    jobs.push_back(Job{std::move(inst), std::move(*goal)});
  }
  return jobs;
}

void print_error(const Error& error) {
  std::cerr << "taquin: " << error.describe() << '\n';
}

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonLine::key(std::string_view k) {
  if (body_.size() > 1) body_ += ',';
  body_ += json_quote(k);
  body_ += ':';
}

JsonLine& JsonLine::add(std::string_view k, std::string_view value) {
  key(k);
  body_ += json_quote(value);
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, bool value) {
  key(k);
  body_ += value ? "true" : "false";
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, int64_t value) {
  key(k);
  body_ += std::to_string(value);
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, uint64_t value) {
  key(k);
  body_ += std::to_string(value);
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, double value) {
  key(k);
  if (!std::isfinite(value)) {
    body_ += "null";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    body_ += buf;
  }
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, std::span<const uint8_t> values) {
  key(k);
  body_ += '[';
  for (size_t i = 0; i < values.size(); ++i) body_ += (i ? "," : "") + std::to_string(values[i]);
  body_ += ']';
  return *this;
}
JsonLine& JsonLine::add_null(std::string_view k) {
  key(k);
  body_ += "null";
  return *this;
}
JsonLine& JsonLine::add_raw(std::string_view k, std::string_view json) {
  key(k);
  body_ += json;
  return *this;
}

}  // namespace taquin::cli
