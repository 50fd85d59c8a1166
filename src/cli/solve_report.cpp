// `taquin solve`'s report of one board: its text, its JSON and CSV record (solve_report.hpp).
#include "cli/solve_report.hpp"

#include <sstream>

#include "cli/command.hpp"
#include "cli/memory_size.hpp"
#include "taquin/solve.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {

namespace {

// The weight as the text report writes it ("1.5").
std::string format_weight(double weight) {
  std::ostringstream out;
  out << weight;
  return out.str();
}

// The instance line and the grid of board `id`.
void print_board(std::ostream& out, int id, const Job& job, TermColour colour) {
  const Instance& inst = job.instance;
  out << "instance " << id << " (" << inst.source << ":" << inst.line << "), "
      << shape_name(inst.shape) << ", goal " << job.goal.name() << '\n';
  for (const std::string& row : board_block(inst.tiles, job.goal, colour).lines) out << row << '\n';
}

}  // namespace

void print_text_head(std::ostream& out, int id, const Job& job, const SearchPlan& plan,
                     const std::string& heuristic, TermColour colour) {
  print_board(out, id, job, colour);
  out << "algorithm: " << algorithm_name(plan.algorithm);
  if (uses_heuristic(plan.algorithm)) out << ", heuristic " << heuristic;
  if (const std::optional<double> weight = weight_of(plan)) out << ", weight " << *weight;
  out << ", threads " << plan.threads << '\n';
}

void print_text(std::ostream& out, int id, const Job& job, const SolveCliOptions& options,
                const SearchPlan& plan, const std::string& heuristic, const SearchResult& result,
                const std::vector<std::vector<Tile>>& path, TermColour colour, bool head_shown) {
  const MoveNotation notation = output_notation(options.view);
  if (result.outcome == Outcome::Unsolvable) {
    print_board(out, id, job, colour);
    out << "unsolvable: this board cannot reach the goal (parity); no search made"
        << snail_note(job) << "\n\n";
    return;
  }
  if (!head_shown) print_text_head(out, id, job, plan, heuristic, colour);
  if (result.outcome == Outcome::Solved) {
    out << "length: " << result.moves.size() << (result.moves.size() == 1 ? " move" : " moves")
        << (result.optimal ? " (optimal)"
            : weight_of(plan) && !result.optimal
                ? " (within " + format_weight(*weight_of(plan)) + "x optimal)"
                : " (not proven optimal)");
    if (!result.optimal && result.lower_bound > 0)
      out << "; the shortest has at least " << result.lower_bound;
    out << '\n';
    out << "moves: " << moves_in_notation(result.moves, notation) << '\n';
    if (options.show_path && path.empty())
      out << "path: not kept (over " << kMaxPathTiles << " tiles)\n";
    else if (options.show_path)
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
  out << solve_text_statistics(solve_facts(id, job, options, plan, heuristic, result, path))
      << '\n';
}

SolveFacts solve_facts(int id, const Job& job, const SolveCliOptions& options,
                       const SearchPlan& plan, const std::string& heuristic,
                       const SearchResult& result, const std::vector<std::vector<Tile>>& path) {
  SolveFacts facts;
  facts.id = id;
  facts.instance = &job.instance;
  facts.goal = job.goal.tiles();
  facts.result = &result;
  facts.algorithm = algorithm_name(plan.algorithm);
  facts.kind = plan.algorithm;
  facts.heuristic = heuristic;
  facts.threads = plan.threads;
  facts.weight = weight_of(plan);
  if (options.show_path) facts.path = &path;
  return facts;
}

}  // namespace taquin::cli
