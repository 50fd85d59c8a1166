// taquin's stable C++ API (docs/api.md): parse a board, choose a goal, load pattern databases once,
// solve with limits and a cancel token, solve a batch on a oneTBB arena; every result replayed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"
#include "taquin/solve.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// The library's version, "MAJOR.MINOR.PATCH" (the CMake package's).
std::string_view version();

// The one board in `text`: a line of N² numbers, N rows of N numbers, the 42 format (N, then the
// rows) or a rectangle ("R C", then R rows of C numbers); '#' starts a comment. Fails, naming
// `source` and the line, on a bad board, on no board and on more than one.
Expected<Instance> parse_board(std::string_view text, const std::string& source = "board");

// The goal `spec` names for boards of `shape`: "standard" (1 … cells−1 then the blank),
// "zero-first", "snail", an inline board, or a file holding one board. Fails on an unknown name, a
// shape out of 2 to 100 rows and columns, or a custom goal of another shape; errors name "goal".
Expected<Goal> make_goal(std::string_view spec, Shape shape);

// The same for a square of side `side`.
inline Expected<Goal> make_goal(std::string_view spec, int side) {
  return make_goal(spec, Shape::square(side));
}

// Pattern databases loaded once and shared, read-only, by any number of solves at once.
using Databases = std::shared_ptr<const pdb::PdbSet>;

// The databases that serve `goal` in `dir_or_catalogue` (a directory of tables, or a catalogue
// file with its tables beside it): the strongest complete set there. Fails, saying what is missing
// and the `taquin pdb build` command that makes it.
Expected<Databases> load_databases(const std::string& dir_or_catalogue, const Goal& goal);

// A flag that stops searches from another thread: copies share it; cancel() makes every search
// using it return Outcome::Cancelled soon after (IDA* polls it every few thousand nodes).
class CancelToken {
 public:
  CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
  void cancel() const { flag_->store(true, std::memory_order_relaxed); }
  void reset() const { flag_->store(false, std::memory_order_relaxed); }
  bool cancelled() const { return flag_->load(std::memory_order_relaxed); }
  // The flag itself, for Limits::cancel; lives as long as any copy of the token.
  const std::atomic<bool>* flag() const { return flag_.get(); }

 private:
  std::shared_ptr<std::atomic<bool>> flag_;
};

// How to solve: the algorithm, the heuristic, threads and limits (0: none).
struct SolveOptions {
  Algorithm algorithm = Algorithm::Ida;
  std::optional<HeuristicKind> heuristic;  // nullopt: pdb when databases are given, else linear
  int threads = 1;                         // IDA* above 1: the parallel search
  double max_seconds = 0;
  uint64_t max_nodes = 0;
  uint64_t max_memory_bytes = 0;  // A*, greedy, uniform-cost and BFS
  // A* and IDA*: the heuristic times it (a solution within weight× the shortest); anytime: its
  // first weight. nullopt: 1, and kAnytimeWeight for the anytime search.
  std::optional<double> weight;
};

// The SearchPlan of `options`, its limits' cancel flag `cancel`'s (none when null), the heuristic
// resolved against `databases`.
SearchPlan make_plan(const SolveOptions& options, const Databases& databases,
                     const CancelToken* cancel);

// Solves `board` towards `goal` (taquin::solve on make_plan's plan): the outcome, the moves
// (blank moves U/D/L/R) replayed from the board to the goal, whether the length is proven
// optimal, the statistics. An unsolvable board is Outcome::Unsolvable, a limit or a cancel its
// outcome; fails on bad input (another side than the goal's, pdb without databases...).
Expected<CheckedResult> solve(const Instance& board, const Goal& goal,
                              const SolveOptions& options = {}, const Databases& databases = {},
                              const CancelToken* cancel = nullptr);

// Solves every board of `boards` towards `goal`, several at once on a oneTBB arena of `threads`
// threads (0: all cores), each search with `options` (threads 1 is best for many small boards).
// Results in input order. A cancel stops the searches under way and skips the rest (Cancelled).
std::vector<Expected<CheckedResult>> solve_batch(std::span<const Instance> boards, const Goal& goal,
                                                 const SolveOptions& options = {},
                                                 const Databases& databases = {}, int threads = 0,
                                                 const CancelToken* cancel = nullptr);

}  // namespace taquin
