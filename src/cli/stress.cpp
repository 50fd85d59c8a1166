// `taquin stress`: solves worst-case configurations on every core until the time is up, and
// checks each result by an independent replay and against the optimal length where it is known.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "core/embedded.hpp"
#include "core/explore.hpp"
#include "core/generate.hpp"
#include "core/solvability.hpp"
#include "pdb/geometry.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {
namespace {

struct StressOptions {
  double seconds = 10;
  int size = 4;
  std::string goal = "standard";
  std::optional<uint64_t> seed;
  int threads = 0;  // 0: all cores
  PdbChoice pdb;
  std::vector<std::string> files;  // boards of the user's, with '# optimal K' comments
};

// One configuration to solve, with what its solution must satisfy.
struct StressCase {
  std::vector<uint8_t> tiles;
  const Goal* goal = nullptr;
  std::optional<int> optimal;  // the known optimal length
  std::optional<int> at_most;  // a random walk's length: no optimal solution is longer
  std::string what;            // where it comes from, for a failure's line
};

// The image of `tiles` (a board for `goal`) under the symmetry `sym` of the square
// (pdb::symmetric_cell), its tiles renamed so that `goal` stays the goal: the same problem, so the
// same optimal length. `sym` must keep the goal's blank cell.
std::vector<uint8_t> symmetric_board(const std::vector<uint8_t>& tiles, const Goal& goal, int sym) {
  const int n = goal.side();
  std::vector<uint8_t> image(tiles.size());
  for (int cell = 0; cell < n * n; ++cell)
    image[pdb::symmetric_cell(sym, cell, n)] =
        goal.tiles()[pdb::symmetric_cell(sym, goal.cell_of(tiles[cell]), n)];
  return image;
}

// The symmetries of the square that keep the blank cell of `goal`.
std::vector<int> goal_symmetries(const Goal& goal) {
  std::vector<int> kept;
  for (int sym = 0; sym < 8; ++sym)
    if (pdb::symmetric_cell(sym, goal.blank_cell(), goal.side()) == goal.blank_cell())
      kept.push_back(sym);
  return kept;
}

// `tiles`, a board for `from`, with its tiles renamed for `to` (same side): the same problem.
std::vector<uint8_t> renamed(const std::vector<uint8_t>& tiles, const Goal& from, const Goal& to) {
  std::vector<uint8_t> out(tiles.size());
  for (size_t c = 0; c < tiles.size(); ++c) out[c] = to.tiles()[from.cell_of(tiles[c])];
  return out;
}

// Adds `tiles` and its images under every symmetry that keeps the goal to `cases`.
void add_with_images(std::vector<StressCase>& cases, const std::vector<uint8_t>& tiles,
                     const Goal& goal, int optimal, const std::string& what) {
  for (int sym : goal_symmetries(goal))
    cases.push_back({symmetric_board(tiles, goal, sym), &goal, optimal, std::nullopt,
                     what + ", symmetry " + std::to_string(sym)});
}

// What a run found so far.
struct Tally {
  uint64_t instances = 0;   // searches finished
  uint64_t verified = 0;    // solutions replayed (and checked against what was known)
  uint64_t known = 0;       // of them, against a known optimal length
  uint64_t unfinished = 0;  // stopped by the time left
  uint64_t failures = 0;
  uint64_t nodes = 0;
  double search_seconds = 0;
};

int run_stress(const StressOptions& options) {
  if (std::optional<Error> bad = check_threads(options.threads)) {
    print_usage_error(*bad, "stress");
    return kExitBadInput;
  }
  if (!(options.seconds > 0) || !std::isfinite(options.seconds)) {
    print_usage_error({"--seconds", 0, "give a finite number of seconds above 0"}, "stress");
    return kExitBadInput;
  }
  Expected<Goal> main_goal = goal_for_size(options.size, options.goal);
  if (!main_goal) {
    print_error(main_goal.error());
    return kExitBadInput;
  }
  const uint64_t seed =
      options.seed.value_or((uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
  // Every goal the cases use lives here, so that cases point at them.
  std::vector<std::unique_ptr<Goal>> goals;
  const auto keep_goal = [&goals](Goal goal) -> const Goal& {
    for (const auto& kept : goals)
      if (kept->tiles() == goal.tiles()) return *kept;
    return *goals.emplace_back(std::make_unique<Goal>(std::move(goal)));
  };
  const Goal& goal = keep_goal(*main_goal);

  // The worst cases: the 80-move 15-puzzles (renamed for a 4x4 --goal), the farthest 8-puzzles
  // of each goal, found by exhaustive search, each with its images; then the user's boards.
  std::vector<StressCase> hard15, hard8, yours;
  {
    const Goal& goal4 = options.size == 4 ? goal : keep_goal(Goal::standard(4));
    Expected<std::vector<Instance>> hardest80 =
        parse_instances(*embedded::find("hardest80"), "hardest80");
    if (!hardest80) {
      print_error(hardest80.error());
      return kExitInternal;
    }
    for (const Instance& inst : *hardest80)
      add_with_images(hard15, renamed(inst.tiles, Goal::standard(4), goal4), goal4,
                      *inst.optimal_length, "hardest80:" + std::to_string(inst.line));
    std::vector<Goal> goals3 = {Goal::standard(3), Goal::zero_first(3), Goal::snail(3)};
    if (options.size == 3) goals3.push_back(goal);
    for (const Goal& each : goals3) {
      const Goal& goal3 = keep_goal(each);
      ExploreOptions explore_options;
      explore_options.keep_farthest = 1000;
      Expected<ExploreResult> explored = explore(goal3, explore_options);
      if (!explored) {
        print_error(explored.error());
        return kExitInternal;
      }
      for (const std::vector<uint8_t>& tiles : explored->farthest)
        add_with_images(hard8, tiles, goal3, explored->greatest_depth,
                        "farthest 3x3 of goal " + goal3.name());
    }
  }
  for (const std::string& file : options.files) {
    Expected<std::vector<Instance>> read = read_instances(file);
    if (!read) {
      print_error(read.error());
      return kExitBadInput;
    }
    for (const Instance& inst : *read) {
      if (inst.side != goal.side()) {
        print_error({inst.source, inst.line, "a board of another side than --size"});
        return kExitBadInput;
      }
      yours.push_back({inst.tiles, &goal, inst.optimal_length, std::nullopt,
                       inst.source + ":" + std::to_string(inst.line)});
    }
  }
  // Boards of side 3 or less are checked against the distances of every state.
  const std::vector<uint8_t> distances = small_board_distances(goal);

  // The stream of cases: the user's boards, then in turn an 80-move 15-puzzle, a farthest
  // 8-puzzle, a random walk and a random board (each list taken in order, then again).
  std::mutex cases_mutex;
  Random random(seed);
  size_t drawn = 0;
  std::vector<std::pair<const std::vector<StressCase>*, size_t>> lists = {{&hard15, 0},
                                                                          {&hard8, 0}};
  const auto next_case = [&]() -> StressCase {
    std::lock_guard lock(cases_mutex);
    if (drawn < yours.size()) return yours[drawn++];
    const size_t kind = drawn++ % 4;
    if (kind < lists.size()) {
      auto& [list, next] = lists[kind];
      return (*list)[next++ % list->size()];
    }
    StressCase c;
    c.goal = &goal;
    if (kind == 2 || goal.side() > 4) {
      const int steps = 1 + static_cast<int>(random.below(goal.side() <= 4 ? 200 : 60));
      c.tiles = random_walk(random, goal, steps);
      c.at_most = steps;
      c.what = "random walk of " + std::to_string(steps) + " moves";
    } else {
      c.tiles = random_board(random, goal, Solvability::Solvable);
      c.what = "random board";
    }
    if (!distances.empty()) c.optimal = distance_of(distances, goal, c.tiles);
    return c;
  };

  HeuristicCache heuristics(std::nullopt, options.pdb);
  std::vector<HeuristicChoice> choices;
  for (const auto& each : goals) {
    Expected<HeuristicChoice> choice = heuristics.get(*each);
    if (!choice) {
      print_error(choice.error());
      return kExitBadInput;
    }
    choices.push_back(*choice);
  }
  const auto choice_of = [&](const Goal* g) -> const HeuristicChoice& {
    for (size_t i = 0; i < goals.size(); ++i)
      if (goals[i].get() == g) return choices[i];
    return choices[0];
  };

  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
  InterruptWatch interrupt;
  const auto started = std::chrono::steady_clock::now();
  const auto left = [&] {
    return options.seconds -
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::cout << "stress: " << goal.side() << 'x' << goal.side() << ", goal " << goal.name()
            << ", seed " << seed << ", " << threads << " threads, " << options.seconds
            << " seconds, " << hard15.size() << " 80-move 15-puzzles and " << hard8.size()
            << " farthest 8-puzzles (with their images)\n";
  std::cout.flush();
  const bool tty = ::isatty(STDERR_FILENO);
  std::mutex tally_mutex;
  Tally tally;
  double shown = 0;
  // Solves cases until the time is up; a case gets at most a quarter of the run, so that one
  // out of reach does not hold a thread to the end.
  const auto work = [&] {
    while (left() > 0 && !interrupt.signal()) {
      const StressCase c = next_case();
      const HeuristicChoice& choice = choice_of(c.goal);
      SearchPlan plan{Algorithm::Ida, choice.kind, threads, {}, {}};
      plan.limits.max_seconds = std::min(left(), std::max(0.5, options.seconds / 4));
      plan.limits.cancel = interrupt.flag();
      if (plan.limits.max_seconds <= 0) break;
      // Solved, then replayed from the case's board to its goal.
      const Expected<CheckedResult> solved = solve(c.tiles, *c.goal, plan, choice.databases.get());
      // A solution that does not replay counts as a solved case that failed.
      SearchResult unreplayed;
      unreplayed.outcome = Outcome::Solved;
      const SearchResult& result = solved ? static_cast<const SearchResult&>(*solved) : unreplayed;
      std::string failure;
      const bool stopped =
          result.outcome == Outcome::TimeLimit || result.outcome == Outcome::Cancelled;
      if (!solved) {
        failure = solved.error().message;
      } else if (result.outcome == Outcome::Solved) {
        const int length = static_cast<int>(result.moves.size());
        if (!result.optimal)
          failure = "the search did not prove its length optimal";
        else if (c.optimal && length != *c.optimal)
          failure = "length " + std::to_string(length) + ", expected " + std::to_string(*c.optimal);
        else if (c.at_most && length > *c.at_most)
          failure = "length " + std::to_string(length) + " above the walk's " +
                    std::to_string(*c.at_most);
      } else if (!stopped) {
        failure = std::string("outcome ") + outcome_name(result.outcome) + " for a solvable board";
      }
      std::lock_guard lock(tally_mutex);
      tally.nodes += result.stats.nodes_expanded;
      tally.search_seconds += result.stats.seconds;
      if (stopped) {
        ++tally.unfinished;
      } else {
        ++tally.instances;
        if (!failure.empty()) {
          ++tally.failures;
          if (tty) std::cerr << '\n';
          std::cerr << "taquin: stress: FAILED " << c.what << ", goal " << c.goal->name() << ": "
                    << format_board(c.tiles, c.goal->side(), BoardFormat::OneLine) << ": "
                    << failure << '\n';
        } else {
          ++tally.verified;
          tally.known += c.optimal.has_value();
        }
      }
      if (tty && options.seconds - left() >= shown + 0.25) {
        shown = options.seconds - left();
        std::fprintf(stderr,
                     "\rtaquin: stress: %.0f s left, %llu instances, %llu verified, %llu failures ",
                     std::max(0.0, left()), static_cast<unsigned long long>(tally.instances),
                     static_cast<unsigned long long>(tally.verified),
                     static_cast<unsigned long long>(tally.failures));
      }
    }
  };
  tbb::parallel_for(0, threads, 1, [&](int) { work(); });
  if (tty) std::cerr << '\n';
  const double wall = options.seconds - left();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f", per_second(tally.nodes, wall));
  std::cout << "instances: " << tally.instances << '\n'
            << "verified: " << tally.verified << " (" << tally.known
            << " against a known optimal length)\n"
            << "unfinished: " << tally.unfinished << " (stopped by the time left)\n"
            << "nodes expanded: " << tally.nodes << '\n'
            << "nodes expanded per second: " << rate << '\n'
            << "failures: " << tally.failures << '\n';
  if (interrupt.signal()) return interrupt.exit_status();
  return tally.failures ? kExitUnsolved : kExitOk;
}

void setup_stress(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<StressOptions>();
  CLI::App* sub = app.add_subcommand(
      "stress",
      "Solve worst-case configurations on every core until the time is up, checking "
      "every result");
  sub->add_option("files", options->files,
                  "More boards of --size and --goal, with '# optimal K' comments to check");
  sub->add_option("--seconds", options->seconds, "How long to run")->capture_default_str();
  sub->add_option("--size", options->size, "Side of the random boards and walks, 2 to 8")
      ->capture_default_str();
  add_goal_option(sub, options->goal);
  add_seed_option(sub, options->seed, "Random seed (drawn when not given; printed)");
  sub->add_option("--threads,-j", options->threads, "Threads (0: all cores)")
      ->capture_default_str();
  add_pdb_options(sub, options->pdb);
  sub->callback([options, &exit_code] { exit_code = run_stress(*options); });
}

const RegisterCommand registered_stress(55, setup_stress);

}  // namespace
}  // namespace taquin::cli
