// The pattern-database breadth-first search that builds one group's table: rounds over blocks of
// (placement, blank region) states, one block per set of occupied cells and region of the blank,
// each a bitset over the orders of the group's tiles on those cells.
#include "pdb/bfs.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>

#include <sys/mman.h>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "pdb/bfs_blocks.hpp"
#include "pdb/cell_sets.hpp"
#include "pdb/geometry.hpp"
#include "pdb/rank.hpp"

namespace taquin::pdb {
namespace {

using bfs_blocks::Blocks;
using bfs_blocks::HugeArray;
using bfs_blocks::OrderMoves;
using bfs_blocks::rank_order;

// Runs of placements whose depths the encoding prefetches ahead of reading them.
constexpr uint64_t kRunsAhead = 4;

// How many states of a round were first reached, and how many placements.
struct RoundCount {
  uint64_t states = 0;
  uint64_t placements = 0;
};

class Search {
 public:
  Search(const Geometry& g, const std::vector<uint8_t>& cells, int blank, bool per_blank_cell)
      : geo_(g),
        n_(g.cells),
        k_(static_cast<int>(cells.size())),
        goal_(cells),
        blank_cell_(blank),
        zero_aware_(per_blank_cell),
        orders_(factorial(k_)),
        words_((orders_ + 63) / 64),
        entries_(placement_count(n_, k_)),
        blocks_(g, k_),
        moves_(k_, g.side),
        seen_(std::make_unique<HugeArray<uint64_t>>(blocks_.count() * words_)),
        frontier_{std::make_unique<HugeArray<uint64_t>>(blocks_.count() * words_),
                  std::make_unique<HugeArray<uint64_t>>(blocks_.count() * words_)},
        seen_count_(blocks_.count(), 0),
        frontier_count_{std::vector<uint32_t>(blocks_.count(), 0),
                        std::vector<uint32_t>(blocks_.count(), 0)},
        frontier_sets_{std::vector<uint64_t>((blocks_.set_cells.size() + 63) / 64, 0),
                       std::vector<uint64_t>((blocks_.set_cells.size() + 63) / 64, 0)},
        active_sets_((blocks_.set_cells.size() + 63) / 64, 0),
        depth_((zero_aware_ ? blocks_.count() : blocks_.set_cells.size()) * orders_) {
    dist_.resize(static_cast<size_t>(k_));
    for (int i = 0; i < k_; ++i)
      for (int c = 0; c < n_; ++c)
        dist_[i][c] = static_cast<uint8_t>(taxicab(c, goal_[i], geo_.side));
    // The bits past the last order of each block count as seen, so that no round reaches them.
    if (orders_ % 64 != 0) {
      const uint64_t pad = ~uint64_t{0} << (orders_ % 64);
      for (uint64_t b = 0; b < blocks_.count(); ++b) (*seen_)[b * words_ + words_ - 1] = pad;
    }
  }

