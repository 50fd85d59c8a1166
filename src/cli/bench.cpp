// `taquin bench`: solves a reference set with IDA* and reports lengths, nodes, time and nodes/s.
//
// Sets are embedded in the binary: korf100 (Korf's 100, for the zero-first goal: blank first, with
// the nodes his Manhattan IDA* generated), korf100-standard-goal (the same positions for the
// standard goal), hardest80 and hardest8 (standard goal), korf50 (Korf & Felner's 50 24-puzzles,
// zero-first goal, with the nodes their IDA* generated). --easiest N runs the N cheapest by the
// published count. A FILE set uses --goal (by default each board's own: the snail for one in the
// 42 format, else standard); its "# optimal K" comments give the known lengths. One thread runs
// the serial IDA* (the reference: the last line, "Nodes searched: N", is then deterministic and
// changes only when the search behaviour changes); more threads run the parallel IDA*. Without
// --set, the default run solves the first 10 of korf100 (seconds); `taquin bench --set korf100`
// solves all 100 (a minute or so on one core).
#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "cli/bench_set.hpp"
#include "cli/command.hpp"
#include "cli/limits.hpp"
#include "cli/memory_size.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/solve_record.hpp"
#include "pdb/pdb_set.hpp"
#include "shape/dispatch.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {
namespace {

// The heuristic (choose_heuristic for the set's goal): every instance of a set shares one goal
// spec; a FILE set of mixed sizes (or, without --goal, of mixed formats: goals of their own) takes
// the heuristic asked for, or linear. nullopt after the error line.
std::optional<HeuristicChoice> bench_heuristic(const BenchOptions& options, const BenchSet& set) {
  const std::vector<Instance>& instances = set.instances;
  HeuristicChoice choice;
  const bool one_side = std::all_of(instances.begin(), instances.end(), [&](const Instance& i) {
    return i.shape == instances[0].shape;
  });
  Expected<Goal> set_goal = instances.empty() ? Goal::for_side(set.spec.value_or(GoalSpec{}), 4)
                                              : set.goal_of(instances[0]);
  // Without --goal, a FILE set's boards in the 42 format and in others have goals of their own.
  const bool one_goal =
      set.spec || std::all_of(instances.begin(), instances.end(), [&](const Instance& i) {
        return default_goal_spec(i).kind == default_goal_spec(instances[0]).kind;
      });
  if (set_goal && one_side && !instances.empty() && one_goal) {
    // korf50 on linear conflict would run for days: its databases unless a heuristic is named.
    const bool needs_pdb = set.name == "korf50" && options.heuristic.empty();
    Expected<HeuristicChoice> chosen =
        HeuristicCache(
            needs_pdb ? std::optional(HeuristicKind::Pdb) : asked_heuristic(options.heuristic),
            options.pdb)
            .get(*set_goal);
    if (!chosen) {
      Error e = chosen.error();
      if (needs_pdb)
        e.message +=
            " (korf50 takes the pattern databases unless --heuristic names another: "
            "linear conflict would take days)";
      print_error(e);
      return std::nullopt;
    }
    choice = *chosen;
  } else if (options.heuristic == "pdb") {
    print_error({"--heuristic", 0,
                 one_side ? "pdb needs a set of boards of one goal (without --goal, boards in the "
                            "42 format take the snail goal, the others the standard one)"
                          : "pdb needs a set of boards of one side"});
    return std::nullopt;
  } else if (!options.heuristic.empty()) {
    choice.kind = *parse_heuristic(options.heuristic);
  }
  return choice;
}

// Every instance's goal, before the header is printed: nullopt after the error line when a goal
// fits no board of the set.
std::optional<std::vector<Goal>> set_goals(const BenchSet& set) {
  std::vector<Goal> goals;
  goals.reserve(set.instances.size());
  for (const Instance& inst : set.instances) {
    Expected<Goal> goal = set.goal_of(inst);
    if (!goal) {
      print_error(goal.error());
      return std::nullopt;
    }
    goals.push_back(std::move(*goal));
  }
  return goals;
}

// What the instances run so far add up to (the summary).
struct BenchTotals {
  int status = kExitOk;
  bool all_optimal = true;
  int unknown = 0;
  uint64_t nodes = 0;
  uint64_t generated = 0;
  uint64_t published = 0;                     // over the instances run that have a published count
  int published_run = 0;                      // those instances
  std::set<std::string_view> published_keys;  // the keys their counts came under
  double seconds = 0;
  int run_count = 0;  // instances handled (the summary's count)
  // The solved instances' lengths, proven lower bounds and Manhattan distances, summed.
  int solved = 0;
  uint64_t lengths = 0, lower_bounds = 0, manhattans = 0;

