// The JSON lines and CSV tables of every command against docs/output.md: the document's tables
// are the contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/solve_record.hpp"
#include "cli_run.hpp"
#include "json_fields.hpp"

namespace taquin {
namespace {

using testing::run_taquin;
using testing::temp_file;

const std::string kData = TAQUIN_DATA_DIR;
const std::string kDoc = kData + "/../../docs/output.md";

// One documented field: its type ("integer or null"...) and whether every line must hold it.
struct Field {
  std::string type;
  bool always = true;
};
using Record = std::map<std::string, Field>;

// The tables under the headings "### JSON record: NAME" of docs/output.md, by NAME.
std::map<std::string, Record> documented_records() {
  std::ifstream in(kDoc);
  std::map<std::string, Record> records;
  Record* current = nullptr;
  const std::string heading = "### JSON record: ";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(heading, 0) == 0) {
      current = &records[line.substr(heading.size())];
    } else if (line.rfind("#", 0) == 0) {
      current = nullptr;
    } else if (current && line.rfind("| `", 0) == 0) {
      // | `name` | type | meaning |
      std::vector<std::string> cells;
      std::stringstream row(line.substr(1));
      for (std::string cell; std::getline(row, cell, '|');)
        cells.push_back(cell.substr(1, cell.size() >= 2 ? cell.size() - 2 : 0));
      if (cells.size() < 3) continue;
      const std::string name = cells[0].substr(1, cells[0].size() - 2);
      (*current)[name] = Field{cells[1], cells[2].rfind("Only with", 0) != 0};
    }
  }
  return records;
}

// The JSON kind of a value: null, boolean, integer, number, string, array.
std::string kind_of(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "boolean";
  if (value.is_string()) return "string";
  if (value.is_array()) return "array";
  if (value.is_number_float()) return "number";
  return value.is_number() ? "integer" : "object";
}

// Checks every line of `out` against the documented `record`: its fields are documented ones,
// every field not marked "Only with" is there, and each value has the documented type.
void expect_matches(const std::string& out, const std::string& record_name, int expected_lines,
                    const std::set<std::string>& must_have = {}) {
  const std::map<std::string, Record> records = documented_records();
  ASSERT_TRUE(records.count(record_name))
      << "no '### JSON record: " << record_name << "' in " << kDoc;
  const Record& record = records.at(record_name);
  std::stringstream lines(out);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    const auto fields = testing::json_object(line);
    ASSERT_TRUE(fields) << record_name << ": not one JSON object: " << line;
    for (const auto& [name, field] : record)
      if (field.always || must_have.count(name)) {
        EXPECT_TRUE(fields->contains(name)) << record_name << ": no " << name << " in " << line;
      }
    for (const auto& [name, value] : fields->items()) {
      ASSERT_TRUE(record.count(name)) << record_name << ": " << name << " is not documented";
      const std::string& type = record.at(name).type;
      std::string kind = kind_of(value);
      if (kind == "integer" && type.find("integer") == std::string::npos) kind = "number";
      EXPECT_EQ(type.rfind(kind, 0) == 0 || type.find("or " + kind) != std::string::npos, true)
          << record_name << ": " << name << " is " << kind << " (" << value << "), documented "
          << type;
    }
  }
  EXPECT_EQ(count, expected_lines) << out;
}

TEST(OutputContract, DocumentHasEveryJsonRecord) {
  const std::map<std::string, Record> records = documented_records();
  for (const char* name :
       {"solve", "check", "explore", "bench instance", "bench summary", "compare"}) {
    ASSERT_TRUE(records.count(name)) << name;
    EXPECT_GE(records.at(name).size(), 5u) << name;
  }
}

