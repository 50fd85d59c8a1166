// The output contract byte for byte: a real solve and bench of fixed boards in text, JSON and CSV,
// compared with the exact lines docs/output.md promises (times masked).
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

using testing::run_taquin;
using testing::temp_file;

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
  EXPECT_EQ(
      timed_json(run.out),
      R"({"id":1,"source":"<stdin>","line":1,"size":3,"rows":3,"cols":3,"board":[4,1,3,7,2,6,0,5,8],)"
      R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"solved","length":6,)"
      R"("moves":"UURDDR","optimal":true,"algorithm":"ida","heuristic":"linear",)"
      R"("threads":1,"states_selected":6,"max_states_in_memory":7,"nodes_expanded":6,)"
      R"("nodes_generated":7,"iterations":1,"seconds":T,"nodes_per_second":T,)"
      R"("optimal_length":6,"lower_bound":null,"weight":null})"
      "\n"
      R"({"id":2,"source":"<stdin>","line":2,"size":3,"rows":3,"cols":3,"board":[2,1,3,4,5,6,7,8,0],)"
      R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":false,"outcome":"unsolvable",)"
      R"("length":null,"moves":null,"optimal":false,"algorithm":"ida",)"
      R"("heuristic":"linear","threads":1,"states_selected":0,"max_states_in_memory":0,)"
      R"("nodes_expanded":0,"nodes_generated":0,"iterations":0,"seconds":T,)"
      R"("nodes_per_second":T,"optimal_length":null,"lower_bound":null,"weight":null})"
      "\n");
  // A search stopped at a limit: its bound.
  const auto limited =
      run_taquin("solve --threads 1 --format json --max-nodes 5 --board '8 6 7 2 5 4 3 0 1'");
  EXPECT_EQ(limited.status, 1) << limited.err;
  EXPECT_EQ(
      timed_json(limited.out),
      R"({"id":1,"source":"--board","line":1,"size":3,"rows":3,"cols":3,"board":[8,6,7,2,5,4,3,0,1],)"
      R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"node-limit",)"
      R"("length":null,"moves":null,"optimal":false,"algorithm":"ida",)"
      R"("heuristic":"linear","threads":1,"states_selected":5,"max_states_in_memory":24,)"
      R"("nodes_expanded":5,"nodes_generated":8,"iterations":1,"seconds":T,)"
      R"("nodes_per_second":T,"optimal_length":null,"lower_bound":23,"weight":null})"
      "\n");
}

TEST(OutputContract, SolveGoldenCsv) {
  const auto run = run_taquin("solve --threads 1 --format csv --show-path -", kGoldenBoards);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_EQ(
      timed_csv(run.out),
      "id,source,line,size,rows,cols,board,goal,solvable,outcome,length,moves,optimal,algorithm,"
      "heuristic,threads,states_selected,max_states_in_memory,nodes_expanded,"
      "nodes_generated,iterations,seconds,nodes_per_second,optimal_length,lower_bound,weight,path\n"
      "1,<stdin>,1,3,3,3,4 1 3 7 2 6 0 5 8,1 2 3 4 5 6 7 8 0,true,solved,6,UURDDR,true,ida,"
      "linear,1,6,7,6,7,1,T,T,6,,,4 1 3 7 2 6 0 5 8;4 1 3 0 2 6 7 5 8;0 1 3 4 2 6 7 5 8;"
      "1 0 3 4 2 6 7 5 8;1 2 3 4 0 6 7 5 8;1 2 3 4 5 6 7 0 8;1 2 3 4 5 6 7 8 0\n"
      "2,<stdin>,2,3,3,3,2 1 3 4 5 6 7 8 0,1 2 3 4 5 6 7 8 0,false,unsolvable,,,false,ida,"
      "linear,1,0,0,0,0,0,T,T,,,,\n");
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
