// The pattern-database breadth-first search: parallel rounds over (placement, blank region) that
// build one group's table.
#include "bfs.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <new>

#include <sys/mman.h>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "taquin/pdb/geometry.hpp"
#include "taquin/pdb/rank.hpp"

namespace taquin::pdb {
namespace {

// Each (placement, region) state holds a 2-bit code in its placement's word, at the slot given by
// the rank of the region's lowest cell among the free cells. Codes 1 and 2 swap roles each round
// (the current frontier and the next one), so no pass is needed between rounds.
constexpr unsigned kUnseen = 0, kDone = 3;
// Bytes of moves generated per chunk of frontier blocks before they are resolved. 64 MB keeps the
// 7-8 build's peak at 1.46 GB (1.84 GB with 256 MB); each chunk's resolve pass touches more of the
// state words per move, at a cost in time measured in the commit that set it.
constexpr uint64_t kChunkBytes = uint64_t{1} << 26;
// Most buckets of moves: one bucket's codes (a quarter megabyte for the 8-tile group of 7-8) stay
// in a core's L2 cache while its moves are resolved (256 buckets: 10% slower overall).
constexpr uint64_t kMaxBuckets = 4096;
// Placements whose codes are tested together for frontier states before any is expanded.
constexpr uint64_t kScanRun = 64;

// Zeroed anonymous memory backed by transparent huge pages where the kernel allows (the builder's
// accesses are random: huge pages spare most TLB misses).
template <typename T>
class HugeArray {
 public:
  explicit HugeArray(uint64_t count) : bytes_(((count * sizeof(T)) | (kHuge - 1)) + 1) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, bytes_, MADV_HUGEPAGE);
    data_ = static_cast<T*>(p);
  }
  ~HugeArray() { munmap(data_, bytes_); }
  HugeArray(const HugeArray&) = delete;
  HugeArray& operator=(const HugeArray&) = delete;
  T& operator[](uint64_t i) { return data_[i]; }
  T* data() { return data_; }

 private:
  static constexpr uint64_t kHuge = uint64_t{1} << 21;
  uint64_t bytes_;
  T* data_;
};

// How a generated move is packed, lowest bits first: the target's offset in its bucket, the
// slot of the blank's region, the target's Manhattan sum.
struct MoveLayout {
  int offset_bits = 1;  // log2 of a bucket's size (bucket = target index >> offset_bits)
  int slot_bits = 0;
  int manhattan_bits = 0;
  int bits() const { return offset_bits + slot_bits + manhattan_bits; }
};

MoveLayout move_layout(const Geometry& geo, const std::vector<uint8_t>& cells, int slots) {
  MoveLayout layout;
  const uint64_t entries = placement_count(geo.cells, static_cast<int>(cells.size()));
  while ((entries - 1) >> layout.offset_bits >= kMaxBuckets) ++layout.offset_bits;
  layout.slot_bits = std::bit_width(static_cast<unsigned>(slots - 1));
  int most = 0;  // the largest Manhattan sum of the group
  for (const uint8_t goal : cells) {
    int far = 0;
    for (int c = 0; c < geo.cells; ++c) far = std::max(far, taxicab(c, goal, geo.side));
    most += far;
  }
  layout.manhattan_bits = std::bit_width(static_cast<unsigned>(most));
  return layout;
}

// Word: a placement's 2-bit codes, one per region slot.
// Eight bytes as a word, byte i in bits 8i to 8i+7.
uint64_t load_u64(const uint8_t* bytes) {
  static_assert(std::endian::native == std::endian::little);
  uint64_t v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}

template <typename Word>
struct Builder {
  const Geometry& geo;
  int n, k;
  std::vector<uint8_t> goal;
  int blank_cell;  // the blank's goal cell (not in the group)
  uint64_t entries;
  int low_digits;       // digits ranked within a block
  uint64_t block_size;  // product of the low digits' radices
  uint64_t blocks;
  std::vector<uint8_t> low_table;  // block offset -> its low digits
  HugeArray<Word> codes;
  std::vector<uint8_t> payload;
  bool excess4;
  bool zero_aware;  // a payload entry per (placement, cell of the blank), else per placement
  uint64_t stride;  // entries per placement
  std::atomic<bool> overflow{false};
  std::unique_ptr<std::atomic<uint8_t>[]> active[2];  // per block: holds frontier states