TEST(OutputContract, SolveJson) {
  // Solved (with a known length), unsolvable, and stopped at a node limit.
  const std::string boards =
      temp_file("contract_solve.txt", "1 2 3 4 5 6 0 7 8  # optimal 2\n2 1 3 4 5 6 7 8 0\n");
  const auto run = run_taquin("solve --format json -a astar " + boards);
  EXPECT_EQ(run.status, 1) << run.err;
  expect_matches(run.out, "solve", 2);
  const auto path = run_taquin("solve --format json --show-path --board '1 2 3 4 5 6 0 7 8'");
  EXPECT_EQ(path.status, 0) << path.err;
  expect_matches(path.out, "solve", 1, {"path"});
  const auto limited =
      run_taquin("solve --format json -a astar --max-nodes 5 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(limited.status, 1) << limited.err;
  expect_matches(limited.out, "solve", 1);
}

TEST(OutputContract, CheckJson) {
  const auto run = run_taquin("check --format json -", "1 2 3 0  # optimal 0\n2 1 3 0\n");
  EXPECT_EQ(run.status, 1) << run.err;
  expect_matches(run.out, "check", 2);
}

TEST(OutputContract, ExploreJson) {
  const auto run = run_taquin("explore --size 2 --format json");
  EXPECT_EQ(run.status, 0) << run.err;
  expect_matches(run.out, "explore", 1);
}

TEST(OutputContract, BenchJson) {
  const auto run = run_taquin("bench --set hardest8 --threads 1 --heuristic linear --format json");
  EXPECT_EQ(run.status, 0) << run.err;
  const size_t summary = run.out.rfind('\n', run.out.size() - 2) + 1;
  expect_matches(run.out.substr(0, summary), "bench instance", 2);
  expect_matches(run.out.substr(summary), "bench summary", 1);
}

TEST(OutputContract, CompareJson) {
  // Solved rows and rows stopped at the node limit.
  const auto run = run_taquin("compare --format json --max-nodes 2000 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(run.status, 0) << run.err;
  expect_matches(run.out, "compare", 11);
}

// ---- CSV ----

// The records of an RFC 4180 text: fields split at commas, a quoted field may hold commas, line
// breaks and doubled quotes; records end with CRLF or LF. nullopt when the text is not RFC 4180
// (a quote inside an unquoted field, text after a closing quote, an unclosed quote).
std::optional<std::vector<std::vector<std::string>>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {  // a quoted field
      for (++i;; ++i) {
        if (i >= text.size()) return std::nullopt;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            ++i;
          } else {
            ++i;
            break;
          }
        } else {
          field += text[i];
        }
      }
    } else {
      for (; i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r'; ++i) {
        if (text[i] == '"') return std::nullopt;
        field += text[i];
      }
    }
    if (i < text.size() && text[i] == ',') {
      record.push_back(std::move(field));
      field.clear();
      ++i;
      if (i == text.size()) return std::nullopt;  // a record cut after a comma
      continue;
    }
    if (i < text.size() && text[i] == '\r') {
      if (i + 1 >= text.size() || text[i + 1] != '\n') return std::nullopt;
      ++i;
    }
    if (i < text.size() && text[i] != '\n') return std::nullopt;  // text after a closing quote
    ++i;
    record.push_back(std::move(field));
    field.clear();
    records.push_back(std::move(record));
    record.clear();
  }
  return records;
}

TEST(OutputContract, CsvParserFollowsRfc4180) {
  const auto parsed = parse_csv("a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n,,\n");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(*parsed, (std::vector<std::vector<std::string>>{
                         {"a", "b", "c"}, {"x, y", "say \"hi\"", "two\nlines"}, {"", "", ""}}));
  EXPECT_FALSE(parse_csv("a\"b\n"));
  EXPECT_FALSE(parse_csv("\"a\"b\n"));
  EXPECT_FALSE(parse_csv("\"open\n"));
}

// The documented CSV headers: the lines `COMMAND: HEADER` of the code block under "## CSV".
std::map<std::string, std::string> documented_csv_headers() {
  std::ifstream in(kDoc);
  std::map<std::string, std::string> headers;
  bool in_section = false, in_block = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## CSV";
    if (!in_section) continue;
    if (line.rfind("```", 0) == 0) {
      if (in_block) break;  // the first block is the headers
      in_block = true;
      continue;
    }
    const size_t colon = line.find(": ");
    if (in_block && colon != std::string::npos)
      headers[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return headers;
}

// The CSV text of a JSON value (docs/output.md, "CSV"): a string as it is, null empty, an array
// of numbers the numbers apart by spaces, an array of arrays those joined by ';'.
std::string csv_text_of_json(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "";
  if (value.is_string()) return value.get<std::string>();
  if (!value.is_array()) return value.dump();
  std::string out;
  for (size_t i = 0; i < value.size(); ++i)
    out += (i == 0 ? "" : value[i].is_array() ? ";" : " ") + csv_text_of_json(value[i]);
  return out;
}

// The fields of the table "### JSON record: `record_name`" in its order, those documented "Only
// with" only when in `optional`.
std::vector<std::string> documented_order(const std::string& record_name,
                                          const std::set<std::string>& optional = {}) {
  std::vector<std::string> names;
  std::ifstream in(kDoc);
  bool in_table = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#", 0) == 0) in_table = line == "### JSON record: " + record_name;
    if (!in_table || line.rfind("| `", 0) != 0) continue;
    const size_t end = line.find('`', 3);
    const std::string name = line.substr(3, end - 3);
    const bool only_with = line.find("| Only with") != std::string::npos;
    if (!only_with || optional.count(name)) names.push_back(name);
  }
  return names;
}

