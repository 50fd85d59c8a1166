// Tests of the larger shape pattern databases built once into files (shape::built_partition,
// shape::shared_built_pdb, `taquin pdb build RxC`): their partitions, exact or admissible values,
// the heuristic choice that takes them or says how to build them, and the command's refusals.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "cli_run.hpp"
#include "core/generate.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "shape/compact_pdb.hpp"
#include "shape/explore.hpp"
#include "shape/ida.hpp"
#include "shape/partition.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/pdb_file.hpp"
#include "shape/search.hpp"

namespace taquin::shape {
namespace {

namespace fs = std::filesystem;

// A fresh directory named after the running test.
fs::path scratch_dir() {
  const fs::path dir =
      fs::temp_directory_path() / ("taquin-built-pdb-" + std::to_string(::getpid()) + "-" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The value of `pdb` on every state `dist` (all_distances_shape) reaches: at most the distance,
// equal to it when `exact`; 0 on the goal.
void check_values(const ShapePdb& pdb, const std::vector<uint8_t>& dist, bool exact) {
  const Partition& p = pdb.partition();
  for (uint64_t r = 0; r < dist.size(); ++r) {
    if (dist[r] == kShapeUnreached) continue;
    const Grid g = grid_of_rank(r, p.rows, p.cols, p.blank);
    std::array<uint8_t, kMaxPdbCells> where{};
    for (int c = 0; c < g.size(); ++c) where[g.cells[c]] = static_cast<uint8_t>(c);
    const int h = pdb.value(where.data());
    ASSERT_LE(h, dist[r]) << "rank " << r;
    if (exact) {
      ASSERT_EQ(h, dist[r]) << "rank " << r;
    }
  }
}

TEST(BuiltPartition, FourByFiveIsSevenSixSixPlainOverEveryTile) {
  auto p = built_partition(4, 5, 19);
  ASSERT_TRUE(p.ok()) << p.error().describe();
  EXPECT_EQ(partition_name(*p), "4x5 7-6-6");
  EXPECT_FALSE(p->per_blank_cell);
  EXPECT_TRUE(check_partition(*p).ok());
  size_t tiles = 0;
  for (const auto& group : p->groups) tiles += group.size();
  EXPECT_EQ(tiles, 19u);
  auto t = built_partition(5, 4, 19);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(partition_name(*t), "5x4 7-6-6");
  auto moved = built_partition(4, 5, 0);  // the blank's goal cell elsewhere: swapped in
  ASSERT_TRUE(moved.ok());
  EXPECT_TRUE(check_partition(*moved).ok());
  EXPECT_NE(shape_pdb_file_name(*moved), shape_pdb_file_name(*p));
}

TEST(BuiltPartition, ShapesWithoutOneAreRefusedNamingThoseWithOne) {
  auto none = built_partition(3, 7, 20);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().describe().find("no larger tables for the 3x7 shape"), std::string::npos);
  EXPECT_NE(none.error().describe().find("4x5"), std::string::npos);
  EXPECT_FALSE(built_partition(4, 5, 20).ok());  // a blank off the board
  EXPECT_FALSE(built_partition(9, 9, 80).ok());  // beyond the shape databases
}

// The 2x5 table holds every tile: its values are the exhaustive distances.
TEST(BuiltPdb, TwoByFiveValuesAreTheDistances) {
  auto p = built_partition(2, 5, 9);
  ASSERT_TRUE(p.ok());
  auto pdb = ShapePdb::build(*p);
  ASSERT_TRUE(pdb.ok());
  auto dist = all_distances_shape(2, 5, 9);
  ASSERT_TRUE(dist.ok());
  check_values(*pdb, *dist, true);
}

// Plain tables of large groups on a board the tests can explore whole: admissible.
TEST(BuiltPdb, PlainSevenTileGroupsAreAdmissible) {
  const Partition p{3, 3, 8, {{0, 1, 2, 3, 4, 5, 6}, {7}}, false};
  auto pdb = ShapePdb::build(p);
  ASSERT_TRUE(pdb.ok());
  auto dist = all_distances_shape(3, 3, 8);
  ASSERT_TRUE(dist.ok());
  check_values(*pdb, *dist, false);
  const Partition q{2, 5, 9, {{0, 1, 2, 5, 6, 7, 3}, {4, 8}}, false};
  auto pdb_q = ShapePdb::build(q);
  ASSERT_TRUE(pdb_q.ok());
  auto dist_q = all_distances_shape(2, 5, 9);
  ASSERT_TRUE(dist_q.ok());
  check_values(*pdb_q, *dist_q, false);
}

TEST(BuiltPdb, LoadedFromTheirFileOnceAndRefusedWhenMissing) {
  const fs::path dir = scratch_dir();
  EXPECT_FALSE(shared_built_pdb(dir.string(), 2, 5, 9).ok());  // (kept: a later file is unseen)
  const fs::path other = dir / "other";
  fs::create_directories(other);
  auto p = built_partition(2, 5, 9);
  ASSERT_TRUE(p.ok());
  auto pdb = ShapePdb::build(*p);
  ASSERT_TRUE(pdb.ok());
  ASSERT_EQ(*built_pdb_path(other.string(), 2, 5, 9), (other / shape_pdb_file_name(*p)).string());
  ASSERT_FALSE(save_shape_pdb(*built_pdb_path(other.string(), 2, 5, 9), *pdb).has_value());
  auto loaded = shared_built_pdb(other.string(), 2, 5, 9);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded->get(), shared_built_pdb(other.string(), 2, 5, 9)->get());
  EXPECT_EQ((*loaded)->table(0), pdb->table(0));
  EXPECT_FALSE(shared_built_pdb("", 2, 5, 9).ok());
  EXPECT_FALSE(built_pdb_path(other.string(), 3, 7, 20).ok());
  fs::remove_all(dir);
}

// `count` states `dist` (all_distances_shape) reaches, with a fixed seed.
std::vector<uint64_t> reached(const std::vector<uint8_t>& dist, int count, uint64_t seed) {
  Random random(seed);
  std::vector<uint64_t> out;
  while (static_cast<int>(out.size()) < count) {
    const uint64_t r = random.below(dist.size());
    if (dist[r] != kShapeUnreached) out.push_back(r);
  }
  return out;
}

// The larger of two partitions' sums keeps IDA*'s lengths the exhaustive distances.
TEST(BuiltPdb, LargerOfTwoSumsKeepsTheDistances) {
  auto first = ShapePdb::build(Partition{3, 3, 8, {{0, 1, 2, 3, 4, 5, 6}, {7}}, false});
  auto second = ShapePdb::build(Partition{3, 3, 8, {{0, 3, 6, 1}, {4, 7, 2, 5}}, true});
  ASSERT_TRUE(first.ok() && second.ok());
  auto dist = all_distances_shape(3, 3, 8);
  ASSERT_TRUE(dist.ok());
  for (uint64_t r : reached(*dist, 200, 7)) {
    const Grid g = grid_of_rank(r, 3, 3, 8);
    const SearchResult result =
        compact_ida(g, CompactPdbMax(*first, *second), Limits{}, std::chrono::steady_clock::now());
    ASSERT_EQ(result.outcome, Outcome::Solved);
    ASSERT_EQ(static_cast<int>(result.moves.size()), (*dist)[r]) << "rank " << r;
  }
}

// IDA* takes the built tables from $TAQUIN_PDB_DIR: 2x5's are exact, so it expands the path alone.
TEST(BuiltPdb, IdaTakesTheFileFromTheDatabasesDirectory) {
  const fs::path dir = scratch_dir();
  auto p = built_partition(2, 5, 9);
  auto pdb = ShapePdb::build(*p);
  ASSERT_TRUE(pdb.ok());
  ASSERT_FALSE(save_shape_pdb(*built_pdb_path(dir.string(), 2, 5, 9), *pdb).has_value());
  ::setenv("TAQUIN_PDB_DIR", dir.c_str(), 1);
  auto dist = all_distances_shape(2, 5, 9);
  ASSERT_TRUE(dist.ok());
  for (uint64_t r : reached(*dist, 50, 3)) {
    const SearchResult result = ida_search(grid_of_rank(r, 2, 5, 9), HeuristicKind::Pdb);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    ASSERT_EQ(static_cast<int>(result.moves.size()), (*dist)[r]) << "rank " << r;
    EXPECT_EQ(result.stats.nodes_expanded, result.moves.size()) << "rank " << r;
  }
  ::unsetenv("TAQUIN_PDB_DIR");
  fs::remove_all(dir);
}

Goal goal_of(int rows, int cols, GoalSpec::Kind kind = GoalSpec::Kind::Standard) {
  GoalSpec spec;
  spec.kind = kind;
  return *Goal::for_shape(spec, Shape{rows, cols});
}

TEST(BuiltPdb, HeuristicChoiceTakesThemOrSaysHowToBuildThem) {
  const fs::path dir = scratch_dir();
  HeuristicRequest request;
  request.asked = HeuristicKind::Pdb;
  request.paths.default_dir = dir.string();
  auto without = choose_heuristic(goal_of(2, 5), request);
  ASSERT_TRUE(without.ok());
  EXPECT_EQ(without->label(), "pdb 2x5 6-3");  // the default partition's
  EXPECT_NE(without->notice.find("`taquin pdb build 2x5`"), std::string::npos) << without->notice;
  // Another goal's blank cell: `pdb build` would not build its tables, no notice.
  EXPECT_TRUE(choose_heuristic(goal_of(2, 5, GoalSpec::Kind::ZeroFirst), request)->notice.empty());
  // A damaged file: the default tables, and why.
  const fs::path damaged = dir / "damaged";
  fs::create_directories(damaged);
  std::ofstream(*built_pdb_path(damaged.string(), 2, 5, 9), std::ios::binary) << "not a table";
  request.paths.default_dir = damaged.string();
  auto bad = choose_heuristic(goal_of(2, 5), request);
  ASSERT_TRUE(bad.ok());
  EXPECT_NE(bad->notice.find("--fresh"), std::string::npos) << bad->notice;
  // Shapes without larger tables keep their notice-free choice.
  HeuristicRequest by_default;
  by_default.paths.default_dir = dir.string();
  auto two_by_seven = choose_heuristic(goal_of(2, 7), by_default);
  ASSERT_TRUE(two_by_seven.ok());
  EXPECT_TRUE(two_by_seven->notice.empty());
  fs::remove_all(dir);
}

// `taquin pdb build 2x5`: the file, a second run that keeps it, solve taking it; refusals.
TEST(BuiltPdbCli, BuildThenSolveTakesTheFile) {
  const fs::path dir = scratch_dir();
  const std::string env = "TAQUIN_PDB_DIR=" + dir.string() + " ";
  const testing::CliRun generated = testing::run_taquin("generate --size 2x5 --solvable --seed 4");
  ASSERT_EQ(generated.status, 0) << generated.err;
  const std::string board = testing::temp_file("built_2x5.txt", generated.out);
  const testing::CliRun before = testing::run_program(
      env + TAQUIN_BINARY, "solve " + board + " " + board + " --heuristic pdb --format json");
  ASSERT_EQ(before.status, 0) << before.err;
  EXPECT_NE(before.err.find("`taquin pdb build 2x5`"), std::string::npos) << before.err;
  EXPECT_EQ(before.err.find("`taquin pdb build 2x5`"), before.err.rfind("`taquin pdb build 2x5`"))
      << "once per run: " << before.err;
  const testing::CliRun build =
      testing::run_taquin("pdb build 2x5 -o " + dir.string() + " --threads 1");
  ASSERT_EQ(build.status, 0) << build.err;
  const std::string path = dir.string() + "/" + shape_pdb_file_name(*built_partition(2, 5, 9));
  EXPECT_EQ(build.out, path + "\n");
  EXPECT_TRUE(fs::exists(path));
  const testing::CliRun again = testing::run_taquin("pdb build 2x5 -o " + dir.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("built already"), std::string::npos) << again.err;
  const testing::CliRun after = testing::run_program(
      env + TAQUIN_BINARY, "solve " + board + " --heuristic pdb --format json");
  ASSERT_EQ(after.status, 0) << after.err;
  EXPECT_EQ(after.err, "");
  EXPECT_EQ(testing::unquote(testing::field(after.out, "heuristic")), "pdb 2x5 9");
  EXPECT_EQ(testing::field(after.out, "length"), testing::field(before.out, "length"));
  // Exact values: IDA* expands the solution's path alone.
  EXPECT_EQ(testing::field(after.out, "nodes_expanded"), testing::field(after.out, "length"));
  fs::remove_all(dir);
}

TEST(BuiltPdbCli, BuildRefusesShapesWithoutTablesAndTooLittleMemory) {
  const fs::path dir = scratch_dir();
  const testing::CliRun none = testing::run_taquin("pdb build 3x7 -o " + dir.string());
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("no larger tables for the 3x7 shape"), std::string::npos) << none.err;
  const testing::CliRun memory =
      testing::run_taquin("pdb build 4x5 --max-memory 100M -o " + dir.string());
  EXPECT_EQ(memory.status, 2);
  EXPECT_NE(memory.err.find("--max-memory"), std::string::npos) << memory.err;
  EXPECT_TRUE(fs::is_empty(dir));
  const testing::CliRun threads = testing::run_taquin("pdb build 2x5 --threads -1");
  EXPECT_EQ(threads.status, 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace taquin::shape