  // Adds the instance `inst` (Manhattan distance `manhattan` to its goal) and its `result` of
  // `plan`, with its published count. With a known length, a result is wrong when it is not
  // that length (IDA*), above W times it (weighted), or its proven bound exceeds it (anytime).
  void add(const Instance& inst, const SearchResult& result, const SearchPlan& plan, int manhattan,
           const std::optional<PublishedCount>& published_count) {
    ++run_count;
    const bool is_solved = result.outcome == Outcome::Solved;
    const int length = static_cast<int>(result.moves.size());
    if (!inst.optimal_length) ++unknown;
    bool wrong = !is_solved;
    if (is_solved && inst.optimal_length) {
      const int64_t best = *inst.optimal_length;
      if (plan.algorithm == Algorithm::Anytime)
        wrong = length < best || result.lower_bound > best;
      else if (plan.weight > 1.0)
        wrong = length < best || static_cast<double>(length) > plan.weight * best + 1e-9;
      else
        wrong = length != best;
    }
    if (wrong) {
      all_optimal = false;
      status = kExitUnsolved;
    }
    if (is_solved) {
      ++solved;
      lengths += static_cast<uint64_t>(length);
      lower_bounds += static_cast<uint64_t>(std::max(result.lower_bound, 0));
      manhattans += static_cast<uint64_t>(manhattan);
    }
    nodes += result.stats.nodes_expanded;
    generated += result.stats.nodes_generated;
    if (published_count) {
      published += published_count->nodes;
      ++published_run;
      published_keys.insert(published_count->key);
    }
    seconds += result.stats.seconds;
  }
  double mean(uint64_t sum) const { return solved ? static_cast<double>(sum) / solved : 0.0; }
  double ratio(uint64_t a, uint64_t b) const {
    return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
  }
};

// What bench runs: IDA* (the default: its summary as ever), or --algorithm's search.
struct BenchPlan {
  Algorithm algorithm = Algorithm::Ida;
  double weight = 1.0;
  bool weighted = false;     // --weight given (or the anytime search's own first weight)
  bool measures_ida = true;  // plain IDA*: the summary without the answers' means
  double max_seconds = 0;    // a board's time limit (0: none)
};

// The Manhattan distance of `inst` to `goal`.
int manhattan_of(const Instance& inst, const Goal& goal) {
  const int cols = goal.shape().cols;
  int sum = 0;
  for (size_t c = 0; c < inst.tiles.size(); ++c) {
    if (inst.tiles[c] == 0) continue;
    const int home = goal.cell_of(inst.tiles[c]), at = static_cast<int>(c);
    sum += std::abs(home / cols - at / cols) + std::abs(home % cols - at % cols);
  }
  return sum;
}

// The plan --algorithm, --weight and --max-seconds ask for; nullopt after the error line.
std::optional<BenchPlan> bench_plan(const BenchOptions& options) {
  BenchPlan plan;
  if (!options.algorithm.empty()) plan.algorithm = *parse_algorithm(options.algorithm);
  plan.measures_ida = plan.algorithm == Algorithm::Ida && options.weight.empty();
  if (plan.algorithm == Algorithm::Anytime) {
    plan.weight = kAnytimeWeight;
    plan.weighted = true;
    plan.max_seconds = shape::kAnytimeSeconds;
  }
  if (!options.weight.empty()) {
    Expected<double> weight = parse_weight(options.weight, "--weight");
    if (!weight) {
      print_usage_error(weight.error(), "bench");
      return std::nullopt;
    }
    plan.weight = *weight;
    plan.weighted = true;
  }
  if (!options.max_seconds.empty()) {
    Expected<double> seconds = parse_seconds_limit(options.max_seconds, "--max-seconds");
    if (!seconds) {
      print_usage_error(seconds.error(), "bench");
      return std::nullopt;
    }
    plan.max_seconds = *seconds;
  }
  return plan;
}

// The JSON or CSV record of one instance: kBenchColumns of the solve record.
JsonLine instance_record(int id, const Instance& inst, const SearchResult& result,
                         const std::optional<PublishedCount>& published) {
  SolveFacts facts;
  facts.id = id;
  facts.instance = &inst;
  facts.result = &result;
  if (published) facts.published_nodes_generated = published->nodes;
  JsonLine line;
  add_solve_columns(line, facts, kBenchColumns);
  return line;
}

// The text row of one instance, under the header's columns.
std::string instance_row(int id, const Instance& inst, const SearchResult& result,
                         const std::optional<PublishedCount>& published) {
  const bool solved = result.outcome == Outcome::Solved;
  const int length = static_cast<int>(result.moves.size());
  std::ostringstream row;
  row << std::setw(6) << id << "  " << std::setw(6)
      << (solved ? std::to_string(length) : outcome_name(result.outcome)) << "  " << std::setw(7)
      << (inst.optimal_length ? std::to_string(*inst.optimal_length) : "-") << "  " << std::setw(12)
      << result.stats.nodes_expanded << "  " << std::setw(12) << result.stats.nodes_generated
      << "  " << std::setw(9) << std::fixed << std::setprecision(3) << result.stats.seconds << "  "
      << std::setw(5) << std::setprecision(1)
      << per_second(result.stats.nodes_expanded, result.stats.seconds) / 1e6 << " M";
  row << "  " << std::setw(12) << (published ? std::to_string(published->nodes) : "-");
  return row.str();
}

// Prints the summary: a JSON line, else the text lines (on stderr, each marked, with CSV).
void print_summary(const BenchOptions& options, const std::string& set,
                   const std::string& heuristic, int threads, const BenchPlan& plan,
                   const BenchTotals& totals) {
  const uint64_t total_nodes = totals.nodes;
  const uint64_t total_generated = totals.generated;
  const double total_seconds = totals.seconds;
  const int run_count = totals.run_count;
  const int published_run = totals.published_run;
  const bool as_text = options.format == "text";
  // Nodes are expanded nodes (children generated); some solvers count generated children instead.
  const double rate = per_second(total_nodes, total_seconds);
  const double generated_rate = per_second(total_generated, total_seconds);
  if (options.format == "json") {
    JsonLine summary;
    summary.add("summary", true).add("set", set).add("heuristic", heuristic);
    summary.add("instances", run_count)
        .add("all_optimal", totals.all_optimal)
        .add("unknown_optimal", totals.unknown);
    summary.add("nodes_expanded", total_nodes).add("nodes_generated", total_generated);
    summary.add("seconds", total_seconds).add("nodes_per_second", rate);
    summary.add("nodes_generated_per_second", generated_rate);
    if (published_run == run_count && run_count > 0)
      summary.add("published_nodes_generated", totals.published);
    else
      summary.add_null("published_nodes_generated");
    summary.add("published_instances", published_run);
    summary.add("threads", threads).add("nodes_searched", total_nodes);
    if (!plan.measures_ida) {  // how close the answers came: means over the solved boards
      summary.add("algorithm", algorithm_name(plan.algorithm));
      if (plan.weighted)
        summary.add("weight", plan.weight);
      else
        summary.add_null("weight");
      summary.add("solved", totals.solved)
          .add("mean_length", totals.mean(totals.lengths))
          .add("mean_lower_bound", totals.mean(totals.lower_bounds))
          .add("mean_manhattan", totals.mean(totals.manhattans));
    }
    std::cout << summary.str() << '\n';
  } else {
    std::ostringstream out;
    out << "set: " << set << ", heuristic: " << heuristic << '\n';
    out << "instances: " << run_count << '\n';
    out << (plan.measures_ida ? "all optimal: " : "all within their bounds: ")
        << (totals.all_optimal ? "yes" : "no");
    if (totals.unknown) out << " (" << totals.unknown << " without a known length)";
    out << '\n';
    out << "nodes expanded: " << total_nodes << '\n';
    out << std::fixed << std::setprecision(3) << "seconds: " << total_seconds << '\n';
    out << std::setprecision(1) << "nodes expanded per second: " << rate / 1e6 << " M\n";
    out << "generated: " << total_generated << " (" << generated_rate / 1e6 << " M/s)\n";
    // The published search's count on the same boards, where the set gives one a board (korf50,
    // korf100); hardest80 gives none (docs/output.md says what the literature has instead).
    out << "published: ";
    if (published_run == 0) {
      out << "no count for these boards\n";
    } else {
      out << totals.published << " generated on " << published_run << " of " << run_count
          << " boards (";
      const char* separator = "";
      for (const std::string_view key : kPublishedNodesKeys)
        if (totals.published_keys.count(key)) {
          out << separator << key;
          separator = ", ";
        }
      out << ")\n";
    }
    out << "threads: " << threads << '\n';
    if (!plan.measures_ida) {
      out << "algorithm: " << algorithm_name(plan.algorithm);
      if (plan.weighted)
        out << ", weight " << std::defaultfloat << std::setprecision(6) << plan.weight
            << std::fixed;
      out << '\n'
          << std::setprecision(2) << "solved: " << totals.solved << ", mean length "
          << totals.mean(totals.lengths) << ", mean lower bound "
          << totals.mean(totals.lower_bounds) << " (x"
          << totals.ratio(totals.lengths, totals.lower_bounds) << "), mean Manhattan "
          << totals.mean(totals.manhattans) << " (x"
          << totals.ratio(totals.lengths, totals.manhattans) << ")\n";
    }
    out << "Nodes searched: " << total_nodes << '\n';
    if (as_text) {
      std::cout << out.str();
    } else {  // CSV: one table of instances on stdout; the summary on stderr, each line marked
      std::istringstream lines(out.str());
      for (std::string line; std::getline(lines, line);) std::cerr << "taquin: " << line << '\n';
    }
  }
}

// Solves each instance of `set` towards its goal, printing its record or row as soon as it is
// known, then the summary. Returns the exit status.
int run_instances(const BenchOptions& options, const BenchSet& set, const std::vector<Goal>& goals,
                  const HeuristicChoice& choice, int threads, const BenchPlan& bench) {
  const std::shared_ptr<const pdb::PdbSet> databases = choice.databases;
  const bool parallel = bench.algorithm == Algorithm::Ida || bench.algorithm == Algorithm::Anytime;
  SearchPlan base;
  base.algorithm = bench.algorithm;
  base.heuristic = choice.kind;
  base.threads = parallel ? threads : 1;
  base.weight = bench.weight;
  base.limits.max_seconds = bench.max_seconds;
  // bench measures IDA* (or --algorithm's search): a board it cannot search is bad input, named
  // before any search.
  for (size_t k = 0; k < set.instances.size(); ++k) {
    const Instance& inst = set.instances[k];
    if (std::optional<Error> bad = check_solve_input(inst.tiles, goals[k], base, databases.get())) {
      const std::string what =
          bench.algorithm == Algorithm::Ida ? "IDA*" : algorithm_name(bench.algorithm);
      print_error({inst.source, inst.line, "bench measures " + what + ": " + bad->message});
      return kExitBadInput;
    }
  }
  uint64_t max_memory = 0;  // the A* phase's budget: none set
  if (!options.max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(options.max_memory, "--max-memory");
    if (!bytes) {
      print_error(bytes.error());
      return kExitBadInput;
    }
    max_memory = *bytes;
  }
  const bool as_text = options.format == "text";
  const RecordFormat records(options.format, csv_columns(kBenchColumns));
  InterruptWatch interrupt;
  BenchTotals totals;
  // Every set has the same columns: PUBLISHED is "-" where the set gives no count for a board.
  if (as_text)
    std::cout << "    id  length  optimal         nodes     generated    seconds  nodes/s"
              << "     published\n";
  std::cout << records.header();
  for (size_t k = 0; k < set.instances.size(); ++k) {
    const Instance& inst = set.instances[k];
    SearchPlan plan = base;
    plan.limits.cancel = interrupt.flag();
    plan.limits.max_memory_bytes = max_memory;
    plan.astar = parse_astar_phase(options.astar);
    if (!options.child_order.empty())
      plan.order.child =
          options.child_order == "moves" ? ChildOrder::Moves : ChildOrder::CheapestFirst;
    if (!options.split_order.empty())
      plan.order.split = options.split_order == "level" ? SplitOrder::Level : SplitOrder::Serial;
    // Solved and replayed from the set's board to its goal, once.
    Expected<CheckedResult> solved_or_not = solve(inst.tiles, goals[k], plan, databases.get());
    if (!solved_or_not) {
      print_error({inst.source, inst.line, "internal error: " + solved_or_not.error().message});
      return kExitInternal;
    }
    const CheckedResult& result = *solved_or_not;
    // A search the signal stopped; one that finished as it came is printed, and the next stops.
    if (interrupt.signal() && result.outcome == Outcome::Cancelled) {
      print_interrupted(interrupt.signal(), inst, result);
      return interrupt.exit_status();
    }
    if (std::optional<Error> changed = databases_changed(databases.get())) {
      print_error(*changed);
      return kExitInternal;
    }
    totals.add(inst, result, plan, manhattan_of(inst, goals[k]), set.published[k]);
    if (!as_text)  // each record whole as soon as it is known
      std::cout << records.line(instance_record(set.ids[k], inst, result, set.published[k]))
                << std::flush;
    else
      std::cout << instance_row(set.ids[k], inst, result, set.published[k]) << std::endl;
  }
  print_summary(options, set.name, choice.label(), base.threads, bench, totals);
  return interrupt.signal() ? interrupt.exit_status() : totals.status;
}

// `taquin bench`: the set read, its instances selected, the heuristic chosen, then each solved.
int run_bench(const BenchOptions& options) {
  for (std::optional<Error> bad :
       {check_threads(options.threads), check_count(options.count.value_or(0))})
    if (bad) {
      print_usage_error(*bad, "bench");
      return kExitBadInput;
    }
  std::optional<BenchSet> set = read_set(options);
  if (!set || !keep_selected(options, *set)) return kExitBadInput;
  if (!set->spec) {  // a FILE set without --goal: its 42-format boards take the snail goal
    const auto forty_two =
        std::find_if(set->instances.begin(), set->instances.end(),
                     [](const Instance& i) { return i.format == BoardFormat::FortyTwo; });
    if (forty_two != set->instances.end()) std::cerr << forty_two_notice(*forty_two);
  }
  const std::optional<BenchPlan> plan = bench_plan(options);
  if (!plan) return kExitBadInput;
  const std::optional<HeuristicChoice> choice = bench_heuristic(options, *set);
  if (!choice) return kExitBadInput;
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
  const std::optional<std::vector<Goal>> goals = set_goals(*set);
  if (!goals) return kExitBadInput;
  return run_instances(options, *set, *goals, *choice, threads, *plan);
}

void setup_bench(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Solve a reference set with IDA*: lengths against the known optimal, nodes/s");
  sub->add_option(
      "--set", options->set,
      "korf100, korf100-standard-goal, hardest80, hardest8, korf50 (embedded; korf50 "
      "is 5x5 and takes the 6-6-6-6-max databases unless --heuristic is named) or a FILE "
      "(default: the first 10 of korf100)");
  CLI::Option* count = sub->add_option(
      "--count", options->count, "Solve only the first K instances (0 or absent: all of the set)");
  CLI::Option* easiest = sub->add_option(
      "--easiest", options->easiest,
      "Solve only the K instances with the fewest nodes generated in the published search "
      "(korf50: Korf & Felner 2002; korf100: Korf 1985), easiest first");
  sub->add_option("--ids", options->ids,
                  "Solve only these instances, by position in the set from 1, in this order "
                  "(e.g. 38,40)")
      ->excludes(count)
      ->excludes(easiest);
  easiest->excludes(count);
  sub->add_option("--threads", options->threads, "Threads (0: all cores; 1: serial IDA*)")
      ->capture_default_str();
  sub->add_option("--heuristic,-H", options->heuristic,
                  "hamming, manhattan, linear or pdb; default: pdb when its databases are built "
                  "for the set's goal, else linear")
      ->check(CLI::IsMember({"hamming", "manhattan", "linear", "pdb"}));
  add_pdb_options(sub, options->pdb);
  sub->add_option("--child-order", options->child_order,
                  "Pattern databases on 5x5 and up: search a node's children in move order "
                  "(moves, the default) or cheapest f first (cheapest)")
      ->check(CLI::IsMember({"moves", "cheapest"}));
  sub->add_option("--split-order", options->split_order,
                  "Pattern databases, 2 threads or more: hand out the frontier's subtrees in level "
                  "order (level, the default) or in the serial search's order (serial)")
      ->check(CLI::IsMember({"level", "serial"}));
  sub->add_option("--astar", options->astar,
                  "IDA* on 3x3 to 5x5: run an A* from the start first and sweep its open list "
                  "(A*+IDA*): on, off, or auto (the default: off, as measured)")
      ->check(CLI::IsMember({"auto", "on", "off"}));
  sub->add_option("--max-memory", options->max_memory,
                  "The A* phase's memory, e.g. 4G (default: half the memory available)");
  sub->add_option("--goal", options->goal,
                  "Goal of a FILE set: standard, zero-first, snail or 42, a board or a file "
                  "(default: snail for a board in the 42 format, else standard)");
  sub->add_option("--algorithm,-a", options->algorithm,
                  "ida (the default: lengths checked against the known optimal), astar, or "
                  "anytime (lengths checked within --weight times the optimal, or the anytime "
                  "search's bound at most it; the summary adds mean length, lower bound and "
                  "Manhattan distance)")
      ->check(CLI::IsMember({"ida", "astar", "anytime"}));
  sub->add_option("--weight,-w", options->weight,
                  "The heuristic times W for astar and ida (a solution within W times the "
                  "shortest); anytime: its first weight (default 3)");
  sub->add_option("--max-seconds", options->max_seconds,
                  "Stop each board's search after this many seconds (anytime: default 5)");
  add_format_option(sub, options->format);
  add_shard_option(sub, options->shard);
  sub->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

const RegisterCommand registered_bench(50, setup_bench);

}  // namespace
}  // namespace taquin::cli
