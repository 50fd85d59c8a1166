// The JSON lines and CSV tables of every command against docs/output.md: the document's tables
// are the contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
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

// The fields whose value is a time, which changes from run to run.
const std::set<std::string> kTimed = {"seconds", "nodes_per_second", "nodes_generated_per_second"};

// A written number: JSON's and CSV's ("%.6g", "%.6f") or the text's ("%.6f", "%.0f").
bool is_number(const std::string& text) {
  return std::regex_match(text, std::regex(R"(-?[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?)"));
}

// JSON lines with the value of each timed field, a number, written T (else left as it is).
std::string timed_json(const std::string& lines) {
  std::string out = lines;
  for (const std::string& key : kTimed) {
    const std::string at = "\"" + key + "\":";
    for (size_t i = out.find(at); i != std::string::npos; i = out.find(at, i + 1)) {
      const size_t start = i + at.size();
      const size_t end = out.find_first_of(",}", start);
      if (is_number(out.substr(start, end - start))) out.replace(start, end - start, "T");
    }
  }
  return out;
}

// A CSV table (no quoted field) with the timed columns' numbers written T.
std::string timed_csv(const std::string& table) {
  std::string out;
  std::vector<size_t> timed;  // the timed columns' places
  bool header = true;
  for (const std::string& line : testing::lines_of(table)) {
    EXPECT_EQ(line.find('"'), std::string::npos) << line;
    std::vector<std::string> fields;
    std::stringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    if (!line.empty() && line.back() == ',') fields.emplace_back();
    for (size_t c = 0; c < fields.size(); ++c) {
      if (header && kTimed.count(fields[c])) timed.push_back(c);
      if (!header && std::count(timed.begin(), timed.end(), c) && is_number(fields[c]))
        fields[c] = "T";
      out += (c ? "," : "") + fields[c];
    }
    out += '\n';
    header = false;
  }
  return out;
}

// Text with the numbers of the lines "seconds: S" and "nodes expanded per second: R" written T.
std::string timed_text(const std::string& text) {
  return std::regex_replace(
      text, std::regex(R"((^|\n)(seconds|nodes expanded per second): [0-9.]+)"), "$1$2: T");
}

// Two boards: solved (with its known length) and unsolvable.
const std::string kGoldenBoards = "4 1 3 7 2 6 0 5 8  # optimal 6\n2 1 3 4 5 6 7 8 0\n";

TEST(OutputContract, SolveGoldenJson) {
  const auto run = run_taquin("solve --threads 1 --format json -", kGoldenBoards);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_EQ(timed_json(run.out),
            R"({"id":1,"source":"<stdin>","line":1,"size":3,"board":[4,1,3,7,2,6,0,5,8],)"
            R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"solved","length":6,)"
            R"("moves":"UURDDR","optimal":true,"algorithm":"ida","heuristic":"linear",)"
            R"("threads":1,"states_selected":6,"max_states_in_memory":7,"nodes_expanded":6,)"
            R"("nodes_generated":7,"iterations":1,"seconds":T,"nodes_per_second":T,)"
            R"("optimal_length":6,"lower_bound":null})"
            "\n"
            R"({"id":2,"source":"<stdin>","line":2,"size":3,"board":[2,1,3,4,5,6,7,8,0],)"
            R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":false,"outcome":"unsolvable",)"
            R"("length":null,"moves":null,"optimal":false,"algorithm":"ida",)"
            R"("heuristic":"linear","threads":1,"states_selected":0,"max_states_in_memory":0,)"
            R"("nodes_expanded":0,"nodes_generated":0,"iterations":0,"seconds":T,)"
            R"("nodes_per_second":T,"optimal_length":null,"lower_bound":null})"
            "\n");
  // A search stopped at a limit: its bound.
  const auto limited =
      run_taquin("solve --threads 1 --format json --max-nodes 5 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(limited.status, 1) << limited.err;
  EXPECT_EQ(timed_json(limited.out),
            R"({"id":1,"source":"--board","line":1,"size":3,"board":[8,6,7,2,5,4,3,0,1],)"
            R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"node-limit",)"
            R"("length":null,"moves":null,"optimal":false,"algorithm":"ida",)"
            R"("heuristic":"linear","threads":1,"states_selected":5,"max_states_in_memory":24,)"
            R"("nodes_expanded":5,"nodes_generated":8,"iterations":1,"seconds":T,)"
            R"("nodes_per_second":T,"optimal_length":null,"lower_bound":23})"
            "\n");
}

