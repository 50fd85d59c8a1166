// The solve record's columns (solve_record.hpp): each column's JSON and CSV value, and its text
// line where the text report has one.
#include "cli/solve_record.hpp"

#include <cstdio>
#include <stdexcept>

#include "cli/records.hpp"

namespace taquin::cli {
// The names below are this file's alone, also in the CLI's unity build.
namespace solve_record_columns {
namespace {

using Facts = SolveFacts;

// `value` as the column `key`, or null.
template <typename T>
void add_or_null(JsonLine& line, std::string_view key, const std::optional<T>& value) {
  if (value)
    line.add(key, *value);
  else
    line.add_null(key);
}

// `value` written by `format` ("%.6f"), as the text report shows it.
std::string text_number(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// One column: its name, how it is written in JSON (and so in CSV: records.hpp), and, where the
// text report has a line of it, that line's label and value (nullopt: no line for this record).
struct Column {
  std::string_view name;
  void (*add)(JsonLine& line, std::string_view key, const Facts& f);
  std::string_view text_label = {};
  std::optional<std::string> (*text)(const Facts& f) = nullptr;
};

const Stats& stats(const Facts& f) {
  return f.result->stats;
}
double nodes_per_second(const Facts& f) {
  return per_second(stats(f).nodes_expanded, stats(f).seconds);
}

const Column kColumns[] = {
    {"id", [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.id); }},
    {"source",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.instance->source); }},
    {"line", [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.instance->line); }},
    {"size",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       const Shape shape = f.instance->shape;
       shape.is_square() ? l.add(k, shape.rows) : l.add_null(k);
     }},
    {"rows",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.instance->shape.rows); }},
    {"cols",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.instance->shape.cols); }},
    {"board", [](JsonLine& l, std::string_view k,
                 const Facts& f) { l.add(k, std::span<const Tile>(f.instance->tiles)); }},
    {"goal", [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.goal); }},
    {"solvable",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, record_solvable(*f.result)); }},
    {"outcome", [](JsonLine& l, std::string_view k,
                   const Facts& f) { l.add(k, outcome_name(f.result->outcome)); }},
    {"length",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       const std::optional<uint64_t> length = record_length(*f.result);
       add_or_null(l, k, length ? std::optional<int64_t>(*length) : std::nullopt);
     }},
    {"moves", [](JsonLine& l, std::string_view k,
                 const Facts& f) { add_or_null(l, k, record_moves(*f.result)); }},
    {"optimal",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, record_optimal(*f.result)); },
     "optimal",
     [](const Facts& f) -> std::optional<std::string> {
       return record_optimal(*f.result) ? "yes" : "unknown";
     }},
    {"algorithm", [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.algorithm); }},
    {"heuristic", [](JsonLine& l, std::string_view k,
                     const Facts& f) { l.add(k, record_heuristic(f.kind, f.heuristic)); }},
    {"threads", [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, f.threads); }},
    {"states_selected",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, stats(f).states_selected); },
     "states selected (complexity in time)",
     [](const Facts& f) -> std::optional<std::string> {
       return std::to_string(stats(f).states_selected);
     }},
    {"max_states_in_memory",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       l.add(k, stats(f).max_states_in_memory);
     },
     "max states in memory (complexity in size)",
     [](const Facts& f) -> std::optional<std::string> {
       return std::to_string(stats(f).max_states_in_memory);
     }},
    {"nodes_expanded",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, stats(f).nodes_expanded); },
     "nodes expanded",
     [](const Facts& f) -> std::optional<std::string> {
       return std::to_string(stats(f).nodes_expanded);
     }},
    {"nodes_generated",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, stats(f).nodes_generated); },
     "nodes generated",
     [](const Facts& f) -> std::optional<std::string> {
       return std::to_string(stats(f).nodes_generated);
     }},
    {"iterations",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, stats(f).iterations); },
     "iterations",
     [](const Facts& f) -> std::optional<std::string> {
       if (f.kind != Algorithm::Ida) return std::nullopt;
       return std::to_string(stats(f).iterations);
     }},
    {"seconds",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       if (f.seconds_decimals)
         l.add_fixed(k, stats(f).seconds, *f.seconds_decimals);
       else
         l.add(k, stats(f).seconds);
     },
     "seconds",
     [](const Facts& f) -> std::optional<std::string> {
       return text_number("%.6f", stats(f).seconds);
     }},
    {"nodes_per_second",
     [](JsonLine& l, std::string_view k, const Facts& f) { l.add(k, nodes_per_second(f)); },
     "nodes expanded per second",
     [](const Facts& f) -> std::optional<std::string> {
       return text_number("%.0f", nodes_per_second(f));
     }},
    {"optimal_length", [](JsonLine& l, std::string_view k,
                          const Facts& f) { add_or_null(l, k, f.instance->optimal_length); }},
    {"lower_bound", [](JsonLine& l, std::string_view k,
                       const Facts& f) { add_or_null(l, k, record_lower_bound(*f.result)); }},
    {"weight", [](JsonLine& l, std::string_view k, const Facts& f) { add_or_null(l, k, f.weight); }},
    {"published_nodes_generated",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       add_or_null(l, k, f.published_nodes_generated);
     }},
    {"path",
     [](JsonLine& l, std::string_view k, const Facts& f) {
       if (f.path && record_solved(*f.result))
         l.add(k, std::span<const std::vector<Tile>>(*f.path));
     }},
};

// The column `name`; std::logic_error when there is none.
const Column& column(std::string_view name) {
  for (const Column& c : kColumns)
    if (c.name == name) return c;
  throw std::logic_error("the solve record has no column " + std::string(name));
}

// The text report's statistics, in its order.
constexpr std::string_view kTextStatistics[] = {
    "states_selected", "max_states_in_memory", "nodes_expanded", "nodes_generated", "iterations",
    "seconds",         "nodes_per_second",     "optimal"};

}  // namespace
}  // namespace solve_record_columns

void add_solve_columns(JsonLine& line, const SolveFacts& facts,
                       std::span<const std::string_view> names) {
  for (std::string_view name : names) solve_record_columns::column(name).add(line, name, facts);
}

JsonLine solve_record(const SolveFacts& facts) {
  JsonLine line;
  add_solve_columns(line, facts, kSolveColumns);
  constexpr std::string_view kPath[] = {"path"};
  add_solve_columns(line, facts, kPath);
  return line;
}

std::vector<std::string> csv_columns(std::span<const std::string_view> names) {
  return std::vector<std::string>(names.begin(), names.end());
}

std::vector<std::string> solve_csv_columns(bool show_path) {
  std::vector<std::string> columns = csv_columns(kSolveColumns);
  if (show_path) columns.push_back("path");
  return columns;
}

std::string solve_text_statistics(const SolveFacts& facts) {
  std::string out;
  for (std::string_view name : solve_record_columns::kTextStatistics) {
    const solve_record_columns::Column& c = solve_record_columns::column(name);
    if (const std::optional<std::string> value = c.text(facts))
      out.append(c.text_label).append(": ").append(*value).append("\n");
  }
  return out;
}

}  // namespace taquin::cli
