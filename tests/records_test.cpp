// The bytes of the CLI's JSON and CSV records (src/cli/records.cpp): the escapes of file names,
// the replacement of bytes that are not UTF-8, the form of numbers, CSV's fields; and the solve
// record's columns (src/cli/solve_record.cpp) for made-up searches, in JSON, CSV and text; each
// expected line is what taquin has always written (docs/output.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/records.hpp"
#include "cli/solve_record.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {
namespace {

std::string json_of(const std::string& text) {
  return JsonLine().add("source", text).str();
}

TEST(Records, StringsAreEscapedAsJson) {
  EXPECT_EQ(json_of("plain.txt"), R"({"source":"plain.txt"})");
  EXPECT_EQ(json_of("q\"q back\\slash"), R"({"source":"q\"q back\\slash"})");
  EXPECT_EQ(json_of("\n\r\t\b\f\x01\x1f\x7f"),
            "{\"source\":\"\\n\\r\\t\\u0008\\u000c\\u0001\\u001f\x7f\"}");
  // Well-formed UTF-8 as it is, the replacement character too.
  EXPECT_EQ(json_of("été 😀 \xef\xbf\xbd"), "{\"source\":\"été 😀 \xef\xbf\xbd\"}");
}

TEST(Records, EachByteThatIsNotUtf8IsAReplacementCharacter) {
  // Latin-1, a sequence cut short before an ASCII byte and at the end, an overlong form, a
  // surrogate, past U+10FFFF, a stray continuation byte: one \ufffd a byte.
  EXPECT_EQ(json_of("\xe9t\xe9\n.txt"), R"({"source":"\ufffdt\ufffd\n.txt"})");
  EXPECT_EQ(json_of("\xe2\x82"
                    "A\xe2\x82"),
            R"({"source":"\ufffd\ufffdA\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xc0\x80"), R"({"source":"\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xed\xa0\x80"), R"({"source":"\ufffd\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xf4\x90\x80\x80"), R"({"source":"\ufffd\ufffd\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\x80"
                    "a"),
            R"({"source":"\ufffda"})");
  // CSV keeps the bytes as they are.
  JsonLine line;
  line.add("source", "\xe9,t");
  EXPECT_EQ(RecordFormat("csv", {"source"}).line(line), "\"\xe9,t\"\n");
}

TEST(Records, NumbersKeepTheirForm) {
  JsonLine line;
  line.add("a", 0.0).add("b", 3.0).add("c", 1.5e-5).add("d", 0.000123456789);
  line.add("e", 999999.0).add("f", 12345678.9).add("g", std::nan(""));
  line.add("h", std::numeric_limits<double>::infinity()).add_fixed("i", 1.5, 6);
  line.add("j", std::numeric_limits<int64_t>::min());
  line.add("k", std::numeric_limits<uint64_t>::max()).add("l", -1).add("m", true);
  line.add_null("n");
  EXPECT_EQ(line.str(),
            R"({"a":0,"b":3,"c":1.5e-05,"d":0.000123457,"e":999999,"f":1.23457e+07,"g":null,)"
            R"("h":null,"i":1.500000,"j":-9223372036854775808,"k":18446744073709551615,"l":-1,)"
            R"("m":true,"n":null})");
}

TEST(Records, ArraysInJsonAndCsv) {
  const std::vector<Tile> board = {1, 2, 3, 0};
  const std::vector<uint64_t> counts = {0, std::numeric_limits<uint64_t>::max()};
  const std::vector<std::vector<Tile>> path = {{1, 2}, {}, {3}};
  JsonLine line;
  line.add("id", 7).add("board", std::span<const Tile>(board));
  line.add("counts", std::span<const uint64_t>(counts));
  line.add("path", std::span<const std::vector<Tile>>(path)).add("seconds", 0.25);
  EXPECT_EQ(line.str(), R"({"id":7,"board":[1,2,3,0],"counts":[0,18446744073709551615],)"
                        R"("path":[[1,2],[],[3]],"seconds":0.25})");
  const RecordFormat csv("csv", {"id", "board", "counts", "path", "seconds", "missing"});
  EXPECT_EQ(csv.header(), "id,board,counts,path,seconds,missing\n");
  EXPECT_EQ(csv.line(line), "7,1 2 3 0,0 18446744073709551615,1 2;;3,0.25,\n");
  EXPECT_EQ(RecordFormat("json", {}).line(line), line.str() + "\n");
  EXPECT_EQ(JsonLine().str(), "{}");
}

TEST(Records, AFieldTwiceOrOutsideTheColumnsIsABug) {
  JsonLine line;
  line.add("id", 1);
  EXPECT_THROW(line.add("id", 2), std::logic_error);
  EXPECT_THROW(RecordFormat("csv", {"other"}).line(line), std::logic_error);
}

// A made-up search of the 3x3 board `kBoard` (times fixed, so that every byte is known).
const std::vector<Tile> kBoard = {1, 2, 3, 4, 5, 6, 0, 7, 8};
const std::vector<Tile> kGoal = {1, 2, 3, 4, 5, 6, 7, 8, 0};

SearchResult made_up(Outcome outcome) {
  SearchResult r;
  r.outcome = outcome;
  r.optimal = outcome == Outcome::Solved;
  if (outcome == Outcome::Solved) r.moves = {Dir::Right, Dir::Right};
  if (outcome == Outcome::NodeLimit) r.lower_bound = 2;
  if (outcome != Outcome::Unsolvable) r.stats = {2, 4, 3, 5, 1, 0.25};
  return r;
}

SolveFacts facts_of(const Instance& inst, const SearchResult& r) {
  SolveFacts facts;
  facts.id = 7;
  facts.instance = &inst;
  facts.goal = kGoal;
  facts.result = &r;
  facts.algorithm = "ida";
  facts.heuristic = "linear";
  facts.threads = 1;
  return facts;
}

TEST(SolveRecord, EveryColumnInJsonAndCsv) {
  Instance inst;
  inst.shape = Shape::square(3);
  inst.tiles = kBoard;
  inst.source = "b, \"q\".txt";
  inst.line = 4;
  inst.optimal_length = 2;
  const SearchResult solved = made_up(Outcome::Solved);
  const std::vector<std::vector<Tile>> path = {kBoard, {1, 2, 3, 4, 5, 6, 7, 0, 8}, kGoal};
  SolveFacts facts = facts_of(inst, solved);
  facts.path = &path;
  const JsonLine line = solve_record(facts);
  EXPECT_EQ(
      line.str(),
      R"({"id":7,"source":"b, \"q\".txt","line":4,"size":3,"rows":3,"cols":3,"board":[1,2,3,4,5,6,0,7,8],)"
      R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"solved","length":2,)"
      R"("moves":"RR","optimal":true,"algorithm":"ida","heuristic":"linear","threads":1,)"
      R"("states_selected":3,"max_states_in_memory":5,"nodes_expanded":2,)"
      R"("nodes_generated":4,"iterations":1,"seconds":0.25,"nodes_per_second":8,)"
      R"("optimal_length":2,"lower_bound":null,"weight":null,)"
      R"("path":[[1,2,3,4,5,6,0,7,8],[1,2,3,4,5,6,7,0,8],[1,2,3,4,5,6,7,8,0]]})");
  const RecordFormat csv("csv", solve_csv_columns(true));
  EXPECT_EQ(
      csv.header(),
      "id,source,line,size,rows,cols,board,goal,solvable,outcome,length,moves,optimal,algorithm,"
      "heuristic,threads,states_selected,max_states_in_memory,nodes_expanded,"
      "nodes_generated,iterations,seconds,nodes_per_second,optimal_length,lower_bound,weight,"
      "path\n");
  EXPECT_EQ(csv.line(line),
            "7,\"b, \"\"q\"\".txt\",4,3,3,3,1 2 3 4 5 6 0 7 8,1 2 3 4 5 6 7 8 0,true,solved,2,RR,"
            "true,ida,linear,1,3,5,2,4,1,0.25,8,2,,,"
            "1 2 3 4 5 6 0 7 8;1 2 3 4 5 6 7 0 8;1 2 3 4 5 6 7 8 0\n");
  EXPECT_EQ(solve_text_statistics(facts),
            "states selected (complexity in time): 3\n"
            "max states in memory (complexity in size): 5\n"
            "nodes expanded: 2\n"
            "nodes generated: 4\n"
            "iterations: 1\n"
            "seconds: 0.250000\n"
            "nodes expanded per second: 8\n"
            "optimal: yes\n");
}

