// `taquin bench`: solves a reference set with IDA* and reports lengths, nodes, time and nodes/s.
//
// Sets are embedded in the binary: korf100 (Korf's 100, for the zero-first goal: blank first, with
// the nodes his Manhattan IDA* generated), korf100-standard-goal (the same positions for the
// standard goal), hardest80 and hardest8 (standard goal), korf50 (Korf & Felner's 50 24-puzzles,
// zero-first goal, with the nodes their IDA* generated). --easiest N runs the N cheapest by the
// published count. A FILE set uses --goal (standard by default); its "# optimal K" comments give
// the known lengths. One thread runs the serial IDA* (the reference: the last line, "Nodes
// searched: N", is then deterministic and changes only when the search behaviour changes); more
// threads run the parallel IDA*. Without --set, the default run solves the first 10 of korf100
// (seconds); `taquin bench --set korf100` solves all 100 (a minute or so on one core).
#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "core/embedded.hpp"
#include "pdb/pdb_set.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {
namespace {

struct BenchOptions {
  std::string set;             // empty: the default run, the first 10 of korf100
  std::optional<int> count;    // first K instances; 0: all; default all (10 of the default run)
  std::optional<int> easiest;  // the K with the fewest published nodes generated, easiest first
  std::string ids;             // "38,40": these instances (positions from 1), in this order
  int threads = 0;             // 0: all cores
  std::string heuristic;       // empty: pdb when its databases load for the set's goal, else linear
  PdbChoice pdb;
  std::string goal;  // FILE sets only; standard when empty
  std::string format = "text";
  std::string shard;        // --shard K/N; empty: the whole set
  std::string child_order;  // --child-order moves|cheapest; empty: moves
  std::string split_order;  // --split-order level|serial; empty: the heuristic's own
};

// The comment keys of the nodes a published search generated on an instance: korf50's lines end
// with "# kf2002-nodes N" (Korf & Felner 2002, IDA* with the 6-6-6-6 databases and their
// reflection), korf100's with "# korf1985-nodes N" (Korf 1985, IDA* with Manhattan distance);
// a FILE set may carry either.
constexpr std::array<std::string_view, 2> kPublishedNodesKeys = {"kf2002-nodes", "korf1985-nodes"};

// Each instance's published count of generated nodes, and the key it came under.
struct PublishedCount {
  uint64_t nodes = 0;
  std::string_view key;
};

// The published count of generated nodes of each instance: the number after one of
// kPublishedNodesKeys in the comment of the line where it starts, if any. One pass over `text`
// (instances in line order).
std::vector<std::optional<PublishedCount>> published_counts(
    std::string_view text, const std::vector<Instance>& instances) {
  std::vector<std::optional<PublishedCount>> counts;
  int line_no = 1;
  for (const Instance& inst : instances) {
    for (; line_no < inst.line && !text.empty(); ++line_no) {
      const size_t end = text.find('\n');
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    const std::string_view line = text.substr(0, text.find('\n'));
    const size_t comment = line.find('#');
    std::optional<PublishedCount> count;
    for (const std::string_view name : kPublishedNodesKeys) {
      const size_t key = line.find(name);
      if (comment == std::string_view::npos || key == std::string_view::npos || key < comment)
        continue;
      std::string_view rest = line.substr(key + name.size());
      while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
      uint64_t value = 0;
      const auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
      if (ec == std::errc() && ptr != rest.data()) count = PublishedCount{value, name};
      break;
    }
    counts.push_back(count);
  }
  return counts;
}

// The instances to run, as indexes into a set of `size` instances: --ids in their order, else the
// --easiest by `published` (fewest first), else the first `count` (0: all).
Expected<std::vector<size_t>> select_instances(
    const BenchOptions& options, const std::string& set, size_t size, int count,
    const std::vector<std::optional<PublishedCount>>& published) {
  std::vector<size_t> chosen;
  if (!options.ids.empty()) {
    std::string_view rest = options.ids;
    while (true) {
      const std::string_view word = rest.substr(0, rest.find(','));
      size_t id = 0;
      const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), id);
      if (ec != std::errc() || ptr != word.data() + word.size() || id < 1 || id > size)
        return Error{"--ids", 0,
                     "'" + std::string(word) + "' is not an id of " + set + " (1 to " +
                         std::to_string(size) + ")"};
      if (std::find(chosen.begin(), chosen.end(), id - 1) != chosen.end())
        return Error{"--ids", 0, "id " + std::to_string(id) + " is named twice"};
      chosen.push_back(id - 1);
      if (word.size() == rest.size()) break;
      rest.remove_prefix(word.size() + 1);
    }
    return chosen;
  }
  for (size_t i = 0; i < size; ++i) chosen.push_back(i);
  if (options.easiest) {
    if (*options.easiest < 1)
      return Error{"--easiest", 0,
                   std::to_string(*options.easiest) + " is not a count (1 or more)"};
    if (std::any_of(published.begin(), published.end(), [](const auto& p) { return !p; }))
      return Error{"--easiest", 0,
                   "set " + set + " has no published node count on every board to rank by (a '" +
                       std::string(kPublishedNodesKeys[0]) + " N' or '" +
                       std::string(kPublishedNodesKeys[1]) +
                       " N' comment, as korf50's and korf100's boards have)"};
    std::stable_sort(chosen.begin(), chosen.end(),
                     [&](size_t a, size_t b) { return published[a]->nodes < published[b]->nodes; });
    count = *options.easiest;
  }
  if (count > 0 && static_cast<size_t>(count) < chosen.size())
    chosen.resize(static_cast<size_t>(count));
  return chosen;
}

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
  std::vector<std::optional<PublishedCount>> published;  // per instance of the set
  std::string goal_text = options.goal.empty() ? "standard" : options.goal;
  // The set's text: embedded, else the FILE's.
  const std::optional<std::string_view> embedded_text = embedded::find(set);
  std::string file_text;
  if (embedded_text) {
    if (!options.goal.empty()) {
      print_usage_error({"--goal", 0, "an embedded set has its own goal; --goal is for a FILE set"},
                        "bench");
      return kExitBadInput;
    }
    if (set == "korf100" || set == "korf50") goal_text = "zero-first";
  } else {
    Expected<std::string> read = read_text(set, kMaxBatchBytes);
    if (!read) {
      print_error(read.error());
      return kExitBadInput;
    }
    file_text = std::move(*read);
  }
  const std::string_view text = embedded_text ? *embedded_text : std::string_view(file_text);
  Expected<std::vector<Instance>> parsed = parse_instances(text, set);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  instances = std::move(*parsed);
  published = published_counts(text, instances);
  Expected<GoalSpec> spec = parse_goal_spec(goal_text, "--goal");
  if (!spec) {
    print_error(spec.error());
    return kExitBadInput;
  }
  Expected<std::vector<size_t>> selected =
      select_instances(options, set, instances.size(), count, published);
  if (!selected) {
    print_usage_error(selected.error(), "bench");
    return kExitBadInput;
  }
  // --shard: the selected instances of this shard (by 0-based place among them), each with its id
  // in the whole set.
  std::vector<int> ids;
  {
    Expected<Shard> shard = options.shard.empty() ? Shard{} : parse_shard(options.shard, "--shard");
    if (!shard) {
      print_usage_error(shard.error(), "bench");
      return kExitBadInput;
    }
    std::vector<Instance> taken;
    std::vector<std::optional<PublishedCount>> taken_published;
    for (size_t k = 0; k < selected->size(); ++k)
      if (shard->takes(k)) {
        const size_t i = (*selected)[k];
        taken.push_back(instances[i]);
        taken_published.push_back(published[i]);
        ids.push_back(static_cast<int>(i) + 1);
      }
    instances = std::move(taken);
    published = std::move(taken_published);
  }
  // The heuristic (choose_heuristic for the set's goal): every instance of a set shares one goal
  // spec; a mixed-size FILE set takes the heuristic asked for, or linear.
  HeuristicChoice choice;
  const bool one_side = std::all_of(instances.begin(), instances.end(),
                                    [&](const Instance& i) { return i.side == instances[0].side; });
  Expected<Goal> set_goal = Goal::for_side(*spec, instances.empty() ? 4 : instances[0].side);
  if (set_goal && one_side && !instances.empty()) {
    // korf50 on linear conflict would run for days: its databases unless a heuristic is named.
    const bool needs_pdb = set == "korf50" && options.heuristic.empty();
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
  const bool as_text = options.format == "text";
  const RecordFormat records(
      options.format, {"id", "outcome", "length", "optimal_length", "nodes_expanded",
                       "nodes_generated", "iterations", "seconds", "nodes_per_second", "moves",
                       "lower_bound", "published_nodes_generated"});

  InterruptWatch interrupt;
  int status = kExitOk;
  bool all_optimal = true;
  int unknown = 0;
  uint64_t total_nodes = 0;
  uint64_t total_generated = 0;
  uint64_t published_total = 0;               // over the instances run that have a published count
  int published_run = 0;                      // those instances
  std::set<std::string_view> published_keys;  // the keys their counts came under
  double total_seconds = 0;
  int run_count = 0;  // instances handled (the summary's count)
  // Every instance's goal first: a goal that fits no board of the set is refused before the
  // header is printed.
  std::vector<Goal> goals;
  goals.reserve(instances.size());
  for (const Instance& inst : instances) {
    Expected<Goal> goal = Goal::for_side(*spec, inst.side);
    if (!goal) {
      print_error(goal.error());
      return kExitBadInput;
    }
    goals.push_back(std::move(*goal));
  }
  // Every set has the same columns: PUBLISHED is "-" where the set gives no count for a board.
  if (as_text)
    std::cout << "    id  length  optimal         nodes     generated    seconds  nodes/s"
              << "     published\n";
  std::cout << records.header();
  for (size_t k = 0; k < instances.size(); ++k) {
    const Instance& inst = instances[k];
    const int id = ids[k];
    ++run_count;
    const Goal* const goal = &goals[k];
    Limits limits;
    limits.cancel = interrupt.flag();
    SearchPlan plan{Algorithm::Ida, kind, threads, limits, {}};
    if (!options.child_order.empty())
      plan.order.child =
          options.child_order == "moves" ? ChildOrder::Moves : ChildOrder::CheapestFirst;
    if (!options.split_order.empty())
      plan.order.split = options.split_order == "level" ? SplitOrder::Level : SplitOrder::Serial;
    // Solved and replayed from the set's board to its goal, once.
    Expected<CheckedResult> solved_or_not = solve(inst.tiles, *goal, plan, databases.get());
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
    const bool solved = result.outcome == Outcome::Solved;
    const int length = static_cast<int>(result.moves.size());
    if (!inst.optimal_length) ++unknown;
    if (!solved || (inst.optimal_length && *inst.optimal_length != length)) {
      all_optimal = false;
      status = kExitUnsolved;
    }
    total_nodes += result.stats.nodes_expanded;
    total_generated += result.stats.nodes_generated;
    if (published[k]) {
      published_total += published[k]->nodes;
      ++published_run;
      published_keys.insert(published[k]->key);
    }
    total_seconds += result.stats.seconds;
    if (!as_text) {
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
      if (published[k])
        line.add("published_nodes_generated", published[k]->nodes);
      else
        line.add_null("published_nodes_generated");
      std::cout << records.line(line) << std::flush;  // each record whole as soon as it is known
    } else {
      std::ostringstream row;
      row << std::setw(6) << id << "  " << std::setw(6)
          << (solved ? std::to_string(length) : outcome_name(result.outcome)) << "  "
          << std::setw(7) << (inst.optimal_length ? std::to_string(*inst.optimal_length) : "-")
          << "  " << std::setw(12) << result.stats.nodes_expanded << "  " << std::setw(12)
          << result.stats.nodes_generated << "  " << std::setw(9) << std::fixed
          << std::setprecision(3) << result.stats.seconds << "  " << std::setw(5)
          << std::setprecision(1)
          << per_second(result.stats.nodes_expanded, result.stats.seconds) / 1e6 << " M";
      row << "  " << std::setw(12) << (published[k] ? std::to_string(published[k]->nodes) : "-");
      std::cout << row.str() << std::endl;
    }
  }
  // Nodes are expanded nodes (children generated); some solvers count generated children instead.
  const double rate = per_second(total_nodes, total_seconds);
  const double generated_rate = per_second(total_generated, total_seconds);
  if (options.format == "json") {
    JsonLine summary;
    summary.add("summary", true).add("set", set).add("heuristic", heuristic);
    summary.add("instances", run_count)
        .add("all_optimal", all_optimal)
        .add("unknown_optimal", unknown);
    summary.add("nodes_expanded", total_nodes).add("nodes_generated", total_generated);
    summary.add("seconds", total_seconds).add("nodes_per_second", rate);
    summary.add("nodes_generated_per_second", generated_rate);
    if (published_run == run_count && run_count > 0)
      summary.add("published_nodes_generated", published_total);
    else
      summary.add_null("published_nodes_generated");
    summary.add("published_instances", published_run);
    summary.add("threads", threads).add("nodes_searched", total_nodes);
    std::cout << summary.str() << '\n';
  } else {
    std::ostringstream out;
    out << "set: " << set << ", heuristic: " << heuristic << '\n';
    out << "instances: " << run_count << '\n';
    out << "all optimal: " << (all_optimal ? "yes" : "no");
    if (unknown) out << " (" << unknown << " without a known length)";
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
      out << published_total << " generated on " << published_run << " of " << run_count
          << " boards (";
      const char* separator = "";
      for (const std::string_view key : kPublishedNodesKeys)
        if (published_keys.count(key)) {
          out << separator << key;
          separator = ", ";
        }
      out << ")\n";
    }
    out << "threads: " << threads << '\n';
    out << "Nodes searched: " << total_nodes << '\n';
    if (as_text) {
      std::cout << out.str();
    } else {  // CSV: one table of instances on stdout; the summary on stderr, each line marked
      std::istringstream lines(out.str());
      for (std::string line; std::getline(lines, line);) std::cerr << "taquin: " << line << '\n';
    }
  }
  return interrupt.signal() ? interrupt.exit_status() : status;
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
  sub->add_option("--goal", options->goal,
                  "Goal of a FILE set: standard, zero-first, snail, a board or a file");
  add_format_option(sub, options->format);
  add_shard_option(sub, options->shard);
  sub->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

const RegisterCommand registered_bench(50, setup_bench);

}  // namespace
}  // namespace taquin::cli
