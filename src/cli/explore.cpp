// `taquin explore`: BFS from the goal over every state of a small board (or to a depth bound on a
// larger one): the count of states at each depth, the total, the greatest depth and its positions.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/memory_size.hpp"
#include "cli/view.hpp"
#include "core/explore.hpp"

namespace taquin::cli {
namespace {

struct ExploreCliOptions {
  int size = 3;
  std::string goal = "standard";
  std::optional<int> max_depth;
  std::optional<size_t> positions;
  std::string max_memory;
  std::string format = "text";
  bool progress = false;  // --progress: lines on stderr instead of the terminal's bar
};

int run_explore(const ExploreCliOptions& options) {
  if (options.size > kMaxSide) {
    print_usage_error({"--size", 0,
                       "explore takes sides 2 to " + std::to_string(kMaxSide) + ", not " +
                           std::to_string(options.size)},
                      "explore");
    return kExitBadInput;
  }
  Expected<Goal> goal = goal_for_size(Shape::square(options.size), options.goal);
  if (!goal) {
    print_error(goal.error());
    return kExitBadInput;
  }
  ExploreOptions explore_options;
  if (options.max_depth) {
    if (*options.max_depth < 0 || *options.max_depth > 255) {
      print_error(
          {"--max-depth", 0, std::to_string(*options.max_depth) + " is out of range (0 to 255)"});
      return kExitBadInput;
    }
    explore_options.max_depth = *options.max_depth;
  }
  // Complete explorations (sides 2 and 3) list every farthest position; bounded ones 100.
  explore_options.keep_farthest =
      options.positions.value_or(options.size <= 3 ? std::numeric_limits<size_t>::max() : 100);
  explore_options.max_bytes = default_memory_limit();
  if (!options.max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(options.max_memory, "--max-memory");
    if (!bytes) {
      print_error(bytes.error());
      return kExitBadInput;
    }
    explore_options.max_bytes = *bytes;
  }
  // The bar: states reached of every reachable one, or depths of --max-depth.
  ProgressBar bar(options.progress);
  const bool by_depth = options.max_depth.has_value();
  const uint64_t units = by_depth            ? static_cast<uint64_t>(explore_options.max_depth)
                         : options.size <= 3 ? factorial(options.size * options.size) / 2
                                             : 0;
  const auto show = [&](int depth, uint64_t states) {
    const std::string detail =
        by_depth ? std::to_string(states) + " states" : "depth " + std::to_string(depth);
    bar.update("explore", by_depth ? static_cast<uint64_t>(depth) : states, units, detail);
  };
  if (bar.shown()) explore_options.on_layer = show;
  const auto start = std::chrono::steady_clock::now();
  Expected<ExploreResult> result = explore(*goal, explore_options);
  if (result && !result->memory_limit && bar.shown())
    show(by_depth ? static_cast<int>(units) : result->greatest_depth,
         by_depth ? result->total : units);
  bar.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result) {
    print_error(result.error());
    return kExitBadInput;
  }
  const ExploreResult& r = *result;
  const int side = options.size;
  if (options.format != "text") {
    JsonLine line;
    line.add("size", side).add("goal", goal->tiles());
    line.add("counts", std::span<const uint64_t>(r.count_by_depth));
    line.add("total", r.total).add("greatest_depth", r.greatest_depth);
    line.add("complete", r.complete).add("memory_limit", r.memory_limit);
    line.add("farthest_count", r.farthest_count);
    line.add("farthest", std::span<const std::vector<Tile>>(r.farthest));
    line.add("seconds", seconds);
    const RecordFormat records(options.format,
                               {"size", "goal", "counts", "total", "greatest_depth", "complete",
                                "memory_limit", "farthest_count", "farthest", "seconds"});
    std::cout << records.header() << records.line(line);
  } else {
    std::cout << "explore " << side << 'x' << side << ", goal " << goal->name() << '\n';
    std::cout << "depth  states\n";
    for (size_t d = 0; d < r.count_by_depth.size(); ++d) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%5zu  %llu\n", d,
                    static_cast<unsigned long long>(r.count_by_depth[d]));
      std::cout << buf;
    }
    std::cout << "total: " << r.total << " states" << (r.complete ? " (every reachable state)" : "")
              << '\n';
    std::cout << "greatest depth: " << r.greatest_depth;
    if (!r.complete)
      std::cout << (r.memory_limit ? " (stopped: the next layer would pass the memory limit of " +
                                         format_bytes(explore_options.max_bytes) + ")"
                                   : " (bounded by --max-depth)");
    std::cout << '\n';
    std::cout << "positions at depth " << r.greatest_depth << ": " << r.farthest_count;
    if (r.farthest.size() < r.farthest_count)
      std::cout << " (showing " << r.farthest.size() << "; --positions K for more)";
    std::cout << '\n';
    for (const std::vector<Tile>& tiles : r.farthest)
      std::cout << format_board(tiles, Shape::square(side), BoardFormat::OneLine) << '\n';
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", seconds);
    std::cout << "seconds: " << buf << '\n';
  }
  return r.memory_limit ? kExitUnsolved : kExitOk;
}

void setup_explore(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExploreCliOptions>();
  CLI::App* sub = app.add_subcommand(
      "explore", "Breadth-first search from the goal: states at each depth, the farthest ones");
  sub->add_option("--size", options->size, "Board side (2 or 3 in full; larger with --max-depth)")
      ->capture_default_str();
  add_goal_option(sub, options->goal);
  sub->add_option("--max-depth", options->max_depth, "Stop after this depth (needed from 4x4 up)");
  sub->add_option("--positions", options->positions,
                  "How many farthest positions to print (default: all on 2x2 and 3x3, else 100)");
  sub->add_option("--max-memory", options->max_memory,
                  "Memory for the BFS layers, e.g. 2G (default: half the physical memory and of "
                  "the process's limits)");
  add_format_option(sub, options->format);
  sub->add_flag("--progress", options->progress,
                "Print the progress on stderr as lines (on a terminal, a bar is shown anyway)");
  sub->callback([options, &exit_code] { exit_code = run_explore(*options); });
}

const RegisterCommand registered_explore(40, setup_explore);

}  // namespace
}  // namespace taquin::cli
