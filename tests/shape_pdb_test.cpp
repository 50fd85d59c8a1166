// Tests of the shape pattern databases (shape/pdb.hpp, shape/partition.hpp): admissible and
// consistent against exhaustive distances, additive, and their catalogue.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <random>
#include <tuple>

#include "shape/explore.hpp"
#include "shape/partition.hpp"
#include "shape/pdb.hpp"

namespace taquin::shape {
namespace {

using Where = std::array<uint8_t, kMaxPdbCells>;

Where where_of(const Grid& g) {
  Where where{};
  for (int c = 0; c < g.size(); ++c) where[g.cells[c]] = static_cast<uint8_t>(c);
  return where;
}

ShapePdb built(const Partition& p) {
  auto pdb = ShapePdb::build(p);
  EXPECT_TRUE(pdb.ok()) << pdb.error().describe();
  return std::move(*pdb);
}

// Checks on every state the goal reaches: the value is at most the distance, the sum of the
// groups' values, 0 on the goal; a move changes only the moved tile's group (by one at most
// with `exact`, where the value is the distance).
void check_every_state(const ShapePdb& pdb, const std::vector<uint8_t>& dist, bool exact) {
  const Partition& p = pdb.partition();
  int greatest = 0;
  for (uint64_t r = 0; r < dist.size(); ++r) {
    if (dist[r] == kShapeUnreached) continue;
    const Grid g = grid_of_rank(r, p.rows, p.cols, p.blank);
    Where where = where_of(g);
    const int h = pdb.value(where.data());
    greatest = std::max(greatest, h);
    ASSERT_LE(h, dist[r]) << "rank " << r;
    if (exact) {
      ASSERT_EQ(h, dist[r]) << "rank " << r;
    }
    if (dist[r] == 0) {
      ASSERT_EQ(h, 0);
    }
    std::array<int, 8> parts{};
    int sum = 0;
    for (int k = 0; k < pdb.groups(); ++k) sum += parts[k] = pdb.group_value(k, where.data());
    ASSERT_EQ(sum, h);
    for (Dir d : {Dir::Up, Dir::Down, Dir::Left, Dir::Right}) {
      const int to = g.target(g.blank, d);
      if (to < 0) continue;
      const int tile = g.cells[to];
      std::swap(where[tile], where[p.blank]);
      for (int k = 0; k < pdb.groups(); ++k) {
        const int v = pdb.group_value(k, where.data());
        if (k != pdb.group_of(tile)) {
          ASSERT_EQ(v, parts[k]) << "rank " << r;
        }
        if (exact) {
          ASSERT_LE(std::abs(v - parts[k]), 1) << "rank " << r;
        }
      }
      std::swap(where[tile], where[p.blank]);
    }
  }
  EXPECT_GT(greatest, 0);
}

struct Shape {
  int rows, cols, blank;
};

TEST(ShapePdb, DefaultPartitionsAreAdmissibleAndAdditive) {
  for (const Shape& s : {Shape{2, 2, 3}, Shape{2, 2, 1}, Shape{2, 3, 5}, Shape{2, 3, 2},
                         Shape{3, 2, 0}, Shape{2, 4, 7}, Shape{4, 2, 3}, Shape{3, 3, 8},
                         Shape{3, 3, 4}, Shape{3, 3, 0}, Shape{2, 5, 9}, Shape{5, 2, 4}}) {
    SCOPED_TRACE(std::to_string(s.rows) + "x" + std::to_string(s.cols) + " blank " +
                 std::to_string(s.blank));
    auto partition = default_partition(s.rows, s.cols, s.blank);
    ASSERT_TRUE(partition.ok()) << partition.error().describe();
    const ShapePdb pdb = built(*partition);
    auto dist = all_distances_shape(s.rows, s.cols, s.blank);
    ASSERT_TRUE(dist.ok());
    // A single group holding every tile counts every move: its value is the distance.
    check_every_state(pdb, *dist,
                      pdb.groups() == 1 &&
                          partition->groups[0].size() + 1 == static_cast<size_t>(s.rows * s.cols));
  }
}

TEST(ShapePdb, SmallGroupsAreAdmissibleAndAdditive) {
  // 3x3, blank in the centre: four groups of two; 2x5 with tiles left out.
  const ShapePdb pdb = built({3, 3, 4, {{0, 1}, {2, 5}, {8, 7}, {6, 3}}});
  auto dist = all_distances_shape(3, 3, 4);
  ASSERT_TRUE(dist.ok());
  check_every_state(pdb, *dist, false);
  const ShapePdb partial = built({2, 5, 0, {{1, 2, 6}, {8, 4}}});
  auto dist25 = all_distances_shape(2, 5, 0);
  ASSERT_TRUE(dist25.ok());
  check_every_state(partial, *dist25, false);
  EXPECT_EQ(partial.group_of(0), -1);
  EXPECT_EQ(partial.group_of(3), -1);
  EXPECT_EQ(partial.group_of(8), 1);
}

TEST(ShapePdb, PerBlankCellTablesAreAdmissibleAndDominate) {
  // The same groups by placement only and by placement and blank cell: the latter admissible
  // and additive, never below the former, above it somewhere, equal to it on its best region.
  for (Partition p :
       {Partition{3, 3, 8, {{0, 1, 2, 3}, {4, 5, 6, 7}}}, Partition{2, 5, 0, {{1, 2, 6}, {8, 4}}},
        Partition{2, 4, 7, {{0, 1, 4}, {2, 3, 5, 6}}},
        Partition{3, 3, 4, {{0, 1}, {2, 5}, {8, 7}, {6, 3}}}}) {
    SCOPED_TRACE(std::to_string(p.rows) + "x" + std::to_string(p.cols));
    const ShapePdb plain = built(p);
    p.per_blank_cell = true;
    const ShapePdb by_cell = built(p);
    auto dist = all_distances_shape(p.rows, p.cols, p.blank);
    ASSERT_TRUE(dist.ok());
    check_every_state(by_cell, *dist, false);
    int above = 0;
    for (uint64_t r = 0; r < dist->size(); ++r) {
      if ((*dist)[r] == kShapeUnreached) continue;
      Where where = where_of(grid_of_rank(r, p.rows, p.cols, p.blank));
      for (int g = 0; g < plain.groups(); ++g) {
        const int v = plain.group_value(g, where.data());
        ASSERT_GE(by_cell.group_value(g, where.data()), v) << "rank " << r;
        above += by_cell.group_value(g, where.data()) > v;
        // Some cell of the blank off the group's tiles gives the placement's own value.
        int least = 255;
        const uint8_t blank_cell = where[p.blank];
        for (int c = 0; c < p.cells(); ++c) {
          bool covered = false;
          for (uint8_t label : p.groups[g]) covered |= where[label] == c;
          if (covered) continue;
          where[p.blank] = static_cast<uint8_t>(c);
          least = std::min(least, by_cell.group_value(g, where.data()));
        }
        where[p.blank] = blank_cell;
        ASSERT_EQ(least, v) << "rank " << r << " group " << g;
      }
    }
    EXPECT_GT(above, 0);
  }
}

TEST(ShapePdb, DefaultPartitionsArePerBlankCellWhenSmall) {
  for (auto [rows, cols, expected] : {std::tuple{2, 8, true}, std::tuple{4, 5, true},
                                      std::tuple{3, 5, true}, std::tuple{3, 8, false}}) {
    auto p = default_partition(rows, cols, rows * cols - 1);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->per_blank_cell, expected) << rows << "x" << cols;
  }
}

TEST(ShapePdb, TransposedLookupIsAdmissible) {
  auto dist = all_distances_shape(3, 3, 0);
  ASSERT_TRUE(dist.ok());
  // The reflection maps the groups of `symmetric` onto themselves, not those of `rows`.
  const ShapePdb symmetric = built({3, 3, 0, {{1, 2, 3, 6}, {4, 5, 7, 8}}});
  const ShapePdb rows = built({3, 3, 0, {{1, 2, 4, 5}, {3, 6, 7, 8}}});
  ASSERT_TRUE(symmetric.has_transpose());
  ASSERT_TRUE(rows.has_transpose());
  int differ = 0;
  for (uint64_t r = 0; r < dist->size(); ++r) {
    if ((*dist)[r] == kShapeUnreached) continue;
    const Where where = where_of(grid_of_rank(r, 3, 3, 0));
    ASSERT_EQ(symmetric.transposed_value(where.data()), symmetric.value(where.data()));
    const int t = rows.transposed_value(where.data());
    ASSERT_LE(t, (*dist)[r]);
    differ += t != rows.value(where.data());
  }
  EXPECT_GT(differ, 0);
  EXPECT_FALSE(built({3, 3, 1, {{0, 2, 3}, {4, 5, 6, 7, 8}}}).has_transpose());
  EXPECT_FALSE(built({2, 3, 0, {{1, 2}, {3, 4, 5}}}).has_transpose());
}

TEST(ShapePdb, ThreeByFourWalkIsAdditive) {
  // 3x4: a move changes only the moved tile's group; the value is at least Manhattan's.
  auto partition = default_partition(3, 4, 11);
  ASSERT_TRUE(partition.ok());
  const ShapePdb pdb = built(*partition);
  EXPECT_EQ(pdb.groups(), 2);
  Grid g = Grid::identity(3, 4, 11);
  std::mt19937 rng(3);
  for (int i = 0; i < 20000; ++i) {
    const int to = g.target(g.blank, static_cast<Dir>(rng() % 4));
    if (to < 0) continue;
    const int tile = g.cells[to];
    const Where before = where_of(g);
    g.slide(to);
    const Where where = where_of(g);
    for (int k = 0; k < pdb.groups(); ++k)
      if (k != pdb.group_of(tile)) {
        ASSERT_EQ(pdb.group_value(k, where.data()), pdb.group_value(k, before.data()));
      }
    ASSERT_GE(pdb.value(where.data()), manhattan(g));
  }
}

TEST(ShapePdb, RefusesBadPartitions) {
  const auto message = [](const Partition& p) {
    auto pdb = ShapePdb::build(p);
    return pdb.ok() ? std::string("built") : pdb.error().message;
  };
  EXPECT_NE(message({1, 4, 0, {{1}}}).find("not one of"), std::string::npos);
  EXPECT_NE(message({5, 7, 0, {{1}}}).find("not one of"), std::string::npos);
  EXPECT_NE(message({2, 3, 6, {{1}}}).find("blank cell 6"), std::string::npos);
  EXPECT_NE(message({2, 3, 5, {{1, 5}}}).find("blank's"), std::string::npos);
  EXPECT_NE(message({2, 3, 5, {{1, 2}, {2}}}).find("also in group 1"), std::string::npos);
  EXPECT_NE(message({2, 3, 5, {{1}, {}}}).find("group 2 is empty"), std::string::npos);
  EXPECT_NE(message({2, 3, 5, {{9}}}).find("off the 2x3"), std::string::npos);
  Partition big{5, 5, 24, {{}}};
  for (uint8_t c = 0; c < 8; ++c) big.groups[0].push_back(c);
  EXPECT_NE(message(big).find("25!/17! placements"), std::string::npos) << message(big);
  Partition wide{5, 5, 24, {{0, 1, 2, 3, 4, 5}}, true};  // 127,512,000 placements, 25 cells each
  EXPECT_NE(message(wide).find("times 25 blank cells"), std::string::npos) << message(wide);
}

TEST(ShapeCatalogue, EveryShapeHasAPartitionOfEveryTile) {
  for (int rows = 2; rows <= 16; ++rows)
    for (int cols = 2; rows * cols <= kMaxPdbCells; ++cols)
      for (int blank = 0; blank < rows * cols; ++blank) {
        auto p = default_partition(rows, cols, blank);
        ASSERT_TRUE(p.ok()) << p.error().describe();
        ASSERT_TRUE(check_partition(*p).ok()) << rows << "x" << cols << " " << blank;
        size_t tiles = 0, largest = 0;
        for (const auto& g : p->groups) {
          tiles += g.size();
          largest = std::max(largest, g.size());
        }
        EXPECT_EQ(tiles + 1, static_cast<size_t>(rows * cols));
        EXPECT_LE(largest, 7u);
        EXPECT_EQ(p->blank, blank);
      }
  EXPECT_FALSE(default_partition(6, 6, 0).ok());
  EXPECT_FALSE(default_partition(3, 3, 9).ok());
}

TEST(ShapeCatalogue, DiagramsReadAsWritten) {
  auto p = catalogue_partition(shape_catalogue(), 4, 5);
  ASSERT_TRUE(p.ok()) << p.error().describe();
  EXPECT_EQ(p->blank, 19);
  const std::vector<std::vector<uint8_t>> groups = {
      {0, 1, 5, 6, 10}, {2, 3, 4, 7, 8}, {9, 13, 14, 18}, {11, 12, 15, 16, 17}};
  EXPECT_EQ(p->groups, groups);
  // The transpose reflects the diagram; another blank swaps cells with the diagram's.
  auto t = default_partition(5, 4, 19);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->groups[0], (std::vector<uint8_t>{0, 1, 2, 4, 5}));
  auto moved = default_partition(4, 5, 0);
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved->groups[0], (std::vector<uint8_t>{1, 5, 6, 10, 19}));
  EXPECT_FALSE(catalogue_partition(shape_catalogue(), 9, 9).ok());
  auto bad = catalogue_partition("shape 2x2\nA A\nA B C\n", 2, 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().line, 3);
  EXPECT_FALSE(catalogue_partition("shape 2x2\nA A\nA A\n", 2, 2).ok());
}

// The 3x4 tables against its 479,001,600 distances; set TAQUIN_SLOW_SHAPES=1 to run.
TEST(ShapePdbSlow, ThreeByFourSampleIsAdmissible) {
  if (std::getenv("TAQUIN_SLOW_SHAPES") == nullptr)
    GTEST_SKIP() << "set TAQUIN_SLOW_SHAPES=1 for the 3x4 distances";
  auto dist = all_distances_shape(3, 4, 11);
  ASSERT_TRUE(dist.ok());
  auto partition = default_partition(3, 4, 11);
  ASSERT_TRUE(partition.ok());
  const ShapePdb pdb = built(*partition);
  std::mt19937_64 rng(12);
  int checked = 0;
  while (checked < 2'000'000) {
    const uint64_t r = rng() % dist->size();
    if ((*dist)[r] == kShapeUnreached) continue;
    const Where where = where_of(grid_of_rank(r, 3, 4, 11));
    ASSERT_LE(pdb.value(where.data()), (*dist)[r]) << "rank " << r;
    ++checked;
  }
}

}  // namespace
}  // namespace taquin::shape