// Checks the CSV `out` against the documented header of `record_name` (with `optional` columns,
// documented "Only with"): header line equal, `expected_rows` rows of the header's field count
// that parse as RFC 4180, and, given the same run's JSON lines `json`, each field equal to the
// CSV text of the JSON value (but times, which change from run to run).
void expect_csv_matches(const std::string& out, const std::string& record_name, int expected_rows,
                        const std::string& json = "", const std::set<std::string>& optional = {}) {
  const std::map<std::string, std::string> headers = documented_csv_headers();
  ASSERT_TRUE(headers.count(record_name)) << "no CSV header '" << record_name << "' in " << kDoc;
  // The documented header lists the JSON record's fields in the table's order.
  std::string from_table;
  for (const std::string& name : documented_order(record_name, optional))
    from_table += (from_table.empty() ? "" : ",") + name;
  std::string header = headers.at(record_name);
  for (const std::string& name : optional) {
    const std::string suffix = "[," + name + "]";
    const size_t at = header.find(suffix);
    if (at != std::string::npos) header.replace(at, suffix.size(), "," + name);
  }
  if (header.find('[') != std::string::npos) header.erase(header.find('['));
  EXPECT_EQ(header, from_table) << record_name << ": the CSV header is not the JSON table's fields";
  ASSERT_FALSE(out.empty()) << record_name;
  EXPECT_EQ(out.substr(0, out.find('\n')), header) << record_name;
  const auto parsed = parse_csv(out);
  ASSERT_TRUE(parsed) << record_name << ": not RFC 4180:\n" << out;
  ASSERT_EQ(parsed->size(), static_cast<size_t>(expected_rows) + 1) << out;
  const std::vector<std::string>& columns = parsed->front();
  for (size_t r = 1; r < parsed->size(); ++r)
    EXPECT_EQ((*parsed)[r].size(), columns.size()) << record_name << " row " << r << ":\n" << out;
  if (json.empty()) return;
  const std::vector<std::string> json_lines = testing::lines_of(json);
  ASSERT_EQ(json_lines.size(), static_cast<size_t>(expected_rows)) << json;
  for (size_t r = 1; r < parsed->size(); ++r) {
    const auto fields = testing::json_object(json_lines[r - 1]);
    ASSERT_TRUE(fields) << json_lines[r - 1];
    for (size_t c = 0; c < columns.size() && c < (*parsed)[r].size(); ++c) {
      if (columns[c] == "seconds" || columns[c] == "nodes_per_second") continue;
      const auto value = fields->find(columns[c]);
      const std::string expected = value == fields->end() ? "" : csv_text_of_json(*value);
      EXPECT_EQ((*parsed)[r][c], expected) << record_name << " row " << r << " " << columns[c];
    }
  }
}

TEST(OutputContract, DocumentHasEveryCsvHeader) {
  const std::map<std::string, std::string> headers = documented_csv_headers();
  for (const char* name : {"solve", "check", "explore", "bench instance", "compare"})
    EXPECT_TRUE(headers.count(name)) << name;
}

TEST(OutputContract, SolveCsv) {
  // A file name with a comma and a quote (quoted fields), solved, unsolvable, a bad line (stderr
  // only) and a stop at the node limit.
  const std::string boards =
      temp_file("contract, \"csv\".txt",
                "1 2 3 4 5 6 0 7 8  # optimal 2\n2 1 3 4 5 6 7 8 0\n1 2 3 4\n8 6 7 2 5 4 3 0 1\n");
  const std::string args = " -a astar --max-nodes 100 '" + boards + "'";
  const auto csv = run_taquin("solve --format csv" + args);
  const auto json = run_taquin("solve --format json" + args);
  EXPECT_EQ(csv.status, 2) << csv.err;
  EXPECT_EQ(testing::count_lines(csv.err), 1) << csv.err;
  EXPECT_NE(csv.out.find("\"" + std::string(boards.substr(0, boards.find('"'))) + "\"\"csv\"\""),
            std::string::npos)
      << csv.out;
  expect_csv_matches(csv.out, "solve", 3, json.out);
  const auto path = run_taquin("solve --format csv --show-path --board '1 2 3 4 5 6 0 7 8'");
  EXPECT_EQ(path.status, 0) << path.err;
  expect_csv_matches(path.out, "solve", 1,
                     run_taquin("solve --format json --show-path --board '1 2 3 4 5 6 0 7 8'").out,
                     {"path"});
  EXPECT_NE(path.out.find(",1 2 3 4 5 6 0 7 8;1 2 3 4 5 6 7 0 8;1 2 3 4 5 6 7 8 0\n"),
            std::string::npos)
      << path.out;
  // A shard keeps one header and its own rows; so does a shard with no board.
  const auto shard = run_taquin("solve --format csv --shard 1/2 -a astar '" + boards + "'");
  expect_csv_matches(shard.out, "solve", 1);
  const auto none = run_taquin("solve --format csv --shard 5/6 -a astar '" + boards + "'");
  expect_csv_matches(none.out, "solve", 0);
}