  Builder(const Geometry& g, const std::vector<uint8_t>& cells, int blank, bool use_excess4,
          bool per_blank_cell, const MoveLayout& move_layout)
      : geo(g),
        n(g.cells),
        k(static_cast<int>(cells.size())),
        goal(cells),
        blank_cell(blank),
        entries(placement_count(n, k)),
        codes(entries),
        excess4(use_excess4),
        zero_aware(per_blank_cell),
        stride(per_blank_cell ? static_cast<uint64_t>(g.cells) : 1),
        layout(move_layout) {
    low_digits = 0;
    block_size = 1;
    while (low_digits < k &&
           block_size * static_cast<uint64_t>(n - (k - 1 - low_digits)) <= 16384) {
      block_size *= static_cast<uint64_t>(n - (k - 1 - low_digits));
      ++low_digits;
    }
    blocks = entries / block_size;
    low_table.resize(block_size * std::max(low_digits, 1));
    for (uint64_t off = 0; off < block_size; ++off) {
      uint64_t rest = off;
      for (int j = low_digits - 1; j >= 0; --j) {
        const uint64_t radix = static_cast<uint64_t>(n - (k - low_digits + j));
        low_table[off * low_digits + j] = static_cast<uint8_t>(rest % radix);
        rest /= radix;
      }
    }
    make_slot_table();
    side_run = (uint64_t{1} << (geo.side - 1)) - 1;
    weight.assign(k, 1);
    for (int i = k - 2; i >= 0; --i) weight[i] = weight[i + 1] * static_cast<uint64_t>(n - i - 1);
    dist.resize(k);
    for (int i = 0; i < k; ++i)
      for (int c = 0; c < n; ++c) dist[i][c] = static_cast<uint8_t>(taxicab(c, goal[i], geo.side));
    payload.assign(payload_size(excess4 ? Encoding::Excess4 : Encoding::Value8, entries * stride),
                   0);
    for (auto& a : active) {
      a.reset(new std::atomic<uint8_t>[blocks]);
      for (uint64_t b = 0; b < blocks; ++b) a[b].store(0, std::memory_order_relaxed);
    }
  }

  static unsigned code_at(Word w, int slot) { return static_cast<unsigned>(w >> (2 * slot)) & 3; }

  uint64_t side_run;  // side-1 consecutive bits: the cells strictly between vertical neighbours
  std::vector<uint64_t> weight;               // place value of each digit of the rank
  std::vector<std::array<uint8_t, 64>> dist;  // per tile, per cell: taxicab distance to its goal

  int manhattan(const uint8_t* pos) const {
    int sum = 0;
    for (int i = 0; i < k; ++i) sum += dist[i][pos[i]];
    return sum;
  }

  int slot_of(uint64_t free, uint64_t region) const {
    return std::popcount(free & ((region & (~region + 1)) - 1));
  }

  // Boards of up to 16 cells: per free mask, the slot of the region holding each free cell, 4 bits
  // a cell (half a megabyte for 4x4, so it stays in cache).
  std::vector<uint64_t> slot_table;
  // Boards of up to 16 cells: a bit per free mask, set when its cells form several regions.
  std::vector<uint64_t> split_table;
  bool is_split(uint64_t free) const {
    if (split_table.empty()) return true;
    return (split_table[free >> 6] >> (free & 63)) & 1;
  }
  void make_slot_table() {
    if (n > 16) return;
    slot_table.assign(size_t{1} << n, 0);
    split_table.assign(((size_t{1} << n) + 63) / 64, 0);
    for (uint64_t free = 1; free < (uint64_t{1} << n); ++free)
      if (geo.region(free, free & (~free + 1)) != free)
        split_table[free >> 6] |= uint64_t{1} << (free & 63);
    for (uint64_t free = 0; free < (uint64_t{1} << n); ++free)
      for (uint64_t rest = free; rest != 0;) {
        const uint64_t region = geo.region(free, rest & (~rest + 1));
        const uint64_t slot = static_cast<uint64_t>(slot_of(free, region));
        for (uint64_t m = region; m != 0; m &= m - 1)
          slot_table[free] |= slot << (4 * std::countr_zero(m));
        rest &= ~region;
      }
  }
  // Slot of the region of `free` holding `cell`.
  int slot_at(uint64_t free, int cell) const {
    if (!slot_table.empty()) return static_cast<int>(slot_table[free] >> (4 * cell)) & 15;
    return slot_of(free, geo.region(free, uint64_t{1} << cell));
  }

