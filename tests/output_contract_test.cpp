// The JSON lines of every command against docs/output.md: the document's tables are the contract.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// The JSON kind of a value's first characters: null, boolean, integer, number, string, array.
std::string kind_of(const std::string& value) {
  if (value == "null") return "null";
  if (value == "true" || value == "false") return "boolean";
  if (value.front() == '"') return "string";
  if (value.front() == '[') return "array";
  if (value.find_first_of(".eE") != std::string::npos) return "number";
  return "integer";
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
    const auto parsed = testing::json_fields(line);
    ASSERT_TRUE(parsed) << record_name << ": not one JSON object: " << line;
    const std::map<std::string, std::string>& fields = *parsed;
    for (const auto& [name, field] : record)
      if (field.always || must_have.count(name))
        EXPECT_TRUE(fields.count(name)) << record_name << ": no " << name << " in " << line;
    for (const auto& [name, value] : fields) {
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

}  // namespace
}  // namespace taquin
