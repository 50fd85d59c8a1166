// The one solve call: relabel, search on the board's shape, replay against the user's goal.
#include "taquin/solve.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/replay.hpp"
#include "pdb/pdb_set.hpp"
#include "shape/dispatch.hpp"

namespace taquin {

namespace {

// True when the packed boards search `plan` on boards of `shape`: squares of side 2 to 8, by every
// algorithm but the constructive one.
bool on_packed_boards(Shape shape, const SearchPlan& plan) {
  return shape::is_packed(shape) && plan.algorithm != Algorithm::Constructive;
}

// The anytime search stopped by a time, node or memory limit before its first solution: the
// constructive solver's (at once on boards its size) with the bound the search proved.
void keep_an_answer(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan,
                    SearchResult& result) {
  if (plan.algorithm != Algorithm::Anytime ||
      (result.outcome != Outcome::TimeLimit && result.outcome != Outcome::NodeLimit &&
       result.outcome != Outcome::MemoryLimit))
    return;
  SearchPlan constructive;
  constructive.algorithm = Algorithm::Constructive;
  constructive.limits.cancel = plan.limits.cancel;
  SearchResult answer = shape::search(tiles, goal, constructive);
  if (answer.outcome != Outcome::Solved) return;
  result.outcome = Outcome::Solved;
  result.moves = std::move(answer.moves);
  result.optimal = false;
  result.stats.nodes_expanded += answer.stats.nodes_expanded;
  result.stats.seconds += answer.stats.seconds;
}

}  // namespace

SearchResult search_board(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan,
                          const pdb::PdbSet* databases) {
  SearchResult result =
      on_packed_boards(goal.shape(), plan)
          ? with_side(
                goal.side(),
                [&]<int N>() { return run_search<N>(goal.canonical<N>(tiles), plan, databases); })
          : shape::search(tiles, goal, plan);
  keep_an_answer(tiles, goal, plan, result);
  // A solution not proven shortest says how far from the shortest it may be.
  // (Weighted and anytime searches prove a bound of their own: the larger is kept.)
  if (result.outcome == Outcome::Solved && !result.optimal)
    result.lower_bound =
        std::max(result.lower_bound,
                 static_cast<int>(shape::lower_bound_of(shape::canonical_grid(tiles, goal))));
  if (result.outcome == Outcome::Solved && !result.optimal && takes_weight(plan.algorithm) &&
      result.lower_bound >= static_cast<int>(result.moves.size()))
    result.optimal = true;  // the bound meets the length
  return result;
}

Expected<CheckedResult> check_result(std::span<const Tile> tiles, const Goal& goal,
                                     SearchResult result) {
  CheckedResult checked;
  static_cast<SearchResult&>(checked) = std::move(result);
  if (checked.outcome != Outcome::Solved) return checked;
  const bool keep_path = (checked.moves.size() + 1) * tiles.size() <= kMaxPathTiles;
  Expected<std::vector<std::vector<Tile>>> replay =
      replay_solution(tiles, checked.moves, goal, keep_path);
  if (!replay)
    return Error{"replay", 0, "the solution found does not replay: " + replay.error().message};
  checked.path = std::move(*replay);
  return checked;
}

std::optional<Error> check_solve_input(std::span<const Tile> tiles, const Goal& goal,
                                       const SearchPlan& plan, const pdb::PdbSet* databases) {
  const auto bad = [](std::string message) { return Error{"solve", 0, std::move(message)}; };
  const Shape shape = goal.shape();
  if (std::optional<std::string> problem = shape_problem(shape))
    return bad("a goal of " + shape_name(shape) + ": " + *problem);
  const size_t cells = static_cast<size_t>(shape.cells());
  if (tiles.size() != cells)
    return bad("the board has " + std::to_string(tiles.size()) + " tiles, the goal " +
               std::to_string(cells));
  std::vector<bool> seen(cells, false);
  for (Tile t : tiles) {
    if (t >= cells || seen[t])
      return bad("the board's tiles are not 0 to " + std::to_string(cells - 1) + " once each");
    seen[t] = true;
  }
  if (plan.threads < 1) return bad("threads must be 1 or more");
  if (plan.threads > 1 && plan.algorithm != Algorithm::Ida && plan.algorithm != Algorithm::Anytime)
    return bad("only IDA* and anytime search in parallel");
  if (!(plan.weight >= 1.0) || !std::isfinite(plan.weight))
    return bad("the weight must be a finite number, 1 or more");
  if (!on_packed_boards(shape, plan)) {
    if (plan.weight > 1.0 && plan.algorithm == Algorithm::Ida)
      return bad("weighted IDA* (--weight) serves the square boards 2x2 to 8x8; a " +
                 shape_name(shape) + " board takes a weight with astar or anytime");
    if (std::optional<std::string> problem = shape::search_problem(shape, plan))
      return bad(*problem);
    return std::nullopt;
  }
  const int side = shape.rows;
  if (uses_heuristic(plan.algorithm) && plan.heuristic == HeuristicKind::Pdb) {
    if (!databases) return bad("the pdb heuristic needs pattern databases");
    if (databases->catalogue.side != side ||
        pdb::usable_symmetries(databases->catalogue, goal.blank_cell()).empty())
      return bad("the pattern databases " + databases->catalogue.stem +
                 " do not serve this goal (side " + std::to_string(side) + ", blank on cell " +
                 std::to_string(goal.blank_cell()) + ")");
  }
  return std::nullopt;
}

Expected<CheckedResult> solve(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan,
                              const pdb::PdbSet* databases) {
  if (std::optional<Error> bad = check_solve_input(tiles, goal, plan, databases)) return *bad;
  return check_result(tiles, goal, search_board(tiles, goal, plan, databases));
}

}  // namespace taquin
