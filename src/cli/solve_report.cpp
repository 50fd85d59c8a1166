// `taquin solve`'s report of one board: its text, its JSON and CSV record (solve_report.hpp).
#include "cli/solve_report.hpp"

#include <cstdio>

#include "cli/command.hpp"
#include "cli/memory_size.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {
namespace {

// The optimality a result claims: proven, or unknown (greedy, or not solved).
const char* optimal_word(const SearchResult& result) {
  return result.outcome == Outcome::Solved && result.optimal ? "yes" : "unknown";
}

}  // namespace

void print_text(std::ostream& out, int id, const Job& job, const SolveCliOptions& options,
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

JsonLine json_record(int id, const Job& job, const SolveCliOptions& options, const SearchPlan& plan,
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

}  // namespace taquin::cli
