// `taquin stress`: solves worst-case configurations on every core until the time is up, and
// checks each result by an independent replay and against the optimal length where it is known.
#include <unistd.h>

#include <algorithm>
#include <array>
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
  std::vector<Tile> tiles;
  const Goal* goal = nullptr;
  std::optional<int> optimal;  // the known optimal length
  std::optional<int> at_most;  // a random walk's length: no optimal solution is longer
  std::string what;            // where it comes from, for a failure's line
};

// The image of `tiles` (a board for `goal`) under the symmetry `sym` of the square
// (pdb::symmetric_cell), its tiles renamed so that `goal` stays the goal: the same problem, so the
// same optimal length. `sym` must keep the goal's blank cell.
std::vector<Tile> symmetric_board(const std::vector<Tile>& tiles, const Goal& goal, int sym) {
  const int n = goal.side();
  std::vector<Tile> image(tiles.size());
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
std::vector<Tile> renamed(const std::vector<Tile>& tiles, const Goal& from, const Goal& to) {
  std::vector<Tile> out(tiles.size());
  for (size_t c = 0; c < tiles.size(); ++c) out[c] = to.tiles()[from.cell_of(tiles[c])];
  return out;
}

// Adds `tiles` and its images under every symmetry that keeps the goal to `cases`.
void add_with_images(std::vector<StressCase>& cases, const std::vector<Tile>& tiles,
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

// The cases of a run and the goals they point at.
struct StressCases {
  // Every goal the cases use, so that cases point at them.
  std::vector<std::unique_ptr<Goal>> goals;
  std::vector<StressCase> hard15, hard8, yours;

  // The kept goal equal to `goal`, kept now if it is new.
  const Goal& keep_goal(Goal goal) {
    for (const auto& kept : goals)
      if (kept->tiles() == goal.tiles()) return *kept;
    return *goals.emplace_back(std::make_unique<Goal>(std::move(goal)));
  }
};

// The worst cases into `cases`: the 80-move 15-puzzles (renamed for a 4x4 --goal), the farthest
// 8-puzzles of each goal, found by exhaustive search, each with its images; then the user's boards.
// Returns kExitOk, or the status after the error line.
int gather_cases(const StressOptions& options, const Goal& goal, StressCases& cases) {
  const Goal& goal4 = options.size == 4 ? goal : cases.keep_goal(Goal::standard(4));
  Expected<std::vector<Instance>> hardest80 =
      parse_instances(*embedded::find("hardest80"), "hardest80");
  if (!hardest80) {
    print_error(hardest80.error());
    return kExitInternal;
  }
  for (const Instance& inst : *hardest80)
    add_with_images(cases.hard15, renamed(inst.tiles, Goal::standard(4), goal4), goal4,
                    *inst.optimal_length, "hardest80:" + std::to_string(inst.line));
  std::vector<Goal> goals3 = {Goal::standard(3), Goal::zero_first(3), Goal::snail(3)};
  if (options.size == 3) goals3.push_back(goal);
  for (const Goal& each : goals3) {
    const Goal& goal3 = cases.keep_goal(each);
    ExploreOptions explore_options;
    explore_options.keep_farthest = 1000;
    Expected<ExploreResult> explored = explore(goal3, explore_options);
    if (!explored) {
      print_error(explored.error());
      return kExitInternal;
    }
    for (const std::vector<Tile>& tiles : explored->farthest)
      add_with_images(cases.hard8, tiles, goal3, explored->greatest_depth,
                      "farthest 3x3 of goal " + goal3.name());
  }
  for (const std::string& file : options.files) {
    Expected<std::vector<Instance>> read = read_instances(file);
    if (!read) {
      print_error(read.error());
      return kExitBadInput;
    }
    for (const Instance& inst : *read) {
      if (inst.shape != goal.shape()) {
        print_error({inst.source, inst.line, "a board of another side than --size"});
        return kExitBadInput;
      }
      cases.yours.push_back({inst.tiles, &goal, inst.optimal_length, std::nullopt,
                             inst.source + ":" + std::to_string(inst.line)});
    }
  }
  return kExitOk;
}

// The stream of cases: the user's boards, then in turn an 80-move 15-puzzle, a farthest 8-puzzle,
// a random walk and a random board (each list taken in order, then again). Thread-safe.
class CaseStream {
 public:
  CaseStream(const StressCases& cases, const Goal& goal, uint64_t seed)
      : cases_(cases),
        goal_(goal),
        random_(seed),
        lists_{{{&cases.hard15, 0}, {&cases.hard8, 0}}},
        distances_(small_board_distances(goal)) {}

  StressCase next() {
    std::lock_guard lock(mutex_);
    if (drawn_ < cases_.yours.size()) return cases_.yours[drawn_++];
    const size_t kind = drawn_++ % 4;
    if (kind < lists_.size()) {
      auto& [list, next] = lists_[kind];
      return (*list)[next++ % list->size()];
    }
    StressCase c;
    c.goal = &goal_;
    if (kind == 2 || goal_.side() > 4) {
      const int steps = 1 + static_cast<int>(random_.below(goal_.side() <= 4 ? 200 : 60));
      c.tiles = random_walk(random_, goal_, steps);
      c.at_most = steps;
      c.what = "random walk of " + std::to_string(steps) + " moves";
    } else {
      c.tiles = random_board(random_, goal_, Solvability::Solvable);
      c.what = "random board";
    }
    if (!distances_.empty()) c.optimal = distance_of(distances_, goal_, c.tiles);
    return c;
  }

 private:
  const StressCases& cases_;
  const Goal& goal_;
  std::mutex mutex_;
  Random random_;
  size_t drawn_ = 0;
  std::array<std::pair<const std::vector<StressCase>*, size_t>, 2> lists_;
  // Boards of side 3 or less are checked against the distances of every state.
  const std::vector<uint8_t> distances_;
};

// Why the search of `c` failed (a solution that does not replay, one not proven optimal, a
// length that differs from the known one or exceeds a walk's, an unexpected outcome), or "".
std::string failure_of(const StressCase& c, const Expected<CheckedResult>& solved,
                       const SearchResult& result, bool stopped) {
  if (!solved) return solved.error().message;
  if (result.outcome == Outcome::Solved) {
    const int length = static_cast<int>(result.moves.size());
    if (!result.optimal) return "the search did not prove its length optimal";
    if (c.optimal && length != *c.optimal)
      return "length " + std::to_string(length) + ", expected " + std::to_string(*c.optimal);
    if (c.at_most && length > *c.at_most)
      return "length " + std::to_string(length) + " above the walk's " + std::to_string(*c.at_most);
    return "";
  }
  if (!stopped)
    return std::string("outcome ") + outcome_name(result.outcome) + " for a solvable board";
  return "";
}

// A run: cases solved on every thread until the time is up, tallied, failures printed as found.
class StressRun {
 public:
  StressRun(const StressOptions& options, const StressCases& cases,
            std::vector<HeuristicChoice> choices, CaseStream& stream, int threads)
      : options_(options),
        cases_(cases),
        choices_(std::move(choices)),
        stream_(stream),
        threads_(threads),
        tty_(::isatty(STDERR_FILENO)) {}

  // The seconds left of the run.
  double left() const {
    return options_.seconds -
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }

  // Solves cases until the time is up; a case gets at most a quarter of the run, so that one
  // out of reach does not hold a thread to the end.
  void work() {
    while (left() > 0 && !interrupt_.signal()) {
      const StressCase c = stream_.next();
      const HeuristicChoice& choice = choice_of(c.goal);
      SearchPlan plan{Algorithm::Ida, choice.kind, threads_, {}, {}};
      plan.limits.max_seconds = std::min(left(), std::max(0.5, options_.seconds / 4));
      plan.limits.cancel = interrupt_.flag();
      if (plan.limits.max_seconds <= 0) break;
      // Solved, then replayed from the case's board to its goal.
      const Expected<CheckedResult> solved = solve(c.tiles, *c.goal, plan, choice.databases.get());
      // A solution that does not replay counts as a solved case that failed.
      SearchResult unreplayed;
      unreplayed.outcome = Outcome::Solved;
      const SearchResult& result = solved ? static_cast<const SearchResult&>(*solved) : unreplayed;
      const bool stopped =
          result.outcome == Outcome::TimeLimit || result.outcome == Outcome::Cancelled;
      tally(c, result, stopped, failure_of(c, solved, result, stopped));
    }
  }

  // Prints the summary; returns the exit status.
  int finish() {
    if (tty_) std::cerr << '\n';
    const double wall = options_.seconds - left();
    char rate[64];
    std::snprintf(rate, sizeof rate, "%.0f", per_second(tally_.nodes, wall));
    std::cout << "instances: " << tally_.instances << '\n'
              << "verified: " << tally_.verified << " (" << tally_.known
              << " against a known optimal length)\n"
              << "unfinished: " << tally_.unfinished << " (stopped by the time left)\n"
              << "nodes expanded: " << tally_.nodes << '\n'
              << "nodes expanded per second: " << rate << '\n'
              << "failures: " << tally_.failures << '\n';
    if (interrupt_.signal()) return interrupt_.exit_status();
    return tally_.failures ? kExitUnsolved : kExitOk;
  }

 private:
  const HeuristicChoice& choice_of(const Goal* g) const {
    for (size_t i = 0; i < cases_.goals.size(); ++i)
      if (cases_.goals[i].get() == g) return choices_[i];
    return choices_[0];
  }

  // Counts the search of `c`, prints its failure, and redraws the running line on a terminal.
  void tally(const StressCase& c, const SearchResult& result, bool stopped,
             const std::string& failure) {
    std::lock_guard lock(tally_mutex_);
    tally_.nodes += result.stats.nodes_expanded;
    tally_.search_seconds += result.stats.seconds;
    if (stopped) {
      ++tally_.unfinished;
    } else {
      ++tally_.instances;
      if (!failure.empty()) {
        ++tally_.failures;
        if (tty_) std::cerr << '\n';
        std::cerr << "taquin: stress: FAILED " << c.what << ", goal " << c.goal->name() << ": "
                  << format_board(c.tiles, c.goal->shape(), BoardFormat::OneLine) << ": " << failure
                  << '\n';
      } else {
        ++tally_.verified;
        tally_.known += c.optimal.has_value();
      }
    }
    if (tty_ && options_.seconds - left() >= shown_ + 0.25) {
      shown_ = options_.seconds - left();
      std::fprintf(stderr,
                   "\rtaquin: stress: %.0f s left, %llu instances, %llu verified, %llu failures ",
                   std::max(0.0, left()), static_cast<unsigned long long>(tally_.instances),
                   static_cast<unsigned long long>(tally_.verified),
                   static_cast<unsigned long long>(tally_.failures));
    }
  }

  const StressOptions& options_;
  const StressCases& cases_;
  const std::vector<HeuristicChoice> choices_;
  CaseStream& stream_;
  const int threads_;
  const bool tty_;
  InterruptWatch interrupt_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::mutex tally_mutex_;
  Tally tally_;
  double shown_ = 0;
};

// `taquin stress`: the cases gathered, the heuristic of each goal chosen, then the run.
int run_stress(const StressOptions& options) {
  if (std::optional<Error> bad = check_threads(options.threads)) {
    print_usage_error(*bad, "stress");
    return kExitBadInput;
  }
  if (!(options.seconds > 0) || !std::isfinite(options.seconds)) {
    print_usage_error({"--seconds", 0, "give a finite number of seconds above 0"}, "stress");
    return kExitBadInput;
  }
  if (options.size < kMinSide || options.size > kMaxSide) {
    print_usage_error({"--size", 0,
                       "side " + std::to_string(options.size) + " is out of range (" +
                           std::to_string(kMinSide) + " to " + std::to_string(kMaxSide) + ")"},
                      "stress");
    return kExitBadInput;
  }
  Expected<Goal> main_goal = goal_for_size(Shape::square(options.size), options.goal);
  if (!main_goal) {
    print_error(main_goal.error());
    return kExitBadInput;
  }
  const uint64_t seed =
      options.seed.value_or((uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
  StressCases cases;
  const Goal& goal = cases.keep_goal(*main_goal);
  if (const int status = gather_cases(options, goal, cases); status != kExitOk) return status;
  CaseStream stream(cases, goal, seed);
  HeuristicCache heuristics(std::nullopt, options.pdb);
  std::vector<HeuristicChoice> choices;
  for (const auto& each : cases.goals) {
    Expected<HeuristicChoice> choice = heuristics.get(*each);
    if (!choice) {
      print_error(choice.error());
      return kExitBadInput;
    }
    choices.push_back(*choice);
  }
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
  StressRun run(options, cases, std::move(choices), stream, threads);
  std::cout << "stress: " << goal.side() << 'x' << goal.side() << ", goal " << goal.name()
            << ", seed " << seed << ", " << threads << " threads, " << options.seconds
            << " seconds, " << cases.hard15.size() << " 80-move 15-puzzles and "
            << cases.hard8.size() << " farthest 8-puzzles (with their images)\n";
  std::cout.flush();
  tbb::parallel_for(0, threads, 1, [&](int) { run.work(); });
  return run.finish();
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
