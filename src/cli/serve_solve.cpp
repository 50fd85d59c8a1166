// `taquin serve`'s checked search: run_search, then replay_solution (as `taquin solve` does).
#include "serve_solve.hpp"

#include "taquin/replay.hpp"
#include "taquin/solvability.hpp"

namespace taquin::cli {

CheckedSolve solve_checked(const Instance& instance, const Goal& goal, const SearchPlan& plan,
                           const pdb::PdbSet* databases) {
  CheckedSolve out;
  if (!is_solvable(instance.tiles, goal)) {
    out.result.outcome = Outcome::Unsolvable;
    return out;
  }
  out.result = with_side(instance.side, [&]<int N>() {
    return run_search<N>(goal.canonical<N>(instance.tiles), plan, databases);
  });
  if (out.result.outcome != Outcome::Solved) return out;
  Expected<std::vector<std::vector<uint8_t>>> replay =
      replay_solution(instance.tiles, out.result.moves, goal);
  if (!replay) {
    out.error =
        Error{instance.source, instance.line,
              "internal error: the solution found does not replay: " + replay.error().message};
    out.result.outcome = Outcome::Cancelled;
    out.result.moves.clear();
    return out;
  }
  out.path = std::move(*replay);
  return out;
}

}  // namespace taquin::cli
