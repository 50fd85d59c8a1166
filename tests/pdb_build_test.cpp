// Pattern databases: catalogue parsing, placement ranking, and built values against a plain BFS.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <unordered_map>

#include "pdb/builder.hpp"
#include "pdb/catalogue.hpp"
#include "pdb/geometry.hpp"
#include "pdb/rank.hpp"
#include "pdb/verify.hpp"

namespace taquin::pdb {
namespace {

TEST(PdbCatalogue, ShippedCataloguesParse) {
  const std::pair<const char*, int> shipped[] = {
      {"7-8", 15}, {"7-8-centre", 9}, {"7-8-edge", 13}, {"6-6-3", 15}, {"5-5-5", 15}};
  for (const auto& [stem, blank] : shipped) {
    Expected<Catalogue> cat =
        read_catalogue(std::string(TAQUIN_SOURCE_DIR) + "/pdb/" + stem + ".cat");
    ASSERT_TRUE(cat.ok()) << cat.error().describe();
    EXPECT_EQ(cat->side, 4);
    EXPECT_EQ(cat->stem, stem);
    EXPECT_EQ(cat->blank, blank) << stem;
    EXPECT_EQ(cat->covered(), ((uint64_t{1} << 16) - 1) & ~(uint64_t{1} << blank)) << stem;
    EXPECT_EQ(cat->groups.size(), std::string(stem).starts_with("7-8") ? 2u : 3u) << stem;
  }
}

TEST(PdbCatalogue, ErrorsNameTheLine) {
  const auto error = [](const std::string& text) {
    Expected<Catalogue> cat = parse_catalogue(text, "my.cat", "my");
    EXPECT_FALSE(cat.ok()) << text;
    return cat.ok() ? std::string() : cat.error().describe();
  };
  EXPECT_EQ(error("# comment\n0 1 2\n"), "my.cat:2: expected \"side N\" before the groups");
  EXPECT_EQ(error("side 9\n"), "my.cat:1: side 9 is out of range (2 to 8)");
  EXPECT_EQ(error("side 3\n0 1\n1 2\n"), "my.cat:3: cell 1 is in two groups");
  EXPECT_EQ(error("side 3\n0 9\n"), "my.cat:2: cell 9 is off the board (0 to 8)");
  EXPECT_EQ(error("side 3\n0 x\n"), "my.cat:2: \"x\" is not a cell number");
  EXPECT_EQ(error("side 3\n"), "my.cat: no group of cells");
  EXPECT_EQ(error("side 3\n0 1 2 3 4 5 6\n"),
            "my.cat:2: a group must leave at least three cells out (the blank and two more)");
  EXPECT_EQ(error("side 2\n0\n1\n2\n3\n"),
            "my.cat: the groups cover every cell; leave at least one for the blank");
  EXPECT_TRUE(parse_catalogue("side 3 # x\n\n 0 1 2  # row\n3 4 5\n", "a", "a").ok());
  EXPECT_EQ(error("side 3\nblank 2\n0 1 2\n"), "my.cat:2: the blank's cell 2 is in a group");
  EXPECT_EQ(error("side 3\nblank 9\n0 1\n"),
            "my.cat:2: expected \"blank C\" with C a cell from 0 to 8");
  EXPECT_EQ(error("side 3\nblank 8\n0 1\nblank 7\n"), "my.cat:4: a second \"blank\" line");
}

TEST(PdbCatalogue, BlankCellDefaultsToTheHighestUncoveredCell) {
  auto cat = parse_catalogue("side 3\n0 1 2\n3 4\n", "a", "a");
  ASSERT_TRUE(cat.ok());
  EXPECT_EQ(cat->blank, 8);
  cat = parse_catalogue("side 3\n8 7 6\n", "a", "a");
  ASSERT_TRUE(cat.ok());
  EXPECT_EQ(cat->blank, 5);
  cat = parse_catalogue("side 3\nblank 0\n8 7 6\n", "a", "a");
  ASSERT_TRUE(cat.ok());
  EXPECT_EQ(cat->blank, 0);
}

TEST(PdbRank, RankIsABijectionAndCursorFollowsIt) {
  for (auto [n, k] : {std::pair{9, 3}, std::pair{9, 5}, std::pair{16, 3}}) {
    const uint64_t count = placement_count(n, k);
    std::vector<bool> hit(count, false);
    PlacementCursor cursor(n, k, 0);
    for (uint64_t i = 0; i < count; ++i, cursor.advance()) {
      uint8_t pos[64];
      const uint64_t occupied = unrank_placement(i, n, k, pos);
      ASSERT_EQ(std::popcount(occupied), k);
      for (int t = 0; t < k; ++t) ASSERT_EQ(pos[t], cursor.cells()[t]);
      const uint64_t r = rank_placement(pos, n, k);
      ASSERT_EQ(r, i);
      ASSERT_FALSE(hit[r]);
      hit[r] = true;
    }
  }
  EXPECT_EQ(placement_count(16, 8), 518918400u);
  EXPECT_EQ(placement_count(16, 7), 57657600u);
}

// Distance of every placement of the group's tiles in the abstraction (group tiles distinct,
// other pieces alike, a move of a group tile costs 1, of another piece 0), by 0-1 BFS over
// (tile cells, blank cell) from the goal state (group home, blank on `blank_cell`), least over
// the blank's cell. Keyed by rank.
std::vector<int> brute_force(int side, const std::vector<uint8_t>& cells, int blank_cell) {
  const int n = side * side, k = static_cast<int>(cells.size());
  const auto key = [&](const std::vector<int>& pos, int blank) {
    uint64_t v = static_cast<uint64_t>(blank);
    for (int p : pos) v = v * 64 + static_cast<uint64_t>(p);
    return v;
  };
  std::unordered_map<uint64_t, int> dist;
  std::deque<std::pair<std::vector<int>, int>> queue;
  const std::vector<int> home(cells.begin(), cells.end());
  dist[key(home, blank_cell)] = 0;
  queue.emplace_back(home, blank_cell);
  while (!queue.empty()) {
    auto [pos, blank] = queue.front();
    queue.pop_front();
    const int d = dist.at(key(pos, blank));
    const int r = blank / side, c = blank % side;
    const int targets[4] = {r > 0 ? blank - side : -1, r < side - 1 ? blank + side : -1,
                            c > 0 ? blank - 1 : -1, c < side - 1 ? blank + 1 : -1};
    for (int to : targets) {
      if (to < 0) continue;
      std::vector<int> next = pos;
      int cost = 0;
      for (int& p : next)
        if (p == to) {
          p = blank;
          cost = 1;
        }
      const uint64_t kk = key(next, to);
      const auto it = dist.find(kk);
      if (it != dist.end() && it->second <= d + cost) continue;
      dist[kk] = d + cost;
      if (cost == 0)
        queue.emplace_front(next, to);
      else
        queue.emplace_back(next, to);
    }
  }
  std::vector<int> best(placement_count(n, k), -1);
  for (const auto& [kk, d] : dist) {
    uint64_t v = kk;
    std::vector<int> pos(k);
    for (int i = k - 1; i >= 0; --i) {
      pos[i] = static_cast<int>(v % 64);
      v /= 64;
    }
    const uint64_t r = rank_placement(pos, n, k);
    if (best[r] < 0 || d < best[r]) best[r] = d;
  }
  return best;
}

void expect_matches_bfs(int side, const std::vector<uint8_t>& cells, int blank_cell, bool value8) {
  SCOPED_TRACE("blank cell " + std::to_string(blank_cell));
  BuildOptions options;
  options.threads = 2;
  options.force_value8 = value8;
  Expected<std::shared_ptr<Table>> table = build_table(side, cells, blank_cell, options);
  ASSERT_TRUE(table.ok()) << table.error().describe();
  EXPECT_EQ((*table)->encoding(), value8 ? Encoding::Value8 : Encoding::Excess4);
  const std::vector<int> truth = brute_force(side, cells, blank_cell);
  const int n = side * side, k = static_cast<int>(cells.size());
  int max_value = 0;
  for (uint64_t i = 0; i < truth.size(); ++i) {
    ASSERT_GE(truth[i], 0) << "BFS missed placement " << i;
    uint8_t pos[64];
    unrank_placement(i, n, k, pos);
    int manhattan = 0;
    for (int t = 0; t < k; ++t) manhattan += taxicab(pos[t], cells[t], side);
    ASSERT_EQ((*table)->value(i, manhattan), truth[i]) << "placement " << i;
    max_value = std::max(max_value, truth[i]);
  }
  EXPECT_EQ((*table)->max_value(), max_value);
  Expected<bool> ok = verify_values(**table);
  EXPECT_TRUE(ok.ok()) << ok.error().describe();
}

TEST(PdbBuild, ThreeByThreeGroupsMatchBruteForce) {
  expect_matches_bfs(3, {0, 1, 2}, 8, false);
  expect_matches_bfs(3, {4, 0, 8}, 2, false);
  expect_matches_bfs(3, {3, 4, 6, 7}, 8, true);
  expect_matches_bfs(3, {0, 1, 2, 3, 4, 5}, 8, false);
  expect_matches_bfs(3, {8, 6, 2, 0, 4}, 1, true);  // four free cells, each alone at the goal
  expect_matches_bfs(3, {5, 7}, 8, false);          // the goal walls the blank's cell off
  expect_matches_bfs(3, {5, 7}, 0, false);          // the same group, the blank elsewhere
  expect_matches_bfs(2, {3}, 0, false);
}

TEST(PdbBuild, FourByFourGroupsMatchBruteForce) {
  expect_matches_bfs(4, {0, 1, 2, 3}, 15, false);
  expect_matches_bfs(4, {9, 5, 6, 10}, 15, false);
  expect_matches_bfs(4, {12, 13, 14}, 15, true);
  expect_matches_bfs(4, {10, 11, 14}, 15, false);  // the goal walls the blank's cell off
}

// 5x5 groups: more than 16 free cells, vertical moves that jump four cells.
TEST(PdbBuild, FiveByFiveGroupsMatchBruteForce) {
  expect_matches_bfs(5, {0, 12}, 24, false);
  expect_matches_bfs(5, {6, 7, 8}, 0, false);
  expect_matches_bfs(5, {1, 5, 6}, 0, true);  // cell 0 walled off at the goal
}

// The 6-6-3 tables, classic and zero-aware, have the payload checksums and largest values of the
// tables written by the builder before 68d44ab (one state word per placement, moves bucketed):
// an independent implementation of the same search.
TEST(PdbBuild, SixSixThreeMatchesTheEarlierBuilder) {
  struct Recorded {
    std::vector<uint8_t> cells;
    bool zero_aware;
    uint64_t payload_hash;
    int max_value;
  };
  const Recorded recorded[] = {
      {{0, 1, 4, 5, 8, 9}, false, 0x1fc75d51e4863ee0, 27},
      {{2, 3, 6, 7, 10, 11}, false, 0x1140dc045db5bfa5, 27},
      {{12, 13, 14}, false, 0x785862b4dc3600f7, 15},
      {{0, 1, 4, 5, 8, 9}, true, 0xb9c2775a26c0825f, 27},
      {{2, 3, 6, 7, 10, 11}, true, 0x260c91c9e2c2b2cd, 27},
      {{12, 13, 14}, true, 0x34d6b603e7e99213, 16},
  };
  for (const Recorded& r : recorded) {
    SCOPED_TRACE(std::string(r.zero_aware ? "zero-aware " : "classic ") + "group of " +
                 std::to_string(r.cells.size()));
    BuildOptions options;
    options.threads = 2;
    options.zero_aware = r.zero_aware;
    Expected<std::shared_ptr<Table>> table = build_table(4, r.cells, 15, options);
    ASSERT_TRUE(table.ok()) << table.error().describe();
    EXPECT_EQ((*table)->header().payload_hash, r.payload_hash);
    EXPECT_EQ((*table)->max_value(), r.max_value);
  }
}

TEST(PdbBuild, BothEncodingsAgreeAndThreadCountDoesNotMatter) {
  const std::vector<uint8_t> cells = {0, 1, 4, 5, 8};
  BuildOptions one, two, bytes;
  one.threads = 1;
  two.threads = 2;
  bytes.force_value8 = true;
  auto a = build_table(4, cells, 15, one), b = build_table(4, cells, 15, two),
       c = build_table(4, cells, 15, bytes);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ((*a)->header().payload_hash, (*b)->header().payload_hash);
  const int n = 16, k = 5;
  PlacementCursor cursor(n, k, 0);
  for (uint64_t i = 0; i < (*a)->entry_count(); ++i, cursor.advance()) {
    int manhattan = 0;
    for (int t = 0; t < k; ++t) manhattan += taxicab(cursor.cells()[t], cells[t], 4);
    ASSERT_EQ((*a)->value(i, manhattan), (*c)->value(i, 0));
  }
}

TEST(PdbBuild, ProgressReportsEveryRound) {
  std::vector<RoundReport> rounds;
  BuildOptions options;
  options.threads = 1;
  options.progress = [&](const RoundReport& r) { rounds.push_back(r); };
  auto table = build_table(3, {0, 1, 2}, 8, options);
  ASSERT_TRUE(table.ok());
  ASSERT_FALSE(rounds.empty());
  for (size_t i = 0; i < rounds.size(); ++i) EXPECT_EQ(rounds[i].round, static_cast<int>(i) + 1);
  EXPECT_EQ(rounds.back().reached, 504u);
  EXPECT_EQ(rounds.back().entries, 504u);
  EXPECT_GE(static_cast<int>(rounds.size()), (*table)->max_value());
}

// A temporary directory named `prefix` and the process id, emptied (build_catalogue creates it).
std::filesystem::path fresh_temp_dir(const std::string& prefix) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(PdbBuild, CatalogueBuildWritesOneFilePerGroupAndNoTemporaries) {
  namespace fs = std::filesystem;
  const fs::path dir = fresh_temp_dir("taquin_pdb_build_");
  Expected<Catalogue> cat = parse_catalogue("side 3\n0 1 2\n3 4 5\n", "small.cat", "small");
  ASSERT_TRUE(cat.ok());
  auto written = build_catalogue(*cat, dir.string());
  ASSERT_TRUE(written.ok()) << written.error().describe();
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"small.1.pdb", "small.2.pdb", "small.cat"}));
  auto t = Table::open((dir / "small.2.pdb").string());
  ASSERT_TRUE(t.ok()) << t.error().describe();
  EXPECT_EQ((*t)->cells(), (std::vector<uint8_t>{3, 4, 5}));
  fs::remove_all(dir);
}

