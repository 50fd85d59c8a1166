// The checks of a table's values: the one pass over the payload Table::open makes (checksum and
// values), `pdb verify`'s check of every entry, and the neighbour check both sample (placements
// one group move apart hold values at most one move apart: a forged table's values raised where
// its Manhattan bound and parity cannot show it).
#include "pdb/verify.hpp"

#include <tbb/blocked_range.h>
#include <xxhash.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "pdb/cell_sets.hpp"
#include "pdb/geometry.hpp"
#include "pdb/rank.hpp"
#include "taquin/tables.hpp"

namespace taquin::pdb {
namespace {

// splitmix64: the sample's placements, the same for the same seed.
uint64_t next_random(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// One comparison of check_neighbours: the entries of a placement and of a neighbour (one tile
// moved to a free neighbouring cell), the Manhattan sums they are read with, and which way the
// bound of one move holds. The entries are distances in the graph of (placement, region of the
// blank) whose edges are tile moves: each edge changes the distance by at most one. A zero-aware
// table stores every such state; a classic table the least over the regions, so that an edge's
// bound holds from a placement whose free cells are one region (its one distance is its value) to
// any neighbour, and not the other way.
struct NeighbourPair {
  uint64_t here = 0, there = 0;
  int manhattan = 0, other_manhattan = 0;
  bool up = false;    // the neighbour's value may not exceed this one's by more than one
  bool down = false;  // nor this one's the neighbour's
};

// Appends the pairs of placement `rank` (cells `pos`) and its neighbours to `pairs`.
void add_neighbour_pairs(const Table& table, const Geometry& geo, uint64_t rank, const uint8_t* pos,
                         std::vector<NeighbourPair>& pairs) {
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
      NeighbourPair pair;
      // The blank on `to` before the move, on `from` after it.
      pair.here = table.entry_index(rank, to);
      pair.there = table.entry_index(other, from);
      pair.manhattan = manhattan;
      pair.other_manhattan = manhattan - taxicab(from, goal[i], side) + taxicab(to, goal[i], side);
      if (table.zero_aware()) {
        pair.up = pair.down = true;
      } else {
        pair.up = one_region;
        const uint64_t other_free = (free & ~(uint64_t{1} << to)) | (uint64_t{1} << from);
        pair.down = geo.region(other_free, uint64_t{1} << from) == other_free;
      }
      pairs.push_back(pair);
    }
  }
}

// Why a pair's values are more than one move apart the wrong way; empty when they are not.
std::string pair_problem(const Table& table, const NeighbourPair& pair) {
  const int value = table.value(pair.here, pair.manhattan);
  const int other_value = table.value(pair.there, pair.other_manhattan);
  if ((pair.up && other_value > value + 1) || (pair.down && value > other_value + 1))
    return "entries " + std::to_string(pair.here) + " and " + std::to_string(pair.there) +
           " hold " + std::to_string(value) + " and " + std::to_string(other_value) +
           ", more than one move apart for placements one move apart";
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
  // Placements in batches: every pair's entries are prefetched before the first is compared, so
  // that the random reads of a batch are in flight together (a table's load check waited on them
  // one after the other). The pairs are compared in the same order as one by one.
  constexpr uint64_t kBatch = 64;  // (divides the progress step)
  std::vector<NeighbourPair> pairs;
  pairs.reserve(kBatch * static_cast<uint64_t>(4 * k));
  for (uint64_t s = 0; s < count;) {
    pairs.clear();
    const uint64_t batch_end = std::min(count, s + kBatch);
    for (; s < batch_end; ++s) {
      const uint64_t rank = every ? s : next_random(state) % placements;
      unrank_placement(rank, n, k, pos);
      add_neighbour_pairs(table, geo, rank, pos, pairs);
    }
    for (const NeighbourPair& pair : pairs) __builtin_prefetch(table.entry_address(pair.there));
    for (const NeighbourPair& pair : pairs)
      if (std::string why = pair_problem(table, pair); !why.empty()) return Error{name, 0, why};
    if (progress && s % (uint64_t{1} << 14) == 0) progress(s, count);
  }
  if (progress) progress(count, count);
  return true;
}

namespace {

// The value of `entry` checked against the Manhattan sum of its placement and the table's
// maximum (which it counts in `counts`); empty when it holds, else why not.
std::string value_problem(const Table& table, uint64_t entry, int manhattan,
                          std::vector<uint64_t>& counts, int& value) {
  value = table.value(entry, manhattan);
  const auto at = [&] {
    return "entry " + std::to_string(entry) + " holds " + std::to_string(value);
  };
  if (table.encoding() == Encoding::Value8 && (value < manhattan || (value - manhattan) % 2 != 0))
    return at() + ", inconsistent with its Manhattan sum " + std::to_string(manhattan);
  if (value > table.max_value())
    return at() + ", above the header's maximum " + std::to_string(table.max_value());
  if (value == 0 && manhattan != 0) return "entry " + std::to_string(entry) + " is 0 off the goal";
  ++counts[value];
  return {};
}

// Zero-aware checks of one placement (cells `pos`, occupying `occupied`) of rank `placement`:
// the entries of its free cells (value_problem), equal within each region of free cells; those of
// occupied cells 0; for the goal placement, 0 exactly on the blank goal cell's region.
std::string zero_aware_problem(const Table& table, const Geometry& geo, uint64_t placement,
                               uint64_t occupied, int manhattan, bool goal,
                               std::vector<uint64_t>& counts) {
  const uint64_t free = geo.all & ~occupied;
  for (uint64_t cells = occupied; cells != 0; cells &= cells - 1) {
    const uint64_t entry = table.entry_index(placement, std::countr_zero(cells));
    if (table.value(entry, 0) != 0)
      return "entry " + std::to_string(entry) + " (blank on a group tile's cell) is not 0";
  }
  const uint64_t goal_region = geo.region(free, uint64_t{1} << table.blank_cell());
  for (uint64_t rest = free, region = 0; rest != 0; rest &= ~region) {
    region = geo.region(free, rest & (~rest + 1));
    const uint64_t first = table.entry_index(placement, std::countr_zero(region));
    int value = 0;
    if (std::string why = value_problem(table, first, manhattan, counts, value); !why.empty())
      return why;
    if (goal && (value == 0) != (region == goal_region))
      return "the goal placement with the blank on cell " +
             std::to_string(std::countr_zero(region)) + " holds " + std::to_string(value);
    for (uint64_t others = region & (region - 1); others != 0; others &= others - 1) {
      const uint64_t entry = table.entry_index(placement, std::countr_zero(others));
      if (table.value(entry, manhattan) != value)
        return "entries " + std::to_string(first) + " and " + std::to_string(entry) +
               " differ, with the blank in one region";
      ++counts[value];
    }
  }
  return {};
}

// verify_values without its neighbour check (check_payload's fallback makes its own).
Expected<bool> verify_entries(const Table& table, std::vector<uint64_t>* histogram,
                              const std::function<void(uint64_t, uint64_t)>& progress) {
  const int n = table.side() * table.side(), k = table.group_size();
  const std::string name = table.path().empty() ? "<table>" : table.path();
  const Geometry geo(table.side());
  std::vector<uint64_t> counts(256, 0);
  PlacementCursor cursor(n, k, 0);
  const std::vector<uint8_t>& goal = table.cells();
  const uint64_t goal_rank = rank_placement(goal, n, k);
  const uint64_t placements = placement_count(n, k);
  for (uint64_t placement = 0; placement < placements; ++placement, cursor.advance()) {
    const uint8_t* pos = cursor.cells();
    int manhattan = 0;
    for (int i = 0; i < k; ++i) manhattan += taxicab(pos[i], goal[i], table.side());
    std::string why;
    int value = 0;
    if (table.zero_aware())
      why = zero_aware_problem(table, geo, placement, cursor.occupied(), manhattan,
                               placement == goal_rank, counts);
    else
      why = value_problem(table, placement, manhattan, counts, value);
    if (!why.empty()) return Error{name, 0, why};
    if (progress && (placement + 1) % (uint64_t{1} << 16) == 0) progress(placement + 1, placements);
  }
  if (progress) progress(placements, placements);
  if (!table.zero_aware() && table.value(goal_rank, 0) != 0)
    return Error{name, 0, "the goal placement is not 0"};
  if (counts[table.max_value()] == 0)
    return Error{name, 0,
                 "no entry reaches the header's maximum " + std::to_string(table.max_value())};
  if (histogram) {
    counts.resize(table.max_value() + 1);
    *histogram = std::move(counts);
  }
  return true;
}

}  // namespace

Expected<bool> verify_values(const Table& table, std::vector<uint64_t>* histogram,
                             const std::function<void(uint64_t, uint64_t)>& progress) {
  if (Expected<bool> ok = verify_entries(table, histogram, progress); !ok) return ok;
  // The same sample every run: a forged file is refused by every verify alike.
  return check_neighbours(table, kVerifyNeighbourSamples, 0x7461717569ULL);
}

namespace {

// Bytes of payload a task checks at a time.
constexpr uint64_t kChunkBytes = uint64_t{1} << 18;
// The most entries a table of partial Manhattan sums may hold (one byte each).
constexpr uint64_t kMaxSumEntries = uint64_t{1} << 23;

// The Manhattan sums of a classic table's entries, split as the ranks split them: an entry's rank
// is (prefix rank) * block + (suffix rank), where the prefix places the first k - L tiles and the
// suffix the last L on the cells left free. The prefix's sum is added per block; the suffix's sum
// depends only on the set of cells the prefix holds, so it is tabulated once per such set (`sums`,
// block bytes per set, in colex order of the sets) and reused by every ordering of the prefix.
struct SplitSums {
  int prefix = 0;             // tiles placed by the prefix
  uint64_t block = 0;         // entries per block: placements of the suffix's tiles
  std::vector<uint8_t> sums;  // per set of prefix cells, the suffix sums of its block (4-bit
                              // entries: those of even entries, then those of odd ones)
  std::vector<std::array<uint8_t, 64>> distance;  // [tile][cell]: taxicab distance to its goal

