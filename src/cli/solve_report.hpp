// `taquin solve`'s options and the report of one board: its text, and the facts of its record.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/job_stream.hpp"
#include "cli/options.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/records.hpp"
#include "cli/solve_record.hpp"
#include "cli/view.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::cli {

struct SolveCliOptions {
  InputOptions input;
  std::string algorithm;  // empty: each board's default (shape::default_algorithm)
  std::string
      heuristic;  // empty: the strongest available (pdb on 4x4 and 5x5 when built, else linear)
  PdbChoice pdb;
  std::string format = "text";
  bool show_path = false;
  bool strict = false;
  std::string max_memory;   // empty: default_memory_limit()
  std::string astar;        // --astar auto|on|off; empty: auto
  std::string max_nodes;    // empty: no limit
  std::string max_seconds;  // empty: no limit
  std::string weight;       // --weight: empty for none (A*, IDA*: unweighted; anytime: its default)
  int threads = 0;          // 0: all cores for IDA*, one for the other algorithms
  ViewOptions view;         // --color, --notation, --svg, --animate, --gif
  bool progress = false;    // --progress: each IDA* iteration as a line on stderr
  bool verbose = false;     // MPI builds: the nodes each rank expanded, on stderr
};

// The weight of a weighted A* or IDA* plan (above 1): the record's `weight`; nullopt otherwise.
inline std::optional<double> weight_of(const SearchPlan& plan) {
  const bool weighted = plan.algorithm == Algorithm::AStar || plan.algorithm == Algorithm::Ida;
  return weighted && plan.weight > 1.0 ? std::optional<double>(plan.weight) : std::nullopt;
}

// `taquin solve` with `options`: the plan, the stream of boards, then each board solved and its
// record written (src/cli/solve.cpp). Returns the exit status.
int run_solve(const SolveCliOptions& options);

// The text report of board `id` (docs/output.md, "solve"): its grid, then its solution or why it
// has none, and the search's statistics; a blank line after it. With `head_shown`, a solvable
// board's report without its head (print_text_head printed it before the search).
void print_text(std::ostream& out, int id, const Job& job, const SolveCliOptions& options,
                const SearchPlan& plan, const std::string& heuristic, const SearchResult& result,
                const std::vector<std::vector<Tile>>& path, TermColour colour,
                bool head_shown = false);

// The head of a solvable board's text report, known before its search: the instance line (its
// goal), the grid and the algorithm line.
void print_text_head(std::ostream& out, int id, const Job& job, const SearchPlan& plan,
                     const std::string& heuristic, TermColour colour);

// The facts of board `id`'s solve record (solve_record.hpp), `path` with --show-path: they point
// into `job`, `result` and `path`.
SolveFacts solve_facts(int id, const Job& job, const SolveCliOptions& options,
                       const SearchPlan& plan, const std::string& heuristic,
                       const SearchResult& result, const std::vector<std::vector<Tile>>& path);

}  // namespace taquin::cli
