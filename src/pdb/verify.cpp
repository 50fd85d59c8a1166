// The neighbour check of a table's values: placements one group move apart hold values at most
// one move apart, on a sample of placements (a forged table's values raised where its Manhattan
// bound and parity cannot show it).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "taquin/pdb/geometry.hpp"
#include "taquin/pdb/rank.hpp"
#include "taquin/pdb/table.hpp"

namespace taquin::pdb {
namespace {

// splitmix64: the sample's placements, the same for the same seed.
uint64_t next_random(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Why the values of placement `rank` (cells `pos`) and its neighbours (one tile moved to a free
// neighbouring cell) are not consistent; empty when they are. The entries are distances in the
// graph of (placement, region of the blank) whose edges are tile moves: each edge changes the
// distance by at most one. A zero-aware table stores every such state; a classic table the least
// over the regions, so that an edge's bound holds from a placement whose free cells are one region
// (its one distance is its value) to any neighbour, and not the other way.
std::string placement_problem(const Table& table, const Geometry& geo, uint64_t rank,
                              const uint8_t* pos) {
  const int n = geo.cells, k = table.group_size(), side = geo.side;
  const std::vector<uint8_t>& goal = table.cells();
  uint64_t occupied = 0;
  int manhattan = 0;
  for (int i = 0; i < k; ++i) {
    occupied |= uint64_t{1} << pos[i];
    manhattan += taxicab(pos[i], goal[i], side);
  }
  const uint64_t free = geo.all & ~occupied;
  const bool one_region = free != 0 && geo.region(free, free & (~free + 1)) == free;
  uint8_t moved[64];
  std::copy(pos, pos + k, moved);
  for (int i = 0; i < k; ++i) {
    const int from = pos[i];
    for (uint64_t to_cells = geo.neighbours[from] & free; to_cells; to_cells &= to_cells - 1) {
      const int to = std::countr_zero(to_cells);
      moved[i] = static_cast<uint8_t>(to);
      const uint64_t other = rank_placement(moved, n, k);
      moved[i] = static_cast<uint8_t>(from);
      const int other_manhattan =
          manhattan - taxicab(from, goal[i], side) + taxicab(to, goal[i], side);
      // The blank on `to` before the move, on `from` after it.
      const uint64_t here = table.entry_index(rank, to), there = table.entry_index(other, from);
      const int value = table.value(here, manhattan);
      const int other_value = table.value(there, other_manhattan);
      bool bad = false;
      if (table.zero_aware()) {
        bad = value > other_value + 1 || other_value > value + 1;
      } else {
        if (one_region) bad = other_value > value + 1;
        const uint64_t other_free = (free & ~(uint64_t{1} << to)) | (uint64_t{1} << from);
        if (geo.region(other_free, uint64_t{1} << from) == other_free)
          bad = bad || value > other_value + 1;
      }
      if (bad)
        return "entries " + std::to_string(here) + " and " + std::to_string(there) + " hold " +
               std::to_string(value) + " and " + std::to_string(other_value) +
               ", more than one move apart for placements one move apart";
    }
  }
  return {};
}

}  // namespace

Expected<bool> check_neighbours(const Table& table, uint64_t samples, uint64_t seed,
                                const std::function<void(uint64_t, uint64_t)>& progress) {
  const std::string name = table.path().empty() ? "<table>" : table.path();
  const Geometry geo(table.side());
  const int n = geo.cells, k = table.group_size();
  const uint64_t placements = placement_count(n, k);
  const bool every = samples >= placements;
  const uint64_t count = every ? placements : samples;
  uint64_t state = seed;
  uint8_t pos[64];
  for (uint64_t s = 0; s < count; ++s) {
    const uint64_t rank = every ? s : next_random(state) % placements;
    unrank_placement(rank, n, k, pos);
    if (std::string why = placement_problem(table, geo, rank, pos); !why.empty())
      return Error{name, 0, why};
    if (progress && (s + 1) % (uint64_t{1} << 14) == 0) progress(s + 1, count);
  }
  if (progress) progress(count, count);
  return true;
}

}  // namespace taquin::pdb