  // Runs the rounds from the goal (the group home, the blank in its own cell's region: the goal
  // placement's other regions are not goals, reaching one costs moves). Fails past 255 rounds.
  Expected<bool> run(const BuildOptions& options, int group) {
    const auto start = std::chrono::steady_clock::now();
    uint64_t occupied = 0;
    for (const uint8_t c : goal_) occupied |= uint64_t{1} << c;
    uint8_t tiles[kMaxRankItems];
    for (int i = 0; i < k_; ++i)
      tiles[std::popcount(occupied & ((uint64_t{1} << goal_[i]) - 1))] = static_cast<uint8_t>(i);
    const uint64_t block = blocks_.block_of(colex_rank(occupied), blank_cell_);
    const uint32_t order = rank_order(tiles, k_);
    (*seen_)[block * words_ + order / 64] |= uint64_t{1} << (order % 64);
    (*frontier_[0])[block * words_ + order / 64] |= uint64_t{1} << (order % 64);
    seen_count_[block] = 1;
    frontier_count_[0][block] = 1;
    const uint64_t goal_set = colex_rank(occupied);
    frontier_sets_[0][goal_set / 64] |= uint64_t{1} << (goal_set % 64);
    reached_placements_ = 1;
    reached_states_ = 1;
    for (int depth = 0;; ++depth) {
      std::atomic<uint64_t> states{0}, placements{0};
      std::fill(frontier_sets_[(depth + 1) & 1].begin(), frontier_sets_[(depth + 1) & 1].end(), 0);
      mark_active_sets(depth);
      tbb::parallel_for(tbb::blocked_range<uint64_t>(0, blocks_.set_cells.size(), 8),
                        [&](const tbb::blocked_range<uint64_t>& r) {
                          std::vector<uint64_t> scratch(3 * words_);
                          RoundCount count;
                          for (uint64_t s = r.begin(); s != r.end(); ++s)
                            next_round(s, depth, scratch.data(), count);
                          states += count.states;
                          placements += count.placements;
                        });
      if (states > 0 && depth + 1 > 255) return Error{"", 0, "a value exceeds 255"};
      reached_states_ += states;
      reached_placements_ += placements;
      if (placements > 0 || (zero_aware_ && states > 0)) max_value_ = depth + 1;
      if (options.progress) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        options.progress({group, depth + 1, reached_placements_, entries_, seconds});
      }
      if (states == 0) break;
    }
    // The search's bitsets are no longer needed: the payload takes their place.
    seen_.reset();
    frontier_[0].reset();
    frontier_[1].reset();
    return true;
  }

  // Placements (zero-aware: (placement, blank region) states) the rounds never reached.
  uint64_t unreached() const {
    return zero_aware_ ? blocks_.count() * orders_ - reached_states_
                       : entries_ - reached_placements_;
  }
  int max_value() const { return max_value_; }

  // The table's payload in `encoding` (entries by placement rank, zero-aware: times n cells);
  // false when a 4-bit excess does not fit.
  bool encode(Encoding encoding, std::vector<uint8_t>& payload) const {
    const uint64_t stride = zero_aware_ ? static_cast<uint64_t>(n_) : 1;
    payload.assign(payload_size(encoding, entries_ * stride), 0);
    // Placements come in runs that share all tiles but the last: a run's first rank is a prefix
    // rank times the last tile's radix. Ranges of an even number of prefixes start on a byte.
    const uint64_t prefixes = placement_count(n_, k_ - 1);
    const int radix = n_ - k_ + 1;
    std::atomic<bool> overflow{false};
    tbb::parallel_for(
        tbb::blocked_range<uint64_t>(0, (prefixes + 1) / 2, 256),
        [&](const tbb::blocked_range<uint64_t>& r) {
          const uint64_t end = std::min(prefixes, 2 * r.end());
          // The depths of a run are read kRunsAhead runs after their addresses are prefetched.
          PlacementCursor ahead(n_, k_ - 1, 2 * r.begin());
          std::array<Run, kRunsAhead> runs;
          auto stage = [&](uint64_t prefix) {
            Run& run = runs[prefix % kRunsAhead];
            prepare_run(ahead, run);
            ahead.advance();
            for (int d = 0; d < radix; ++d)
              __builtin_prefetch(
                  &depth_[(zero_aware_ ? blocks_.first[run.set[d]] : run.set[d]) * orders_ +
                          run.order[d]]);
          };
          for (uint64_t prefix = 2 * r.begin(); prefix < std::min(end, 2 * r.begin() + kRunsAhead);
               ++prefix)
            stage(prefix);
          for (uint64_t prefix = 2 * r.begin(); prefix < end; ++prefix) {
            const Run& run = runs[prefix % kRunsAhead];
            const uint64_t first = prefix * static_cast<uint64_t>(radix);
            for (int d = 0; d < radix; ++d) {
              const uint64_t index = first + static_cast<uint64_t>(d);
              const int manhattan = run.manhattan + dist_[k_ - 1][run.cell[d]];
              if (!zero_aware_) {
                const int value = depth_[run.set[d] * orders_ + run.order[d]];
                if (!put(payload, encoding, index, value, manhattan)) overflow = true;
                continue;
              }
              for (uint64_t b = blocks_.first[run.set[d]]; b < blocks_.first[run.set[d] + 1]; ++b) {
                const int value = depth_[b * orders_ + run.order[d]];
                for (uint64_t cells = blocks_.region[b]; cells != 0; cells &= cells - 1)
                  if (!put(payload, encoding,
                           index * stride + static_cast<uint64_t>(std::countr_zero(cells)), value,
                           manhattan))
                    overflow = true;
              }
            }
            if (prefix + kRunsAhead < end) stage(prefix + kRunsAhead);
          }
        });
    return !overflow;
  }