TEST(OutputContract, SolveGoldenCsv) {
  const auto run = run_taquin("solve --threads 1 --format csv --show-path -", kGoldenBoards);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_EQ(timed_csv(run.out),
            "id,source,line,size,board,goal,solvable,outcome,length,moves,optimal,algorithm,"
            "heuristic,threads,states_selected,max_states_in_memory,nodes_expanded,"
            "nodes_generated,iterations,seconds,nodes_per_second,optimal_length,lower_bound,path\n"
            "1,<stdin>,1,3,4 1 3 7 2 6 0 5 8,1 2 3 4 5 6 7 8 0,true,solved,6,UURDDR,true,ida,"
            "linear,1,6,7,6,7,1,T,T,6,,4 1 3 7 2 6 0 5 8;4 1 3 0 2 6 7 5 8;0 1 3 4 2 6 7 5 8;"
            "1 0 3 4 2 6 7 5 8;1 2 3 4 0 6 7 5 8;1 2 3 4 5 6 7 0 8;1 2 3 4 5 6 7 8 0\n"
            "2,<stdin>,2,3,2 1 3 4 5 6 7 8 0,1 2 3 4 5 6 7 8 0,false,unsolvable,,,false,ida,"
            "linear,1,0,0,0,0,0,T,T,,,\n");
}

TEST(OutputContract, SolveGoldenText) {
  const auto run = run_taquin("solve --threads 1 --color never -", kGoldenBoards);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_EQ(timed_text(run.out),
            "instance 1 (<stdin>:1), 3x3, goal standard\n"
            "4 1 3\n"
            "7 2 6\n"
            ". 5 8\n"
            "algorithm: ida, heuristic linear, threads 1\n"
            "length: 6 moves (optimal)\n"
            "moves: UURDDR\n"
            "states selected (complexity in time): 6\n"
            "max states in memory (complexity in size): 7\n"
            "nodes expanded: 6\n"
            "nodes generated: 7\n"
            "iterations: 1\n"
            "seconds: T\n"
            "nodes expanded per second: T\n"
            "optimal: yes\n"
            "\n"
            "instance 2 (<stdin>:2), 3x3, goal standard\n"
            "2 1 3\n"
            "4 5 6\n"
            "7 8 .\n"
            "unsolvable: this board cannot reach the goal (parity); no search made (it can reach "
            "the snail goal: --goal snail)\n"
            "\n");
}

TEST(OutputContract, BenchGoldenJsonAndCsv) {
  // An unsolvable board's lower_bound is null, as in solve (docs/output.md).
  const std::string set = temp_file("contract_golden_bench.txt", kGoldenBoards);
  const std::string args = " --set '" + set + "' --threads 1 --heuristic linear";
  const auto json = run_taquin("bench --format json" + args);
  EXPECT_EQ(json.status, 1) << json.err;
  EXPECT_EQ(timed_json(json.out),
            R"({"id":1,"outcome":"solved","length":6,"optimal_length":6,"nodes_expanded":6,)"
            R"("nodes_generated":7,"iterations":1,"seconds":T,"nodes_per_second":T,)"
            R"("moves":"UURDDR","lower_bound":null,"published_nodes_generated":null})"
            "\n"
            R"({"id":2,"outcome":"unsolvable","length":null,"optimal_length":null,)"
            R"("nodes_expanded":0,"nodes_generated":0,"iterations":0,"seconds":T,)"
            R"("nodes_per_second":T,"moves":null,"lower_bound":null,)"
            R"("published_nodes_generated":null})"
            "\n"
            R"({"summary":true,"set":")" +
                set +
                R"(","heuristic":"linear","instances":2,"all_optimal":false,)"
                R"("unknown_optimal":1,"nodes_expanded":6,"nodes_generated":7,"seconds":T,)"
                R"("nodes_per_second":T,"nodes_generated_per_second":T,)"
                R"("published_nodes_generated":null,"published_instances":0,"threads":1,)"
                R"("nodes_searched":6})"
                "\n");
  const auto csv = run_taquin("bench --format csv" + args);
  EXPECT_EQ(csv.status, 1) << csv.err;
  EXPECT_EQ(timed_csv(csv.out),
            "id,outcome,length,optimal_length,nodes_expanded,nodes_generated,iterations,seconds,"
            "nodes_per_second,moves,lower_bound,published_nodes_generated\n"
            "1,solved,6,6,6,7,1,T,T,UURDDR,,\n"
            "2,unsolvable,,,0,0,0,T,T,,,\n");
}

}  // namespace
}  // namespace taquin
