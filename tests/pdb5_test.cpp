// 5x5 pattern databases: values against an exhaustive search of the abstraction, admissibility on
// korf50, optimal lengths against linear conflict, catalogue errors, bench --set korf50.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>

#include "cli_run.hpp"
#include "core/generate.hpp"
#include "core/rank.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/direct_heuristic.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/solver.hpp"
#include "test_support.hpp"

namespace taquin {
namespace {

namespace fs = std::filesystem;
using testing::count_lines;
using testing::reference_set;
using testing::run_taquin;
using testing::solves;
using testing::temp_file;

// Six groups of four tiles covering every cell but the blank's (cell 0):
//    .  A  A  B  B
//    C  A  A  B  B
//    C  D  D  E  E
//    C  D  D  E  E
//    C  F  F  F  F
const char* kQuads =
    "side 5\nblank 0\n1 2 6 7\n3 4 8 9\n5 10 15 20\n11 12 16 17\n13 14 18 19\n21 22 23 24\n";

// kQuads and a second partition of six groups of four, by rows:
//    .  A  A  A  A
//    B  B  B  B  C
//    D  D  D  D  C
//    E  E  E  E  C
//    F  F  F  F  C
const std::string kQuadsTwice = std::string(kQuads) +
                                "partition\n1 2 3 4\n5 6 7 8\n9 14 19 24\n10 11 12 13\n"
                                "15 16 17 18\n20 21 22 23\n";

// A scratch directory for this test binary, removed at its end.
fs::path scratch() {
  return fs::temp_directory_path() / ("taquin_pdb5_" + std::to_string(::getpid()));
}

// The catalogue `text` built into scratch() as `stem`.cat once per test binary, loaded for `goal`.
pdb::PdbSet built_set(const Goal& goal, const std::string& stem, const std::string& text) {
  const fs::path cat_path = scratch() / (stem + ".cat");
  if (!fs::exists(cat_path)) {
    fs::create_directories(scratch());
    std::ofstream(cat_path) << text;
    Expected<pdb::Catalogue> cat = pdb::read_catalogue(cat_path.string());
    EXPECT_TRUE(cat.ok()) << cat.error().describe();
    pdb::BuildOptions options;
    options.threads = 2;
    Expected<std::vector<std::string>> written =
        pdb::build_catalogue(*cat, scratch().string(), options);
    EXPECT_TRUE(written.ok()) << written.error().describe();
  }
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(cat_path.string(), goal);
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return *set;
}

// kQuads built once, loaded for `goal`.
pdb::PdbSet quads(const Goal& goal) {
  return built_set(goal, "quads", kQuads);
}

// kQuadsTwice built once, loaded for `goal`.
pdb::PdbSet quads_twice(const Goal& goal) {
  return built_set(goal, "quads2", kQuadsTwice);
}

// The value of every placement of `cells` in the abstraction (the group's tiles distinct, every
// other piece alike; a move of a group tile costs 1, of another piece 0), by a 0-1 breadth-first
// search over (placement, blank cell) from the goal (tiles home, blank on `blank_cell`), least
// over the blank's cell; indexed by placement rank.
std::vector<int> abstraction_distances(int side, const std::vector<uint8_t>& cells,
                                       int blank_cell) {
  const int n = side * side, k = static_cast<int>(cells.size());
  const uint64_t placements = placement_count(n, k);
  constexpr uint8_t kFar = 255;
  std::vector<uint8_t> dist(placements * n, kFar);
  std::vector<bool> done(placements * n, false);
  std::deque<uint64_t> queue;
  const uint64_t start = rank_placement(cells.data(), n, k) * n + blank_cell;
  dist[start] = 0;
  queue.push_back(start);
  uint8_t here[64], pos[64];
  while (!queue.empty()) {
    const uint64_t state = queue.front();
    queue.pop_front();
    if (done[state]) continue;
    done[state] = true;
    const int blank = static_cast<int>(state % n);
    const int r = blank / side, c = blank % side;
    const int targets[4] = {r > 0 ? blank - side : -1, r < side - 1 ? blank + side : -1,
                            c > 0 ? blank - 1 : -1, c < side - 1 ? blank + 1 : -1};
    unrank_placement(state / n, n, k, here);
    for (int to : targets) {
      if (to < 0) continue;
      std::copy(here, here + k, pos);
      int cost = 0;
      for (int i = 0; i < k; ++i)
        if (pos[i] == to) {
          pos[i] = static_cast<uint8_t>(blank);
          cost = 1;
        }
      const uint64_t next = rank_placement(pos, n, k) * n + to;
      if (dist[next] <= dist[state] + cost) continue;
      dist[next] = static_cast<uint8_t>(dist[state] + cost);
      if (cost == 0)
        queue.push_front(next);
      else
        queue.push_back(next);
    }
  }
  std::vector<int> best(placements, kFar);
  for (uint64_t s = 0; s < dist.size(); ++s) best[s / n] = std::min<int>(best[s / n], dist[s]);
  return best;
}

// Every table of `set` (groups of four tiles) equals abstraction_distances of its group; `truths`
// receives those distances, one vector a group.
void expect_tables_exhaustive(const pdb::PdbSet& set, std::vector<std::vector<int>>& truths) {
  for (size_t g = 0; g < set.tables.size(); ++g) {
    const pdb::Table& table = *set.tables[g];
    const std::vector<uint8_t>& cells = set.catalogue.groups[g];
    ASSERT_EQ(table.cells(), cells);
    const std::vector<int> truth = abstraction_distances(5, cells, 0);
    ASSERT_EQ(truth.size(), table.entry_count());
    int max_value = 0;
    uint8_t pos[64];
    for (uint64_t i = 0; i < truth.size(); ++i) {
      ASSERT_LT(truth[i], 255) << "group " << g << ": placement " << i << " unreached";
      unrank_placement(i, 25, 4, pos);
      int manhattan = 0;
      for (int t = 0; t < 4; ++t) manhattan += taxicab(pos[t], cells[t], 5);
      EXPECT_EQ(table.value(i, manhattan), truth[i]) << "group " << g << ": placement " << i;
      if (::testing::Test::HasFailure()) return;
      max_value = std::max(max_value, truth[i]);
    }
    EXPECT_EQ(table.max_value(), max_value) << "group " << g;
    truths.push_back(truth);
  }
}

TEST(Pdb5Values, SmallCatalogueEqualsAnExhaustiveSearchOfTheAbstraction) {
  const pdb::PdbSet set = quads(Goal::zero_first(5));
  ASSERT_EQ(set.tables.size(), 6u);
  std::vector<std::vector<int>> truths;
  expect_tables_exhaustive(set, truths);
}

void expect_admissible_on_korf50(const pdb::PdbSet& set);

TEST(Pdb5Values, TwoPartitionsTakeTheLargestSumOfTheExhaustiveValues) {
  // Each of the 12 tables equals the exhaustive search of its abstraction, and the heuristic of
  // random boards equals the largest, over both partitions and both views (as is, transposed), of
  // the sum of those exhaustive values: computed here from the tiles' cells, not incrementally.
  const Goal goal = Goal::zero_first(5);
  const pdb::PdbSet set = quads_twice(goal);
  ASSERT_EQ(set.tables.size(), 12u);
  ASSERT_EQ(set.catalogue.partitions, 2);
  std::vector<std::vector<int>> truth;
  expect_tables_exhaustive(set, truth);
  ASSERT_EQ(truth.size(), 12u);
  const pdb::PdbMaxHeuristic<5> h(set, goal.blank_cell());
  ASSERT_EQ(h.views(), 4);
  Random random(24);
  int raised = 0;  // boards where the second partition gives the larger value
  for (int b = 0; b < 300; ++b) {
    const Board<5> board =
        goal.canonical<5>(random_walk(random, goal, 20 + static_cast<int>(random.below(200))));
    std::array<uint8_t, 25> where{};
    for (int c = 0; c < 25; ++c) where[board.at(c)] = static_cast<uint8_t>(c);
    std::array<int, 2> best{};
    for (int sym : {0, 1}) {  // the identity and the transpose (each its own inverse)
      std::array<int, 2> sum{};
      for (size_t g = 0; g < 12; ++g) {
        uint8_t cells[4];
        for (int i = 0; i < 4; ++i) {
          const int label = pdb::symmetric_cell(sym, set.catalogue.groups[g][i], 5);
          cells[i] = static_cast<uint8_t>(pdb::symmetric_cell(sym, where[label], 5));
        }
        sum[set.catalogue.group_partition[g]] += truth[g][rank_placement(cells, 25, 4)];
      }
      for (int p : {0, 1}) best[p] = std::max(best[p], sum[p]);
    }
    ASSERT_EQ(h.evaluate(board), std::max(best[0], best[1])) << "board " << b;
    raised += best[1] > best[0];
  }
  EXPECT_GT(raised, 0);
  expect_admissible_on_korf50(set);
}

// Every value of `set` on korf50's boards is at most the published optimal length, of its parity.
void expect_admissible_on_korf50(const pdb::PdbSet& set) {
  const Goal goal = Goal::zero_first(5);
  const std::vector<Instance> korf50 = reference_set("korf50");
  ASSERT_EQ(korf50.size(), 50u);
  pdb::with_pdb_heuristic<5>(set, goal.blank_cell(), [&](const auto& h) {
    for (const Instance& inst : korf50) {
      ASSERT_TRUE(inst.optimal_length.has_value());
      const int value = h.evaluate(goal.canonical<5>(inst.tiles));
      EXPECT_LE(value, *inst.optimal_length) << "line " << inst.line;
      EXPECT_EQ((*inst.optimal_length - value) % 2, 0) << "line " << inst.line;
    }
  });
}

TEST(Pdb5Values, NoValueExceedsTheKorf50Lengths) {
  expect_admissible_on_korf50(quads(Goal::zero_first(5)));
}

TEST(Pdb5Solve, WalksOf40To60MovesHaveLinearConflictsLengths) {
  // Zero-first (the catalogue's own blank cell) and standard (through the half turn), with one
  // partition and with two.
  Random random(2002);
  int walks = 0;
  for (const Goal& goal : {Goal::zero_first(5), Goal::standard(5)})
    for (const bool twice : {false, true}) {
      const pdb::PdbSet set = twice ? quads_twice(goal) : quads(goal);
      pdb::with_pdb_heuristic<5>(set, goal.blank_cell(), [&](const auto& h) {
        const LinearConflict<5> lc(goal.blank_cell());
        const Manhattan<5> md(goal.blank_cell());
        for (int steps = 40; steps <= 60; steps += 5, ++walks) {
          const Board<5> start = goal.canonical<5>(random_walk(random, goal, steps));
          const SearchResult r = ida_search(start, h);
          ASSERT_EQ(r.outcome, Outcome::Solved) << goal.name() << ", walk of " << steps;
          EXPECT_TRUE(r.optimal);
          EXPECT_TRUE(solves(goal, start, r.moves));
          const SearchResult truth = ida_search(start, lc);
          ASSERT_EQ(truth.outcome, Outcome::Solved);
          EXPECT_EQ(r.moves.size(), truth.moves.size()) << goal.name() << ", walk of " << steps;
          EXPECT_GE(h.evaluate(start), md.value(md.init(start)));
          if (steps == 50) {
            const SearchResult p = parallel_ida_search(start, h);
            ASSERT_EQ(p.outcome, Outcome::Solved);
            EXPECT_EQ(p.moves.size(), truth.moves.size());
            EXPECT_TRUE(solves(goal, start, p.moves));
          }
        }
      });
    }
  EXPECT_EQ(walks, 20);
}

void expect_korf50_easiest(const std::string& catalogue, const std::string& stem);

// The opt-in test of the 6-6-6-6 tables, and of 6-6-6-6-max's when they are there too:
// TAQUIN_PDB5_DIR names a directory holding them (built by `taquin pdb build 6-6-6-6 -o DIR`:
// 2 minutes, 1.5 GB; then `taquin pdb build 6-6-6-6-max -o DIR` copies those four and builds
// four more); without it, the test is skipped.
TEST(Pdb5Korf50, SixSixSixSixIsAdmissibleAndSolvesTheThreeEasiest) {
  const char* dir = std::getenv("TAQUIN_PDB5_DIR");
  if (!dir || !*dir) GTEST_SKIP() << "set TAQUIN_PDB5_DIR to a directory holding 6-6-6-6.*.pdb";
  for (const std::string stem : {"6-6-6-6", "6-6-6-6-max"}) {
    const fs::path cat = fs::path(dir) / (stem + ".cat");
    if (stem != "6-6-6-6" && !fs::exists(cat)) continue;
    expect_korf50_easiest(cat.string(), stem);
  }
}

// The direct-indexed tables of the opt-in set named `stem` (see above): the ranked tables' values
// on 100,000 boards of random walks from each of the 50 starts, and the node-count signature of
// the one-thread search (run_search, as `bench --threads 1` runs it) on #38 and #40.
void expect_direct_equals_ranked(const std::string& stem, int views, uint64_t nodes38,
                                 uint64_t nodes40) {
  const char* dir = std::getenv("TAQUIN_PDB5_DIR");
  if (!dir || !*dir) GTEST_SKIP() << "set TAQUIN_PDB5_DIR to a directory holding 6-6-6-6.*.pdb";
  const fs::path cat = fs::path(dir) / (stem + ".cat");
  if (!fs::exists(cat)) GTEST_SKIP() << cat << " is not built";
  const Goal goal = Goal::zero_first(5);
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(cat.string(), goal);
  ASSERT_TRUE(set.ok()) << set.error().describe();
  ASSERT_TRUE(pdb::DirectPdbHeuristic<5>::serves_direct(*set));
  const std::vector<Instance> korf50 = reference_set("korf50");
  const auto compare = [&](const auto& direct, const auto& ranked) {
    ASSERT_EQ(direct.views(), views);
    ASSERT_EQ(ranked.views(), views);
    Random random(50);
    for (const Instance& inst : korf50) {
      Board<5> board = goal.canonical<5>(inst.tiles);
      for (int step = 0; step < 2000; ++step) {
        ASSERT_EQ(direct.evaluate(board), ranked.evaluate(board)) << "step " << step;
        const int from = board.blank();
        board.slide(kMoves<5>.target[from][random.below(kMoves<5>.count[from])]);
      }
    }
  };
  if (views == 4)
    compare(pdb::DirectPdbHeuristic<5, 4>(*set, 0), pdb::PdbHeuristic<5, 4>(*set, 0));
  else
    compare(pdb::DirectPdbHeuristic<5, 2>(*set, 0), pdb::PdbHeuristic<5, 2>(*set, 0));
  SearchPlan plan;
  plan.heuristic = HeuristicKind::Pdb;
  for (const auto& [id, nodes] : {std::pair{38, nodes38}, std::pair{40, nodes40}}) {
    const Board<5> start = goal.canonical<5>(korf50[id - 1].tiles);
    const SearchResult r = run_search(start, plan, &*set);
    ASSERT_EQ(r.outcome, Outcome::Solved) << "korf50 #" << id;
    EXPECT_EQ(static_cast<int>(r.moves.size()), *korf50[id - 1].optimal_length);
    EXPECT_TRUE(solves(goal, start, r.moves)) << "korf50 #" << id;
    EXPECT_EQ(r.stats.nodes_expanded, nodes) << "korf50 #" << id;
  }
}

TEST(Pdb5Korf50, SixSixSixSixDirectTablesAndOneThreadSignature) {
  expect_direct_equals_ranked("6-6-6-6", 2, 68410056, 11321987);
}

TEST(Pdb5Korf50, SixSixSixSixMaxDirectTablesAndOneThreadSignature) {
  expect_direct_equals_ranked("6-6-6-6-max", 4, 24191288, 8103705);
}

// `catalogue`'s tables (named `stem`): admissible on korf50, and the three easiest solved
// optimally on 2 threads, solutions replayed.
void expect_korf50_easiest(const std::string& catalogue, const std::string& stem) {
  const Goal goal = Goal::zero_first(5);
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(catalogue, goal);
  ASSERT_TRUE(set.ok()) << set.error().describe();
  ASSERT_EQ(set->catalogue.stem, stem);
  expect_admissible_on_korf50(*set);
  const std::vector<Instance> korf50 = reference_set("korf50");
  ASSERT_EQ(korf50.size(), 50u);
  pdb::with_pdb_heuristic<5>(*set, goal.blank_cell(), [&](const auto& h) {
    for (int id : {38, 40, 25}) {  // the easiest by Korf & Felner's node counts
      const Instance& inst = korf50[id - 1];
      const Board<5> start = goal.canonical<5>(inst.tiles);
      const SearchResult r = parallel_ida_search(start, h);
      ASSERT_EQ(r.outcome, Outcome::Solved) << "korf50 #" << id;
      EXPECT_EQ(static_cast<int>(r.moves.size()), *inst.optimal_length) << "korf50 #" << id;
      EXPECT_TRUE(solves(goal, start, r.moves)) << "korf50 #" << id;
    }
  });
}

// `pdb build` of `text` into a fresh directory: status 2, one stderr line equal to `error` with
// the catalogue's path in place of FILE, and nothing written.
void expect_refused(const std::string& text, const std::string& error,
                    const std::string& options = "") {
  const std::string cat = temp_file("refused.cat", text);
  const fs::path out = scratch() / "refused";
  fs::remove_all(out);
  const testing::CliRun r = run_taquin("pdb build " + cat + " -o " + out.string() + options);
  EXPECT_EQ(r.status, 2) << text;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  std::string expected = "taquin: " + error + "\n";
  expected.replace(expected.find("FILE"), 4, cat);
  EXPECT_EQ(r.err, expected);
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(fs::exists(out)) << text;
}

TEST(Pdb5Catalogue, BadCataloguesAreRefusedBeforeAnyWork) {
  expect_refused("side 5\n1 2 3\n3 4\n", "FILE:3: cell 3 is in two groups");
  expect_refused(
      "side 5\nblank 0\n1 2 3 4 5 6\n7 8 9 10 11 12\n13 14 15 16 17 18\n19 20 21 22 23\n",
      "FILE: cells left out (in no group, and not the blank's cell 0): 24; a catalogue "
      "to build puts every other cell in a group");
  expect_refused("side 5\nblank 1\n1 2 3 4 5 6\n", "FILE:2: the blank's cell 1 is in a group");
  expect_refused("side 5\nblank 0\n1 2 3 4 5 6 7 8\n",
                 "FILE:3: 8 tiles have more than 4294967295 placements on 25 cells, the most a "
                 "table may have (its indexes are 32-bit)");
  // Seven tiles on 5x5: 2.4 G entries, a byte each for their rounds and half a byte in the table.
  expect_refused(
      "side 5\nblank 0\n1 2 3 4 5 6\n7 8 9 10 11 12 13\n14 15 16 17 18 19\n"
      "20 21 22 23 24\n",
      "FILE:4: building this group needs about 3789 MiB of memory, over the limit of "
      "2048 MiB",
      " --max-memory 2G");
  // Partitions: each covers the board but the blank, on 4x4 and up, at most two, none empty.
  const std::string six_by_four = "1 2 3 4 5 6\n7 8 9 10 11 12\n13 14 15 16 17 18\n";
  expect_refused("side 5\nblank 0\n" + six_by_four + "19 20 21 22 23 24\npartition\n" +
                     six_by_four + "19 20 21 22 23\n",
                 "FILE: cells left out (in no group, and not the blank's cell 0): 24 in partition "
                 "2; a catalogue to build puts every other cell in a group");
  expect_refused("side 3\n1 2 3\npartition\n4 5\n",
                 "FILE:3: several partitions need a board of side 4 or more");
  expect_refused("side 5\nblank 0\npartition\n1 2\n", "FILE:3: a partition with no group");
  expect_refused("side 5\nblank 0\n1 2\npartition\n", "FILE: the last partition has no group");
  expect_refused("side 5\nblank 0\n1 2\npartition\n1 2\npartition\n1 2\n",
                 "FILE:6: too many partitions (at most 2)");
  expect_refused("side 5\nblank 0\n1 2\npartition\n1 2\n2 3\n", "FILE:6: cell 2 is in two groups");
  expect_refused("side 5\nblank 0\n1 2\npartition 2\n",
                 "FILE:4: expected \"partition\" alone on its line");
  // The shipped 6-6-6-6 catalogue parses, covers every cell but 0, and needs some 200 MB.
  Expected<pdb::Catalogue> shipped = pdb::builtin_catalogue("6-6-6-6");
  ASSERT_TRUE(shipped.ok()) << shipped.error().describe();
  EXPECT_EQ(shipped->side, 5);
  EXPECT_EQ(shipped->blank, 0);
  EXPECT_EQ(shipped->covered(), ((uint64_t{1} << 25) - 1) & ~uint64_t{1});
  EXPECT_TRUE(pdb::check_buildable(*shipped, uint64_t{256} << 20).ok());
  EXPECT_FALSE(pdb::check_buildable(*shipped, uint64_t{128} << 20).ok());
  // It is what --build-pdb builds for 5x5 goals with the blank on a corner, and only for those.
  EXPECT_EQ(pdb::shipped_catalogue_for(Goal::zero_first(5)), "6-6-6-6-max");
  EXPECT_EQ(pdb::shipped_catalogue_for(Goal::standard(5)), "6-6-6-6-max");
  EXPECT_EQ(pdb::shipped_catalogue_for(Goal::snail(5)), "");
  EXPECT_EQ(pdb::usable_symmetries(*shipped, Goal::zero_first(5).blank_cell()),
            (std::vector<int>{0, 1}));  // as is, and the transpose
}

TEST(Pdb5Bench, Korf50WithoutDatabasesIsRefusedUnlessAHeuristicIsNamed) {
  const testing::CliRun r = run_taquin("bench --set korf50 --ids 38");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("build one with `taquin pdb build 6-6-6-6-max`"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("unless --heuristic names another"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  const testing::CliRun bad = run_taquin("bench --set korf50 --ids 51 --heuristic manhattan");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--ids: '51' is not an id of korf50 (1 to 50)"), std::string::npos)
      << bad.err;
  const testing::CliRun twice = run_taquin("bench --set korf50 --ids 3,3 --heuristic manhattan");
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("--ids: id 3 is named twice"), std::string::npos) << twice.err;
  const testing::CliRun both = run_taquin("bench --set korf50 --ids 3 --easiest 2");
  EXPECT_EQ(both.status, 2);
  const testing::CliRun none = run_taquin("bench --set hardest8 --easiest 1");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("--easiest: set hardest8 has no published node count"), std::string::npos)
      << none.err;
}

TEST(Pdb5Bench, EasiestAndIdsPickByPublishedCountAndPosition) {
  // Three 8-puzzles with published counts: the easiest two are lines 3 then 1.
  const std::string set = temp_file("published.txt",
                                    "1 2 3 4 5 6 0 7 8  # optimal 2 # kf2002-nodes 30\n"
                                    "1 2 3 4 5 6 7 0 8  # optimal 1 # kf2002-nodes 50\n"
                                    "1 2 3 4 0 6 7 5 8  # optimal 2 # kf2002-nodes 10\n");
  const testing::CliRun r =
      run_taquin("bench --set " + set + " --easiest 2 --threads 1 --format json");
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(count_lines(r.out), 3) << r.out;
  EXPECT_EQ(r.out.find("{\"id\":3,"), 0u) << r.out;
  EXPECT_NE(r.out.find("\"published_nodes_generated\":10}\n{\"id\":1,"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"published_nodes_generated\":30}\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"instances\":2,"), std::string::npos) << r.out;
  const testing::CliRun ids = run_taquin("bench --set " + set + " --ids 2,1 --threads 1");
  EXPECT_EQ(ids.status, 0) << ids.err;
  EXPECT_NE(ids.out.find("     published\n"), std::string::npos) << ids.out;
  EXPECT_NE(ids.out.find("\n     2       1        1"), std::string::npos) << ids.out;
  EXPECT_LT(ids.out.find("\n     2 "), ids.out.find("\n     1 ")) << ids.out;
  EXPECT_NE(ids.out.find("            50\n"), std::string::npos) << ids.out;
  EXPECT_NE(ids.out.find("\npublished: 80 generated on 2 of 2 boards (kf2002-nodes)\n"),
            std::string::npos)
      << ids.out;
  EXPECT_NE(r.out.find("\"published_nodes_generated\":40,\"published_instances\":2,"),
            std::string::npos)
      << r.out;
  // Without counts: null in JSON, "-" in the text's column (CliBench.PublishedColumnOnEverySet).
  const testing::CliRun plain = run_taquin("bench --set hardest8 --ids 2 --format json");
  EXPECT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.out.find("{\"id\":2,"), 0u) << plain.out;
  EXPECT_NE(plain.out.find("\"published_nodes_generated\":null}"), std::string::npos) << plain.out;
}

TEST(Pdb5Bench, ChildAndSplitOrdersKeepTheLengths) {
  // Three 5x5 boards 50 moves from the zero-first goal, their optimal lengths from linear
  // conflict's IDA*; bench with the small two-partition catalogue, in every order on 2 threads.
  const Goal goal = Goal::zero_first(5);
  quads_twice(goal);  // built, so that --pdb names it
  Random random(50);
  std::string lines;
  for (int i = 0; i < 3; ++i) {
    const std::vector<Tile> tiles = random_walk(random, goal, 50);
    const SearchResult truth =
        ida_search(goal.canonical<5>(tiles), LinearConflict<5>(goal.blank_cell()));
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    for (uint8_t t : tiles) lines += std::to_string(t) + " ";
    lines += " # optimal " + std::to_string(truth.moves.size()) + "\n";
  }
  const std::string set = temp_file("walks25.txt", lines);
  const std::string base = "bench --set " + set + " --goal zero-first --threads 2 --pdb " +
                           (scratch() / "quads2.cat").string();
  for (const std::string child : {"moves", "cheapest"})
    for (const std::string split : {"level", "serial"}) {
      const testing::CliRun r =
          run_taquin(base + " --child-order " + child + " --split-order " + split);
      EXPECT_EQ(r.status, 0) << child << ", " << split << ": " << r.err;
      EXPECT_NE(r.out.find("all optimal: yes"), std::string::npos) << r.out;
    }
  const testing::CliRun bad = run_taquin(base + " --split-order fast");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(count_lines(bad.err), 1) << bad.err;
}

TEST(Pdb5Solve, DefaultHeuristicIsTheDatabaseAndALimitReportsTheBoundProved) {
  const Goal goal = Goal::zero_first(5);
  const pdb::PdbSet set = quads(goal);  // built, so that --pdb names it
  Random random(7);
  const std::vector<Tile> tiles = random_walk(random, goal, 60);
  std::string board;
  for (uint8_t t : tiles) board += (board.empty() ? "" : " ") + std::to_string(t);
  const std::string pdb_option = " --pdb " + (scratch() / "quads.cat").string();
  const testing::CliRun solved =
      run_taquin("solve --goal zero-first --format json --board \"" + board + "\"" + pdb_option);
  EXPECT_EQ(solved.status, 0) << solved.err;
  EXPECT_NE(solved.out.find("\"heuristic\":\"pdb quads\""), std::string::npos) << solved.out;
  EXPECT_EQ(solved.err, "");
  const testing::CliRun stopped =
      run_taquin("solve --goal zero-first --threads 1 --max-nodes 5 --format json --board \"" +
                 board + "\"" + pdb_option);
  EXPECT_EQ(stopped.status, 1) << stopped.err;
  EXPECT_NE(stopped.out.find("\"outcome\":\"node-limit\""), std::string::npos) << stopped.out;
  const pdb::PdbHeuristic<5> h(set, goal.blank_cell());
  const int h0 = h.evaluate(goal.canonical<5>(tiles));
  const std::string bound = "\"lower_bound\":";
  const size_t at = stopped.out.find(bound);
  ASSERT_NE(at, std::string::npos) << stopped.out;
  const int proved = std::atoi(stopped.out.c_str() + at + bound.size());
  EXPECT_GE(proved, h0);
  const size_t length_at = solved.out.find("\"length\":");
  ASSERT_NE(length_at, std::string::npos);
  EXPECT_LE(proved, std::atoi(solved.out.c_str() + length_at + 9));
  // Without databases for a 5x5 corner goal: linear conflict, and one line naming the build.
  const testing::CliRun fallback =
      run_taquin("solve --goal zero-first --threads 1 --board \"" + board + "\"");
  EXPECT_EQ(fallback.status, 0) << fallback.err;
  EXPECT_NE(fallback.err.find("using linear conflict, not pattern databases: no pattern database "
                              "for 5x5 goal zero-first"),
            std::string::npos)
      << fallback.err;
  EXPECT_NE(fallback.err.find("`taquin pdb build 6-6-6-6-max`"), std::string::npos) << fallback.err;
}

// Removes scratch() when the test binary ends.
class CleanUp : public ::testing::Environment {
 public:
  void TearDown() override { fs::remove_all(scratch()); }
};
const auto* const kCleanUp = ::testing::AddGlobalTestEnvironment(new CleanUp);

}  // namespace
}  // namespace taquin
