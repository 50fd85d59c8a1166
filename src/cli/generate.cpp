// `taquin generate`: random boards, uniform by class or by random walk; deterministic per seed.
#include <iostream>
#include <random>

#include "command.hpp"
#include "taquin/generate.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {
namespace {

struct GenerateOptions {
  int size = 4;
  int count = 1;
  std::optional<uint64_t> seed;
  bool solvable = false;
  bool unsolvable = false;
  std::optional<int> walk;
  std::string goal = "standard";
  std::string format = "oneline";
};

int run_generate(const GenerateOptions& options) {
  if (std::optional<Error> bad = check_count(options.count)) {
    print_usage_error(*bad, "generate");
    return kExitBadInput;
  }
  Expected<Goal> goal = goal_for_size(options.size, options.goal);
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
  const Solvability kind = options.solvable     ? Solvability::Solvable
                           : options.unsolvable ? Solvability::Unsolvable
                                                : Solvability::Any;
  for (int i = 0; i < options.count; ++i) {
    const std::vector<uint8_t> tiles = options.walk ? random_walk(random, *goal, *options.walk)
                                                    : random_board(random, *goal, kind);
    if (options.format == "42") {
      std::cout << format_board(tiles, options.size, BoardFormat::FortyTwo);
    } else {
      std::cout << format_board(tiles, options.size, BoardFormat::OneLine) << '\n';
    }
  }
  return kExitOk;
}

void setup_generate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* sub = app.add_subcommand("generate", "Print random boards (same seed, same output)");
  sub->add_option("--size", options->size, "Board side, 2 to 8")->capture_default_str();
  sub->add_option("--count", options->count, "How many boards")->capture_default_str();
  sub->add_option("--seed", options->seed, "Random seed (printed on stderr when not given)");
  auto* solvable =
      sub->add_flag("--solvable", options->solvable, "Only boards that can reach the goal");
  auto* unsolvable = sub->add_flag("--unsolvable", options->unsolvable, "Only boards that cannot");
  solvable->excludes(unsolvable);
  // A walk of a million moves is already as mixed as a shuffle; longer ones only take time.
  sub->add_option("--walk", options->walk,
                  "Take K random blank moves from the goal instead (0 to 1000000)")
      ->check(CLI::Range(0, 1000000))
      ->excludes(solvable)
      ->excludes(unsolvable);
  add_goal_option(sub, options->goal);
  add_format_option(sub, options->format, {"oneline", "42"});
  sub->callback([options, &exit_code] { exit_code = run_generate(*options); });
}

const RegisterCommand registered(20, setup_generate);

}  // namespace
}  // namespace taquin::cli
