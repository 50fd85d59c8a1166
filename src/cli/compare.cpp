// `taquin compare`: every algorithm with every heuristic that applies on each board, each run
// under limits, as a table (text, JSON lines or CSV): length, optimality, the 42 school's
// complexities, nodes and seconds.
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/solve_record.hpp"
#include "core/solvability.hpp"
#include "shape/dispatch.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {
namespace {

struct CompareOptions {
  InputOptions input;
  PdbChoice pdb;
  std::string format = "text";
  std::string max_memory = "1G";  // each run's limits: a hard board never hangs the table
  std::string max_nodes;          // empty: none
  std::string max_seconds = "10";
};

// One cell of the table: an algorithm with a heuristic ("none" for uniform-cost and BFS).
struct Cell {
  Algorithm algorithm;
  const char* algorithm_name;
  HeuristicKind heuristic;
  std::string heuristic_name;
};

// The cells for boards of `goal` (of `shape`): BFS and uniform-cost once, A*, greedy and IDA*
// with Hamming, Manhattan, linear conflict and, when they load for the goal, the pattern
// databases; IDA* only on the shapes it searches; the constructive solver on every shape but the
// packed squares.
std::vector<Cell> cells_for(const HeuristicChoice& strongest, Shape shape) {
  std::vector<Cell> cells = {{Algorithm::Bfs, "bfs", HeuristicKind::Linear, "none"},
                             {Algorithm::Uniform, "uniform", HeuristicKind::Linear, "none"}};
  const std::pair<Algorithm, const char*> informed[] = {
      {Algorithm::AStar, "astar"}, {Algorithm::Greedy, "greedy"}, {Algorithm::Ida, "ida"}};
  const bool packed = shape::is_packed(shape);
  for (const auto& [algorithm, name] : informed) {
    if (!packed && shape::search_problem(shape, SearchPlan{algorithm, HeuristicKind::Linear}))
      continue;
    cells.push_back({algorithm, name, HeuristicKind::Hamming, "hamming"});
    cells.push_back({algorithm, name, HeuristicKind::Manhattan, "manhattan"});
    cells.push_back({algorithm, name, HeuristicKind::Linear, "linear"});
    if (strongest.kind == HeuristicKind::Pdb)
      cells.push_back({algorithm, name, HeuristicKind::Pdb, strongest.label()});
  }
  if (!packed)
    cells.push_back({Algorithm::Constructive, "constructive", HeuristicKind::Linear, "none"});
  return cells;
}

// The record of one row: kCompareColumns of the solve record, `seconds` written "%.6f".
JsonLine row_record(int id, const Job& job, const Cell& cell, const SearchResult& result) {
  SolveFacts facts;
  facts.id = id;
  facts.instance = &job.instance;
  facts.result = &result;
  facts.algorithm = cell.algorithm_name;
  facts.kind = cell.algorithm;
  facts.heuristic = cell.heuristic_name;
  facts.seconds_decimals = 6;
  JsonLine row;
  add_solve_columns(row, facts, kCompareColumns);
  return row;
}

// The text table's header, aligned with text_row's columns.
constexpr const char* kTextHeader =
    "algorithm heuristic      length optimal     selected    in memory     expanded    generated "
    "   seconds";

// The text row: the cell, then length (or the outcome), optimality and the counts, aligned.
std::string text_row(const Cell& cell, const SearchResult& result) {
  const Stats& s = result.stats;
  const std::string length = result.outcome == Outcome::Solved ? std::to_string(result.moves.size())
                                                               : outcome_name(result.outcome);
  const char* optimal = result.outcome != Outcome::Solved ? "-" : result.optimal ? "yes" : "no";
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-9s %-10s %10s %7s %12llu %12llu %12llu %12llu %10.4f",
                cell.algorithm_name, cell.heuristic_name.c_str(), length.c_str(), optimal,
                static_cast<unsigned long long>(s.states_selected),
                static_cast<unsigned long long>(s.max_states_in_memory),
                static_cast<unsigned long long>(s.nodes_expanded),
                static_cast<unsigned long long>(s.nodes_generated), s.seconds);
  return buf;
}

