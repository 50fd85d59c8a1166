// One search chosen at run time: algorithm × heuristic, resolved to types once, outside the hot
// loop.
#pragma once

#include <optional>
#include <string_view>

#include "taquin/board.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace pdb {
struct PdbSet;
}

// Constructive: a tile, then a row or column, at a time (any shape, fast, not optimal).
// Anytime: weighted A* whose first solution comes fast, shortened until a limit stops it (the
// square boards 2x2 to 8x8).
enum class Algorithm { Ida, AStar, Greedy, Uniform, Bfs, Constructive, Anytime };

// "ida", "astar", "greedy", "uniform", "bfs", "constructive", "anytime" -> algorithm; nullopt
// otherwise.
constexpr std::optional<Algorithm> parse_algorithm(std::string_view name) {
  if (name == "constructive") return Algorithm::Constructive;
  if (name == "anytime") return Algorithm::Anytime;
  if (name == "ida") return Algorithm::Ida;
  if (name == "astar") return Algorithm::AStar;
  if (name == "greedy") return Algorithm::Greedy;
  if (name == "uniform") return Algorithm::Uniform;
  if (name == "bfs") return Algorithm::Bfs;
  return std::nullopt;
}

// The algorithm's name, as parse_algorithm reads it.
constexpr const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::Ida:
      return "ida";
    case Algorithm::AStar:
      return "astar";
    case Algorithm::Greedy:
      return "greedy";
    case Algorithm::Uniform:
      return "uniform";
    case Algorithm::Bfs:
      return "bfs";
    case Algorithm::Constructive:
      return "constructive";
    case Algorithm::Anytime:
      return "anytime";
  }
  return "?";
}

// Uniform-cost search, BFS and the constructive solver ignore the heuristic.
constexpr bool uses_heuristic(Algorithm a) {
  return a != Algorithm::Uniform && a != Algorithm::Bfs && a != Algorithm::Constructive;
}

// The searches whose solutions are proven shortest (with an admissible heuristic and no weight).
constexpr bool is_optimal_search(Algorithm a) {
  return a != Algorithm::Greedy && a != Algorithm::Constructive && a != Algorithm::Anytime;
}

// The searches that take a weight (SearchPlan::weight).
constexpr bool takes_weight(Algorithm a) {
  return a == Algorithm::AStar || a == Algorithm::Ida || a == Algorithm::Anytime;
}

// The anytime search's first weight when none is given.
inline constexpr double kAnytimeWeight = 3.0;

// Whether IDA* runs as A*+IDA* (Bu & Korf 2019: a memory-bounded A* from the start, whose open
// list the iterations sweep): Auto where it was measured faster (docs/performance.md: nowhere
// yet), On on every side from 3 to 5 with linear conflict or pattern databases, Off never.
enum class AStarPhase { Auto, On, Off };

// "on" -> On, "off" -> Off, anything else (the CLI's "auto", or nothing) -> Auto.
constexpr AStarPhase parse_astar_phase(std::string_view name) {
  return name == "on" ? AStarPhase::On : name == "off" ? AStarPhase::Off : AStarPhase::Auto;
}

// What one search needs besides the board.
struct SearchPlan {
  Algorithm algorithm = Algorithm::Ida;
  HeuristicKind heuristic = HeuristicKind::Linear;
  int threads = 1;  // IDA* and anytime above 1: the parallel search, on the threads oneTBB allows
  Limits limits;
  // IDA*'s child order (sides above 4, with pattern databases) and the parallel searches' split
  // order (search/order.hpp).
  SearchOrder order;
  // A* and IDA* above 1: the heuristic scaled by it, the solution within weight× optimal (not
  // proven optimal); anytime: its first solution's weight (the CLI's default:
  // kAnytimeWeight). At least 1, finite.
  double weight = 1.0;
  // IDA*'s A* phase; its memory: limits.max_memory_bytes where set, at most half the memory
  // available when the search starts (astar_memory_budget).
  AStarPhase astar = AStarPhase::Auto;
};

// Runs `plan` on the canonical board `start` (goal: identity with the blank on
// start.blank_label()). `databases` must hold tables usable for that blank cell when the
// heuristic is Pdb (load_pdb_set checks it); it is unused otherwise. Instantiated for every
// side in src/search/, so each caller does not compile every search again.
template <int N>
SearchResult run_search(const Board<N>& start, const SearchPlan& plan,
                        const pdb::PdbSet* databases);

extern template SearchResult run_search<2>(const Board<2>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<3>(const Board<3>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<4>(const Board<4>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<5>(const Board<5>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<6>(const Board<6>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<7>(const Board<7>&, const SearchPlan&, const pdb::PdbSet*);
extern template SearchResult run_search<8>(const Board<8>&, const SearchPlan&, const pdb::PdbSet*);

}  // namespace taquin