 private:
  // Computes round depth + 1 for the blocks of set `set` from round depth's blocks around them.
  // `scratch`: 3 * words_ words.
  void next_round(uint64_t set, int depth, uint64_t* scratch, RoundCount& count) {
    const uint64_t* const frontier = frontier_[depth & 1]->data();
    const std::vector<uint32_t>& frontier_count = frontier_count_[depth & 1];
    const uint64_t* const frontier_sets = frontier_sets_[depth & 1].data();
    uint64_t* const next = frontier_[(depth + 1) & 1]->data();
    std::vector<uint32_t>& next_count = frontier_count_[(depth + 1) & 1];
    const uint64_t cells = blocks_.set_cells[set];
    const uint64_t first = blocks_.first[set], last = blocks_.first[set + 1];
    if (!(active_sets_[set / 64] >> (set % 64) & 1)) {
      std::fill(next_count.begin() + static_cast<ptrdiff_t>(first),
                next_count.begin() + static_cast<ptrdiff_t>(last), 0);
      return;
    }
    uint64_t* const reach = scratch;
    bool some_block_full = false;
    uint64_t fresh_in_set = 0;
    for (uint64_t b = first; b < last; ++b) {
      next_count[b] = 0;
      if (seen_count_[b] == orders_) {
        some_block_full = true;
        continue;
      }
      uint64_t* const seen = &(*seen_)[b * words_];
      const uint64_t unseen = orders_ - seen_count_[b];
      bool any = false;
      // The blank on x in this block's region; the tile on a neighbour y slides into x.
      for (uint64_t xs = blocks_.region[b]; xs != 0; xs &= xs - 1) {
        const int x = std::countr_zero(xs);
        for (uint64_t ys = geo_.neighbours[x] & cells; ys != 0; ys &= ys - 1) {
          const int y = std::countr_zero(ys);
          const uint64_t other_cells = cells ^ (uint64_t{1} << y) ^ (uint64_t{1} << x);
          const uint64_t other_set = colex_rank(other_cells);
          // (A small bitmap, read before the blocks' arrays, which are far larger.)
          if (!(frontier_sets[other_set / 64] >> (other_set % 64) & 1)) continue;
          const uint64_t other = blocks_.block_of(other_set, y);
          const uint32_t other_count = frontier_count[other];
          if (other_count == 0) continue;
          if (!any) {
            std::fill(reach, reach + words_, 0);
            any = true;
          }
          const uint64_t* const src = frontier + other * words_;
          // The moving tile's place in the order list here and there.
          const int here = std::popcount(cells & ((uint64_t{1} << y) - 1));
          const int there = std::popcount(other_cells & ((uint64_t{1} << x) - 1));
          if (here == there) {
            for (uint64_t w = 0; w < words_; ++w) reach[w] |= src[w];
          } else if (other_count <= unseen) {  // from each frontier state there
            const uint32_t* const to_here = moves_.table(there, here);
            for (uint64_t w = 0; w < words_; ++w)
              for (uint64_t bits = src[w]; bits != 0; bits &= bits - 1) {
                const uint32_t o = to_here[w * 64 + static_cast<uint64_t>(std::countr_zero(bits))];
                reach[o / 64] |= uint64_t{1} << (o % 64);
              }
          } else {  // from each unseen state here
            const uint32_t* const to_there = moves_.table(here, there);
            for (uint64_t w = 0; w < words_; ++w)
              for (uint64_t bits = ~seen[w]; bits != 0; bits &= bits - 1) {
                const int bit = std::countr_zero(bits);
                const uint32_t o = to_there[w * 64 + static_cast<uint64_t>(bit)];
                reach[w] |= ((src[o / 64] >> (o % 64)) & 1) << bit;
              }
          }
        }
      }
      if (!any) continue;
      uint64_t* const out = next + b * words_;
      uint64_t fresh = 0;
      for (uint64_t w = 0; w < words_; ++w) {
        const uint64_t now = reach[w] & ~seen[w];
        out[w] = now;
        seen[w] |= now;
        fresh += static_cast<uint64_t>(std::popcount(now));
      }
      next_count[b] = static_cast<uint32_t>(fresh);
      seen_count_[b] += static_cast<uint32_t>(fresh);
      fresh_in_set += fresh;
      if (zero_aware_ && fresh != 0) mark(out, b * orders_, depth + 1);
    }
    count.states += fresh_in_set;
    if (fresh_in_set != 0)
      std::atomic_ref<uint64_t>(frontier_sets_[(depth + 1) & 1][set / 64])
          .fetch_or(uint64_t{1} << (set % 64), std::memory_order_relaxed);
    // Placements first reached: in a block of this round and in no block before it. A block
    // already full holds every placement of the set.
    if (fresh_in_set == 0 || some_block_full) return;
    uint64_t* const fresh_any = scratch + words_;
    uint64_t* const seen_before = scratch + 2 * words_;
    std::fill(fresh_any, fresh_any + words_, 0);
    std::fill(seen_before, seen_before + words_, 0);
    for (uint64_t b = first; b < last; ++b) {
      const uint64_t* const seen = &(*seen_)[b * words_];
      if (next_count[b] == 0) {
        for (uint64_t w = 0; w < words_; ++w) seen_before[w] |= seen[w];
        continue;
      }
      const uint64_t* const now = next + b * words_;
      for (uint64_t w = 0; w < words_; ++w) {
        fresh_any[w] |= now[w];
        seen_before[w] |= seen[w] & ~now[w];
      }
    }
    for (uint64_t w = 0; w < words_; ++w) fresh_any[w] &= ~seen_before[w];
    for (uint64_t w = 0; w < words_; ++w)
      count.placements += static_cast<uint64_t>(std::popcount(fresh_any[w]));
    if (!zero_aware_) mark(fresh_any, set * orders_, depth + 1);
  }

