// ShapePdb: the checks of a partition, its tables' builds and the reflected lookup.
#include "shape/pdb.hpp"

#include <algorithm>
#include <string>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/rank.hpp"
#include "shape/grid.hpp"

namespace taquin::shape {
namespace {

Error partition_error(const std::string& message) {
  return Error{"pattern database", 0, message};
}

// The reflection of each cell of a square board about its main diagonal; empty if the board is
// not square or the reflection moves the blank's goal cell.
std::vector<uint8_t> transpose_of(const Partition& p) {
  if (p.rows != p.cols) return {};
  std::vector<uint8_t> t(static_cast<size_t>(p.cells()));
  for (int c = 0; c < p.cells(); ++c)
    t[c] = static_cast<uint8_t>((c % p.cols) * p.cols + c / p.cols);
  if (t[p.blank] != p.blank) return {};
  return t;
}

// placement_count(cells, k), or kMaxGroupPlacements + 1 when it is larger.
uint64_t capped_placements(int cells, int k) {
  uint64_t count = 1;
  for (int i = 0; i < k && count <= kMaxGroupPlacements; ++i)
    count *= static_cast<uint64_t>(cells - i);
  return std::min(count, kMaxGroupPlacements + 1);
}

}  // namespace

Expected<bool> check_partition(const Partition& p) {
  const std::string size = std::to_string(p.rows) + "x" + std::to_string(p.cols);
  if (p.rows < kMinDim || p.cols < kMinDim || p.cells() > kMaxPdbCells)
    return partition_error("a " + size + " board is not one of 2 to " +
                           std::to_string(kMaxPdbCells) + " cells of at least 2 rows and columns");
  if (p.blank < 0 || p.blank >= p.cells())
    return partition_error("blank cell " + std::to_string(p.blank) + " is off the " + size +
                           " board");
  std::vector<int> owner(static_cast<size_t>(p.cells()), -1);
  owner[p.blank] = -2;
  for (size_t g = 0; g < p.groups.size(); ++g) {
    const std::string name = "group " + std::to_string(g + 1);
    if (p.groups[g].empty()) return partition_error(name + " is empty");
    for (uint8_t c : p.groups[g]) {
      if (c >= p.cells())
        return partition_error(name + ": cell " + std::to_string(c) + " is off the " + size +
                               " board");
      if (owner[c] == -2)
        return partition_error(name + ": cell " + std::to_string(c) + " is the blank's");
      if (owner[c] >= 0)
        return partition_error(name + ": cell " + std::to_string(c) + " is also in group " +
                               std::to_string(owner[c] + 1));
      owner[c] = static_cast<int>(g);
    }
    const int k = static_cast<int>(p.groups[g].size());
    if (capped_placements(p.cells(), k) > kMaxGroupPlacements)
      return partition_error(name + " has " + std::to_string(p.cells()) + "!/" +
                             std::to_string(p.cells() - k) + "! placements, more than the " +
                             std::to_string(kMaxGroupPlacements) + " a table may have");
    if (p.per_blank_cell &&
        capped_placements(p.cells(), k) * static_cast<uint64_t>(p.cells()) > kMaxGroupPlacements)
      return partition_error(name + " has " + std::to_string(p.cells()) + "!/" +
                             std::to_string(p.cells() - k) + "! placements times " +
                             std::to_string(p.cells()) + " blank cells, more than the " +
                             std::to_string(kMaxGroupPlacements) + " entries a table may have");
  }
  return true;
}

ShapePdb ShapePdb::without_tables(const Partition& partition) {
  ShapePdb pdb;
  pdb.partition_ = partition;
  const int n = partition.cells();
  pdb.group_of_.assign(static_cast<size_t>(n), -1);
  for (const auto& cells : partition.groups) {
    Group g;
    const int k = static_cast<int>(cells.size());
    g.labels = cells;
    const uint64_t stride = partition.per_blank_cell ? static_cast<uint64_t>(n) : 1;
    g.blank_weight = partition.per_blank_cell ? 1 : 0;
    for (int i = 0; i < k; ++i) {
      g.weight.push_back(placement_count(n - i - 1, k - i - 1) * stride);
      pdb.group_of_[cells[i]] = static_cast<int8_t>(pdb.groups_.size());
    }
    pdb.groups_.push_back(std::move(g));
  }
  pdb.transpose_ = transpose_of(partition);
  return pdb;
}

uint64_t ShapePdb::table_entries(const Partition& partition, int g) {
  const uint64_t placements =
      placement_count(partition.cells(), static_cast<int>(partition.groups[g].size()));
  return partition.per_blank_cell ? placements * static_cast<uint64_t>(partition.cells())
                                  : placements;
}

Expected<ShapePdb> ShapePdb::build(const Partition& partition) {
  if (auto ok = check_partition(partition); !ok) return ok.error();
  ShapePdb pdb = without_tables(partition);
  // The groups' searches are independent: one a task, isolated so that a thread waiting for
  // them takes no outside task (which might wait for this very build).
  tbb::this_task_arena::isolate([&] {
    tbb::parallel_for(size_t{0}, pdb.groups_.size(), [&](size_t g) {
      pdb.groups_[g].table = build_group_table(partition.rows, partition.cols, partition.groups[g],
                                               partition.blank, partition.per_blank_cell);
    });
  });
  return pdb;
}

Expected<ShapePdb> ShapePdb::from_tables(const Partition& partition,
                                         std::vector<std::vector<uint8_t>> tables) {
  if (auto ok = check_partition(partition); !ok) return ok.error();
  if (tables.size() != partition.groups.size())
    return partition_error(std::to_string(tables.size()) + " tables for " +
                           std::to_string(partition.groups.size()) + " groups");
  ShapePdb pdb = without_tables(partition);
  for (size_t g = 0; g < tables.size(); ++g) {
    const uint64_t expected = table_entries(partition, static_cast<int>(g));
    if (tables[g].size() != expected)
      return partition_error("group " + std::to_string(g + 1) + ": a table of " +
                             std::to_string(tables[g].size()) + " entries, not " +
                             std::to_string(expected));
    pdb.groups_[g].table = std::move(tables[g]);
  }
  return pdb;
}

int ShapePdb::transposed_value(const uint8_t* where) const {
  uint8_t reflected[kMaxPdbCells];
  const int n = partition_.cells();
  for (int label = 0; label < n; ++label) reflected[transpose_[label]] = transpose_[where[label]];
  return value(reflected);
}

uint64_t ShapePdb::table_bytes() const {
  uint64_t bytes = 0;
  for (const Group& g : groups_) bytes += g.table.size();
  return bytes;
}

}  // namespace taquin::shape