int run_compare(const CompareOptions& options) {
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  if (!limits) {
    print_usage_error(limits.error(), "compare");
    return kExitBadInput;
  }
  // All or nothing: a bad input stops the run before any board (from a pipe: where it stands).
  Expected<JobStream> jobs = JobStream::open(options.input, true);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  HeuristicRequest request;
  request.paths = pdb_paths(options.pdb);
  request.build = options.pdb.build;
  InterruptWatch interrupt;
  SearchPlan plan;
  plan.threads = 1;  // every algorithm on one thread, to compare like with like
  plan.limits = *limits;
  plan.limits.cancel = interrupt.flag();
  int status = kExitOk;
  const RecordFormat records(options.format, csv_columns(kCompareColumns));
  std::cout << records.header();
  int id = 0;
  while (std::optional<Expected<Job>> next = jobs->next()) {
    if (!*next) {
      std::cout.flush();
      print_error(next->error());
      return kExitBadInput;
    }
    Job& job = **next;
    std::cout.flush();
    print_notice(job);
    const Instance& inst = job.instance;
    ++id;
    const bool solvable = is_solvable(inst.tiles, job.goal);
    // The databases join the table when they load for this goal (no notice: the other rows
    // stand).
    Expected<HeuristicChoice> strongest = choose_heuristic(job.goal, request);
    if (!strongest) {
      print_error(strongest.error());
      return kExitBadInput;
    }
    if (options.format == "text") {
      std::cout << "board " << id << " (" << inst.source << ":" << inst.line << "), "
                << shape_name(inst.shape) << ", goal " << job.goal.name() << '\n'
                << format_board(inst.tiles, inst.shape, BoardFormat::Grid);
      if (!solvable) {
        std::cout << "unsolvable: this board cannot reach the goal (parity); no search made"
                  << snail_note(job) << "\n\n";
        status = worse_status(status, kExitUnsolved);
        continue;
      }
      std::cout << kTextHeader << std::endl;  // before the first search
    }
    if (!solvable) status = worse_status(status, kExitUnsolved);
    for (const Cell& cell : cells_for(*strongest, inst.shape)) {
      SearchPlan cell_plan = plan;
      cell_plan.algorithm = cell.algorithm;
      cell_plan.heuristic = cell.heuristic;
      // Nothing unchecked is shown: the length printed is that of a solution that replays.
      Expected<CheckedResult> solved =
          solvable ? solve(inst.tiles, job.goal, cell_plan, strongest->databases.get())
                   : CheckedResult{};
      if (!solved) {
        print_error({inst.source, inst.line,
                     std::string("internal error: ") + cell.algorithm_name + ": " +
                         solved.error().message});
        status = worse_status(status, kExitInternal);
        continue;
      }
      CheckedResult& result = *solved;
      if (!solvable) result.outcome = Outcome::Unsolvable;
      if (interrupt.signal() && result.outcome == Outcome::Cancelled) {
        print_interrupted(interrupt.signal(), inst, result);
        return interrupt.exit_status();
      }
      if (options.format == "text") {
        std::cout << text_row(cell, result) << std::endl;  // each row as soon as it is known
        continue;
      }
      std::cout << records.line(row_record(id, job, cell, result));
      std::cout.flush();
    }
    if (options.format == "text") std::cout << '\n';
  }
  return status;
}

void setup_compare(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* sub = app.add_subcommand(
      "compare",
      "Run every algorithm with every heuristic that applies on each board, under limits, and "
      "print the table");
  add_input_options(sub, options->input);
  add_pdb_options(sub, options->pdb);
  add_format_option(sub, options->format);
  sub->add_option("--max-memory", options->max_memory,
                  "Memory for each run of A*, greedy, uniform and BFS, e.g. 512M")
      ->capture_default_str();
  sub->add_option("--max-seconds", options->max_seconds, "Seconds for each run (above 0)")
      ->capture_default_str();
  sub->add_option("--max-nodes", options->max_nodes,
                  "Expanded nodes for each run (1 or more; default: none)");
  sub->callback([options, &exit_code] { exit_code = run_compare(*options); });
}

const RegisterCommand registered_compare(35, setup_compare);

}  // namespace
}  // namespace taquin::cli