  // Sets the bits of active_sets_ for the sets one move from a set of round depth's frontier: the
  // others reach nothing in round depth + 1. All of them when that frontier holds many sets.
  void mark_active_sets(int depth) {
    const std::vector<uint64_t>& frontier = frontier_sets_[depth & 1];
    uint64_t count = 0;
    for (const uint64_t w : frontier) count += static_cast<uint64_t>(std::popcount(w));
    if (count * 8 > blocks_.set_cells.size()) {
      std::fill(active_sets_.begin(), active_sets_.end(), ~uint64_t{0});
      return;
    }
    std::fill(active_sets_.begin(), active_sets_.end(), 0);
    tbb::parallel_for(
        tbb::blocked_range<uint64_t>(0, frontier.size(), 64),
        [&](const tbb::blocked_range<uint64_t>& r) {
          for (uint64_t w = r.begin(); w != r.end(); ++w)
            for (uint64_t bits = frontier[w]; bits != 0; bits &= bits - 1)
              mark_neighbours(
                  blocks_.set_cells[w * 64 + static_cast<uint64_t>(std::countr_zero(bits))]);
        });
  }
  // Sets the bits of active_sets_ for the sets one move of a tile from `cells`.
  void mark_neighbours(uint64_t cells) {
    const uint64_t free = geo_.all & ~cells;
    for (uint64_t ys = cells; ys != 0; ys &= ys - 1) {
      const int y = std::countr_zero(ys);
      for (uint64_t xs = geo_.neighbours[y] & free; xs != 0; xs &= xs - 1) {
        const uint64_t other = colex_rank(cells ^ (uint64_t{1} << y) ^ (xs & (~xs + 1)));
        std::atomic_ref<uint64_t>(active_sets_[other / 64])
            .fetch_or(uint64_t{1} << (other % 64), std::memory_order_relaxed);
      }
    }
  }