  // Records `value` for placement `index` (first visit only), or for a zero-aware table for the
  // placement with the blank in region `slot`, at the entry of the blank's `slot`-th free cell
  // (spread_regions moves it to its cells).
  void store(uint64_t index, int slot, int value, int manhattan) {
    index = index * stride + (zero_aware ? static_cast<uint64_t>(slot) : 0);
    if (excess4) {
      int excess = (value - manhattan) / 2;
      if (excess > 15) {
        overflow.store(true, std::memory_order_relaxed);
        excess = 15;
      }
      const uint8_t bits = static_cast<uint8_t>(excess << ((index & 1) * 4));
      // A classic entry's byte holds two placements of one bucket (buckets are aligned and even),
      // so its one writer needs no atomic operation; a zero-aware placement's entries may share a
      // byte with the next bucket's first placement.
      if (zero_aware)
        std::atomic_ref<uint8_t>(payload[index >> 1]).fetch_or(bits, std::memory_order_relaxed);
      else
        payload[index >> 1] |= bits;
    } else {
      std::atomic_ref<uint8_t>(payload[index])
          .store(static_cast<uint8_t>(value), std::memory_order_relaxed);
    }
  }

  // Marks (index, slot) with `next` if unseen; returns 1 when the placement was first reached.
  // Only one thread resolves the moves of a bucket (an aligned range of placements), so the
  // word and the payload byte of `index` have a single writer here.
  int reach(uint64_t index, int slot, unsigned next, int value, int manhattan,
            uint8_t* next_active) {
    std::atomic_ref<Word> word(codes[index]);
    const Word old = word.load(std::memory_order_relaxed);
    if (code_at(old, slot) != kUnseen) return 0;
    word.store(static_cast<Word>(old | (Word(next) << (2 * slot))), std::memory_order_relaxed);
    std::atomic_ref<uint8_t> flag(next_active[index / block_size]);
    if (!flag.load(std::memory_order_relaxed)) flag.store(1, std::memory_order_relaxed);
    if (zero_aware) store(index, slot, value, manhattan);
    if (old != 0) return 0;
    if (!zero_aware) store(index, slot, value, manhattan);
    return 1;
  }

  // Moves generated by one thread, bucketed by target range: resolving a bucket touches a few
  // hundred kilobytes of codes, which stay in cache, instead of random lines of the whole array.
  using Move = uint32_t;  // packed by `layout` (half the memory traffic of 64-bit moves)
  using Buckets = std::vector<std::vector<Move>>;
  MoveLayout layout;
  uint64_t bucket_count = 1;
  static constexpr uint64_t kChunkMoves = kChunkBytes / sizeof(Move);
  Move pack(uint64_t index, int slot, int manhattan) const {
    const uint64_t offset = index & ((uint64_t{1} << layout.offset_bits) - 1);
    return static_cast<Move>(offset | (uint64_t(slot) << layout.offset_bits) |
                             (uint64_t(manhattan) << (layout.offset_bits + layout.slot_bits)));
  }

