// `taquin solve`: a solution of every input board by the chosen algorithm and heuristic, replayed
// against the goal before it is printed, with the search's statistics (text or JSON lines).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include <tbb/global_control.h>

#include "command.hpp"
#include "memory_size.hpp"
#include "pdb_choice.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/replay.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"
#include "taquin/solvability.hpp"

namespace taquin::cli {
namespace {

struct SolveOptions {
  InputOptions input;
  std::string algorithm = "ida";
  std::string heuristic;  // empty: the strongest available (pdb on 4x4 when built, else linear)
  PdbChoice pdb;
  std::string format = "text";
  bool show_path = false;
  std::string max_memory;  // empty: half the physical memory
  uint64_t max_nodes = 0;
  double max_seconds = 0;
  int threads = 0;  // 0: all cores for IDA*, one for the other algorithms
};

double nodes_per_second(const Stats& s) {
  return s.seconds > 0 ? static_cast<double>(s.nodes_generated) / s.seconds : 0.0;
}

// The text report of one instance.
void print_text(int id, const Job& job, const SolveOptions& options, const SearchPlan& plan,
                const SearchResult& result, const std::vector<std::vector<uint8_t>>& path) {
  const Instance& inst = job.instance;
  const int side = inst.side;
  std::cout << "instance " << id << " (" << inst.source << ":" << inst.line << "), " << side << 'x'
            << side << ", goal " << job.goal.name() << '\n';
  std::cout << format_board(inst.tiles, side, BoardFormat::Grid);
  if (result.outcome == Outcome::Unsolvable) {
    std::cout << "unsolvable: this board cannot reach the goal (parity); no search made\n\n";
    return;
  }
  std::cout << "algorithm: " << options.algorithm;
  if (uses_heuristic(plan.algorithm)) std::cout << ", heuristic " << heuristic_name(plan.heuristic);
  std::cout << '\n';
  if (result.outcome == Outcome::Solved) {
    std::cout << "length: " << result.moves.size() << " moves"
              << (result.optimal ? " (optimal)" : " (not proven optimal)") << '\n';
    std::cout << "moves: " << moves_string(result.moves) << '\n';
    if (options.show_path) {
      for (size_t i = 0; i < path.size(); ++i) {
        std::cout << "step " << i;
        if (i > 0) std::cout << " (" << dir_letter(result.moves[i - 1]) << ')';
        std::cout << '\n' << format_board(path[i], side, BoardFormat::Grid);
      }
    }
  } else if (result.outcome == Outcome::MemoryLimit) {
    std::cout << "not solved: stopped at the memory limit of "
              << format_bytes(plan.limits.max_memory_bytes) << " (--max-memory)\n";
  } else if (result.outcome == Outcome::NodeLimit) {
    std::cout << "not solved: stopped at the node limit (--max-nodes)\n";
  } else if (result.outcome == Outcome::TimeLimit) {
    std::cout << "not solved: stopped at the time limit (--max-seconds)\n";
  } else {
    std::cout << "not solved: stopped (" << outcome_name(result.outcome) << ")\n";
  }
  const Stats& s = result.stats;
  std::cout << "states selected (complexity in time): " << s.states_selected << '\n'
            << "max states in memory (complexity in size): " << s.max_states_in_memory << '\n'
            << "nodes expanded: " << s.nodes_expanded << '\n'
            << "nodes generated: " << s.nodes_generated << '\n';
  if (plan.algorithm == Algorithm::Ida) std::cout << "iterations: " << s.iterations << '\n';
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6f", s.seconds);
  std::cout << "seconds: " << buf << '\n';
  std::snprintf(buf, sizeof buf, "%.0f", nodes_per_second(s));
  std::cout << "nodes generated per second: " << buf << '\n';
  std::cout << "optimal: "
            << (result.outcome == Outcome::Solved ? (result.optimal ? "yes" : "no") : "unknown")
            << "\n\n";
}

// The JSON line of one instance.
std::string json_line(int id, const Job& job, const SolveOptions& options, const SearchPlan& plan,
                      const SearchResult& result, const std::vector<std::vector<uint8_t>>& path) {
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
  if (uses_heuristic(plan.algorithm))
    line.add("heuristic", heuristic_name(plan.heuristic));
  else
    line.add("heuristic", "none");
  const Stats& s = result.stats;
  line.add("states_selected", s.states_selected)
      .add("max_states_in_memory", s.max_states_in_memory);
  line.add("nodes_expanded", s.nodes_expanded).add("nodes_generated", s.nodes_generated);
  line.add("iterations", s.iterations).add("seconds", s.seconds);
  line.add("nodes_per_second", nodes_per_second(s));
  if (inst.optimal_length) line.add("expected_length", *inst.optimal_length);
  if (options.show_path && solved) {
    std::string arrays = "[";
    for (size_t i = 0; i < path.size(); ++i) {
      arrays += i ? ",[" : "[";
      for (size_t c = 0; c < path[i].size(); ++c)
        arrays += (c ? "," : "") + std::to_string(path[i][c]);
      arrays += ']';
    }
    line.add_raw("path", arrays + "]");
  }
  return line.str();
}

int run_solve(const SolveOptions& options) {
  SearchPlan plan;
  const std::optional<Algorithm> algorithm = parse_algorithm(options.algorithm);
  const std::optional<HeuristicKind> heuristic =
      options.heuristic.empty() ? HeuristicKind::Linear : parse_heuristic(options.heuristic);
  if (!algorithm || !heuristic) {
    print_error({"--algorithm/--heuristic", 0, "unknown name"});
    return kExitBadInput;
  }
  plan.algorithm = *algorithm;
  plan.heuristic = *heuristic;
  if (options.threads < 0 || options.threads > 1024) {
    print_error(
        {"--threads", 0, std::to_string(options.threads) + " is not a thread count (1 to 1024)"});
    return kExitBadInput;
  }
  if (options.threads > 1 && plan.algorithm != Algorithm::Ida) {
    print_error({"--threads", 0, "only --algorithm ida searches in parallel"});
    return kExitBadInput;
  }
  plan.threads = options.threads > 0 ? options.threads
                 : plan.algorithm == Algorithm::Ida
                     ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                     : 1;
  if (options.max_memory.empty()) {
    plan.limits.max_memory_bytes = default_memory_limit();
  } else {
    Expected<uint64_t> bytes = parse_memory_size(options.max_memory, "--max-memory");
    if (!bytes) {
      print_error(bytes.error());
      return kExitBadInput;
    }
    plan.limits.max_memory_bytes = *bytes;
  }
  plan.limits.max_nodes = options.max_nodes;
  plan.limits.max_seconds = options.max_seconds;

  Expected<std::vector<Job>> jobs = load_jobs(options.input);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  // The heuristic of each job (choose_heuristic, once per goal), resolved before any output.
  HeuristicCache heuristics(asked_heuristic(options.heuristic), options.pdb);
  std::vector<HeuristicKind> kinds(jobs->size(), plan.heuristic);
  std::vector<std::shared_ptr<const pdb::PdbSet>> sets(jobs->size());
  for (size_t i = 0; i < jobs->size(); ++i) {
    const Job& job = (*jobs)[i];
    if (!uses_heuristic(plan.algorithm) || !is_solvable(job.instance.tiles, job.goal)) continue;
    Expected<HeuristicChoice> choice = heuristics.get(job.goal);
    if (!choice) {
      print_error(choice.error());
      return kExitBadInput;
    }
    kinds[i] = choice->kind;
    sets[i] = choice->databases;
  }

  std::optional<tbb::global_control> parallelism;
  if (plan.threads > 1)
    parallelism.emplace(tbb::global_control::max_allowed_parallelism, plan.threads);

  int status = kExitOk;
  int id = 0;
  for (const Job& job : *jobs) {
    const size_t index = static_cast<size_t>(id++);
    SearchPlan job_plan = plan;
    job_plan.heuristic = kinds[index];
    const Instance& inst = job.instance;
    SearchResult result;
    if (!is_solvable(inst.tiles, job.goal)) {
      result.outcome = Outcome::Unsolvable;
    } else {
      result = with_side(inst.side, [&]<int N>() {
        return run_search<N>(job.goal.canonical<N>(inst.tiles), job_plan, sets[index].get());
      });
    }
    std::vector<std::vector<uint8_t>> path;
    if (result.outcome == Outcome::Solved) {
      // Replay from the user's board to the user's goal: nothing unchecked is printed.
      Expected<std::vector<std::vector<uint8_t>>> replay =
          replay_path(inst.tiles, inst.side, result.moves);
      std::optional<Error> wrong =
          replay ? std::optional<Error>(check_solution(inst.tiles, result.moves, job.goal))
                 : std::optional<Error>(replay.error());
      if (wrong) {
        print_error({inst.source, inst.line,
                     "internal error: the solution found does not replay: " + wrong->message});
        status = kExitBadInput;
        continue;
      }
      path = std::move(*replay);
      if (result.optimal && inst.optimal_length &&
          static_cast<int>(result.moves.size()) != *inst.optimal_length)
        std::cerr << "taquin: " << inst.source << ":" << inst.line << ": warning: optimal length "
                  << result.moves.size() << " differs from the file's '# optimal "
                  << *inst.optimal_length << "' (is it meant for another goal?)\n";
    } else if (status == kExitOk) {
      status = kExitUnsolved;
    }
    if (options.format == "json") {
      std::cout << json_line(id, job, options, job_plan, result, path) << '\n';
    } else {
      print_text(id, job, options, job_plan, result, path);
    }
    std::cout.flush();
  }
  return status;
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
                  "default: pdb on 4x4 when its databases are built, else linear")
      ->check(CLI::IsMember({"hamming", "manhattan", "linear", "pdb"}))
      ->capture_default_str();
  add_pdb_options(sub, options->pdb);
  sub->add_option("--format", options->format, "Output: text or json (one object a line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub->add_flag("--show-path", options->show_path, "Print every board on the way to the goal");
  sub->add_option("--max-memory", options->max_memory,
                  "Memory for A*, greedy, uniform and BFS, e.g. 512M or 2G (default: half the "
                  "physical memory); the search stops cleanly when it would need more");
  sub->add_option("--max-nodes", options->max_nodes, "Stop a search after this many expansions");
  sub->add_option("--max-seconds", options->max_seconds, "Stop a search after this many seconds");
  sub->add_option("--threads,-j", options->threads,
                  "Threads for IDA* (parallel when above 1); default: all cores")
      ->capture_default_str();
  sub->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

const RegisterCommand registered(30, setup_solve);

}  // namespace
}  // namespace taquin::cli
