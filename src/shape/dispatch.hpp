// The searches of boards of any shape chosen for a plan: the constructive solver, and the optimal
// and best-first searches of the shapes that the packed Board<N> does not cover.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "shape/grid.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::shape {

// The most cells of a board that IDA* searches outside the packed squares (5x5 and the rectangles
// of up to 25 cells: 2x3 ... 3x8, 4x5, 4x6).
inline constexpr int kMaxIdaCells = 25;

// The canonical Grid of `tiles` (row-major, 0 = blank) towards `goal`: each cell holds its
// piece's goal cell.
Grid canonical_grid(std::span<const Tile> tiles, const Goal& goal);

// True when boards of `shape` are searched on the packed Board<N>: the squares of side 2 to 8.
constexpr bool is_packed(Shape shape) {
  return shape.is_square() && shape.rows >= kMinSide && shape.rows <= kMaxSide;
}

// The most cells of a board that the anytime search takes by default (8x8, and the rectangles of
// 26 to 64 cells); larger ones take the constructive solver.
inline constexpr int kMaxAnytimeCells = 64;

// The anytime search's time budget when it is the default and no time limit is given.
inline constexpr double kAnytimeSeconds = 5.0;

// The algorithm for a board of `shape` when none is asked for: IDA* (optimal) up to kMaxIdaCells
// cells; the anytime search (a first solution at once, shortened for kAnytimeSeconds) up to
// kMaxAnytimeCells; else the constructive solver (real time, not optimal).
constexpr Algorithm default_algorithm(Shape shape) {
  if (shape.cells() <= kMaxIdaCells) return Algorithm::Ida;
  return shape.cells() <= kMaxAnytimeCells ? Algorithm::Anytime : Algorithm::Constructive;
}

// `plan` with the default algorithm of boards of `shape` (default_algorithm), its first weight
// and, for the anytime search, a time limit of kAnytimeSeconds unless one is set; the threads
// kept for IDA* and the anytime search, else one.
SearchPlan with_default_algorithm(SearchPlan plan, Shape shape);

// Fewest cells of a board whose goal takes the shape pattern databases by default (smaller ones
// keep linear conflict, which solves them before the tables would be built).
inline constexpr int kMinDefaultPdbCells = 13;

// True when boards of `shape` off the packed squares take the default partition's pattern
// databases (shared_default_pdb) when no heuristic is asked for: 13 to kMaxIdaCells cells.
constexpr bool default_shape_pdb(Shape shape) {
  return shape.cells() >= kMinDefaultPdbCells && shape.cells() <= kMaxIdaCells;
}

// Why default_algorithm chose the anytime search or the constructive solver for `shape` (with
// `seconds`, the anytime search's time limit): one sentence for stderr.
std::string default_algorithm_reason(Shape shape, double seconds = kAnytimeSeconds);

// A lower bound on the moves from `start` to its goal: Manhattan distance plus the row and column
// conflicts, for any size.
int64_t lower_bound_of(const Grid& start);

// Why `plan` cannot search a board of `shape` on this path, or nullopt.
std::optional<std::string> search_problem(Shape shape, const SearchPlan& plan);

// `plan` run on `tiles` towards `goal` over a Grid. Precondition: search_problem is nullopt.
SearchResult search(std::span<const Tile> tiles, const Goal& goal, const SearchPlan& plan);

}  // namespace taquin::shape
