// The solve record (docs/output.md, "JSON record: solve"), described once: its columns, each with
// its name and how it is written in JSON, CSV and text. solve, bench, compare and serve write
// their records from it; the Python module takes its values' rules; the tests read its names.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {

class JsonLine;

// The solve record's columns, in its order; `path` follows them with --show-path.
// clang-format off
inline constexpr std::array<std::string_view, 26> kSolveColumns = {
    "id", "source", "line", "size", "rows", "cols", "board", "goal", "solvable", "outcome", "length", "moves",
    "optimal", "algorithm", "heuristic", "threads", "states_selected", "max_states_in_memory",
    "nodes_expanded", "nodes_generated", "iterations", "seconds", "nodes_per_second",
    "optimal_length", "lower_bound", "weight"};
// clang-format on

// bench's instance record: these columns of the solve record, and `published_nodes_generated`.
// clang-format off
inline constexpr std::array<std::string_view, 12> kBenchColumns = {
    "id", "outcome", "length", "optimal_length", "nodes_expanded", "nodes_generated",
    "iterations", "seconds", "nodes_per_second", "moves", "lower_bound",
    "published_nodes_generated"};
// clang-format on

// compare's row: these columns of the solve record (`seconds` written "%.6f").
// clang-format off
inline constexpr std::array<std::string_view, 17> kCompareColumns = {
    "id", "source", "line", "size", "rows", "cols", "algorithm", "heuristic", "outcome", "length", "optimal",
    "states_selected", "max_states_in_memory", "nodes_expanded", "nodes_generated", "seconds",
    "lower_bound"};
// clang-format on

// The values that follow from the outcome (docs/output.md, "Words with one meaning"), null as
// nullopt: the record's rules, which the Python module's Result follows too.
inline bool record_solved(const SearchResult& r) {
  return r.outcome == Outcome::Solved;
}
inline bool record_solvable(const SearchResult& r) {
  return r.outcome != Outcome::Unsolvable;
}
// Proven minimal: never for greedy, nor when not solved.
inline bool record_optimal(const SearchResult& r) {
  return record_solved(r) && r.optimal;
}
inline std::optional<uint64_t> record_length(const SearchResult& r) {
  return record_solved(r) ? std::optional<uint64_t>(r.moves.size()) : std::nullopt;
}
inline std::optional<std::string> record_moves(const SearchResult& r) {
  return record_solved(r) ? std::optional<std::string>(moves_string(r.moves)) : std::nullopt;
}
// The bound a stopped search proved; null when solved or unsolvable.
inline std::optional<int> record_lower_bound(const SearchResult& r) {
  if (record_solved(r) && !r.optimal) return r.lower_bound;
  return record_solved(r) || !record_solvable(r) ? std::nullopt : std::optional<int>(r.lower_bound);
}
// The heuristic's label ("pdb 7-8"), or "none" for a search that uses none.
inline std::string record_heuristic(Algorithm algorithm, const std::string& label) {
  return uses_heuristic(algorithm) ? label : "none";
}

// What one record is made of: a board's search and what the command knows of it.
struct SolveFacts {
  int id = 0;
  const Instance* instance = nullptr;
  std::span<const Tile> goal;  // the goal's tiles
  const SearchResult* result = nullptr;
  std::string algorithm;  // as named: ida, astar, greedy, uniform, bfs
  Algorithm kind = Algorithm::Ida;
  std::string heuristic;  // the heuristic's label (record_heuristic)
  int threads = 1;
  // With --show-path: every board of the solution (`path`, written when solved).
  const std::vector<std::vector<Tile>>* path = nullptr;
  std::optional<int> seconds_decimals;  // `seconds` as "%.Nf" (compare), else "%.6g"
  // A* or IDA* with --weight above 1: the solution is within weight× the shortest (null: none).
  std::optional<double> weight;
  // bench: the nodes the published search generated on the board (null when none is known).
  std::optional<uint64_t> published_nodes_generated;
};

// Adds the columns `names` of `facts`, in that order, to `line`. A name that is not a column of
// the solve record, `path` or `published_nodes_generated` throws std::logic_error (a bug).
void add_solve_columns(JsonLine& line, const SolveFacts& facts,
                       std::span<const std::string_view> names);

// The solve record of `facts`: every column, then `path` when facts.path is set and solved.
JsonLine solve_record(const SolveFacts& facts);

// The CSV header's columns of solve: kSolveColumns, and `path` with --show-path.
std::vector<std::string> solve_csv_columns(bool show_path);

// `names` as the columns of a CSV header (RecordFormat).
std::vector<std::string> csv_columns(std::span<const std::string_view> names);

// The statistics of the text report, one "label: value" line each (docs/output.md, "solve"):
// states selected to optimal, `iterations` for IDA* only.
std::string solve_text_statistics(const SolveFacts& facts);

}  // namespace taquin::cli