  std::vector<uint16_t> rank_of;  // boards of up to 16 cells: set_rank by the set's mask

  // Rank of the set `cells` (of `prefix` cells) in colex order.
  uint64_t set_rank(uint64_t cells) const {
    return rank_of.empty() ? colex_rank(cells) : rank_of[cells];
  }
};

// Writes at `out` (advanced past them) the Manhattan sums of the tiles `tile`.. placed on the
// cells of `free`, in rank order (each tile on the free cells in ascending order), plus `sum`;
// `distance[t][c]`: the taxicab distance of tile t on cell c to its goal cell.
void write_suffix_sums(const std::vector<std::array<uint8_t, 64>>& distance, size_t tile,
                       uint64_t free, int sum, uint8_t*& out) {
  if (tile + 1 == distance.size()) {
    for (uint64_t rest = free; rest != 0; rest &= rest - 1)
      *out++ = static_cast<uint8_t>(sum + distance[tile][std::countr_zero(rest)]);
    return;
  }
  for (uint64_t rest = free; rest != 0; rest &= rest - 1) {
    const int cell = std::countr_zero(rest);
    write_suffix_sums(distance, tile + 1, free & ~(uint64_t{1} << cell), sum + distance[tile][cell],
                      out);
  }
}

// The split of `table` into blocks of `suffix` tiles, or none (block 0) when that split does not
// suit the pass: its sums would take too much memory, or (4-bit entries) a block would end
// inside a byte.
SplitSums split_sums(const Table& table, int suffix) {
  SplitSums split;
  const int n = table.side() * table.side(), k = table.group_size();
  // A suffix's sum plus twice a 4-bit excess must fit in a byte.
  if (suffix < 1 || suffix > k || suffix * 2 * (table.side() - 1) + 30 > 255) return split;
  const int prefix = k - suffix;
  const uint64_t block = placement_count(n - prefix, suffix), sets = binomial(n, prefix);
  if ((table.encoding() == Encoding::Excess4 && block % 2 != 0) || sets > kMaxSumEntries ||
      block * sets > kMaxSumEntries)
    return split;
  split.prefix = prefix;
  split.block = block;
  split.distance.resize(static_cast<size_t>(k));
  for (int t = 0; t < k; ++t)
    for (int c = 0; c < n; ++c)
      split.distance[t][c] = static_cast<uint8_t>(taxicab(c, table.cells()[t], table.side()));
  const std::vector<std::array<uint8_t, 64>> distance(split.distance.begin() + prefix,
                                                      split.distance.end());
  split.sums.resize(block * sets);
  std::vector<uint8_t> interleaved(block);
  const bool halves = table.encoding() == Encoding::Excess4;
  const uint64_t all = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  // The sets of `prefix` cells in colex order (Gosper's next-subset step).
  uint64_t set = prefix == 0 ? 0 : (uint64_t{1} << prefix) - 1;
  if (n <= 16) split.rank_of.assign(size_t{1} << n, 0);
  for (uint64_t r = 0; r < sets; ++r) {
    if (n <= 16) split.rank_of[set] = static_cast<uint16_t>(r);
    uint8_t* out = halves ? interleaved.data() : split.sums.data() + r * block;
    write_suffix_sums(distance, 0, all & ~set, 0, out);
    if (halves)
      for (uint64_t j = 0; j < block / 2; ++j) {
        split.sums[r * block + j] = interleaved[2 * j];
        split.sums[r * block + block / 2 + j] = interleaved[2 * j + 1];
      }
    if (set == 0) break;
    if (r + 1 < sets) set = next_colex(set);
  }
  return split;
}

// The largest value in the block of a classic table's entries that starts at `first` (even for
// 4-bit entries), whose suffix sums are `sums` (4-bit entries: even ones, then odd ones) and
// prefix sum `base`; `bad` is set when an entry
// is below its Manhattan sum or of the other parity (8-bit entries; 4-bit ones cannot be).
int block_max(const Table& table, uint64_t first, const uint8_t* sums, uint64_t block, int base,
              bool& bad) {
  if (table.encoding() == Encoding::Excess4) {
    const uint8_t* bytes = table.payload() + first / 2;
    uint8_t top = 0;
    const uint8_t* odd_sums = sums + block / 2;
    for (uint64_t j = 0; j < block / 2; ++j) {
      const uint8_t even = static_cast<uint8_t>(sums[j] + 2 * (bytes[j] & 15));
      const uint8_t odd = static_cast<uint8_t>(odd_sums[j] + 2 * (bytes[j] >> 4));
      top = std::max(top, std::max(even, odd));
    }
    return base + top;
  }
  const uint8_t* values = table.payload() + first;
  uint8_t top = 0, below = 0, odd = 0;
  for (uint64_t j = 0; j < block; ++j) {
    const int manhattan = sums[j] + base;
    top = std::max(top, values[j]);
    below |= static_cast<uint8_t>(values[j] < manhattan);
    odd |= static_cast<uint8_t>((values[j] ^ manhattan) & 1);
  }
  bad = bad || below != 0 || odd != 0;
  return top;
}

// The largest value a zero-aware table's bytes `bytes` can hold whatever the Manhattan sum of
// their placements: twice the largest 4-bit excess, or the largest 8-bit value.
int bytes_max(Encoding encoding, const uint8_t* bytes, uint64_t count) {
  uint8_t top = 0;
  if (encoding == Encoding::Excess4) {
    for (uint64_t j = 0; j < count; ++j)
      top = std::max(top, std::max<uint8_t>(bytes[j] & 15, bytes[j] >> 4));
    return 2 * top;
  }
  for (uint64_t j = 0; j < count; ++j) top = std::max(top, bytes[j]);
  return top;
}

}  // namespace

Expected<bool> check_payload(const Table& table, uint64_t payload_hash, int suffix_tiles) {
  const std::string name = table.path().empty() ? "<table>" : table.path();
  const int n = table.side() * table.side(), k = table.group_size();
  const uint64_t bytes = table.payload_bytes();
  const uint64_t whole_bytes =
      table.encoding() == Encoding::Excess4 ? table.entry_count() / 2 : table.entry_count();
  SplitSums split;
  uint64_t hash = 0;
  std::atomic<bool> bad{false};
  std::atomic<int> top{0};
  // The split chosen for the values: the one with the longest blocks whose sums fit in memory
  // (the fewest blocks to visit).
  if (!table.zero_aware()) {
    for (int suffix = suffix_tiles > 0 ? suffix_tiles : k; suffix >= 1 && split.block == 0;
         suffix = suffix_tiles > 0 ? 0 : suffix - 1)
      split = split_sums(table, suffix);
    if (split.block < (suffix_tiles > 0 ? 1u : 16u)) split.block = 0;
  }
  const uint64_t block_bytes =
      table.encoding() == Encoding::Excess4 ? split.block / 2 : split.block;
  const uint64_t chunk = split.block == 0
                             ? kChunkBytes
                             : std::max<uint64_t>(1, kChunkBytes / block_bytes) * block_bytes;
  {
    const auto check_chunks = [&](const tbb::blocked_range<uint64_t>& chunks) {
      bool chunks_bad = false;
      int chunks_top = 0;
      for (uint64_t done = chunks.begin() * chunk; done < chunks.end() * chunk && done < bytes;
           done += chunk) {
        const uint64_t size = std::min(chunk, bytes - done);
        if (split.block == 0) {
          // A last half-used byte of 4-bit entries is counted after the loop.
          const uint64_t whole = done < whole_bytes ? std::min(size, whole_bytes - done) : 0;
          chunks_top =
              std::max(chunks_top, bytes_max(table.encoding(), table.payload() + done, whole));
          continue;
        }
        PlacementCursor prefix(n, split.prefix, done / block_bytes);
        for (uint64_t at = 0; at < size; at += block_bytes, prefix.advance()) {
          int base = 0;
          for (int i = 0; i < split.prefix; ++i) base += split.distance[i][prefix.cells()[i]];
          const uint8_t* sums = split.sums.data() + split.set_rank(prefix.occupied()) * split.block;
          const uint64_t first = (done + at) / block_bytes * split.block;
          chunks_top =
              std::max(chunks_top, block_max(table, first, sums, split.block, base, chunks_bad));
        }
      }
      if (chunks_bad) bad.store(true);
      for (int seen = top.load();
           seen < chunks_top && !top.compare_exchange_weak(seen, chunks_top);) {
      }
    };
    // One pass: each chunk is hashed, then its values checked while it is in the cache.
    XXH64_state_t* state = XXH64_createState();
    XXH64_reset(state, 0);
    for (uint64_t c = 0; c * chunk < bytes; ++c) {
      XXH64_update(state, table.payload() + c * chunk, std::min(chunk, bytes - c * chunk));
      if (!bad.load()) check_chunks(tbb::blocked_range<uint64_t>(c, c + 1));
    }
    hash = XXH64_digest(state);
    XXH64_freeState(state);
  }
  int highest = top.load();
  if (whole_bytes < bytes) highest = std::max(highest, 2 * (table.payload()[whole_bytes] & 15));
  if (hash != payload_hash) return Error{name, 0, "corrupted payload (checksum mismatch)"};
  const uint64_t goal = rank_placement(table.cells(), n, k);
  if (table.zero_aware()) {
    if (highest > table.max_value())
      return Error{
          name, 0,
          "an entry holds more than the header's maximum " + std::to_string(table.max_value())};
    if (table.value(table.entry_index(goal, table.blank_cell()), 0) != 0)
      return Error{name, 0, "the goal placement is not 0"};
    return check_neighbours(table, kLoadNeighbourSamples, payload_hash);
  }
  // Blocks check what verify_values checks; its messages name the entry.
  if (split.block == 0 || bad.load() || highest != table.max_value() || table.value(goal, 0) != 0) {
    Expected<bool> verified = verify_entries(table, nullptr, {});
    if (!verified) return verified;
    if (split.block != 0) return Error{name, 0, "internal error: the load check and verify differ"};
  }
  return check_neighbours(table, kLoadNeighbourSamples, payload_hash);
}

}  // namespace taquin::pdb