TEST(SolveRecord, NullsFollowTheOutcome) {
  Instance inst;
  inst.shape = Shape::square(3);
  inst.tiles = kBoard;
  inst.source = "<stdin>";
  inst.line = 1;
  const SearchResult stopped = made_up(Outcome::NodeLimit);
  SolveFacts facts = facts_of(inst, stopped);
  facts.algorithm = "bfs";
  facts.kind = Algorithm::Bfs;
  std::vector<std::vector<Tile>> no_path;
  facts.path = &no_path;  // --show-path: no path when not solved
  EXPECT_EQ(
      solve_record(facts).str(),
      R"({"id":7,"source":"<stdin>","line":1,"size":3,"rows":3,"cols":3,"board":[1,2,3,4,5,6,0,7,8],)"
      R"("goal":[1,2,3,4,5,6,7,8,0],"solvable":true,"outcome":"node-limit","length":null,)"
      R"("moves":null,"optimal":false,"algorithm":"bfs","heuristic":"none","threads":1,)"
      R"("states_selected":3,"max_states_in_memory":5,"nodes_expanded":2,)"
      R"("nodes_generated":4,"iterations":1,"seconds":0.25,"nodes_per_second":8,)"
      R"("optimal_length":null,"lower_bound":2,"weight":null})");
  EXPECT_EQ(solve_text_statistics(facts).find("iterations"), std::string::npos);
  EXPECT_NE(solve_text_statistics(facts).find("optimal: unknown\n"), std::string::npos);
  // Unsolvable: no bound, in bench as in solve.
  const SearchResult unsolvable = made_up(Outcome::Unsolvable);
  SolveFacts bench = facts_of(inst, unsolvable);
  JsonLine line;
  add_solve_columns(line, bench, kBenchColumns);
  EXPECT_EQ(line.str(), R"({"id":7,"outcome":"unsolvable","length":null,"optimal_length":null,)"
                        R"("nodes_expanded":0,"nodes_generated":0,"iterations":0,"seconds":0,)"
                        R"("nodes_per_second":0,"moves":null,"lower_bound":null,)"
                        R"("published_nodes_generated":null})");
  bench.published_nodes_generated = 10;
  JsonLine bench_line;
  add_solve_columns(bench_line, bench, kBenchColumns);
  EXPECT_NE(bench_line.str().find(R"("lower_bound":null,"published_nodes_generated":10})"),
            std::string::npos)
      << bench_line.str();
  // compare's rows: seconds with six decimals.
  SolveFacts compare = facts_of(inst, stopped);
  compare.seconds_decimals = 6;
  JsonLine row;
  add_solve_columns(row, compare, kCompareColumns);
  EXPECT_EQ(row.str(),
            R"({"id":7,"source":"<stdin>","line":1,"size":3,"rows":3,"cols":3,"algorithm":"ida",)"
            R"("heuristic":"linear","outcome":"node-limit","length":null,)"
            R"("optimal":false,"states_selected":3,"max_states_in_memory":5,)"
            R"("nodes_expanded":2,"nodes_generated":4,"seconds":0.250000,)"
            R"("lower_bound":2})");
}

TEST(SolveRecord, AnUnknownColumnIsABug) {
  Instance inst;
  const SearchResult r = made_up(Outcome::Solved);
  JsonLine line;
  constexpr std::string_view kUnknown[] = {"speed"};
  EXPECT_THROW(add_solve_columns(line, facts_of(inst, r), kUnknown), std::logic_error);
}

}  // namespace
}  // namespace taquin::cli
