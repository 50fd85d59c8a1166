// The stable API (taquin.hpp): thin wrappers over the readers, the goals, the databases and solve.
#include "taquin/taquin.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "pdb/pdb_set.hpp"

#ifndef TAQUIN_VERSION
#define TAQUIN_VERSION "0.0.0"
#endif

namespace taquin {

std::string_view version() {
  return TAQUIN_VERSION;
}

Expected<Instance> parse_board(std::string_view text, const std::string& source) {
  std::vector<Expected<Instance>> boards = parse_each_instance(text, source);
  if (boards.empty()) return Error{source, 0, "no board"};
  if (!boards[0]) return boards[0].error();
  if (boards.size() > 1) {
    const int line = boards[1] ? boards[1]->line : boards[1].error().line;
    return Error{source, line, "more than one board (a second one starts here)"};
  }
  return std::move(boards[0]);
}

Expected<Goal> make_goal(std::string_view spec, Shape shape) {
  Expected<Goal> goal = parse_goal(spec, shape, "goal", "goal");
  if (!goal && goal.error().source.empty()) return Error{"goal", 0, goal.error().message};
  return goal;
}

Expected<Databases> load_databases(const std::string& dir_or_catalogue, const Goal& goal) {
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(dir_or_catalogue, goal);
  if (!set) return set.error();
  return Databases(std::make_shared<const pdb::PdbSet>(std::move(*set)));
}

SearchPlan make_plan(const SolveOptions& options, const Databases& databases,
                     const CancelToken* cancel) {
  SearchPlan plan;
  plan.algorithm = options.algorithm;
  plan.heuristic =
      options.heuristic.value_or(databases ? HeuristicKind::Pdb : HeuristicKind::Linear);
  plan.threads = options.threads;
  plan.limits.max_seconds = options.max_seconds;
  plan.limits.max_nodes = options.max_nodes;
  plan.limits.max_memory_bytes = options.max_memory_bytes;
  plan.weight =
      options.weight.value_or(options.algorithm == Algorithm::Anytime ? kAnytimeWeight : 1.0);
  plan.limits.cancel = cancel ? cancel->flag() : nullptr;
  return plan;
}

Expected<CheckedResult> solve(const Instance& board, const Goal& goal, const SolveOptions& options,
                              const Databases& databases, const CancelToken* cancel) {
  if (board.shape != goal.shape())
    return Error{
        "solve", 0,
        "a " + shape_name(board.shape) + " board for a " + shape_name(goal.shape()) + " goal"};
  return solve(board.tiles, goal, make_plan(options, databases, cancel), databases.get());
}

std::vector<Expected<CheckedResult>> solve_batch(std::span<const Instance> boards, const Goal& goal,
                                                 const SolveOptions& options,
                                                 const Databases& databases, int threads,
                                                 const CancelToken* cancel) {
  std::vector<Expected<CheckedResult>> results(boards.size(), CheckedResult{});
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(size_t{0}, boards.size(), [&](size_t i) {
      if (cancel && cancel->cancelled()) return;  // left Cancelled
      results[i] = solve(boards[i], goal, options, databases, cancel);
    });
  });
  return results;
}

}  // namespace taquin
