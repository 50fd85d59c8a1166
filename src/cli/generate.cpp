// `taquin generate`: random boards, uniform by class or by random walk; deterministic per seed.
#include <iostream>
#include <random>

#include <tbb/info.h>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "core/explore.hpp"
#include "core/generate.hpp"
#include "core/solvability.hpp"
#include "shape/dispatch.hpp"
#include "taquin/solve.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {
namespace {

struct GenerateOptions {
  std::string size = "4";
  int count = 1;
  std::optional<uint64_t> seed;
  bool solvable = false;
  bool unsolvable = false;
  std::optional<int> walk;
  std::string goal;  // empty: standard, or with --format 42 the snail (the 42 school's)
  std::string format = "oneline";
  std::optional<int> min_length;  // keep only boards that need at least this many moves
  PdbChoice pdb;                  // the databases of the --min-length check
};

// The 42 generator's line before a board in its format: "# This puzzle is solvable" (or
// unsolvable) for the snail goal; for another goal, the goal named after it.
std::string forty_two_comment(std::span<const Tile> tiles, const Goal& goal) {
  std::string line =
      std::string("# This puzzle is ") + (is_solvable(tiles, goal) ? "solvable" : "unsolvable");
  const Shape shape = goal.shape();
  if (goal.tiles() == Goal::snail(shape).tiles()) return line + "\n";
  const bool named = goal.tiles() == Goal::standard(shape).tiles() ||
                     goal.tiles() == Goal::zero_first(shape).tiles();
  return line + " (goal " + (named ? goal.name() : std::string("custom")) + ")\n";
}

int run_generate(const GenerateOptions& options) {
  if (std::optional<Error> bad = check_count(options.count)) {
    print_usage_error(*bad, "generate");
    return kExitBadInput;
  }
  // A board in the 42 format means the snail goal (default_goal_spec): drawn for it by default.
  const std::string goal_text = !options.goal.empty()    ? options.goal
                                : options.format == "42" ? "snail"
                                                         : "standard";
  Expected<Shape> shape = parse_shape(options.size, "--size");
  if (!shape) {
    print_usage_error(shape.error(), "generate");
    return kExitBadInput;
  }
  if (options.format == "42" && !shape->is_square()) {
    print_usage_error({"--format", 0,
                       "the 42 format is for square boards; a " + shape_name(*shape) +
                           " board is written with its \"R C\" size line (--format oneline)"},
                      "generate");
    return kExitBadInput;
  }
  const bool packed = shape::is_packed(*shape);
  if (options.min_length && !packed) {
    print_usage_error({"--min-length", 0,
                       "takes square boards of side 2 to " + std::to_string(kMaxSide) +
                           " (each board drawn is solved optimally)"},
                      "generate");
    return kExitBadInput;
  }
  const int side = shape->rows;
  Expected<Goal> goal = goal_for_size(*shape, goal_text);
  if (!goal) {
    print_error(goal.error());
    return kExitBadInput;
  }
  uint64_t seed = 0;
  if (options.seed) {
    seed = *options.seed;
  } else {
    seed = (uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    std::cerr << "taquin: generate --seed " << seed << '\n';
  }
  Random random(seed);
  const Solvability kind = options.solvable || options.min_length ? Solvability::Solvable
                           : options.unsolvable                   ? Solvability::Unsolvable
                                                                  : Solvability::Any;
  // --min-length: each board is solved (IDA*, the strongest heuristic, every core) and kept only
  // when its optimal length is at least the minimum.
  std::optional<HeuristicChoice> check;
  std::vector<uint8_t> distances;  // sides 2 and 3: the distance of every board, exact and fast
  if (options.min_length) {
    // A length no board reaches would never end the draw.
    int most = options.walk ? *options.walk : side == 4 ? 80 : -1;
    if (side <= 3) {
      distances = small_board_distances(*goal);
      int farthest = 0;
      for (uint8_t d : distances)
        if (d != kUnreached) farthest = std::max<int>(farthest, d);
      most = most < 0 ? farthest : std::min(most, farthest);
    }
    if (most >= 0 && *options.min_length > most) {
      print_usage_error({"--min-length", 0,
                         "no board drawn can need more than " + std::to_string(most) + " moves" +
                             (options.walk ? " (--walk, or the side's farthest board)"
                                           : " (the side's farthest board)")},
                        "generate");
      return kExitBadInput;
    }
  }
  if (options.min_length && distances.empty()) {
    Expected<HeuristicChoice> choice = HeuristicCache(std::nullopt, options.pdb).get(*goal);
    if (!choice) {
      print_error(choice.error());
      return kExitBadInput;
    }
    check = *choice;
  }
  std::optional<Error> internal;  // a --min-length check that failed (a solution not replayed)
  const auto long_enough = [&](const std::vector<Tile>& tiles) {
    if (!options.min_length) return true;
    if (!distances.empty()) return distance_of(distances, *goal, tiles) >= *options.min_length;
    const SearchPlan plan{Algorithm::Ida, check->kind, tbb::info::default_concurrency(), {}, {}};
    const Expected<CheckedResult> result = solve(tiles, *goal, plan, check->databases.get());
    if (!result) {
      internal = result.error();  // ends the draw
      return true;
    }
    return result->outcome == Outcome::Solved &&
           static_cast<int>(result->moves.size()) >= *options.min_length;
  };
  for (int i = 0; i < options.count; ++i) {
    std::vector<Tile> tiles;
    do {
      tiles = options.walk ? random_walk(random, *goal, *options.walk)
                           : random_board(random, *goal, kind);
    } while (!long_enough(tiles));
    if (internal) {
      print_error({"generate", 0, "internal error: " + internal->message});
      return kExitInternal;
    }
    if (options.format == "42") {
      std::cout << forty_two_comment(tiles, *goal)
                << format_board(tiles, *shape, BoardFormat::FortyTwo);
    } else if (!shape->is_square()) {  // a rectangle has no one-line form: its size line, its rows
      std::cout << format_board(tiles, *shape, BoardFormat::FortyTwo);
    } else {
      std::cout << format_board(tiles, *shape, BoardFormat::OneLine) << '\n';
    }
  }
  return kExitOk;
}

void setup_generate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* sub = app.add_subcommand(
      "generate",
      "Print random boards (same seed, same output); solvable and unsolvable ones alike unless "
      "--solvable or --unsolvable, as the 42 school's generator does");
  sub->add_option("--size", options->size,
                  "Board side N (2 to 100), or RxC for R rows and C columns (each 2 to 100)")
      ->capture_default_str();
  sub->add_option("--count", options->count, "How many boards")->capture_default_str();
  add_seed_option(sub, options->seed, "Random seed (printed on stderr when not given)");
  auto* solvable =
      sub->add_flag("--solvable", options->solvable,
                    "Only boards that can reach the goal (default: both kinds, about half each)");
  auto* unsolvable = sub->add_flag("--unsolvable", options->unsolvable, "Only boards that cannot");
  solvable->excludes(unsolvable);
  // A walk of a million moves is already as mixed as a shuffle; longer ones only take time.
  sub->add_option("--walk", options->walk,
                  "Take K random blank moves from the goal instead (0 to 1000000)")
      ->check(CLI::Range(0, 1000000))
      ->excludes(solvable)
      ->excludes(unsolvable);
  sub->add_option("--min-length", options->min_length,
                  "Keep only boards that need at least L moves (each solved optimally to check; "
                  "implies --solvable)")
      ->check(CLI::NonNegativeNumber)
      ->excludes(unsolvable);
  add_goal_option(sub, options->goal, "standard; with --format 42, snail");
  add_pdb_options(sub, options->pdb);
  add_format_option(sub, options->format, {"oneline", "42"});
  // (--format 42: each board after the 42 generator's "# This puzzle is solvable" line.)
  sub->callback([options, &exit_code] { exit_code = run_generate(*options); });
}

const RegisterCommand registered_generate(20, setup_generate);

}  // namespace
}  // namespace taquin::cli