  // Expands the frontier states of one block; returns placements first reached.
  uint64_t expand_block(uint64_t block, int depth, Buckets& out) {
    const unsigned cur = 1 + (depth & 1);
    const Word lo_bits = static_cast<Word>(static_cast<Word>(~Word(0)) / 3);  // 0b0101...
    const Word want_lo = cur & 1 ? lo_bits : Word(0), want_hi = cur & 2 ? lo_bits : Word(0);
    // High digits are shared by the whole block.
    uint8_t digits[64];
    index_digits(block * block_size, n, k, digits);
    uint8_t pos[64];
    const uint64_t high_occupied = [&] {
      uint64_t seen = 0;
      for (int i = 0; i < k - low_digits; ++i) {
        const int p = select_bit(geo.all & ~seen, digits[i]);
        pos[i] = static_cast<uint8_t>(p);
        seen |= uint64_t{1} << p;
      }
      return seen;
    }();
    uint64_t generated = 0;
    Word* const block_codes = &codes[block * block_size];
    for (uint64_t base = 0; base < block_size; base += kScanRun) {
      const uint64_t run_end = std::min(block_size, base + kScanRun);
      // The run's placements holding frontier states, found by a vectorisable pass (during
      // expansion a block's words are written by its own thread only); most runs hold none in
      // the late rounds, and few of a run's placements in the early ones.
      alignas(8) uint8_t hits[kScanRun] = {};
      uint64_t any = 0;
      for (uint64_t off = base; off < run_end; ++off) {
        const Word w = block_codes[off];
        const Word match = static_cast<Word>(~((w & lo_bits) ^ want_lo) &
                                             ~(((w >> 1) & lo_bits) ^ want_hi) & lo_bits);
        hits[off - base] = match != 0;
        any |= match;
      }
      if (any == 0) continue;
      for (uint64_t eight = 0; eight < kScanRun; eight += 8)
        for (uint64_t hit = load_u64(hits + eight); hit != 0; hit &= hit - 1) {
          const uint64_t off = base + eight + static_cast<uint64_t>(std::countr_zero(hit)) / 8;
          const uint64_t index = block * block_size + off;
          std::atomic_ref<Word> word(block_codes[off]);
          const Word w = word.load(std::memory_order_relaxed);
          const Word lo = w & lo_bits, hi = (w >> 1) & lo_bits;
          const Word match = static_cast<Word>(~(lo ^ want_lo) & ~(hi ^ want_hi) & lo_bits);
          uint64_t occupied = high_occupied;
          for (int j = 0; j < low_digits; ++j) {
            const int p = select_bit(geo.all & ~occupied, low_table[off * low_digits + j]);
            pos[k - low_digits + j] = static_cast<uint8_t>(p);
            occupied |= uint64_t{1} << p;
          }
          const uint64_t free = geo.all & ~occupied;
          // The occupancy of the tiles before each one, and the tile on each occupied cell.
          uint64_t before[64];
          int tile_at[64];
          {
            uint64_t seen = 0;
            for (int i = 0; i < k; ++i) {
              before[i] = seen;
              tile_at[pos[i]] = i;
              seen |= uint64_t{1} << pos[i];
            }
          }
          const int md = manhattan(pos);
          // The blank moves from y to x, the tile t on x the other way; delta is the rank's change.
          auto emit = [&](int y, int x, int t, int64_t delta) {
            const uint64_t index2 = index + static_cast<uint64_t>(delta);
            const uint64_t free2 = free ^ (uint64_t{1} << y) ^ (uint64_t{1} << x);
            out[index2 >> layout.offset_bits].push_back(
                pack(index2, slot_at(free2, x), md - dist[t][x] + dist[t][y]));
          };
          // A vertical move of tile t between cells lo < hi: its digit changes by the cells in
          // (lo, hi] that no earlier tile holds, and each later tile in (lo, hi) counts t below it
          // on one side and not on the other.
          auto vertical = [&](int t, int lo) {
            const uint64_t between = side_run << (lo + 1);
            int64_t delta =
                static_cast<int64_t>(weight[t]) * (geo.side - std::popcount(before[t] & between));
            for (uint64_t later = between & occupied & ~before[t]; later != 0; later &= later - 1)
              delta += static_cast<int64_t>(weight[tile_at[std::countr_zero(later)]]);
            return delta;
          };
          Word done_mask = 0;
          for (Word m = match; m != 0; m &= m - 1) {
            const int slot = std::countr_zero(m) / 2;
            done_mask |= Word(kDone) << (2 * slot);
            const uint64_t region =
                is_split(free) ? geo.region(free, uint64_t{1} << select_bit(free, slot)) : free;
            // Horizontal moves change only the moving tile's digit, by one.
            for (uint64_t ys = region & (occupied >> 1) & geo.not_last_col; ys != 0; ys &= ys - 1) {
              const int y = std::countr_zero(ys), t = tile_at[y + 1];
              emit(y, y + 1, t, -static_cast<int64_t>(weight[t]));
            }
            for (uint64_t ys = region & (occupied << 1) & geo.not_first_col; ys != 0;
                 ys &= ys - 1) {
              const int y = std::countr_zero(ys), t = tile_at[y - 1];
              emit(y, y - 1, t, static_cast<int64_t>(weight[t]));
            }
            for (uint64_t ys = region & (occupied >> geo.side); ys != 0; ys &= ys - 1) {
              const int y = std::countr_zero(ys), t = tile_at[y + geo.side];
              emit(y, y + geo.side, t, -vertical(t, y));
            }
            for (uint64_t ys = region & (occupied << geo.side); ys != 0; ys &= ys - 1) {
              const int y = std::countr_zero(ys), t = tile_at[y - geo.side];
              emit(y, y - geo.side, t, vertical(t, y - geo.side));
            }
            generated +=
                static_cast<uint64_t>(std::popcount(region & (occupied >> 1) & geo.not_last_col) +
                                      std::popcount(region & (occupied << 1) & geo.not_first_col) +
                                      std::popcount(region & (occupied >> geo.side)) +
                                      std::popcount(region & (occupied << geo.side)));
          }
          // (A plain store: no other thread writes a block's words while it is expanded.)
          word.store(static_cast<Word>(w | done_mask), std::memory_order_relaxed);
        }
    }
    return generated;
  }