TEST(PdbBuild, CatalogueCopiesATableOnlyWhenItIsProvablyTheSame) {
  namespace fs = std::filesystem;
  const fs::path dir = fresh_temp_dir("taquin_pdb_reuse_");
  // Same groups, blank on 8 or on 0. Around {4, 5} the free cells are connected, so both blanks
  // are in one region and the tables are equal; around {1, 3} cell 0 is cut off, so they differ.
  Expected<Catalogue> a = parse_catalogue("side 3\nblank 8\n1 3\n4 5\n", "a.cat", "a");
  Expected<Catalogue> b = parse_catalogue("side 3\nblank 0\n1 3\n4 5\n", "b.cat", "b");
  ASSERT_TRUE(a.ok() && b.ok());
  std::vector<std::pair<int, std::string>> copies;
  BuildOptions options;
  options.reused = [&](int group, const std::string& from) {
    copies.emplace_back(group, fs::path(from).filename().string());
  };
  ASSERT_TRUE(build_catalogue(*a, dir.string(), options).ok());
  EXPECT_TRUE(copies.empty());
  const std::vector<std::pair<int, std::string>> expected = {{1, "a.2.pdb"}};
  for (int pass = 0; pass < 2; ++pass) {  // the second pass must not copy b's files onto themselves
    copies.clear();
    ASSERT_TRUE(build_catalogue(*b, dir.string(), options).ok());
    EXPECT_EQ(copies, expected) << "pass " << pass;
    for (int g = 0; g < 2; ++g) {
      auto written = Table::open((dir / table_file_name("b", g)).string());
      auto fresh = build_table(3, b->groups[g], 0);
      ASSERT_TRUE(written.ok() && fresh.ok());
      EXPECT_EQ((*written)->blank_cell(), 0);
      EXPECT_EQ((*written)->header().payload_hash, (*fresh)->header().payload_hash) << g;
    }
  }
  copies.clear();
  options.reuse = false;
  ASSERT_TRUE(build_catalogue(*b, dir.string(), options).ok());
  EXPECT_TRUE(copies.empty());
  fs::remove_all(dir);
}

