// The one solve call: relabel, search on the board's side, replay against the user's goal.
#include "taquin/solve.hpp"

#include <string>
#include <utility>

#include "core/replay.hpp"
#include "pdb/pdb_set.hpp"

namespace taquin {

SearchResult search_board(std::span<const uint8_t> tiles, const Goal& goal, const SearchPlan& plan,
                          const pdb::PdbSet* databases) {
  return with_side(goal.side(), [&]<int N>() {
    return run_search<N>(goal.canonical<N>(tiles), plan, databases);
  });
}

Expected<CheckedResult> check_result(std::span<const uint8_t> tiles, const Goal& goal,
                                     SearchResult result) {
  CheckedResult checked;
  static_cast<SearchResult&>(checked) = std::move(result);
  if (checked.outcome != Outcome::Solved) return checked;
  Expected<std::vector<std::vector<uint8_t>>> replay = replay_solution(tiles, checked.moves, goal);
  if (!replay)
    return Error{"replay", 0, "the solution found does not replay: " + replay.error().message};
  checked.path = std::move(*replay);
  return checked;
}

std::optional<Error> check_solve_input(std::span<const uint8_t> tiles, const Goal& goal,
                                       const SearchPlan& plan, const pdb::PdbSet* databases) {
  const auto bad = [](std::string message) { return Error{"solve", 0, std::move(message)}; };
  const int side = goal.side();
  if (side < kMinSide || side > kMaxSide)
    return bad("a goal of side " + std::to_string(side) + "; sides are " +
               std::to_string(kMinSide) + " to " + std::to_string(kMaxSide));
  const size_t cells = static_cast<size_t>(side) * side;
  if (tiles.size() != cells)
    return bad("the board has " + std::to_string(tiles.size()) + " tiles, the goal " +
               std::to_string(cells));
  std::vector<bool> seen(cells, false);
  for (uint8_t t : tiles) {
    if (t >= cells || seen[t])
      return bad("the board's tiles are not 0 to " + std::to_string(cells - 1) + " once each");
    seen[t] = true;
  }
  if (plan.threads < 1) return bad("threads must be 1 or more");
  if (plan.threads > 1 && plan.algorithm != Algorithm::Ida)
    return bad("only IDA* searches in parallel");
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

Expected<CheckedResult> solve(std::span<const uint8_t> tiles, const Goal& goal,
                              const SearchPlan& plan, const pdb::PdbSet* databases) {
  if (std::optional<Error> bad = check_solve_input(tiles, goal, plan, databases)) return *bad;
  return check_result(tiles, goal, search_board(tiles, goal, plan, databases));
}

}  // namespace taquin
