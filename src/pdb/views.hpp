// The views of a pattern-database set: its partitions through the goal's symmetries.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pdb/geometry.hpp"
#include "pdb/set.hpp"
#include "taquin/board.hpp"

namespace taquin::pdb {

// One view: a partition of the catalogue seen through a symmetry of the square that maps the
// goal's blank cell to the catalogue's.
template <int N>
struct ViewPlan {
  std::array<uint8_t, N * N> map{};      // board cell -> catalogue cell
  std::array<uint8_t, N * N> inverse{};  // catalogue cell -> board cell (and label: its goal)
  std::vector<int> tables;               // the partition's groups, as indexes of set.tables
};

// The views of `set` for the goal blank cell `blank_cell` (usable_symmetries not empty): each
// partition through up to two symmetries (for the standard goal: the board itself and its
// reflection about the main diagonal), partition after partition, at most `max_views` in all.
template <int N>
std::vector<ViewPlan<N>> plan_views(const PdbSet& set, int blank_cell, int max_views) {
  const std::vector<int> syms = usable_symmetries(set.catalogue, blank_cell);
  const int per_partition = std::min<int>(2, static_cast<int>(syms.size()));
  const int views = std::min<int>(max_views, per_partition * set.catalogue.partitions);
  std::vector<ViewPlan<N>> plans(static_cast<size_t>(views));
  for (int v = 0; v < views; ++v) {
    ViewPlan<N>& plan = plans[static_cast<size_t>(v)];
    for (int c = 0; c < N * N; ++c) {
      plan.map[c] = static_cast<uint8_t>(symmetric_cell(syms[v % per_partition], c, N));
      plan.inverse[plan.map[c]] = static_cast<uint8_t>(c);
    }
    for (size_t t = 0; t < set.tables.size(); ++t)
      if (set.catalogue.group_partition[t] == v / per_partition)
        plan.tables.push_back(static_cast<int>(t));
  }
  return plans;
}

}  // namespace taquin::pdb
