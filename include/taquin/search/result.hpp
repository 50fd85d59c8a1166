// What every search returns: the moves found, whether they are proven optimal, and statistics.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "taquin/tables.hpp"

namespace taquin {

// Counters every search fills in (the 42 school's statistics among them).
struct Stats {
  uint64_t nodes_expanded = 0;        // states whose successors were generated
  uint64_t nodes_generated = 0;       // successor states created
  uint64_t states_selected = 0;       // states taken from the open list ("complexity in time")
  uint64_t max_states_in_memory = 0;  // most states held at once ("complexity in size")
  uint64_t iterations = 0;            // IDA*: bound iterations
  double seconds = 0.0;               // wall time of the search
};

// Why a search stopped.
enum class Outcome {
  Solved,       // `moves` leads from the start to the goal
  Unsolvable,   // the start cannot reach the goal (parity)
  MemoryLimit,  // the search needed more memory than allowed
  NodeLimit,    // the search expanded more nodes than allowed
  TimeLimit,    // the search ran longer than allowed
  Cancelled,    // stopped from outside (another task found the answer first, or a signal)
};

// The outcome's name in the CLI's output ("solved", "memory-limit"...): part of the JSON contract.
constexpr const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Solved:
      return "solved";
    case Outcome::Unsolvable:
      return "unsolvable";
    case Outcome::MemoryLimit:
      return "memory-limit";
    case Outcome::NodeLimit:
      return "node-limit";
    case Outcome::TimeLimit:
      return "time-limit";
    case Outcome::Cancelled:
      return "cancelled";
  }
  return "?";
}

// What an IDA* iteration that found no solution leaves: the bound it searched, the nodes expanded
// since the search began, and the seconds since then.
struct IterationReport {
  int bound = 0;
  uint64_t nodes_expanded = 0;
  double seconds = 0.0;
};

// Limits a search stops at; zero means no limit.
struct Limits {
  uint64_t max_memory_bytes = 0;
  uint64_t max_nodes = 0;
  double max_seconds = 0.0;
  const std::atomic<bool>* cancel = nullptr;  // polled; true stops the search with Cancelled
  // IDA* (serial and parallel) calls it after each iteration that ends without a solution, on the
  // search's thread, outside the hot loop; empty: not called. For progress reports.
  std::function<void(const IterationReport&)> on_iteration;
};

// The result of one search.
struct SearchResult {
  Outcome outcome = Outcome::Cancelled;
  std::vector<Dir> moves;  // blank moves from the start to the goal, when Solved
  bool optimal = false;    // the length is proven minimal (admissible heuristic, complete search)
  // When not Solved: every solution has at least this many moves, as proved by the search so far
  // (IDA*: the bound of the iteration under way, all below it searched; A*, uniform-cost: the
  // least f left open); 0 when nothing was proved. When Solved but not optimal (taquin::solve):
  // the start board's Manhattan distance plus its row and column conflicts.
  int lower_bound = 0;
  Stats stats;
};

}  // namespace taquin
