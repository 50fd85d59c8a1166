// The searches of boards of any shape (Grid): IDA* up to 25 cells, best-first and anytime searches
// of any size.
#pragma once

#include "shape/grid.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::shape {

// Optimal solution of `start` (goal: the identity, blank on start.blank_goal()) by IDA* with no
// move back, heuristic `h` (Hamming, Manhattan, Linear: Manhattan plus row and column
// conflicts, or Pdb: the default partition's pattern databases, shared_default_pdb, built on
// first use, before the limits are heeded). Returns Solved with optimal moves (optimal = true),
// Unsolvable on a parity mismatch, or NodeLimit / TimeLimit / Cancelled when `limits` stop it (a
// node limit after exactly that many expansions; cancel and time are polled every few thousand
// nodes), with lower_bound the bound under way. limits.on_iteration is called after each bound
// without a solution; max_memory_bytes is unused (IDA* holds one path). Stats as the square IDA*'s.
// Throws std::invalid_argument for more than kMaxCompactCells cells, or h = Pdb when the
// databases fail to build.
SearchResult ida_search(const Grid& start, HeuristicKind h, const Limits& limits = {});

// Best-first search of `start` (any size): `algorithm` AStar (f = g + h; optimal; with `weight`
// thousandths W·kWeightScale above kWeightScale, f = g + floor(W·h): a solution within W times
// the shortest, not called optimal, a stop's lower bound the least f over W), Uniform (g
// alone, h unused; optimal) or Greedy (h alone; any solution). Closed set keyed by XXH3 of the
// packed cells, whole states kept; stops with MemoryLimit before growing past
// limits.max_memory_bytes, with NodeLimit / TimeLimit / Cancelled on the other limits (lower_bound
// then as the square best-first search's), Unsolvable on a parity mismatch. Throws
// std::invalid_argument for another algorithm, or h = Pdb (the default partition's databases, as
// ida_search's; A* reopens a state reached again shorter, so it stays optimal with them) when
// the databases fail to build or the board has more than kMaxPdbCells cells.
SearchResult best_first_search(const Grid& start, Algorithm algorithm, HeuristicKind h,
                               const Limits& limits = {}, int weight = 1000);

// Anytime search of `start` (any size): weighted A* runs from weight `first` (thousandths) down
// the schedule 1 + (W - 1)·0.6^k to 1, each pruning what cannot beat the best solution found and
// ending at the first one it improves on; the run at weight 1 goes on until nothing shorter is
// left, which proves it optimal. After each run that improved the solution, a beam search
// (shape/beam.hpp) of the next width, 1024, 2048, ... up to 2^24 (or until one passes the
// memory bound: limits.max_memory_bytes, else a quarter of the memory available); on boards of
// 26 cells or more, beams alone after the first solution, then the weights again once the
// widths ran out. A beam's solution is kept when shorter; a beam proves nothing. Ends when the
// solution is proven optimal (optimal: true) or when `limits` stop it (time and nodes over all
// runs and beams, memory per run or beam): Solved with the best solution and the lower bound
// proven by the A* runs (the least g + h left open, the start's h at least), or without a
// solution the limit and that bound. Unsolvable on a parity mismatch. Heuristics and errors as
// best_first_search's A*.
SearchResult anytime_search(const Grid& start, HeuristicKind h, const Limits& limits, int first);

}  // namespace taquin::shape