TEST(OutputContract, CheckCsv) {
  const std::string input = "1 2 3 0  # optimal 0\n2 1 3 0\nbad\n";
  const auto run = run_taquin("check --format csv -", input);
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(testing::count_lines(run.err), 1) << run.err;
  expect_csv_matches(run.out, "check", 2, run_taquin("check --format json -", input).out);
}

TEST(OutputContract, ExploreCsv) {
  const auto run = run_taquin("explore --size 2 --format csv");
  EXPECT_EQ(run.status, 0) << run.err;
  expect_csv_matches(run.out, "explore", 1, run_taquin("explore --size 2 --format json").out);
}

TEST(OutputContract, BenchCsv) {
  const auto run = run_taquin("bench --set hardest8 --threads 1 --heuristic linear --format csv");
  EXPECT_EQ(run.status, 0) << run.err;
  const auto json =
      run_taquin("bench --set hardest8 --threads 1 --heuristic linear --format json").out;
  expect_csv_matches(run.out, "bench instance", 2, json.substr(0, json.rfind("{\"summary\"")));
  // The summary goes to stderr, each line marked, the node signature last.
  EXPECT_NE(run.err.find("taquin: set: hardest8, heuristic: linear\n"), std::string::npos)
      << run.err;
  // Its numbers are the JSON summary's.
  const auto summary = testing::json_fields(testing::lines_of(json).back());
  ASSERT_TRUE(summary) << json;
  const auto field = [&](const std::string& name) { return summary->at(name); };
  for (const std::string& line : {"taquin: instances: " + field("instances") + "\n",
                                  std::string("taquin: all optimal: ") +
                                      (field("all_optimal") == "true" ? "yes" : "no") + "\n",
                                  "taquin: nodes expanded: " + field("nodes_expanded") + "\n",
                                  "taquin: generated: " + field("nodes_generated") + " (",
                                  std::string("taquin: threads: 1\n"),
                                  "taquin: Nodes searched: " + field("nodes_searched") + "\n"})
    EXPECT_NE(run.err.find(line), std::string::npos) << line << " not in:\n" << run.err;
  EXPECT_EQ(field("instances"), "2");
  EXPECT_EQ(run.err.substr(run.err.rfind("taquin: ")),
            "taquin: Nodes searched: " + field("nodes_searched") + "\n");
}

TEST(OutputContract, CompareCsv) {
  const auto run = run_taquin("compare --format csv --max-nodes 2000 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(run.status, 0) << run.err;
  expect_csv_matches(
      run.out, "compare", 11,
      run_taquin("compare --format json --max-nodes 2000 --board '8 6 7 2 5 4 3 0 1'").out);
}

// ---- The records' columns and bytes ----

// The names of `columns`, as strings.
std::vector<std::string> names_of(std::span<const std::string_view> columns) {
  return std::vector<std::string>(columns.begin(), columns.end());
}

TEST(OutputContract, RecordColumnsAreTheDocumentedTables) {
  // The one description of the records (src/cli/solve_record.hpp) is the document's tables.
  std::vector<std::string> solve = names_of(cli::kSolveColumns);
  EXPECT_EQ(documented_order("solve"), solve);
  solve.push_back("path");
  EXPECT_EQ(documented_order("solve", {"path"}), solve);
  EXPECT_EQ(documented_order("bench instance"), names_of(cli::kBenchColumns));
  EXPECT_EQ(documented_order("compare"), names_of(cli::kCompareColumns));
}

}  // namespace
}  // namespace taquin
