// `taquin bench`: solves a reference set with IDA* and reports lengths, nodes, time and nodes/s.
//
// Sets are embedded in the binary: korf100 (Korf's 100, for the zero-first goal: blank first),
// korf100-standard-goal (the same positions for the standard goal), hardest80 and hardest8
// (standard goal). A FILE set uses --goal (standard by default); its "# optimal K" comments give
// the known lengths. One thread runs the serial IDA* (the reference: the last line, "Nodes
// searched: N", is then deterministic and changes only when the search behaviour changes);
// more threads run the parallel IDA*. Without --set, the default run solves the first 10 of
// korf100 (seconds); `taquin bench --set korf100` solves all 100 (a minute or so on one core).
#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "command.hpp"
#include "pdb_choice.hpp"
#include "taquin/embedded.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/replay.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::cli {
namespace {

struct BenchOptions {
  std::string set;           // empty: the default run, the first 10 of korf100
  std::optional<int> count;  // first K instances; 0: all; default all (10 of the default run)
  int threads = 0;           // 0: all cores
  std::string heuristic;     // empty: pdb when its databases load for the set's goal, else linear
  PdbChoice pdb;
  std::string goal;  // FILE sets only; standard when empty
  std::string format = "text";
  std::string shard;  // --shard K/N; empty: the whole set
};

int run_bench(const BenchOptions& options) {
  for (std::optional<Error> bad :
       {check_threads(options.threads), check_count(options.count.value_or(0))})
    if (bad) {
      print_usage_error(*bad, "bench");
      return kExitBadInput;
    }
  // The instances and their goal spec.
  const std::string set = options.set.empty() ? "korf100" : options.set;
  const int count = options.count.value_or(options.set.empty() ? 10 : 0);
  std::vector<Instance> instances;
  std::string goal_text = options.goal.empty() ? "standard" : options.goal;
  if (auto text = embedded::find(set)) {
    if (!options.goal.empty()) {
      print_usage_error({"--goal", 0, "an embedded set has its own goal; --goal is for a FILE set"},
                        "bench");
      return kExitBadInput;
    }
    if (set == "korf100") goal_text = "zero-first";
    auto parsed = parse_instances(*text, set);
    if (!parsed) {
      print_error(parsed.error());
      return kExitBadInput;
    }
    instances = std::move(*parsed);
  } else {
    auto parsed = read_instances(set);
    if (!parsed) {
      print_error(parsed.error());
      return kExitBadInput;
    }
    instances = std::move(*parsed);
  }
  Expected<GoalSpec> spec = parse_goal_spec(goal_text, "--goal");
  if (!spec) {
    print_error(spec.error());
    return kExitBadInput;
  }
  if (count > 0 && static_cast<size_t>(count) < instances.size())
    instances.resize(static_cast<size_t>(count));
  // --shard: the instances of this shard, each with its id in the whole set.
  std::vector<int> ids;
  {
    Expected<Shard> shard = options.shard.empty() ? Shard{} : parse_shard(options.shard, "--shard");
    if (!shard) {
      print_usage_error(shard.error(), "bench");
      return kExitBadInput;
    }
    std::vector<Instance> taken;
    for (size_t i = 0; i < instances.size(); ++i)
      if (shard->takes(i)) {
        taken.push_back(std::move(instances[i]));
        ids.push_back(static_cast<int>(i) + 1);
      }
    instances = std::move(taken);
  }
  // The heuristic (choose_heuristic for the set's goal): every instance of a set shares one goal
  // spec; a mixed-size FILE set takes the heuristic asked for, or linear.
  HeuristicChoice choice;
  const bool one_side = std::all_of(instances.begin(), instances.end(),
                                    [&](const Instance& i) { return i.side == instances[0].side; });
  Expected<Goal> set_goal = Goal::for_side(*spec, instances.empty() ? 4 : instances[0].side);
  if (set_goal && one_side && !instances.empty()) {
    Expected<HeuristicChoice> chosen =
        HeuristicCache(asked_heuristic(options.heuristic), options.pdb).get(*set_goal);
    if (!chosen) {
      print_error(chosen.error());
      return kExitBadInput;
    }
    choice = *chosen;
  } else if (options.heuristic == "pdb") {
    print_error({"--heuristic", 0, "pdb needs a set of boards of one side"});
    return kExitBadInput;
  } else if (!options.heuristic.empty()) {
    choice.kind = *parse_heuristic(options.heuristic);
  }
  const HeuristicKind kind = choice.kind;
  const std::shared_ptr<const pdb::PdbSet> databases = choice.databases;
  const std::string heuristic = choice.label();
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
  const bool json = options.format == "json";

  InterruptWatch interrupt;
  int status = kExitOk;
  bool all_optimal = true;
  int unknown = 0;
  uint64_t total_nodes = 0;
  uint64_t total_generated = 0;
  double total_seconds = 0;
  int solved_count = 0;  // instances handled (the summary's count)
  if (!json) std::cout << "    id  length  optimal         nodes    seconds\n";
  for (const Instance& inst : instances) {
    const int id = ids[static_cast<size_t>(solved_count++)];
    Expected<Goal> goal = Goal::for_side(*spec, inst.side);
    if (!goal) {
      print_error(goal.error());
      return kExitBadInput;
    }
    Limits limits;
    limits.cancel = interrupt.flag();
    const SearchResult result = with_side(inst.side, [&]<int N>() {
      return run_search<N>(goal->canonical<N>(inst.tiles), {Algorithm::Ida, kind, threads, limits},
                           databases.get());
    });
    // A search the signal stopped; one that finished as it came is printed, and the next stops.
    if (interrupt.signal() && result.outcome == Outcome::Cancelled) {
      print_interrupted(interrupt.signal(), inst, result);
      return interrupt.exit_status();
    }
    if (result.outcome == Outcome::Solved) {
      // Replayed from the set's board to its goal, once.
      Expected<std::vector<std::vector<uint8_t>>> replay =
          replay_solution(inst.tiles, result.moves, *goal);
      if (!replay) {
        print_error(
            {inst.source, inst.line,
             "internal error: the solution found does not replay: " + replay.error().message});
        return kExitInternal;
      }
    }
    const bool solved = result.outcome == Outcome::Solved;
    const int length = static_cast<int>(result.moves.size());
    if (!inst.optimal_length) ++unknown;
    if (!solved || (inst.optimal_length && *inst.optimal_length != length)) {
      all_optimal = false;
      status = kExitUnsolved;
    }
    total_nodes += result.stats.nodes_expanded;
    total_generated += result.stats.nodes_generated;
    total_seconds += result.stats.seconds;
    if (json) {
      JsonLine line;
      line.add("id", id).add("outcome", outcome_name(result.outcome));
      if (solved)
        line.add("length", length);
      else
        line.add_null("length");
      if (inst.optimal_length)
        line.add("optimal_length", *inst.optimal_length);
      else
        line.add_null("optimal_length");
      const Stats& s = result.stats;
      line.add("nodes_expanded", s.nodes_expanded).add("nodes_generated", s.nodes_generated);
      line.add("iterations", s.iterations).add("seconds", s.seconds);
      line.add("nodes_per_second", per_second(s.nodes_expanded, s.seconds));
      if (solved)
        line.add("moves", moves_string(result.moves)).add_null("lower_bound");
      else
        line.add_null("moves").add("lower_bound", result.lower_bound);
      std::cout << line.str() << std::endl;  // each record whole as soon as it is known
    } else {
      std::ostringstream row;
      row << std::setw(6) << id << "  " << std::setw(6)
          << (solved ? std::to_string(length) : outcome_name(result.outcome)) << "  "
          << std::setw(7) << (inst.optimal_length ? std::to_string(*inst.optimal_length) : "-")
          << "  " << std::setw(12) << result.stats.nodes_expanded << "  " << std::setw(9)
          << std::fixed << std::setprecision(3) << result.stats.seconds;
      std::cout << row.str() << std::endl;
    }
  }
  // Nodes are expanded nodes (children generated); some solvers count generated children instead.
  const double rate = per_second(total_nodes, total_seconds);
  const double generated_rate = per_second(total_generated, total_seconds);
  if (json) {
    JsonLine summary;
    summary.add("summary", true).add("set", set).add("heuristic", heuristic);
    summary.add("instances", solved_count)
        .add("all_optimal", all_optimal)
        .add("unknown_optimal", unknown);
    summary.add("nodes_expanded", total_nodes).add("nodes_generated", total_generated);
    summary.add("seconds", total_seconds).add("nodes_per_second", rate);
    summary.add("nodes_generated_per_second", generated_rate);
    summary.add("threads", threads).add("nodes_searched", total_nodes);
    std::cout << summary.str() << '\n';
  } else {
    std::ostringstream out;
    out << "set: " << set << ", heuristic: " << heuristic << '\n';
    out << "instances: " << solved_count << '\n';
    out << "all optimal: " << (all_optimal ? "yes" : "no");
    if (unknown) out << " (" << unknown << " without a known length)";
    out << '\n';
    out << "nodes expanded: " << total_nodes << '\n';
    out << std::fixed << std::setprecision(3) << "seconds: " << total_seconds << '\n';
    out << std::setprecision(1) << "nodes expanded per second: " << rate / 1e6 << " M\n";
    out << "generated: " << total_generated << " (" << generated_rate / 1e6 << " M/s)\n";
    out << "threads: " << threads << '\n';
    out << "Nodes searched: " << total_nodes << '\n';
    std::cout << out.str();
  }
  return interrupt.signal() ? interrupt.exit_status() : status;
}

void setup_bench(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Solve a reference set with IDA*: lengths against the known optimal, nodes/s");
  sub->add_option("--set", options->set,
                  "korf100, korf100-standard-goal, hardest80, hardest8 (embedded) or a FILE "
                  "(default: the first 10 of korf100)");
  sub->add_option("--count", options->count,
                  "Solve only the first K instances (0 or absent: all of the set)");
  sub->add_option("--threads", options->threads, "Threads (0: all cores; 1: serial IDA*)")
      ->capture_default_str();
  sub->add_option("--heuristic", options->heuristic,
                  "hamming, manhattan, linear or pdb; default: pdb when its databases are built "
                  "for the set's goal, else linear")
      ->check(CLI::IsMember({"hamming", "manhattan", "linear", "pdb"}));
  add_pdb_options(sub, options->pdb);
  sub->add_option("--goal", options->goal,
                  "Goal of a FILE set: standard, zero-first, snail, a board or a file");
  add_format_option(sub, options->format);
  add_shard_option(sub, options->shard);
  sub->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

const RegisterCommand registered(50, setup_bench);

}  // namespace
}  // namespace taquin::cli