  // Resolves every thread's moves of bucket `b`; returns placements first reached.
  uint64_t resolve_bucket(uint64_t b, int depth,
                          tbb::enumerable_thread_specific<Buckets>& pending) {
    const unsigned next = 2 - (depth & 1);
    uint8_t* next_active = reinterpret_cast<uint8_t*>(active[(depth + 1) & 1].get());
    uint64_t first_reached = 0;
    const uint64_t base = b << layout.offset_bits;
    const Move offset_mask = static_cast<Move>((uint64_t{1} << layout.offset_bits) - 1);
    const Move slot_mask = static_cast<Move>((uint64_t{1} << layout.slot_bits) - 1);
    const int slot_shift = layout.offset_bits, manhattan_shift = slot_shift + layout.slot_bits;
    for (Buckets& buckets : pending) {
      std::vector<Move>& moves = buckets[b];
      for (const Move m : moves)
        first_reached +=
            reach(base + (m & offset_mask), static_cast<int>((m >> slot_shift) & slot_mask), next,
                  depth + 1, static_cast<int>(m >> manhattan_shift), next_active);
      // Buffers that grew past their share are released, so that memory stays
      // near one chunk's moves whatever their spread over the buckets.
      if (moves.capacity() > kChunkMoves / bucket_count + 4096)
        std::vector<Move>().swap(moves);
      else
        moves.clear();
    }
    return first_reached;
  }

  // The stored form of entry `e` (a nibble or a byte), read and written by one thread.
  unsigned raw(uint64_t e) const {
    return excess4 ? (payload[e >> 1] >> ((e & 1) * 4)) & 15 : payload[e];
  }
  void set_raw(uint64_t e, unsigned v) {
    if (!excess4) {
      payload[e] = static_cast<uint8_t>(v);
      return;
    }
    const int shift = static_cast<int>(e & 1) * 4;
    payload[e >> 1] = static_cast<uint8_t>((payload[e >> 1] & ~(15 << shift)) | (v << shift));
  }

