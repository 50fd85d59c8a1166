// The one call through which `taquin serve` searches a board: taquin::solve (the search, then the
// replay of its solution against the board and the goal: nothing unchecked is served).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::pdb {
struct PdbSet;
}

namespace taquin::cli {

// What one checked search gives.
struct CheckedSolve {
  SearchResult result;                  // Outcome::Unsolvable when the parity forbids it
  std::vector<std::vector<Tile>> path;  // when solved: every board, the start to the goal
  std::optional<Error> error;           // an internal error: the solution does not replay
};

// Searches `instance` towards `goal` with `plan` (its limits, cancel flag and on_iteration
// included); `databases` as taquin::solve wants them for a Pdb heuristic. An unsolvable board is
// answered without a search. A solution is replayed from the user's board to the user's goal;
// one that fails is reported in `error` (a bug), never returned as solved.
CheckedSolve solve_checked(const Instance& instance, const Goal& goal, const SearchPlan& plan,
                           const pdb::PdbSet* databases);

}  // namespace taquin::cli
