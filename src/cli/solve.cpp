// `taquin solve`: a solution of every input board by the chosen algorithm and heuristic, replayed
// against the goal before it is printed, with the search's statistics (text or JSON lines).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "command.hpp"
#include "memory_size.hpp"
#include "pdb_choice.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/replay.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"
#include "taquin/solvability.hpp"
#include "view.hpp"

#ifdef TAQUIN_MPI
#include "mpi_solve.hpp"
#endif

namespace taquin::cli {
namespace {

struct SolveOptions {
  InputOptions input;
  std::string algorithm = "ida";
  std::string
      heuristic;  // empty: the strongest available (pdb on 4x4 and 5x5 when built, else linear)
  PdbChoice pdb;
  std::string format = "text";
  bool show_path = false;
  bool strict = false;
  std::string max_memory;   // empty: default_memory_limit()
  std::string max_nodes;    // empty: no limit
  std::string max_seconds;  // empty: no limit
  int threads = 0;          // 0: all cores for IDA*, one for the other algorithms
  ViewOptions view;         // --color, --notation, --svg, --animate, --gif
  bool progress = false;    // --progress: each IDA* iteration as a line on stderr
  bool verbose = false;     // MPI builds: the nodes each rank expanded, on stderr
};

// The optimality a result claims: proven, or unknown (greedy, or not solved).
const char* optimal_word(const SearchResult& result) {
  return result.outcome == Outcome::Solved && result.optimal ? "yes" : "unknown";
}

// The text report of one instance.
void print_text(std::ostream& out, int id, const Job& job, const SolveOptions& options,
                const SearchPlan& plan, const std::string& heuristic, const SearchResult& result,
                const std::vector<std::vector<uint8_t>>& path, TermColour colour) {
  const Instance& inst = job.instance;
  const int side = inst.side;
  const MoveNotation notation = output_notation(options.view);
  out << "instance " << id << " (" << inst.source << ":" << inst.line << "), " << side << 'x'
      << side << ", goal " << job.goal.name() << '\n';
  for (const std::string& row : board_block(inst.tiles, job.goal, colour).lines) out << row << '\n';
  if (result.outcome == Outcome::Unsolvable) {
    out << "unsolvable: this board cannot reach the goal (parity); no search made"
        << snail_note(job) << "\n\n";
    return;
  }
  out << "algorithm: " << options.algorithm;
  if (uses_heuristic(plan.algorithm)) out << ", heuristic " << heuristic;
  out << ", threads " << plan.threads << '\n';
  if (result.outcome == Outcome::Solved) {
    out << "length: " << result.moves.size() << (result.moves.size() == 1 ? " move" : " moves")
        << (result.optimal ? " (optimal)" : " (not proven optimal)") << '\n';
    out << "moves: " << moves_in_notation(result.moves, notation) << '\n';
    if (options.show_path)
      out << path_grid(path, result.moves, job.goal, colour, notation, output_columns());
  } else if (result.outcome == Outcome::MemoryLimit) {
    out << "not solved: stopped at the memory limit of "
        << format_bytes(plan.limits.max_memory_bytes) << " (--max-memory)\n";
  } else if (result.outcome == Outcome::NodeLimit) {
    out << "not solved: stopped at the node limit (--max-nodes)\n";
  } else if (result.outcome == Outcome::TimeLimit) {
    out << "not solved: stopped at the time limit (--max-seconds)\n";
  } else {
    out << "not solved: stopped (" << outcome_name(result.outcome) << ")\n";
  }
  if (result.outcome != Outcome::Solved) out << "lower bound: " << result.lower_bound << '\n';
  const Stats& s = result.stats;
  out << "states selected (complexity in time): " << s.states_selected << '\n'
      << "max states in memory (complexity in size): " << s.max_states_in_memory << '\n'
      << "nodes expanded: " << s.nodes_expanded << '\n'
      << "nodes generated: " << s.nodes_generated << '\n';
  if (plan.algorithm == Algorithm::Ida) out << "iterations: " << s.iterations << '\n';
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6f", s.seconds);
  out << "seconds: " << buf << '\n';
  std::snprintf(buf, sizeof buf, "%.0f", per_second(s.nodes_expanded, s.seconds));
  out << "nodes expanded per second: " << buf << '\n';
  out << "optimal: " << optimal_word(result) << "\n\n";
}

// The columns of the JSON and CSV records (docs/output.md, "JSON record: solve"); `path` only
// with --show-path.
std::vector<std::string> record_columns(bool show_path) {
  std::vector<std::string> columns = {"id",
                                      "source",
                                      "line",
                                      "size",
                                      "board",
                                      "goal",
                                      "solvable",
                                      "outcome",
                                      "length",
                                      "moves",
                                      "optimal",
                                      "algorithm",
                                      "heuristic",
                                      "threads",
                                      "states_selected",
                                      "max_states_in_memory",
                                      "nodes_expanded",
                                      "nodes_generated",
                                      "iterations",
                                      "seconds",
                                      "nodes_per_second",
                                      "optimal_length",
                                      "lower_bound"};
  if (show_path) columns.push_back("path");
  return columns;
}

// The JSON (and CSV) record of one instance.
JsonLine json_record(int id, const Job& job, const SolveOptions& options, const SearchPlan& plan,
                     const std::string& heuristic, const SearchResult& result,
                     const std::vector<std::vector<uint8_t>>& path) {
  const Instance& inst = job.instance;
  const bool solved = result.outcome == Outcome::Solved;
  JsonLine line;
  line.add("id", id).add("source", inst.source).add("line", inst.line).add("size", inst.side);
  line.add("board", inst.tiles).add("goal", job.goal.tiles());
  line.add("solvable", result.outcome != Outcome::Unsolvable);
  line.add("outcome", outcome_name(result.outcome));
  if (solved) {
    line.add("length", static_cast<int64_t>(result.moves.size()));
    line.add("moves", moves_string(result.moves));
  } else {
    line.add_null("length").add_null("moves");
  }
  line.add("optimal", solved && result.optimal);
  line.add("algorithm", options.algorithm);
  line.add("heuristic", uses_heuristic(plan.algorithm) ? heuristic : "none");
  line.add("threads", plan.threads);
  const Stats& s = result.stats;
  line.add("states_selected", s.states_selected)
      .add("max_states_in_memory", s.max_states_in_memory);
  line.add("nodes_expanded", s.nodes_expanded).add("nodes_generated", s.nodes_generated);
  line.add("iterations", s.iterations).add("seconds", s.seconds);
  line.add("nodes_per_second", per_second(s.nodes_expanded, s.seconds));
  if (inst.optimal_length)
    line.add("optimal_length", *inst.optimal_length);
  else
    line.add_null("optimal_length");
  if (solved || result.outcome == Outcome::Unsolvable)
    line.add_null("lower_bound");
  else
    line.add("lower_bound", result.lower_bound);
  if (options.show_path && solved) line.add("path", std::span<const std::vector<uint8_t>>(path));
  return line;
}

// What solving one board gives, ready to print in input order.
struct Record {
  std::string output;          // the text or JSON record (stdout)
  std::string warning;         // stderr lines printed before it
  std::optional<Error> error;  // an internal error printed in its place (no record)
  int status = kExitOk;
  bool interrupted = false;  // the signal stopped its search: the run ends there
  SearchResult result;
  std::vector<uint64_t> rank_expanded;  // an MPI search's nodes, by rank
};

// The threads an IDA* search (or a batch) uses: --threads, or all cores.
int ida_threads(const SolveOptions& options) {
  return options.threads > 0 ? options.threads
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int run_solve(const SolveOptions& options) {
#ifdef TAQUIN_MPI
  // Ranks other than 0 search the boards rank 0 hands over (with the same options: mpirun gives
  // every rank the same command line) and print nothing.
  if (mpi::rank() != 0) {
    Expected<Limits> limits =
        parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
    HeuristicCache heuristics(asked_heuristic(options.heuristic), options.pdb);
    const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                          static_cast<size_t>(ida_threads(options)));
    // mpirun ends an interrupted job with SIGTERM to every rank: this one then stops its share of
    // the search, so that every rank leaves the board together and exits, as rank 0 does.
    InterruptWatch interrupt;
    Limits rank_limits = limits ? *limits : Limits{};
    rank_limits.cancel = interrupt.flag();
    const int status = mpi::serve(heuristics, rank_limits);
    return interrupt.signal() ? interrupt.exit_status() : status;
  }
  // Whichever way rank 0's solve ends, the other ranks learn that no board follows.
  struct FinishServing {
    ~FinishServing() { mpi::finish_serving(); }
  } finish_serving;
#endif
  SearchPlan plan;
  const std::optional<Algorithm> algorithm = parse_algorithm(options.algorithm);
  const std::optional<HeuristicKind> heuristic =
      options.heuristic.empty() ? HeuristicKind::Linear : parse_heuristic(options.heuristic);
  if (!algorithm || !heuristic) {
    print_usage_error({"--algorithm/--heuristic", 0, "unknown name"}, "solve");
    return kExitBadInput;
  }
  plan.algorithm = *algorithm;
  plan.heuristic = *heuristic;
  if (std::optional<Error> bad = check_threads(options.threads)) {
    print_usage_error(*bad, "solve");
    return kExitBadInput;
  }
  if (options.threads > 1 && plan.algorithm != Algorithm::Ida) {
    print_usage_error({"--threads", 0, "only --algorithm ida searches in parallel"}, "solve");
    return kExitBadInput;
  }
  plan.threads = options.threads > 0 || plan.algorithm == Algorithm::Ida ? ida_threads(options) : 1;
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  if (!limits) {
    print_usage_error(limits.error(), "solve");
    return kExitBadInput;
  }
  plan.limits = *limits;

  // Bad inputs are reported in their place and the others solved, unless --strict.
  std::vector<SkippedInput> skipped;
  Expected<std::vector<Job>> jobs = load_jobs(options.input, options.strict ? nullptr : &skipped);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  // The heuristic of each job (choose_heuristic, once per goal), resolved before any output.
  HeuristicCache heuristics(asked_heuristic(options.heuristic), options.pdb);
  std::vector<HeuristicChoice> choices(jobs->size(), HeuristicChoice{plan.heuristic, {}, {}});
  for (size_t i = 0; i < jobs->size(); ++i) {
    const Job& job = (*jobs)[i];
    if (!uses_heuristic(plan.algorithm) || !is_solvable(job.instance.tiles, job.goal)) continue;
    Expected<HeuristicChoice> choice = heuristics.get(job.goal);
    if (!choice) {
      print_error(choice.error());
      return kExitBadInput;
    }
    choices[i] = *choice;
  }

  std::optional<tbb::global_control> parallelism;
  if (plan.threads > 1)
    parallelism.emplace(tbb::global_control::max_allowed_parallelism, plan.threads);

  const TermColour colour = output_colour(options.view.color);
  const RecordFormat records(options.format, record_columns(options.show_path));
  InterruptWatch interrupt;
  plan.limits.cancel = interrupt.flag();
  // IDA*'s iterations on stderr, for a batch searched one board at a time (set below).
  IterationProgress progress(options.progress);
  // Solves job `index` into its record; run by several threads at once in a batch.
  const auto solve_job = [&](size_t index) {
    const Job& job = (*jobs)[index];
    SearchPlan job_plan = plan;
    job_plan.heuristic = choices[index].kind;
    const Instance& inst = job.instance;
    Record record;
    SearchResult& result = record.result;
    if (!is_solvable(inst.tiles, job.goal)) {
      result.outcome = Outcome::Unsolvable;
    }
#ifdef TAQUIN_MPI
    else if (mpi::spreads(job_plan.algorithm, inst.side)) {
      result =
          mpi::solve_on_ranks(inst, job.goal, job_plan.heuristic, choices[index].databases.get(),
                              job_plan.limits, record.rank_expanded);
    }
#endif
    else {
      result = with_side(inst.side, [&]<int N>() {
        return run_search<N>(job.goal.canonical<N>(inst.tiles), job_plan,
                             choices[index].databases.get());
      });
      progress.finish();
    }
    // A search the signal stopped; one that finished as it came is printed, and the next stops.
    if (interrupt.signal() && result.outcome == Outcome::Cancelled) {
      record.interrupted = true;
      return record;
    }
    std::vector<std::vector<uint8_t>> path;
    std::ostringstream err;
    if (result.outcome == Outcome::Solved) {
      // Replay from the user's board to the user's goal: nothing unchecked is printed.
      Expected<std::vector<std::vector<uint8_t>>> replay =
          replay_solution(inst.tiles, result.moves, job.goal);
      if (!replay) {
        record.error =
            Error{inst.source, inst.line,
                  "internal error: the solution found does not replay: " + replay.error().message};
        record.status = kExitInternal;
        return record;
      }
      path = std::move(*replay);
      if (result.optimal && inst.optimal_length &&
          static_cast<int>(result.moves.size()) != *inst.optimal_length)
        err << "taquin: " << inst.source << ":" << inst.line << ": warning: optimal length "
            << result.moves.size() << " differs from the file's '# optimal " << *inst.optimal_length
            << "' (is it meant for another goal?)\n";
    } else {
      record.status = kExitUnsolved;
    }
    if (options.verbose)
      for (size_t r = 0; r < record.rank_expanded.size(); ++r)
        err << "taquin: instance " << job.id << ": rank " << r << " expanded "
            << record.rank_expanded[r] << " nodes\n";
    record.warning = err.str();
    const std::string heuristic = choices[index].label();
    std::ostringstream out;
    if (options.format != "text")
      out << records.line(json_record(job.id, job, options, job_plan, heuristic, result, path));
    else
      print_text(out, job.id, job, options, job_plan, heuristic, result, path, colour);
    record.output = out.str();
    if (result.outcome == Outcome::Solved) {
      if (std::optional<Error> bad =
              write_pictures(options.view, job.id, jobs->size(), path, result.moves, job.goal)) {
        record.warning += "taquin: " + printable(bad->describe()) + "\n";
        record.status = worse_status(record.status, kExitBadInput);
      }
    }
    return record;
  };

  // Records are printed in input order, each as soon as those before it are.
  int status = kExitOk;
  std::mutex print_mutex;
  std::vector<std::optional<Record>> finished(jobs->size());
  size_t next_print = 0;
  size_t skipped_shown = 0;
  std::atomic<bool> stop{false};  // an interrupted record was met: take no more jobs
  int interrupted_status = 0;     // a signal, or a database changed under the search: stop there
  // Prints the bad inputs that stood before job `index`.
  const auto report_skipped = [&](size_t index) {
    for (; skipped_shown < skipped.size() && skipped[skipped_shown].before <= index;
         ++skipped_shown) {
      print_error(skipped[skipped_shown].error);
      status = worse_status(status, kExitBadInput);
    }
  };
  const auto deliver = [&](size_t index, Record record) {
    if (record.interrupted) stop.store(true);
    std::lock_guard lock(print_mutex);
    finished[index] = std::move(record);
    while (!interrupted_status && next_print < finished.size() && finished[next_print]) {
      report_skipped(next_print);
      const Record& ready = *finished[next_print];
      if (ready.interrupted) {
        print_interrupted(interrupt.signal(), (*jobs)[next_print].instance, ready.result);
        interrupted_status = interrupt.exit_status();
        break;
      }
      if (std::optional<Error> changed = databases_changed(choices[next_print].databases.get())) {
        print_error(*changed);
        interrupted_status = kExitInternal;
        stop.store(true);
        break;
      }
      if (ready.error) print_error(*ready.error);
      std::cerr << ready.warning;
      std::cout << ready.output;
      std::cout.flush();
      status = worse_status(status, ready.status);
      finished[next_print++].reset();
    }
  };
  // A batch on several threads: each takes the next board in input order and searches it with
  // the plan's threads (oneTBB lends a lone large search the idle threads).
  size_t batch_threads = std::min<size_t>(static_cast<size_t>(plan.threads), jobs->size());
#ifdef TAQUIN_MPI
  if (mpi::ranks() > 1) batch_threads = 1;  // the ranks search one board at a time, in order
#endif
  std::atomic<size_t> next_job{0};
  // Isolated: a thread that waits inside a board's parallel search never takes up another
  // thread's loop over the batch, which would hold that board's record back.
  const auto take_jobs = [&] {
    for (size_t index; !stop.load() && (index = next_job.fetch_add(1)) < jobs->size();)
      deliver(index, tbb::this_task_arena::isolate([&] { return solve_job(index); }));
  };
  if (batch_threads <= 1) plan.limits.on_iteration = progress.callback();
  std::cout << records.header();
  if (batch_threads > 1)
    tbb::parallel_for(size_t{0}, batch_threads, size_t{1}, [&](size_t) { take_jobs(); });
  else
    take_jobs();
  if (interrupted_status) return interrupted_status;
  report_skipped(jobs->size());
  return interrupt.signal() ? interrupt.exit_status() : status;
}

void setup_solve(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand(
      "solve", "Solve each board (IDA*, A*, greedy, uniform-cost or BFS) and print statistics");
  add_input_options(sub, options->input);
  sub->add_option("--algorithm,-a", options->algorithm,
                  "ida (default), astar, greedy (fast, not optimal), uniform or bfs")
      ->check(CLI::IsMember({"ida", "astar", "greedy", "uniform", "bfs"}))
      ->capture_default_str();
  sub->add_option("--heuristic,-H", options->heuristic,
                  "hamming, manhattan, linear (linear conflict) or pdb (pattern databases); "
                  "default: pdb on 4x4 and 5x5 when their databases are built, else linear")
      ->check(CLI::IsMember({"hamming", "manhattan", "linear", "pdb"}))
      ->capture_default_str();
  add_pdb_options(sub, options->pdb);
  add_format_option(sub, options->format);
  add_strict_option(sub, options->strict);
  sub->add_flag("--show-path", options->show_path,
                "Print every board on the way to the goal, side by side as the width allows");
  add_view_options(sub, options->view, true);
  sub->add_flag("--progress", options->progress,
                "Print each IDA* iteration on stderr as a line (bound, nodes, nodes/s, seconds); "
                "on a terminal, searches past a second show it on one line anyway");
  sub->add_option("--max-memory", options->max_memory,
                  "Memory for A*, greedy, uniform and BFS, e.g. 512M or 2G (default: half the "
                  "physical memory and of the process's limits); the search stops cleanly when it "
                  "would need more")
      ->check(not_blank("a size, e.g. 512M"));
  sub->add_option("--max-nodes", options->max_nodes,
                  "Stop a search after about this many expanded nodes (1 or more; default: none)")
      ->check(not_blank("a node count"));
  sub->add_option("--max-seconds", options->max_seconds,
                  "Stop a search after this many seconds (above 0; default: none)")
      ->check(not_blank("a number of seconds"));
  sub->add_option("--threads,-j", options->threads,
                  "Threads for IDA* (parallel when above 1); 0 (default): all cores")
      ->capture_default_str();
#ifdef TAQUIN_MPI
  sub->add_flag("--verbose", options->verbose,
                "Under mpirun: print the nodes each rank expanded, per board, on stderr");
#endif
  sub->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

const RegisterCommand registered(30, setup_solve);

}  // namespace
}  // namespace taquin::cli
