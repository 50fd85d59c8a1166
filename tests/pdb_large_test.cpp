// Pattern databases on 6x6 and 7x7: the shipped catalogues, the goals they serve, and the
// heuristic's values with more groups than smaller sides hold (small groups, built in the test).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/generate.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "heuristic/linear_conflict.hpp"
#include "pdb/builder.hpp"
#include "pdb/heuristic.hpp"
#include "pdb/pdb_set.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

namespace taquin::pdb {
namespace {

using testing::solves;
using testing::TempDir;

// The goal of side `side` with the blank on `blank` and the tiles in order on the other cells.
Goal blank_on(int side, int blank) {
  std::vector<Tile> tiles(static_cast<size_t>(side * side));
  for (int cell = 0, label = 1; cell < side * side; ++cell)
    tiles[static_cast<size_t>(cell)] = cell == blank ? 0 : static_cast<Tile>(label++);
  return Goal::custom(side, tiles, "blank on " + std::to_string(blank));
}

TEST(PdbLarge, ShippedCataloguesPartitionTheTilesAndCanBeBuilt) {
  const std::vector<std::pair<std::string, int>> shipped = {
      {"6x6-5", 35}, {"6x6-5-centre", 20}, {"7x7-5", 48}, {"7x7-5-centre", 24}};
  for (const auto& [stem, blank] : shipped) {
    SCOPED_TRACE(stem);
    Expected<Catalogue> cat = builtin_catalogue(stem);
    ASSERT_TRUE(cat.ok()) << cat.error().describe();
    const int cells = cat->side * cat->side;
    EXPECT_EQ(cat->side, stem[0] - '0');
    EXPECT_EQ(cat->blank, blank);
    EXPECT_EQ(cat->partitions, 1);
    EXPECT_LE(static_cast<int>(cat->groups.size()), max_groups(cat->side));
    // Every tile in exactly one group (the parser refuses a cell in two), groups of four or five.
    size_t tiles = 0;
    for (const std::vector<uint8_t>& group : cat->groups) {
      tiles += group.size();
      EXPECT_GE(group.size(), 4u);
      EXPECT_LE(group.size(), 5u);
    }
    EXPECT_EQ(tiles, static_cast<size_t>(cells - 1));
    EXPECT_EQ(cat->covered() | (uint64_t{1} << blank),
              cells == 64 ? ~uint64_t{0} : (uint64_t{1} << cells) - 1);
    // Buildable within a few hundred MB a group.
    Expected<bool> buildable = check_buildable(*cat, uint64_t{1} << 30);
    EXPECT_TRUE(buildable.ok()) << buildable.error().describe();
  }
  // The centre variants keep the corner catalogues' other groups, whose tables they copy.
  for (const std::string side : {"6x6-5", "7x7-5"}) {
    Expected<Catalogue> corner = builtin_catalogue(side);
    Expected<Catalogue> centre = builtin_catalogue(side + "-centre");
    ASSERT_TRUE(corner.ok() && centre.ok());
    int shared = 0;
    for (const std::vector<uint8_t>& group : centre->groups)
      shared += std::count(corner->groups.begin(), corner->groups.end(), group);
    EXPECT_EQ(shared, side == "6x6-5" ? 5 : 7) << side;
  }
}

TEST(PdbLarge, ShippedCatalogueServesCornerAndCentreGoals) {
  EXPECT_EQ(shipped_catalogue_for(Goal::standard(6)), "6x6-5");
  EXPECT_EQ(shipped_catalogue_for(Goal::zero_first(6)), "6x6-5");
  EXPECT_EQ(shipped_catalogue_for(Goal::snail(6)), "6x6-5-centre");
  EXPECT_EQ(shipped_catalogue_for(Goal::standard(7)), "7x7-5");
  EXPECT_EQ(shipped_catalogue_for(Goal::zero_first(7)), "7x7-5");
  EXPECT_EQ(shipped_catalogue_for(Goal::snail(7)), "7x7-5-centre");
  // Each blank cell: the corners and the centre cells are served (by one catalogue), the others
  // by none.
  for (const int side : {6, 7}) {
    for (int blank = 0; blank < side * side; ++blank) {
      const int r = blank / side, c = blank % side;
      const bool corner = (r == 0 || r == side - 1) && (c == 0 || c == side - 1);
      const bool centre = std::abs(2 * r - (side - 1)) <= 1 && std::abs(2 * c - (side - 1)) <= 1;
      const std::string stem = shipped_catalogue_for(blank_on(side, blank));
      const std::string base = std::to_string(side) + "x" + std::to_string(side) + "-5";
      EXPECT_EQ(stem, corner ? base : centre ? base + "-centre" : "") << side << " " << blank;
    }
  }
}

TEST(PdbLarge, MissingDatabasesNameTheCommandThatBuildsThem) {
  TempDir dir{"taquin_large_choice"};
  HeuristicRequest request;
  request.paths.search = {dir / "none"};
  request.paths.default_dir = dir / "none";
  for (const auto& [goal, stem] :
       {std::pair{Goal::standard(6), "6x6-5"}, std::pair{Goal::snail(6), "6x6-5-centre"},
        std::pair{Goal::zero_first(7), "7x7-5"}, std::pair{Goal::snail(7), "7x7-5-centre"}}) {
    Expected<HeuristicChoice> choice = choose_heuristic(goal, request);
    ASSERT_TRUE(choice.ok()) << choice.error().describe();
    EXPECT_EQ(choice->kind, HeuristicKind::Linear);
    EXPECT_NE(choice->notice.find("build one with `taquin pdb build " + std::string(stem) + "`"),
              std::string::npos)
        << choice->notice;
  }
  // An edge cell of 6x6: no catalogue serves it, and linear conflict is used without a notice.
  Expected<HeuristicChoice> edge = choose_heuristic(blank_on(6, 1), request);
  ASSERT_TRUE(edge.ok());
  EXPECT_EQ(edge->kind, HeuristicKind::Linear);
  EXPECT_EQ(edge->notice, "");
  request.asked = HeuristicKind::Pdb;
  Expected<HeuristicChoice> asked = choose_heuristic(blank_on(6, 1), request);
  ASSERT_FALSE(asked.ok());
  EXPECT_NE(asked.error().message.find("write a 6x6 catalogue for blank cell 1"), std::string::npos)
      << asked.error().message;
}

// `text` built into `dir` (unless its first table is there) and loaded for `goal`.
PdbSet built(const TempDir& dir, const std::string& stem, const std::string& text,
             const Goal& goal) {
  Expected<Catalogue> cat = parse_catalogue(text, dir / (stem + ".cat"), stem);
  EXPECT_TRUE(cat.ok()) << cat.error().describe();
  if (!std::filesystem::exists(dir / (stem + ".1.pdb"))) {
    Expected<std::vector<std::string>> written = build_catalogue(*cat, dir.path().string());
    EXPECT_TRUE(written.ok()) << written.error().describe();
  }
  Expected<PdbSet> set = load_pdb_set(dir / (stem + ".cat"), goal);
  EXPECT_TRUE(set.ok()) << set.error().describe();
  return *set;
}

// Along random walks from random boards: the incremental state equals the one computed from
// scratch. (Not consistency: a value is the least over the blank's regions, and the tiles of a
// group may shut a corner off, where the blank is not.)
template <int N, int Views>
void expect_incremental_equals_scratch(const PdbSet& set, const Goal& goal) {
  using H = PdbHeuristic<N, Views>;
  const H h(set, goal.blank_cell());
  Random random(67);
  for (int walk = 0; walk < 2; ++walk) {
    Board<N> board = goal.canonical<N>(random_board(random, goal, Solvability::Solvable));
    typename H::State state = h.init(board);
    for (int step = 0; step < 500; ++step) {
      const int from = board.blank();
      const int to =
          kMoves<N>.target[from][random.below(static_cast<uint64_t>(kMoves<N>.count[from]))];
      const int label = board.at(to);
      const typename H::Lookup reads = h.prepare(state, board, label, to, from);
      board.slide(to);
      h.update_first(state, reads);
      const int value = h.update_rest(state, reads);
      const typename H::State scratch = h.init(board);
      for (int v = 0; v < h.views(); ++v) {
        ASSERT_EQ(state.index[v], scratch.index[v]) << "step " << step;
        ASSERT_EQ(state.sum[v], scratch.sum[v]) << "step " << step;
      }
      ASSERT_EQ(value, h.evaluate(board));
    }
  }
}

// On boards `moves` random moves from the goal: the heuristic is at most the optimal length
// (linear-conflict IDA*'s), and IDA* with it finds that length. (No parity: the tiles of no group
// count nothing.)
template <int N, int Views>
void expect_admissible_near_the_goal(const PdbSet& set, const Goal& goal, int moves) {
  const PdbHeuristic<N, Views> h(set, goal.blank_cell());
  const LinearConflict<N> lc(goal.blank_cell());
  Random random(5);
  for (int i = 0; i < 4; ++i) {
    const Board<N> start = goal.canonical<N>(random_walk(random, goal, moves));
    const SearchResult truth = ida_search(start, lc);
    ASSERT_EQ(truth.outcome, Outcome::Solved);
    const int length = static_cast<int>(truth.moves.size());
    const int value = h.evaluate(start);
    EXPECT_LE(value, length) << "board " << i;
    const SearchResult r = ida_search(start, h);
    ASSERT_EQ(r.outcome, Outcome::Solved);
    EXPECT_EQ(static_cast<int>(r.moves.size()), length) << "board " << i;
    EXPECT_TRUE(solves(goal, start, r.moves)) << "board " << i;
  }
}

// 6x6: eight groups of three tiles in the top rows (the other tiles count nothing), and a second
// partition of eight pairs; goals with the blank on a corner (standard, zero-first by the half
// turn).
const char* kSixSmall =
    "side 6\nblank 35\n0 1 6\n2 3 8\n4 5 11\n7 12 13\n9 10 15\n14 19 20\n16 17 22\n18 24 25\n"
    "partition\n0 1\n2 3\n4 5\n6 7\n8 9\n10 11\n12 13\n14 15\n";

// 7x7: twelve groups of three tiles (more than the eight smaller sides hold), blank on 48.
const char* kSevenSmall =
    "side 7\nblank 48\n0 1 7\n2 3 9\n4 5 11\n6 12 13\n8 14 15\n10 16 17\n18 19 25\n20 26 27\n"
    "21 22 28\n23 24 30\n29 35 36\n31 32 38\n";

TEST(PdbLarge, SixBySixIncrementalAndAdmissible) {
  TempDir dir{"taquin_large_six"};
  for (const Goal& goal : {Goal::standard(6), Goal::zero_first(6)}) {
    SCOPED_TRACE(goal.name());
    const PdbSet set = built(dir, "six", kSixSmall, goal);
    ASSERT_EQ(views_for(set.catalogue), 4);
    expect_incremental_equals_scratch<6, 4>(set, goal);
    expect_admissible_near_the_goal<6, 4>(set, goal, 40);
  }
}

TEST(PdbLarge, SevenBySevenTwelveGroupsIncrementalAndAdmissible) {
  TempDir dir{"taquin_large_seven"};
  for (const Goal& goal : {Goal::standard(7), Goal::zero_first(7)}) {
    SCOPED_TRACE(goal.name());
    const PdbSet set = built(dir, "seven", kSevenSmall, goal);
    ASSERT_EQ(set.tables.size(), 12u);
    expect_incremental_equals_scratch<7, 2>(set, goal);
    expect_admissible_near_the_goal<7, 2>(set, goal, 30);
  }
  // A thirteenth group is refused on 7x7, a ninth on 6x6.
  Expected<Catalogue> thirteen =
      parse_catalogue(std::string(kSevenSmall) + "33 34 40\n", "x.cat", "x");
  ASSERT_FALSE(thirteen.ok());
  EXPECT_NE(thirteen.error().message.find("too many groups (at most 12)"), std::string::npos);
  Expected<Catalogue> nine = parse_catalogue("side 6\n0\n1\n2\n3\n4\n5\n6\n7\n8\n", "y.cat", "y");
  ASSERT_FALSE(nine.ok());
  EXPECT_NE(nine.error().message.find("too many groups (at most 8)"), std::string::npos);
}

}  // namespace
}  // namespace taquin::pdb