TEST(PdbBuild, CatalogueNeverCopiesADamagedOrDifferentTable) {
  namespace fs = std::filesystem;
  const fs::path dir = fresh_temp_dir("taquin_pdb_no_reuse_");
  Expected<Catalogue> a = parse_catalogue("side 3\nblank 8\n4 5\n", "a.cat", "a");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(build_catalogue(*a, dir.string()).ok());
  std::vector<std::string> copies;
  BuildOptions options;
  options.reused = [&](int, const std::string& from) { copies.push_back(from); };
  // Same cells in another order, and the same cell numbers on a 4x4 board: other tables.
  for (const char* text : {"side 3\nblank 0\n5 4\n", "side 4\nblank 0\n4 5\n"}) {
    Expected<Catalogue> b = parse_catalogue(text, "b.cat", "b");
    ASSERT_TRUE(b.ok());
    ASSERT_TRUE(build_catalogue(*b, dir.string(), options).ok());
    EXPECT_TRUE(copies.empty()) << text;
    fs::remove(dir / "b.1.pdb");
    fs::remove(dir / "b.cat");
  }
  // A file whose header matches but whose payload is damaged is not a source.
  const fs::path source = dir / "a.1.pdb";
  {
    std::fstream f(source, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(sizeof(FileHeader) + 3);
    f.put('\x77');
  }
  Expected<Catalogue> b = parse_catalogue("side 3\nblank 0\n4 5\n", "b.cat", "b");
  ASSERT_TRUE(b.ok());
  ASSERT_TRUE(build_catalogue(*b, dir.string(), options).ok());
  EXPECT_TRUE(copies.empty());
  auto written = Table::open((dir / "b.1.pdb").string());
  auto fresh = build_table(3, {4, 5}, 0);
  ASSERT_TRUE(written.ok() && fresh.ok());
  EXPECT_EQ((*written)->header().payload_hash, (*fresh)->header().payload_hash);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace taquin::pdb