  // depth_[base + o] = value for each order o set in `bits`.
  void mark(const uint64_t* bits, uint64_t base, int value) {
    for (uint64_t w = 0; w < words_; ++w)
      for (uint64_t m = bits[w]; m != 0; m &= m - 1)
        depth_[base + w * 64 + static_cast<uint64_t>(std::countr_zero(m))] =
            static_cast<uint8_t>(value);
  }

  // A run of placements sharing the first k-1 tiles (a PlacementCursor over k-1 tiles), the last
  // tile on each free cell in turn: per cell, the set's rank and the order's.
  struct Run {
    uint64_t set[64];
    uint32_t order[64];
    uint8_t cell[64];
    int manhattan = 0;  // of the first k-1 tiles
  };
  void prepare_run(const PlacementCursor& cursor, Run& run) const {
    const uint8_t* pos = cursor.cells();
    const uint64_t occupied = cursor.occupied();
    const int m = k_ - 1;
    // The first tiles by ascending cell, and the Lehmer digits of that order.
    uint8_t tiles[kMaxRankItems];
    run.manhattan = 0;
    for (int i = 0; i < m; ++i) {
      tiles[std::popcount(occupied & ((uint64_t{1} << pos[i]) - 1))] = static_cast<uint8_t>(i);
      run.manhattan += dist_[i][pos[i]];
    }
    // Inserting the last tile (the largest label) at place j of the order list, and its cell
    // into the set: low[j] + high[j] are the other places' share of the order's rank (those
    // before j keep their weight, those after take the next one) and of the set's colex rank.
    uint64_t order_low[kMaxRankItems + 1], order_high[kMaxRankItems + 1];
    uint64_t set_low[kMaxRankItems + 1], set_high[kMaxRankItems + 1];
    uint8_t sorted[kMaxRankItems];
    for (uint64_t c = occupied, i = 0; c != 0; c &= c - 1, ++i)
      sorted[i] = static_cast<uint8_t>(std::countr_zero(c));
    uint64_t smaller[kMaxRankItems];  // the order's Lehmer digits: later tiles with lower labels
    for (int i = 0; i < m; ++i) {
      smaller[i] = 0;
      for (int j = i + 1; j < m; ++j) smaller[i] += tiles[j] < tiles[i];
    }
    order_low[0] = set_low[0] = 0;
    for (int i = 0; i < m; ++i) {
      order_low[i + 1] = order_low[i] + smaller[i] * factorial(k_ - 1 - i);
      set_low[i + 1] = set_low[i] + kBinomial[sorted[i]][i + 1];
    }
    order_high[m] = set_high[m] = 0;
    for (int i = m - 1; i >= 0; --i) {
      order_high[i] = order_high[i + 1] + smaller[i] * factorial(m - 1 - i);
      set_high[i] = set_high[i + 1] + kBinomial[sorted[i]][i + 2];
    }
    int d = 0;
    for (uint64_t free = geo_.all & ~occupied; free != 0; free &= free - 1, ++d) {
      const int c = std::countr_zero(free);
      const int j = std::popcount(occupied & ((uint64_t{1} << c) - 1));
      run.cell[d] = static_cast<uint8_t>(c);
      run.set[d] = set_low[j] + kBinomial[c][j + 1] + set_high[j];
      run.order[d] = static_cast<uint32_t>(
          order_low[j] + static_cast<uint64_t>(m - j) * factorial(m - j) + order_high[j]);
    }
  }

  // Writes entry `index` of a zeroed payload; false when a 4-bit excess does not fit.
  static bool put(std::vector<uint8_t>& payload, Encoding encoding, uint64_t index, int value,
                  int manhattan) {
    if (encoding == Encoding::Value8) {
      payload[index] = static_cast<uint8_t>(value);
      return true;
    }
    const int excess = (value - manhattan) / 2;
    if (excess > 15) return false;
    payload[index >> 1] |= static_cast<uint8_t>(excess << ((index & 1) * 4));
    return true;
  }