  // Zero-aware tables, after the rounds: the values stored per region slot become values per blank
  // cell (every cell of the region; 0 on the group's cells). Returns the (placement, region)
  // states never reached.
  uint64_t spread_regions() {
    std::atomic<uint64_t> unreached_states{0};
    // Ranges of an even number of placements: with an odd stride, two placements share a byte.
    const uint64_t pairs = (entries + 1) / 2;
    tbb::parallel_for(
        tbb::blocked_range<uint64_t>(0, pairs, 4096), [&](const tbb::blocked_range<uint64_t>& r) {
          PlacementCursor cursor(n, k, 2 * r.begin());
          uint64_t missing = 0;
          const uint64_t end = std::min(entries, 2 * r.end());
          for (uint64_t index = 2 * r.begin(); index < end; ++index, cursor.advance()) {
            const uint64_t free = geo.all & ~cursor.occupied();
            const Word word = codes[index];
            std::array<unsigned, 64> cell_raw{};  // 0 on the group's cells
            for (uint64_t rest = free, region = 0; rest != 0; rest &= ~region) {
              region = geo.region(free, rest & (~rest + 1));
              const int slot = slot_of(free, region);
              if (code_at(word, slot) == kUnseen) ++missing;
              const unsigned v = raw(index * stride + static_cast<uint64_t>(slot));
              for (uint64_t m = region; m != 0; m &= m - 1) cell_raw[std::countr_zero(m)] = v;
            }
            for (int c = 0; c < n; ++c)
              set_raw(index * stride + static_cast<uint64_t>(c), cell_raw[c]);
          }
          unreached_states += missing;
        });
    return unreached_states;
  }

  // Runs the rounds; returns the largest value.
  int run(const BuildOptions& options, int group) {
    const auto start = std::chrono::steady_clock::now();
    uint8_t pos[64];
    for (int i = 0; i < k; ++i) pos[i] = goal[i];
    const uint64_t goal_index = rank_placement(pos, n, k);
    uint64_t occupied = 0;
    for (int i = 0; i < k; ++i) occupied |= uint64_t{1} << goal[i];
    const uint64_t free = geo.all & ~occupied;
    // The goal: the group home and the blank anywhere in its own cell's region (code 1 = current
    // at round 0). Other regions of the goal placement are not goals: reaching one costs moves.
    const uint64_t blank_region = geo.region(free, uint64_t{1} << blank_cell);
    codes[goal_index] = static_cast<Word>(Word(1) << (2 * slot_of(free, blank_region)));
    bucket_count = ((entries - 1) >> layout.offset_bits) + 1;
    tbb::enumerable_thread_specific<Buckets> pending([&] { return Buckets(bucket_count); });
    active[0][goal_index / block_size].store(1);
    uint64_t reached = 1;
    double densest = 0;  // most moves generated per frontier block in a chunk so far
    int depth = 0;
    for (;; ++depth) {
      std::atomic<uint8_t>* cur_active = active[depth & 1].get();
      std::atomic<uint64_t> new_reached{0};
      std::atomic<bool> any_next{false};
      // Blocks holding frontier states, expanded in chunks sized so that a chunk's moves take
      // about kChunkBytes; each chunk's moves are resolved bucket by bucket.
      std::vector<uint64_t> frontier;
      for (uint64_t b = 0; b < blocks; ++b)
        if (cur_active[b].load(std::memory_order_relaxed)) {
          cur_active[b].store(0, std::memory_order_relaxed);
          frontier.push_back(b);
        }
      // The chunk size follows the densest blocks seen (twice as dense as the worst so far, for
      // safety), and at most doubles from one chunk to the next.
      size_t chunk = std::max<size_t>(1, static_cast<size_t>(kChunkMoves / (2 * densest + 1)));
      for (size_t first = 0; first < frontier.size();) {
        const size_t last = std::min(frontier.size(), first + chunk);
        std::atomic<uint64_t> generated{0};
        tbb::parallel_for(tbb::blocked_range<size_t>(first, last, 1),
                          [&](const tbb::blocked_range<size_t>& range) {
                            Buckets& out = pending.local();
                            uint64_t local = 0;
                            for (size_t i = range.begin(); i != range.end(); ++i)
                              local += expand_block(frontier[i], depth, out);
                            generated += local;
                          });
        tbb::parallel_for(tbb::blocked_range<uint64_t>(0, bucket_count, 1),
                          [&](const tbb::blocked_range<uint64_t>& range) {
                            uint64_t local = 0;
                            for (uint64_t b = range.begin(); b != range.end(); ++b)
                              local += resolve_bucket(b, depth, pending);
                            new_reached += local;
                          });
        densest =
            std::max(densest, static_cast<double>(generated) / static_cast<double>(last - first));
        chunk = std::min(2 * (last - first),
                         std::max<size_t>(1, static_cast<size_t>(kChunkMoves / (2 * densest + 1))));
        first = last;
      }
      std::atomic<uint8_t>* next_active = active[(depth + 1) & 1].get();
      for (uint64_t b = 0; b < blocks && !any_next; ++b)
        if (next_active[b].load(std::memory_order_relaxed)) any_next = true;
      reached += new_reached;
      // (Zero-aware: the last round that reached a state, whose placement may have been reached.)
      if (new_reached > 0 || (zero_aware && any_next)) max_value = depth + 1;
      if (options.progress) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        options.progress({group, depth + 1, reached, entries, seconds});
      }
      if (!any_next) break;
    }
    unreached = entries - reached;
    if (zero_aware && unreached == 0) unreached = spread_regions();
    return max_value;
  }
  uint64_t unreached = 0;  // placements (zero-aware: states) the rounds never reached
  int max_value = 0;
};

