// `taquin explore`: BFS from the goal over every state of a small board (or to a depth bound on a
// larger one): the count of states at each depth, the total, the greatest depth and its positions.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

#include "command.hpp"
#include "memory_size.hpp"
#include "taquin/explore.hpp"

namespace taquin::cli {
namespace {

struct ExploreCliOptions {
  int size = 3;
  std::string goal = "standard";
  std::optional<int> max_depth;
  std::optional<size_t> positions;
  std::string max_memory;
  std::string format = "text";
};

int run_explore(const ExploreCliOptions& options) {
  Expected<Goal> goal = goal_for_size(options.size, options.goal);
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
  const auto start = std::chrono::steady_clock::now();
  Expected<ExploreResult> result = explore(*goal, explore_options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result) {
    print_error(result.error());
    return kExitBadInput;
  }
  const ExploreResult& r = *result;
  const int side = options.size;
  if (options.format == "json") {
    JsonLine line;
    line.add("size", side).add("goal", goal->tiles());
    std::string counts = "[";
    for (size_t d = 0; d < r.count_by_depth.size(); ++d)
      counts += (d ? "," : "") + std::to_string(r.count_by_depth[d]);
    line.add_raw("counts", counts + "]");
    line.add("total", r.total).add("greatest_depth", r.greatest_depth);
    line.add("complete", r.complete).add("memory_limit", r.memory_limit);
    line.add("farthest_count", r.farthest_count);
    std::string farthest = "[";
    for (size_t i = 0; i < r.farthest.size(); ++i) {
      farthest += i ? ",[" : "[";
      for (size_t c = 0; c < r.farthest[i].size(); ++c)
        farthest += (c ? "," : "") + std::to_string(r.farthest[i][c]);
      farthest += ']';
    }
    line.add_raw("farthest", farthest + "]");
    line.add("seconds", seconds);
    std::cout << line.str() << '\n';
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
    for (const std::vector<uint8_t>& tiles : r.farthest)
      std::cout << format_board(tiles, side, BoardFormat::OneLine) << '\n';
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
                  "the process's limits)")
      ->check(not_blank("a size, e.g. 2G"));
  add_format_option(sub, options->format);
  sub->callback([options, &exit_code] { exit_code = run_explore(*options); });
}

const RegisterCommand registered(40, setup_explore);

}  // namespace
}  // namespace taquin::cli
