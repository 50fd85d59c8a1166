// Zero-aware pattern databases: values per (placement, blank cell) against an exhaustive search of
// the abstraction, the file format and catalogue line, and the heuristic's admissibility.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <optional>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "core/rank.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/direct_heuristic.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "pdb/verify.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "test_support.hpp"

namespace taquin::pdb {
namespace {

using testing::solves;
namespace fs = std::filesystem;

constexpr int kUnseen = -1;

// The abstraction's distance of every (placement, blank cell), by a 0-1 breadth-first search from
// (the group home, the blank on `blank_cell`) over states indexed rank * cells + blank: the blank
// swaps with a neighbour, at cost 1 if that is a group tile, else 0. kUnseen where the blank is on
// a group tile.
std::vector<int> abstraction_distances(int side, const std::vector<uint8_t>& cells,
                                       int blank_cell) {
  const int n = side * side, k = static_cast<int>(cells.size());
  std::vector<int> dist(placement_count(n, k) * n, kUnseen);
  std::deque<uint64_t> queue;
  const uint64_t start = rank_placement(cells, n, k) * n + blank_cell;
  dist[start] = 0;
  queue.push_back(start);
  while (!queue.empty()) {
    const uint64_t state = queue.front();
    queue.pop_front();
    const int blank = static_cast<int>(state % n);
    uint8_t pos[64];
    unrank_placement(state / n, n, k, pos);
    const int row = blank / side, col = blank % side;
    for (const int to : {row > 0 ? blank - side : -1, row < side - 1 ? blank + side : -1,
                         col > 0 ? blank - 1 : -1, col < side - 1 ? blank + 1 : -1}) {
      if (to < 0) continue;
      uint8_t next[64];
      std::memcpy(next, pos, sizeof next);
      int cost = 0;
      for (int t = 0; t < k; ++t)
        if (next[t] == to) {
          next[t] = static_cast<uint8_t>(blank);
          cost = 1;
        }
      const uint64_t target = rank_placement(next, n, k) * n + to;
      if (dist[target] != kUnseen && dist[target] <= dist[state] + cost) continue;
      dist[target] = dist[state] + cost;
      if (cost == 0)
        queue.push_front(target);
      else
        queue.push_back(target);
    }
  }
  return dist;
}

int group_manhattan(const uint8_t* pos, const std::vector<uint8_t>& cells, int side) {
  int sum = 0;
  for (size_t t = 0; t < cells.size(); ++t) sum += taxicab(pos[t], cells[t], side);
  return sum;
}

// Builds the zero-aware table (both encodings) and the classic one, and checks every entry
// against the exhaustive search: equal where the blank is free, 0 where a tile holds its cell,
// and the least over the blank's cells equal to the classic value.
void expect_matches_abstraction(int side, const std::vector<uint8_t>& cells, int blank_cell) {
  SCOPED_TRACE("side " + std::to_string(side) + ", blank cell " + std::to_string(blank_cell));
  const int n = side * side, k = static_cast<int>(cells.size());
  const std::vector<int> truth = abstraction_distances(side, cells, blank_cell);
  BuildOptions classic_options;
  classic_options.threads = 2;
  Expected<std::shared_ptr<Table>> classic = build_table(side, cells, blank_cell, classic_options);
  ASSERT_TRUE(classic.ok()) << classic.error().describe();
  for (const bool value8 : {false, true}) {
    BuildOptions options = classic_options;
    options.zero_aware = true;
    options.force_value8 = value8;
    Expected<std::shared_ptr<Table>> table = build_table(side, cells, blank_cell, options);
    ASSERT_TRUE(table.ok()) << table.error().describe();
    const Table& t = **table;
    ASSERT_TRUE(t.zero_aware());
    EXPECT_EQ(t.encoding(), value8 ? Encoding::Value8 : Encoding::Excess4);
    ASSERT_EQ(t.entry_count(), placement_count(n, k) * n);
    int max_value = 0;
    for (uint64_t placement = 0; placement < placement_count(n, k); ++placement) {
      uint8_t pos[64];
      const uint64_t occupied = unrank_placement(placement, n, k, pos);
      const int manhattan = group_manhattan(pos, cells, side);
      int least = 1 << 30;
      for (int blank = 0; blank < n; ++blank) {
        const uint64_t entry = t.entry_index(placement, blank);
        ASSERT_EQ(entry, placement * n + blank);
        if (occupied >> blank & 1) {
          ASSERT_EQ(t.value(entry, 0), 0) << "entry " << entry;
          continue;
        }
        ASSERT_NE(truth[entry], kUnseen) << "state " << entry << " unreached";
        ASSERT_EQ(t.value(entry, manhattan), truth[entry]) << "entry " << entry;
        least = std::min(least, truth[entry]);
        max_value = std::max(max_value, truth[entry]);
      }
      ASSERT_EQ(least, (*classic)->value(placement, manhattan)) << "placement " << placement;
    }
    EXPECT_EQ(t.max_value(), max_value);
    Expected<bool> ok = verify_values(t);
    EXPECT_TRUE(ok.ok()) << ok.error().describe();
  }
}

TEST(PdbZeroAware, ValuesMatchAnExhaustiveSearchOfTheAbstraction) {
  expect_matches_abstraction(3, {1, 2, 3, 4}, 8);
  expect_matches_abstraction(3, {5, 7}, 8);  // the goal walls the blank's cell off
  expect_matches_abstraction(3, {8, 6, 2, 0, 4}, 1);
  expect_matches_abstraction(4, {0, 1, 4, 5}, 15);
  expect_matches_abstraction(5, {1, 5, 6}, 0);
  expect_matches_abstraction(5, {12, 7, 17}, 0);
}

TEST(PdbZeroAware, ThreadCountDoesNotMatter) {
  BuildOptions one, two;
  one.zero_aware = two.zero_aware = true;
  one.threads = 1;
  two.threads = 2;
  auto a = build_table(4, {0, 1, 2, 4, 5}, 15, one), b = build_table(4, {0, 1, 2, 4, 5}, 15, two);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ((*a)->payload_bytes(), (*b)->payload_bytes());
  EXPECT_EQ(std::memcmp((*a)->payload(), (*b)->payload(), (*a)->payload_bytes()), 0);
}

TEST(PdbZeroAware, EntryLimitIs2To32) {
  BuildOptions options;
  options.zero_aware = true;
  // 7 tiles on 25 cells: 2.4 G placements, 61 G entries.
  auto table = build_table(5, {1, 2, 3, 4, 5, 6, 7}, 0, options);
  ASSERT_FALSE(table.ok());
  EXPECT_EQ(table.error().message, "the group has too many entries for a zero-aware table");
}

TEST(PdbZeroAware, CatalogueLine) {
  auto cat = parse_catalogue("side 3\nzero-aware\n0 1 2\n", "z.cat", "z");
  ASSERT_TRUE(cat.ok()) << cat.error().describe();
  EXPECT_TRUE(cat->zero_aware);
  cat = parse_catalogue("side 3\n0 1 2\n", "c.cat", "c");
  ASSERT_TRUE(cat.ok());
  EXPECT_FALSE(cat->zero_aware);
  const std::pair<const char*, const char*> bad[] = {
      {"side 3\nzero-aware yes\n0 1 2\n", "z.cat:2:"},
      {"side 3\nzero-aware\nzero-aware\n", "z.cat:3:"}};
  for (const auto& [text, where] : bad) {
    cat = parse_catalogue(text, "z.cat", "z");
    ASSERT_FALSE(cat.ok()) << text;
    EXPECT_EQ(cat.error().describe(),
              std::string(where) + " expected one \"zero-aware\" line, alone");
  }
  Expected<Catalogue> shipped =
      read_catalogue(std::string(TAQUIN_SOURCE_DIR) + "/pdb/6-6-6-6-zero.cat");
  ASSERT_TRUE(shipped.ok()) << shipped.error().describe();
  EXPECT_TRUE(shipped->zero_aware);
  EXPECT_EQ(shipped->side, 5);
  EXPECT_EQ(shipped->blank, 0);
  EXPECT_EQ(shipped->groups.size(), 4u);
  EXPECT_EQ(shipped->covered(), ((uint64_t{1} << 25) - 1) & ~uint64_t{1});
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("taquin_zero_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Builds catalogue `text` as `stem` in `dir`; returns the catalogue file.
std::string build_in(const fs::path& dir, const std::string& stem, const std::string& text) {
  const fs::path path = dir / (stem + ".cat");
  std::ofstream(path) << text;
  Expected<Catalogue> cat = read_catalogue(path.string());
  EXPECT_TRUE(cat.ok()) << cat.error().describe();
  if (cat.ok()) {
    Expected<std::vector<std::string>> written = build_catalogue(*cat, dir.string());
    EXPECT_TRUE(written.ok()) << written.error().describe();
  }
  return path.string();
}

TEST(PdbZeroAware, FileHeaderLoadingAndVerify) {
  const fs::path dir = fresh_dir("file");
  const std::string zero = build_in(dir, "z", "side 3\nzero-aware\n0 1 2 3\n4 5 6\n");
  build_in(dir, "c", "side 3\n0 1 2 3\n4 5 6\n");
  Expected<FileHeader> zh = read_header((dir / "z.1.pdb").string());
  Expected<FileHeader> ch = read_header((dir / "c.1.pdb").string());
  ASSERT_TRUE(zh.ok() && ch.ok());
  EXPECT_EQ(zh->version, 3u);
  EXPECT_EQ(zh->flags, kFlagZeroAware);
  EXPECT_EQ(zh->entry_count, placement_count(9, 4) * 9);
  EXPECT_EQ(ch->version, 2u);  // no flags: still readable by version-2 readers
  EXPECT_EQ(ch->flags, 0u);
  // The classic catalogue's table is not copied for the zero-aware one (nor the reverse).
  Expected<std::shared_ptr<const Table>> z1 = Table::open((dir / "z.1.pdb").string());
  ASSERT_TRUE(z1.ok());
  EXPECT_TRUE((*z1)->zero_aware());
  EXPECT_EQ(same_table_in(dir.string(), 3, {0, 1, 2, 3}, 8, false, "")->path(),
            (dir / "c.1.pdb").string());
  // A table of the other kind under a catalogue's name is refused with the rebuild command.
  fs::copy_file(dir / "c.2.pdb", dir / "z.2.pdb", fs::copy_options::overwrite_existing);
  Expected<PdbSet> set = load_pdb_set(zero, Goal::standard(3));
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("not a zero-aware table, but"), std::string::npos)
      << set.error().describe();
  // verify: values that differ within one region, or a nonzero entry on a group tile's cell.
  const Table& good = **z1;
  const std::vector<uint8_t> original(good.payload(), good.payload() + good.payload_bytes());
  const auto verify_with = [&](uint64_t entry, int nibble_value) {
    std::vector<uint8_t> payload = original;
    payload[entry >> 1] = static_cast<uint8_t>((payload[entry >> 1] & ~(15 << (entry & 1) * 4)) |
                                               (nibble_value << (entry & 1) * 4));
    Table bad(3, good.cells(), good.blank_cell(), good.encoding(), good.max_value(),
              std::move(payload), true);
    Expected<bool> ok = verify_values(bad);
    return ok.ok() ? std::string() : ok.error().message;
  };
  // Goal placement (rank of cells 0 1 2 3): blank cells 4..8 form one region.
  const uint64_t goal = rank_placement(std::vector<uint8_t>{0, 1, 2, 3}, 9, 4);
  EXPECT_EQ(verify_with(goal * 9 + 4, 1), "the goal placement with the blank on cell 4 holds 2");
  EXPECT_NE(verify_with(goal * 9 + 7, 1).find("differ"), std::string::npos);
  EXPECT_EQ(verify_with(goal * 9 + 2, 1).find("entry"), 0u);  // cell 2 holds a tile
  const uint64_t other = rank_placement(std::vector<uint8_t>{8, 7, 6, 5}, 9, 4);  // region 0-4
  EXPECT_NE(verify_with(other * 9 + 3, 15).find("differ"), std::string::npos);
  EXPECT_EQ(
      verify_with(other * 9 + 3, original[(other * 9 + 3) >> 1] >> ((other * 9 + 3) & 1) * 4 & 15),
      "");
  fs::remove_all(dir);
}

// The heuristic's value after each move, by the search's two incremental paths (update, and
// prepare then update_first/update_rest), equals a full evaluation along a random walk.
template <int N>
void expect_incremental_equals_full(const PdbHeuristic<N>& h, const Goal& goal, uint64_t seed) {
  Random random(seed);
  Board<N> b = goal.canonical<N>(random_board(random, goal, Solvability::Solvable));
  auto state = h.init(b), prepared = state;
  for (int i = 0; i < 3000; ++i) {
    const int blank = b.blank();
    const int to = kMoves<N>.target[blank][random.below(kMoves<N>.count[blank])];
    const int label = b.at(to);
    const auto lookup = h.prepare(prepared, b, label, to, blank);
    b.slide(to);
    h.update(state, b, label, to, blank);
    h.update_first(prepared, lookup);
    const int full = h.evaluate(b);
    ASSERT_EQ(h.value(state), full) << "step " << i;
    ASSERT_EQ(h.update_rest(prepared, lookup), full) << "step " << i;
  }
}

PdbSet load(const std::string& catalogue, const Goal& goal) {
  Expected<PdbSet> set = load_pdb_set(catalogue, goal);
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return set.ok() ? *set : PdbSet{};
}

TEST(PdbZeroAware, EveryEightPuzzleAdmissibleAndAtLeastClassic) {
  const fs::path dir = fresh_dir("eight");
  const char* groups = "0 1 2 3\n4 5 6 7\n";
  const std::string zero = build_in(dir, "z", std::string("side 3\nzero-aware\n") + groups);
  const std::string classic = build_in(dir, "c", std::string("side 3\n") + groups);
  const Goal goal = Goal::standard(3);
  const PdbSet zero_set = load(zero, goal), classic_set = load(classic, goal);
  ASSERT_EQ(zero_set.tables.size(), 2u);
  const PdbHeuristic<3> hz(zero_set, goal.blank_cell()), hc(classic_set, goal.blank_cell());
  const std::vector<uint8_t> dist = all_distances<3>(goal);
  int64_t zero_sum = 0, classic_sum = 0;
  for (uint64_t r = 0; r < dist.size(); ++r) {
    if (dist[r] == kUnreached) continue;
    const Board<3> b = board_of_rank<3>(r, goal.blank_cell());
    const int z = hz.evaluate(b), c = hc.evaluate(b);
    ASSERT_LE(z, dist[r]) << "rank " << r;
    ASSERT_GE(z, c) << "rank " << r;
    ASSERT_EQ((dist[r] - z) % 2, 0) << "rank " << r;
    zero_sum += z;
    classic_sum += c;
  }
  EXPECT_GT(zero_sum, classic_sum);  // the blank's cell adds something
  expect_incremental_equals_full(hz, goal, 3);
  // IDA* with it finds the BFS lengths.
  const SearchResult r =
      ida_search(goal.canonical<3>(std::vector<Tile>{8, 6, 7, 2, 5, 4, 3, 0, 1}), hz);
  ASSERT_EQ(r.outcome, Outcome::Solved);
  EXPECT_EQ(r.moves.size(), 31u);
  fs::remove_all(dir);
}

// Six 4-tile groups of the 5x5 board, blank on cell 0 (zero-first goal).
const char* kFiveByFiveGroups =
    "blank 0\n1 2 3 4\n5 6 10 11\n7 8 12 13\n9 14 19 24\n"
    "15 16 20 21\n17 18 22 23\n";

std::vector<Instance> korf50() {
  Expected<std::vector<Instance>> set =
      read_instances(std::string(TAQUIN_DATA_DIR) + "/korf50-24.txt");
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return set.ok() ? *set : std::vector<Instance>{};
}

// The zero-aware catalogue `zero` is admissible on Korf & Felner's 50 (published lengths), at
// least `classic` (when given) with the same parity; returns the sum of its values.
int expect_admissible_on_korf50(const PdbHeuristic<5>& zero, const PdbHeuristic<5>* classic) {
  const Goal goal = Goal::zero_first(5);
  const std::vector<Instance> instances = korf50();
  EXPECT_EQ(instances.size(), 50u);
  int sum = 0;
  for (const Instance& inst : instances) {
    const Board<5> b = goal.canonical<5>(inst.tiles);
    EXPECT_TRUE(inst.optimal_length.has_value());
    const int z = zero.evaluate(b);
    EXPECT_LE(z, inst.optimal_length.value_or(0)) << "line " << inst.line;
    EXPECT_EQ((inst.optimal_length.value_or(0) - z) % 2, 0) << "line " << inst.line;
    if (classic) {
      EXPECT_GE(z, classic->evaluate(b)) << "line " << inst.line;
    }
    sum += z;
  }
  return sum;
}

TEST(PdbZeroAware, FiveByFiveAdmissibleOnKorf50AndRandomWalks) {
  const fs::path dir = fresh_dir("five");
  const std::string zero =
      build_in(dir, "z", std::string("side 5\nzero-aware\n") + kFiveByFiveGroups);
  const std::string classic = build_in(dir, "c", std::string("side 5\n") + kFiveByFiveGroups);
  const Goal goal = Goal::zero_first(5);
  const PdbSet zero_set = load(zero, goal), classic_set = load(classic, goal);
  ASSERT_EQ(zero_set.tables.size(), 6u);
  const PdbHeuristic<5> hz(zero_set, goal.blank_cell()), hc(classic_set, goal.blank_cell());
  ASSERT_EQ(hz.views(), 2);  // the board and its transpose
  const int zero_sum = expect_admissible_on_korf50(hz, &hc);
  int classic_sum = 0;
  for (const Instance& inst : korf50()) classic_sum += hc.evaluate(goal.canonical<5>(inst.tiles));
  EXPECT_GT(zero_sum, classic_sum);
  expect_incremental_equals_full(hz, goal, 5);
  // Random walks solved optimally by IDA* with linear conflict (independent of the tables): the
  // zero-aware heuristic never exceeds the length, and IDA* with it finds the same length.
  Random random(17);
  for (int i = 0; i < 12; ++i) {
    const Board<5> start = goal.canonical<5>(random_walk(random, goal, 45));
    const SearchResult truth = ida_search(start, LinearConflict<5>(goal.blank_cell()));
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    ASSERT_LE(hz.evaluate(start), static_cast<int>(truth.moves.size())) << "walk " << i;
    ASSERT_GE(hz.evaluate(start), hc.evaluate(start)) << "walk " << i;
    const SearchResult r = ida_search(start, hz);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_EQ(r.moves.size(), truth.moves.size()) << "walk " << i;
    EXPECT_TRUE(solves(goal, start, r.moves)) << "walk " << i;
    EXPECT_LE(r.stats.nodes_generated, ida_search(start, hc).stats.nodes_generated) << "walk " << i;
  }
  fs::remove_all(dir);
}

// The direct search's reads of zero-aware tables (one-cell pockets) on Korf & Felner's 50 and
// along a random walk from each: at most the ranked zero-aware value (and so the optimal length
// at the start), at least `classic`'s (when given).
template <int Views>
void expect_pockets_within(const PdbSet& zero, const PdbSet* classic) {
  const Goal goal = Goal::zero_first(5);
  const DirectPdbHeuristic<5, Views, true> pockets(zero, goal.blank_cell());
  const PdbHeuristic<5, Views> ranked(zero, goal.blank_cell());
  std::optional<DirectPdbHeuristic<5, Views>> below;
  if (classic) below.emplace(*classic, goal.blank_cell());
  Random random(Views);
  int raised = 0;
  for (const Instance& inst : korf50()) {
    Board<5> b = goal.canonical<5>(inst.tiles);
    EXPECT_LE(pockets.evaluate(b), inst.optimal_length.value_or(0)) << "line " << inst.line;
    for (int step = 0; step < 2000; ++step) {
      const int p = pockets.evaluate(b), z = ranked.evaluate(b);
      ASSERT_LE(p, z) << "line " << inst.line << ", step " << step;
      if (below) {
        const int c = below->evaluate(b);
        ASSERT_GE(p, c) << "line " << inst.line << ", step " << step;
        raised += p > c;
      }
      const int blank = b.blank();
      b.slide(kMoves<5>.target[blank][random.below(kMoves<5>.count[blank])]);
    }
  }
  if (below) {
    EXPECT_GT(raised, 0);
  }
}

// Opt-in (the tables take 6.4 GB): TAQUIN_ZERO_PDB_DIR names a directory holding
// 6-6-6-6-zero.cat and its four tables, and optionally 6-6-6-6.cat with its tables, and
// 6-6-6-6-max-zero.cat and 6-6-6-6-max.cat with theirs.
TEST(PdbZeroAware, KorfFelnerTablesAdmissibleOnKorf50) {
  const char* dir = std::getenv("TAQUIN_ZERO_PDB_DIR");
  if (dir == nullptr) GTEST_SKIP() << "set TAQUIN_ZERO_PDB_DIR to run";
  const Goal goal = Goal::zero_first(5);
  const PdbSet zero_set = load(std::string(dir) + "/6-6-6-6-zero.cat", goal);
  ASSERT_EQ(zero_set.tables.size(), 4u);
  const PdbHeuristic<5> hz(zero_set, goal.blank_cell());
  const std::string classic_cat = std::string(dir) + "/6-6-6-6.cat";
  std::optional<PdbHeuristic<5>> hc;
  if (fs::exists(classic_cat)) hc.emplace(load(classic_cat, goal), goal.blank_cell());
  expect_admissible_on_korf50(hz, hc ? &*hc : nullptr);
  expect_incremental_equals_full(hz, goal, 7);
  std::optional<PdbSet> classic_set;
  if (fs::exists(classic_cat)) classic_set = load(classic_cat, goal);
  expect_pockets_within<2>(zero_set, classic_set ? &*classic_set : nullptr);
  const std::string max_zero = std::string(dir) + "/6-6-6-6-max-zero.cat";
  const std::string max_classic = std::string(dir) + "/6-6-6-6-max.cat";
  if (fs::exists(max_zero) && fs::exists(max_classic)) {
    const PdbSet max_set = load(max_classic, goal);
    expect_pockets_within<4>(load(max_zero, goal), &max_set);
  }
}

}  // namespace
}  // namespace taquin::pdb
