// Additive disjoint pattern databases for boards of any shape of at most kMaxPdbCells cells,
// built in memory from a partition of the goal cells into groups.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "shape/pdb_bfs.hpp"
#include "taquin/error.hpp"

namespace taquin::shape {

// Most placements a group's table may have (one byte each; the build needs four or eight more).
inline constexpr uint64_t kMaxGroupPlacements = uint64_t{1} << 29;

// Disjoint groups of goal cells of a rows × cols board whose goal has the blank on `blank`. On a
// canonical board a piece's label is its goal cell, so a group names the labels of its tiles.
struct Partition {
  int rows = 0;
  int cols = 0;
  int blank = 0;                             // the blank's goal cell; in no group
  std::vector<std::vector<uint8_t>> groups;  // goal cells of each group's tiles, in table order
  // Tables by placement and blank cell (build_group_table's per_blank_cell): a value for each
  // region of the blank, not only their least; cells times the bytes.
  bool per_blank_cell = false;

  int cells() const { return rows * cols; }
};

// A set of pattern databases, one table a group, whose values add up to an admissible heuristic:
// a group's value counts only moves of its own tiles, and every move moves one tile; a move
// changes only the value of the moved tile's group. A table keeps the least value over the
// regions of the blank, so a move may change it by more than one (the heuristic is not always
// consistent). Tiles of no group count nothing.
class ShapePdb {
 public:
  // Builds the tables of `partition`. Errors: dimensions below kMinDim or above kMaxPdbCells
  // cells, a blank or group cell off the board, a group cell that is the blank's or in two
  // groups, an empty group, or a group of more than kMaxGroupPlacements placements, or entries
  // when per blank cell (the message names the group and its count).
  static Expected<ShapePdb> build(const Partition& partition);

  // The databases of `partition` from tables built before (a file): tables[g] is group g's.
  // Errors: build's checks of the partition, a count of tables or a table size not the
  // partition's (table_entries).
  static Expected<ShapePdb> from_tables(const Partition& partition,
                                        std::vector<std::vector<uint8_t>> tables);

  // The entries of group g's table of `partition` (a valid one): its placements, times the
  // cells when per blank cell.
  static uint64_t table_entries(const Partition& partition, int g);

  // Group g's table.
  const std::vector<uint8_t>& table(int g) const { return groups_[g].table; }

  // The heuristic of a state: where[label] is the cell of the piece with that label, for labels
  // 0..cells-1 (where[blank] is the blank's cell and is not read).
  int value(const uint8_t* where) const {
    int sum = 0;
    for (int g = 0; g < groups(); ++g) sum += group_value(g, where);
    return sum;
  }

  // The group of the tile with `label`, or -1 (the blank, or a tile of no group).
  int group_of(int label) const { return group_of_[label]; }

  // The fewest moves of group g's tiles that bring them home from `where` (as in value()).
  int group_value(int g, const uint8_t* where) const {
    const Group& group = groups_[g];
    uint64_t index = group.blank_weight * where[partition_.blank], seen = 0;
    for (size_t i = 0; i < group.labels.size(); ++i) {
      const uint64_t bit = uint64_t{1} << where[group.labels[i]];
      index += group.weight[i] *
               static_cast<uint64_t>(where[group.labels[i]] - std::popcount(seen & (bit - 1)));
      seen |= bit;
    }
    return group.table[index];
  }

  // Number of groups.
  int groups() const { return static_cast<int>(groups_.size()); }

  // True when the reflection about the main diagonal maps the board and the goal onto themselves
  // (a square board, the blank's goal cell on the diagonal): a state and its reflection are then
  // as far from the goal, so transposed_value is admissible too, and the larger of the two values
  // is. It looks the reflected partition up in the same tables: it differs from value() only when
  // the reflection does not map the groups onto groups.
  bool has_transpose() const { return !transpose_.empty(); }

  // value() of the reflected state (precondition: has_transpose()).
  int transposed_value(const uint8_t* where) const;

  // The partition the tables were built for.
  const Partition& partition() const { return partition_; }

  // Bytes of the tables.
  uint64_t table_bytes() const;

 private:
  struct Group {
    std::vector<uint8_t> labels;   // the goal cells of its tiles, in the table's order
    std::vector<uint64_t> weight;  // rank weight of each tile's digit (times the cells per blank)
    uint64_t blank_weight = 0;     // weight of the blank's cell: 1 per blank cell, else 0
    std::vector<uint8_t> table;    // value per placement rank
  };

  // The databases of a checked `partition` with empty tables.
  static ShapePdb without_tables(const Partition& partition);

  Partition partition_;
  std::vector<Group> groups_;
  std::vector<int8_t> group_of_;    // per label
  std::vector<uint8_t> transpose_;  // cell -> reflected cell; empty without the reflection
};

// Checks `partition` as ShapePdb::build does, without building anything.
Expected<bool> check_partition(const Partition& partition);

}  // namespace taquin::shape
