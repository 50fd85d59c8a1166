// `taquin explore`: BFS from the goal over every state of a small board (or to a depth bound on a
// larger one): the count of states at each depth, the total, the greatest depth and its positions.
// Rectangles of up to 12 cells go through the shape library's exhaustive BFS.
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
#include "shape/explore.hpp"

namespace taquin::cli {
namespace {

struct ExploreCliOptions {
  std::string size = "3";
  std::string goal = "standard";
  std::optional<int> max_depth;
  std::optional<size_t> positions;
  std::string max_memory;
  std::string format = "text";
  bool progress = false;  // --progress: lines on stderr instead of the terminal's bar
};

// Prints `r` (an exploration of `goal`'s board that took `seconds`; `max_bytes` the memory limit)
// as text or records; returns the exit status: 1 when the memory limit stopped it.
int print_result(const ExploreCliOptions& options, const Goal& goal, const ExploreResult& r,
                 uint64_t max_bytes, double seconds);

// The exhaustive BFS of a board of `shape` (not a square; at most kMaxExploreCells cells) towards
// `goal`, as an ExploreResult: counts up to `max_depth` (-1: all), at most `keep` farthest
// positions in rank order. Errors: the shape has too many cells.
Expected<ExploreResult> explore_shape(const Goal& goal, int max_depth, size_t keep) {
  const Shape shape = goal.shape();
  Expected<std::vector<uint8_t>> dist =
      shape::all_distances_shape(shape.rows, shape.cols, goal.blank_cell());
  if (!dist) return dist.error();
  ExploreResult r;
  r.count_by_depth = shape::counts_by_depth(*dist);
  r.complete = true;
  if (max_depth >= 0 && static_cast<size_t>(max_depth) + 1 < r.count_by_depth.size()) {
    r.count_by_depth.resize(static_cast<size_t>(max_depth) + 1);
    r.complete = false;
  }
  for (uint64_t n : r.count_by_depth) r.total += n;
  r.greatest_depth = static_cast<int>(r.count_by_depth.size()) - 1;
  r.farthest_count = r.count_by_depth.back();
  r.peak_bytes = dist->size();
  const auto depth = static_cast<uint8_t>(r.greatest_depth);
  for (size_t rank = 0; rank < dist->size() && r.farthest.size() < keep; ++rank) {
    if ((*dist)[rank] != depth) continue;
    const shape::Grid g = shape::grid_of_rank(rank, shape.rows, shape.cols, goal.blank_cell());
    std::vector<Tile> tiles(g.cells.size());
    for (size_t c = 0; c < tiles.size(); ++c) tiles[c] = goal.tiles()[g.cells[c]];
    r.farthest.push_back(std::move(tiles));
  }
  return r;
}

// `taquin explore` of a rectangle: refused with one line when its states do not fit in
// kMaxExploreCells cells (status 2) or its distance array not in `max_bytes` (status 1).
int run_shape_explore(const ExploreCliOptions& options, const Goal& goal, uint64_t max_bytes) {
  const Shape shape = goal.shape();
  if (shape.cells() <= shape::kMaxExploreCells && factorial(shape.cells()) > max_bytes) {
    print_error({"explore", 0,
                 "a " + shape_name(shape) + " board's exhaustive search needs " +
                     format_bytes(factorial(shape.cells())) + " (" +
                     std::to_string(factorial(shape.cells())) +
                     " bytes), over the memory limit of " + format_bytes(max_bytes) +
                     " (--max-memory)"});
    return kExitUnsolved;
  }
  const auto start = std::chrono::steady_clock::now();
  Expected<ExploreResult> result = explore_shape(
      goal, options.max_depth.value_or(-1),
      options.positions.value_or(options.max_depth ? 100 : std::numeric_limits<size_t>::max()));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result) {
    print_error(result.error());
    return kExitBadInput;
  }
  return print_result(options, goal, *result, max_bytes, seconds);
}

int run_explore(const ExploreCliOptions& options) {
  Expected<Shape> shape = parse_shape(options.size, "--size");
  // A side above kMaxSide (a plain number, even over kMaxDim): the squares' usage error.
  const bool number = !options.size.empty() && options.size.size() <= 9 &&
                      options.size.find_first_not_of("0123456789") == std::string::npos;
  if (number && std::stoi(options.size) > kMaxSide) {
    print_usage_error({"--size", 0,
                       "explore takes sides 2 to " + std::to_string(kMaxSide) + ", not " +
                           std::to_string(std::stoi(options.size))},
                      "explore");
    return kExitBadInput;
  }
  if (!shape) {
    print_error(shape.error());  // as the squares' goal check words a side below 2
    return kExitBadInput;
  }
  Expected<Goal> goal = goal_for_size(*shape, options.goal);
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
  const int side = shape->rows;
  // Complete explorations (sides 2 and 3) list every farthest position; bounded ones 100.
  explore_options.keep_farthest =
      options.positions.value_or(side <= 3 ? std::numeric_limits<size_t>::max() : 100);
  explore_options.max_bytes = default_memory_limit();
  if (!options.max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(options.max_memory, "--max-memory");
    if (!bytes) {
      print_error(bytes.error());
      return kExitBadInput;
    }
    explore_options.max_bytes = *bytes;
  }
  if (!shape->is_square()) return run_shape_explore(options, *goal, explore_options.max_bytes);
  // The bar: states reached of every reachable one, or depths of --max-depth.
  ProgressBar bar(options.progress);
  const bool by_depth = options.max_depth.has_value();
  const uint64_t units = by_depth    ? static_cast<uint64_t>(explore_options.max_depth)
                         : side <= 3 ? factorial(side * side) / 2
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
  return print_result(options, *goal, *result, explore_options.max_bytes, seconds);
}

int print_result(const ExploreCliOptions& options, const Goal& goal, const ExploreResult& r,
                 uint64_t max_bytes, double seconds) {
  const Shape shape = goal.shape();
  if (options.format != "text") {
    JsonLine line;
    if (shape.is_square())
      line.add("size", shape.rows);
    else
      line.add_null("size");
    line.add("rows", shape.rows).add("cols", shape.cols).add("goal", goal.tiles());
    line.add("counts", std::span<const uint64_t>(r.count_by_depth));
    line.add("total", r.total).add("greatest_depth", r.greatest_depth);
    line.add("complete", r.complete).add("memory_limit", r.memory_limit);
    line.add("farthest_count", r.farthest_count);
    line.add("farthest", std::span<const std::vector<Tile>>(r.farthest));
    line.add("seconds", seconds);
    const RecordFormat records(
        options.format, {"size", "rows", "cols", "goal", "counts", "total", "greatest_depth",
                         "complete", "memory_limit", "farthest_count", "farthest", "seconds"});
    std::cout << records.header() << records.line(line);
  } else {
    std::cout << "explore " << shape_name(shape) << ", goal " << goal.name() << '\n';
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
                                         format_bytes(max_bytes) + ")"
                                   : " (bounded by --max-depth)");
    std::cout << '\n';
    std::cout << "positions at depth " << r.greatest_depth << ": " << r.farthest_count;
    if (r.farthest.size() < r.farthest_count)
      std::cout << " (showing " << r.farthest.size() << "; --positions K for more)";
    std::cout << '\n';
    for (const std::vector<Tile>& tiles : r.farthest)
      std::cout << format_board(tiles, shape, BoardFormat::OneLine) << '\n';
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
  sub->add_option("--size", options->size,
                  "Board side N (2 or 3 in full; up to 8 with --max-depth), or RxC for R rows and "
                  "C columns (up to 12 cells, in full)")
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
