// The searches of boards of any shape: a plan's algorithm resolved to the Grid searches.
#include "shape/dispatch.hpp"

#include <sstream>

#include "search/weighted.hpp"
#include "shape/realtime.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"

namespace taquin::shape {

Grid canonical_grid(std::span<const Tile> tiles, const Goal& goal) {
  const Shape s = goal.shape();
  Grid grid{s.rows, s.cols, std::vector<uint16_t>(s.cells()), 0};
  for (int c = 0; c < s.cells(); ++c) {
    grid.cells[c] = static_cast<uint16_t>(goal.cell_of(tiles[c]));
    if (tiles[c] == 0) grid.blank = c;
  }
  return grid;
}

std::string default_algorithm_reason(Shape shape, double seconds) {
  std::ostringstream budget;
  budget << seconds;
  const std::string board = "a " + shape_name(shape) + " board (" + std::to_string(shape.cells()) +
                            " cells) is beyond optimal search (at most " +
                            std::to_string(kMaxIdaCells) + " cells): solved by ";
  if (default_algorithm(shape) == Algorithm::Anytime)
    return board +
           "anytime, a first solution at once, shortened by beam searches and weighted A* for " +
           budget.str() +
           " s (--max-seconds), not proven optimal unless it meets its lower bound "
           "(--algorithm to choose another)";
  return board +
         "constructive, a row or column at a time, fast and not optimal "
         "(--algorithm to choose another)";
}

SearchPlan with_default_algorithm(SearchPlan plan, Shape shape) {
  plan.algorithm = default_algorithm(shape);
  plan.weight = 1.0;
  if (plan.algorithm == Algorithm::Anytime) {
    plan.weight = kAnytimeWeight;
    if (plan.limits.max_seconds <= 0) plan.limits.max_seconds = kAnytimeSeconds;
  } else if (plan.algorithm != Algorithm::Ida) {
    plan.threads = 1;
  }
  return plan;
}

int64_t lower_bound_of(const Grid& start) {
  const ShapeTables tables(start.rows, start.cols, start.blank_goal());
  return manhattan(start) + all_line_conflicts(start.cells.data(), tables);
}

std::optional<std::string> search_problem(Shape shape, const SearchPlan& plan) {
  const std::string name = shape_name(shape);
  switch (plan.algorithm) {
    case Algorithm::Constructive:
    case Algorithm::Greedy:
    case Algorithm::AStar:
    case Algorithm::Uniform:
    case Algorithm::Bfs:
      break;
    case Algorithm::Anytime:
      break;
    case Algorithm::Ida:
      if (shape.cells() > kMaxIdaCells)
        return "IDA* searches boards of at most " + std::to_string(kMaxIdaCells) +
               " cells but for the packed squares up to 8x8; a " + name +
               " board is for constructive or greedy";
      break;
  }
  if (uses_heuristic(plan.algorithm) && plan.heuristic == HeuristicKind::Pdb &&
      shape.cells() > kMaxIdaCells)
    return "pattern databases serve boards of at most " + std::to_string(kMaxIdaCells) +
           " cells; a " + name + " board takes linear-conflict, manhattan or hamming";
  return std::nullopt;
}

SearchResult search(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan) {
  const Grid start = canonical_grid(tiles, goal);
  switch (plan.algorithm) {
    case Algorithm::Constructive:
      return solve_realtime(start, plan.limits);
    case Algorithm::Ida:
      return ida_search(start, plan.heuristic, plan.limits);
    case Algorithm::Bfs:
      return best_first_search(start, Algorithm::Uniform, plan.heuristic, plan.limits);
    case Algorithm::Anytime:
      return anytime_search(start, plan.heuristic, plan.limits, weight_thousandths(plan.weight));
    default:
      return best_first_search(start, plan.algorithm, plan.heuristic, plan.limits,
                               weight_thousandths(plan.weight));
  }
}

}  // namespace taquin::shape
