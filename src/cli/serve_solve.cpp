// `taquin serve`'s checked search: taquin::solve, its replay failure named after the board.
#include "cli/serve_solve.hpp"

#include <utility>

#include "core/solvability.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {

CheckedSolve solve_checked(const Instance& instance, const Goal& goal, const SearchPlan& plan,
                           const pdb::PdbSet* databases) {
  CheckedSolve out;
  if (!is_solvable(instance.tiles, goal)) {
    out.result.outcome = Outcome::Unsolvable;
    return out;
  }
  Expected<CheckedResult> solved = solve(instance.tiles, goal, plan, databases);
  if (!solved) {
    out.error = Error{instance.source, instance.line, "internal error: " + solved.error().message};
    out.result.outcome = Outcome::Cancelled;
    return out;
  }
  out.path = std::move(solved->path);
  out.result = std::move(*solved);
  return out;
}

}  // namespace taquin::cli