  const Geometry& geo_;
  int n_, k_;
  std::vector<uint8_t> goal_;
  int blank_cell_;
  bool zero_aware_;
  uint64_t orders_;  // k!: the states of a block
  uint64_t words_;   // 64-bit words of a block's bitset
  uint64_t entries_;
  Blocks blocks_;
  OrderMoves moves_;
  std::unique_ptr<HugeArray<uint64_t>> seen_;
  std::unique_ptr<HugeArray<uint64_t>> frontier_[2];  // round depth's blocks: [depth & 1]
  std::vector<uint32_t> seen_count_;
  std::vector<uint32_t> frontier_count_[2];
  // Bit s set when set s has a block in round depth's frontier: [depth & 1].
  std::vector<uint64_t> frontier_sets_[2];
  std::vector<uint64_t> active_sets_;  // bit s: set s may reach states in the round under way
  // The round each placement (zero-aware: each state) was first reached, by set (block) rank
  // times k! plus order rank.
  HugeArray<uint8_t> depth_;
  std::vector<std::array<uint8_t, 64>> dist_;  // per tile, per cell: taxicab distance to its goal
  uint64_t reached_placements_ = 0, reached_states_ = 0;
  int max_value_ = 0;
};

}  // namespace

Expected<std::shared_ptr<Table>> build_group(int side, const std::vector<uint8_t>& cells,
                                             int blank_cell, const BuildOptions& options,
                                             int group) {
  const Geometry geo(side);
  const int k = static_cast<int>(cells.size());
  const int free = geo.cells - k;
  if (k < 1 || free < 3) return Error{"", 0, "a group must leave at least three cells out"};
  if (blank_cell < 0 || blank_cell >= geo.cells ||
      std::find(cells.begin(), cells.end(), blank_cell) != cells.end())
    return Error{"", 0, "the blank's cell " + std::to_string(blank_cell) + " is not free"};
  // The search keeps table indices in 32 bits.
  if (placement_count(geo.cells, k) * (options.zero_aware ? geo.cells : 1) > kMaxTableEntries)
    return Error{"", 0,
                 options.zero_aware ? "the group has too many entries for a zero-aware table"
                                    : "the group has too many placements to tabulate"};
  std::unique_ptr<tbb::global_control> limit;
  if (options.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  options.threads);
  try {
    Search search(geo, cells, blank_cell, options.zero_aware);
    if (Expected<bool> done = search.run(options, group); !done) return done.error();
    if (search.unreached() != 0)
      return Error{"", 0,
                   std::to_string(search.unreached()) +
                       (options.zero_aware ? " (placement, blank region) states" : " placements") +
                       " are unreachable"};
    std::vector<uint8_t> payload;
    Encoding encoding = options.force_value8 ? Encoding::Value8 : Encoding::Excess4;
    if (!search.encode(encoding, payload)) {
      encoding = Encoding::Value8;
      search.encode(encoding, payload);
    }
    return std::make_shared<Table>(side, cells, blank_cell, encoding, search.max_value(),
                                   std::move(payload), options.zero_aware);
  } catch (const std::bad_alloc&) {
    return Error{"", 0, "not enough memory to build the group's table"};
  }
}

uint64_t build_memory_estimate(int side, int tiles) {
  const Geometry geo(side);
  const uint64_t entries = placement_count(geo.cells, tiles);
  if (tiles < 1 || tiles >= geo.cells || entries > kMaxTableEntries) return entries * 2;
  const uint64_t sets = binomial(geo.cells, tiles);
  const uint64_t words = (factorial(tiles) + 63) / 64;
  uint64_t blocks = sets * static_cast<uint64_t>(std::min(geo.cells - tiles, tiles + 1));
  if (sets <= (uint64_t{1} << 22)) blocks = Blocks(geo, tiles).count();
  // Three bitsets (seen, two rounds) and the depths during the rounds; the depths and the
  // 4-bit payload after them.
  const uint64_t rounds = 3 * blocks * words * 8 + entries;
  const uint64_t payload = entries + entries / 2;
  const uint64_t order_moves = static_cast<uint64_t>(2 * tiles * (side - 1)) * factorial(tiles) * 4;
  return std::max(rounds, payload) + blocks * 24 + order_moves;
}

Expected<std::shared_ptr<Table>> build_table(int side, const std::vector<uint8_t>& cells,
                                             int blank_cell, const BuildOptions& options) {
  return build_group(side, cells, blank_cell, options, 0);
}

}  // namespace taquin::pdb