template <typename Word>
Expected<std::shared_ptr<Table>> build_with(const Geometry& geo, const std::vector<uint8_t>& cells,
                                            int blank_cell, bool excess4,
                                            const BuildOptions& options, int group,
                                            bool& overflowed) {
  // Within the 2^32 entries a table may have, a move always fits (at most 20 + 5 + 6 bits).
  const MoveLayout layout = move_layout(geo, cells, static_cast<int>(sizeof(Word) * 4));
  if (layout.bits() > 32) return Error{"", 0, "the group's moves do not fit in 32 bits"};
  Builder<Word> builder(geo, cells, blank_cell, excess4, options.zero_aware, layout);
  const int max_value = builder.run(options, group);
  overflowed = builder.overflow.load();
  if (builder.unreached != 0)
    return Error{"", 0,
                 std::to_string(builder.unreached) +
                     (options.zero_aware ? " (placement, blank region) states" : " placements") +
                     " are unreachable"};
  return std::make_shared<Table>(geo.side, cells, blank_cell,
                                 excess4 ? Encoding::Excess4 : Encoding::Value8, max_value,
                                 std::move(builder.payload), options.zero_aware);
}

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
  for (bool excess4 : {!options.force_value8, false}) {
    bool overflowed = false;
    try {
      Expected<std::shared_ptr<Table>> table =
          free <= 8
              ? build_with<uint16_t>(geo, cells, blank_cell, excess4, options, group, overflowed)
          : free <= 16
              ? build_with<uint32_t>(geo, cells, blank_cell, excess4, options, group, overflowed)
          : free <= 32
              ? build_with<uint64_t>(geo, cells, blank_cell, excess4, options, group, overflowed)
              : Expected<std::shared_ptr<Table>>(
                    Error{"", 0, "the group leaves more than 32 cells free"});
      if (!table || !overflowed) return table;
    } catch (const std::bad_alloc&) {
      return Error{"", 0, "not enough memory to build the group's table"};
    }
    if (!excess4) break;
  }
  return Error{"", 0, "a value exceeds 255"};
}

uint64_t build_memory_estimate(int side, int tiles) {
  const int free = side * side - tiles;
  const uint64_t word_bytes = free <= 8 ? 2 : free <= 16 ? 4 : 8;
  const uint64_t entries = placement_count(side * side, tiles);
  return (entries * (2 * word_bytes + 1) / 2) * 3 / 2;
}

Expected<std::shared_ptr<Table>> build_table(int side, const std::vector<uint8_t>& cells,
                                             int blank_cell, const BuildOptions& options) {
  return build_group(side, cells, blank_cell, options, 0);
}

}  // namespace taquin::pdb
