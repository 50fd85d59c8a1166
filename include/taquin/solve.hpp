// The one library call that solves a board: the goal's relabelling, the search of the board's
// shape, and the replay of the solution against the user's board and goal.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin {

namespace pdb {
struct PdbSet;
}

// The most tiles a solution's path of boards holds ((moves + 1) × cells): a longer path is checked
// but not kept.
inline constexpr size_t kMaxPathTiles = size_t{1} << 24;

// A search's result whose solution was checked: when Solved, `moves` replayed from the user's
// board end on the user's goal, and `path` holds the boards met (tiles row-major, 0 = blank), the
// start first and the goal last (moves.size() + 1 boards) when they hold at most kMaxPathTiles
// tiles; empty otherwise.
struct CheckedResult : SearchResult {
  std::vector<std::vector<Tile>> path;
};

// The search of `plan` on `tiles` (row-major, 0 = blank) towards `goal`: the board relabelled so
// that the goal is canonical (Goal::canonical), then run_search of its side for a square of side
// 2 to 8, else the search of any shape (src/shape/). No check: see check_result. Preconditions
// (validated by solve): `tiles` is a permutation of [0, cells) of the goal's shape; `databases`
// serve `goal` when plan.heuristic is Pdb.
SearchResult search_board(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan,
                          const pdb::PdbSet* databases);

// `result` of a search of `tiles` towards `goal`, checked: a Solved result's moves are replayed
// (replay_solution) and its path kept. Fails (source "replay", "the solution found does not
// replay: " and the replay's message) when they do not lead there: an internal error of the
// search. Other outcomes pass unchanged.
Expected<CheckedResult> check_result(std::span<const Tile> tiles, const Goal& goal,
                                     SearchResult result);

// Why `tiles`, `goal`, `plan` and `databases` cannot be searched together, or nullopt: tiles that
// are not a permutation for the goal's shape, a shape the plan's algorithm cannot search, fewer
// than one thread, parallel search other than IDA*, pattern databases missing or built for another
// side or
// blank cell. Errors have source "solve" and no line.
std::optional<Error> check_solve_input(std::span<const Tile> tiles, const Goal& goal,
                                       const SearchPlan& plan, const pdb::PdbSet* databases);

// Solves `tiles` towards `goal` with `plan` (its limits, its cancel flag) and `databases` (used
// when plan.heuristic is Pdb): check_solve_input, search_board, check_result. The outcome says
// whether it was solved; an unsolvable board (parity) is Outcome::Unsolvable, not an error.
// Fails on bad input (check_solve_input) and on a solution that does not replay. Thread-safe:
// any number of calls may run at once, sharing `databases`. Prints nothing.
Expected<CheckedResult> solve(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan,
                              const pdb::PdbSet* databases);

}  // namespace taquin
