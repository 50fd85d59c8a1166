// The pattern-database heuristic: sum of the groups' table values, max with a symmetric lookup.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>

#include "heuristic/concepts.hpp"
#include "pdb/direct_heuristic.hpp"
#include "pdb/geometry.hpp"
#include "pdb/rank.hpp"
#include "pdb/set.hpp"
#include "pdb/views.hpp"
#include "taquin/board.hpp"

namespace taquin::pdb {

// A PrefetchingHeuristic (taquin/heuristic.hpp). A "view" is one partition of the catalogue
// seen through a symmetry of the square that maps the goal's blank cell to the catalogue's; the
// board seen through it is looked up in the partition's tables, and since symmetries keep
// distances, each view's sum is admissible. Up to two symmetries are used per partition (for
// the standard goal: the board itself and its reflection about the main diagonal), partition
// after partition, at most kMaxViews views in all, and the value is the largest sum. The state
// keeps each group's table index and Manhattan sum per view; a move changes only the moved tile's
// group, whose index it updates from the digits that change (the tile's own, and those of the
// group's tiles on the cells it jumps over), so a lookup costs a few operations and one table read.
// A zero-aware table is read at the placement and the blank's cell (in the view): only the moved
// tile's group needs it, since the blank stays in one region of free cells of every other group,
// where the values are equal. The state holds Views views (2: one partition; 4: two partitions,
// sides from kMinPartitionSide), so a one-partition catalogue's search copies and updates no more
// than it uses; views_for (below) picks Views for a catalogue, once per search.
// Every view of a child is read eagerly: reading the second partition only for a child that the
// first does not prune was 1.2x to 1.9x slower on 4x4 for the same nodes (docs/performance.md,
// *The 15-puzzle: two 7-8 partitions*).
template <int N, int Views = 2>
class PdbHeuristic {
 public:
  static_assert(Views == 2 || (Views == 4 && N >= kMinPartitionSide));
  static constexpr int kCells = N * N;
  static constexpr int kMaxViews = Views;
  // Groups a view may have: the state, copied for every child, holds no more.
  static constexpr int kGroups = max_groups(N);

  struct State {
    std::array<std::array<uint32_t, kGroups>, kMaxViews> index{};     // placement rank per group
    std::array<std::array<uint8_t, kGroups>, kMaxViews> manhattan{};  // its tiles' distance
    std::array<std::array<uint8_t, kGroups>, kMaxViews> part{};       // its table value
    std::array<int, kMaxViews> sum{};
  };

  // Precondition: `set` is for side N, usable_symmetries(set.catalogue, blank_cell) is not
  // empty (load_pdb_set checks both), and Views >= views_for(set.catalogue). Keeps `set`'s
  // tables alive.
  PdbHeuristic(const PdbSet& set, int blank_cell) : tables_(set.tables) {
    const std::vector<ViewPlan<N>> plans = plan_views<N>(set, blank_cell, kMaxViews);
    views_ = static_cast<int>(plans.size());
    for (int v = 0; v < views_; ++v) {
      View& view = view_[v];
      const ViewPlan<N>& plan = plans[static_cast<size_t>(v)];
      view_groups_[v] = static_cast<int>(plan.tables.size());
      view.group_of.fill(-1);
      view.map = plan.map;
      const std::array<uint8_t, kCells>& inverse = plan.inverse;
      for (int g = 0; g < view_groups_[v]; ++g) {
        Group& group = view.group[g];
        const Table& table = *set.tables[plan.tables[g]];
        group.table = &table;
        group.reader = table.reader();
        group.k = table.group_size();
        group.blank_weight = table.zero_aware() ? 1 : 0;
        group.stride = table.zero_aware() ? kCells : 1;
        for (int i = 0; i < group.k; ++i) {
          const int cell = table.cells()[i];
          group.label[i] = inverse[cell];
          view.group_of[inverse[cell]] = static_cast<int8_t>(g);
          view.rank_of[inverse[cell]] = static_cast<uint8_t>(i);
          for (int c = 0; c < kCells; ++c)
            group.dist[i][c] = static_cast<uint8_t>(taxicab(c, cell, N));
        }
        group.weight[group.k - 1] = 1;
        for (int i = group.k - 2; i >= 0; --i)
          group.weight[i] = group.weight[i + 1] * static_cast<uint32_t>(kCells - i - 1);
      }
      // Per move of a tile from board cell `from` in direction d: the board cells whose images
      // lie strictly between the images of its two cells, the sign of the jump over them, and
      // per moved tile the index and Manhattan changes of the move itself.
      for (int from = 0; from < kCells; ++from)
        for (int d = 0; d < 4; ++d) {
          const int to = kMoves<N>.target_by_dir[from][d];
          if (to < 0) continue;
          const int p = view.map[from], q = view.map[to];
          Between& between = view.between[from][d];
          for (int c = std::min(p, q) + 1; c < std::max(p, q); ++c)
            between.cell[between.count++] = inverse[c];
          between.sign = q > p ? ~uint32_t{0} : 1;  // (-1 or 1, modulo 2^32)
          for (int label = 0; label < kCells; ++label) {
            const int g = view.group_of[label];
            if (g < 0) continue;
            const Group& group = view.group[g];
            const int rank = view.rank_of[label];
            Step& step = view.step[from][d][label];
            step.index = group.weight[rank] * static_cast<uint32_t>(q - p);
            step.manhattan = static_cast<int8_t>(group.dist[rank][q] - group.dist[rank][p]);
            step.stride = static_cast<uint8_t>(group.stride);
            step.blank = static_cast<uint8_t>(group.entry(0, p));  // the blank is now on p
          }
        }
      // Per moved tile and tile jumped over, what the jump adds to the moved tile's group's
      // index (times the jump's sign): an earlier tile of the group lowers the moved tile's digit
      // by one, a later one's digit moves by one the other way.
      for (int label = 0; label < kCells; ++label)
        for (int other = 0; other < kCells; ++other) {
          const int g = view.group_of[label];
          if (g < 0 || other == label || view.group_of[other] != g) continue;
          const Group& group = view.group[g];
          const int rank = view.rank_of[label], other_rank = view.rank_of[other];
          view.jump[label][other] =
              other_rank < rank ? group.weight[rank] : uint32_t{0} - group.weight[other_rank];
        }
    }
  }

  // Number of views in use (1 to kMaxViews).
  int views() const { return views_; }

  State init(const Board<N>& b) const {
    State s;
    std::array<uint8_t, kCells> where{};
    for (int c = 0; c < kCells; ++c) where[b.at(c)] = static_cast<uint8_t>(c);
    for (int v = 0; v < views_; ++v) {
      s.sum[v] = 0;
      for (int g = 0; g < view_groups_[v]; ++g) {
        const Group& group = view_[v].group[g];
        std::array<uint8_t, kCells> cells{};  // of the group's tiles, in the catalogue's view
        int manhattan = 0;
        for (int i = 0; i < group.k; ++i) {
          cells[i] = view_[v].map[where[group.label[i]]];
          manhattan += group.dist[i][cells[i]];
        }
        const uint64_t index = rank_placement(cells, kCells, group.k);
        const int value =
            group.table->value(group.entry(index, view_[v].map[b.blank()]), manhattan);
        s.index[v][g] = static_cast<uint32_t>(index);
        s.manhattan[v][g] = static_cast<uint8_t>(manhattan);
        s.part[v][g] = static_cast<uint8_t>(value);
        s.sum[v] += value;
      }
    }
    return s;
  }

  [[gnu::always_inline]] int value(const State& s) const {
    int best = s.sum[0];
    for (int v = 1; v < kMaxViews; ++v)  // (a constant count: the loop unrolls)
      if (v < views_) best = std::max(best, s.sum[v]);
    return best;
  }

  [[gnu::always_inline]] void update(State& s, const Board<N>& after, int label, int from,
                                     int to) const {
    for (int v = 0; v < views_; ++v) relook(s, v, after, label, from, to);
  }

  // Two-stage update for IDA* (TwoStageHeuristic): update_first looks up the first view only
  // and returns its sum, a lower bound of value(); update_rest then looks up the other views and
  // returns value(). A child pruned on the first sum skips the second lookup.
  [[gnu::always_inline]] int update_first(State& s, const Board<N>& after, int label, int from,
                                          int to) const {
    relook(s, 0, after, label, from, to);
    return s.sum[0];
  }
  [[gnu::always_inline]] int update_rest(State& s, const Board<N>& after, int label, int from,
                                         int to) const {
    for (int v = 1; v < kMaxViews; ++v)
      if (v < views_) relook(s, v, after, label, from, to);
    return value(s);
  }

  // Prepared table reads (PrefetchingHeuristic): per view, the moved tile's group
  // (-1 if none), its new placement rank, table entry and Manhattan sum. IDA* prepares every
  // child's reads when it enters a node and prefetches their entries, so the reads of siblings and
  // of both views are in flight together instead of one after the other.
  struct Read {
    int group = -1;
    uint32_t index = 0;
    uint32_t entry = 0;
    int manhattan = 0;
  };
  struct Lookup {
    std::array<Read, kMaxViews> view{};
  };
  // The reads after `label` slides from `from` to `to` on `board` (the board before or after the
  // move: only the cells strictly between the two are read).
  [[gnu::always_inline]] Lookup prepare(const State& s, const Board<N>& board, int label, int from,
                                        int to) const {
    Lookup l;
    l.view[0] = read_after(s, 0, board, label, from, to);
    for (int v = 1; v < kMaxViews; ++v)
      if (v < views_) l.view[v] = read_after(s, v, board, label, from, to);
    return l;
  }
  [[gnu::always_inline]] void prefetch(const Lookup& l) const {
    // (A view's group is -1 when the moved piece is in none, or the view is not in use.)
    for (int v = 0; v < kMaxViews; ++v)
      if (l.view[v].group >= 0) prefetch_read(v, l.view[v]);
  }
  // update_first and update_rest from the reads prepared for the move.
  [[gnu::always_inline]] int update_first(State& s, const Lookup& l) const {
    apply(s, 0, l.view[0]);
    return s.sum[0];
  }
  [[gnu::always_inline]] int update_rest(State& s, const Lookup& l) const {
    for (int v = 1; v < kMaxViews; ++v)
      if (v < views_) apply(s, v, l.view[v]);
    return value(s);
  }

  // LookaheadHeuristic: the value after the move whose reads `l` holds, from the parent's state
  // `s`, which is not changed; the views are read in order, and the first sum above `limit` is
  // returned at once.
  [[gnu::always_inline]] int value_after(const State& s, const Lookup& l, int limit) const {
    int best = 0;
    for (int v = 0; v < kMaxViews; ++v) {  // (a constant count: the loop unrolls)
      if (v >= views_) break;
      const int sum = sum_after(s, v, l.view[v]);
      if (sum > limit) return sum;
      best = std::max(best, sum);
    }
    return best;
  }

  // The estimate of a board (full evaluation).
  int evaluate(const Board<N>& b) const { return value(init(b)); }

 private:
  struct Group {
    const Table* table = nullptr;
    EntryReader reader;  // the table's, read by the search without going through the table
    int k = 0;
    std::array<uint8_t, kCells> label{};                     // board label of each group tile
    std::array<uint32_t, kCells> weight{};                   // place value of each rank digit
    std::array<std::array<uint8_t, kCells>, kCells> dist{};  // per tile, per (mapped) cell
    uint32_t stride = 1;        // entries per placement: kCells if zero-aware, else 1
    uint32_t blank_weight = 0;  // 1 if zero-aware, else 0
    // The table entry of placement `rank` with the blank on (mapped) cell `blank`.
    uint32_t entry(uint64_t rank, int blank) const {
      return static_cast<uint32_t>(rank) * stride + static_cast<uint32_t>(blank) * blank_weight;
    }
  };
  struct Between {
    uint8_t count = 0;
    std::array<uint8_t, N> cell{};
    uint32_t sign = 1;  // 1, or -1 modulo 2^32 when the tile moves to a higher cell in the view
  };
  // What a tile's move adds to its group's index and Manhattan sum, before the tiles it jumps.
  // (Its stride and blank make the table entry from the new index as Group::entry does.)
  struct Step {
    uint32_t index = 0;  // modulo 2^32
    int8_t manhattan = 0;
    uint8_t stride = 1;
    uint8_t blank = 0;
  };
  struct View {
    std::array<uint8_t, kCells> map{};      // board cell -> catalogue cell
    std::array<int8_t, kCells> group_of{};  // board label -> group, -1 if none
    std::array<uint8_t, kCells> rank_of{};  // board label -> its tile's position in the group
    std::array<std::array<Between, 4>, kCells> between{};                // [from cell][direction]
    std::array<std::array<std::array<Step, kCells>, 4>, kCells> step{};  // [from][dir][label]
    std::array<std::array<uint32_t, kCells>, kCells> jump{};  // [moved label][jumped label]
    std::array<Group, kGroups> group{};
  };

  // View v's sum after the read r, from the parent's state s.
  [[gnu::always_inline]] int sum_after(const State& s, int v, const Read& r) const {
    int sum = s.sum[v];
    if (r.group >= 0)
      sum += view_[v].group[r.group].reader.value(r.entry, r.manhattan) - s.part[v][r.group];
    return sum;
  }
  // Brings view v up to date after the piece `label` slid from cell `from` to cell `to`.
  [[gnu::always_inline]] void relook(State& s, int v, const Board<N>& after, int label, int from,
                                     int to) const {
    apply(s, v, read_after(s, v, after, label, from, to));
  }
  // The read of view v after that move. In the view's cells the tile goes from p to q; its digit
  // (p minus the earlier tiles on lower cells) changes by q - p, less (or plus) the earlier tiles
  // between p and q, and each later tile between them gains (or loses) the moved tile below it.
  [[gnu::always_inline]] Read read_after(const State& s, int v, const Board<N>& board, int label,
                                         int from, int to) const {
    const View& view = view_[v];
    const int g = view.group_of[label];
    if (g < 0) return {};
    const int d = to == from - N ? 0 : to == from + N ? 1 : to == from - 1 ? 2 : 3;
    const Between& between = view.between[from][d];
    // (Whether a jumped cell holds an earlier or a later tile of the group is in the jump table,
    // not a branch. A move jumps over no cell of the view or over N - 1: a fixed count, unrolled.)
    uint32_t jumped = 0;
    if (between.count != 0)
      for (int i = 0; i < N - 1; ++i) jumped += view.jump[label][board.at(between.cell[i])];
    const Step& step = view.step[from][d][label];
    const uint32_t index = s.index[v][g] + step.index + between.sign * jumped;
    const int manhattan = s.manhattan[v][g] + step.manhattan;
    return {g, index, index * step.stride + step.blank, manhattan};
  }
  [[gnu::always_inline]] void prefetch_read(int v, const Read& r) const {
    __builtin_prefetch(view_[v].group[r.group].reader.address(r.entry));
  }
  // Brings the read's group of view v up to date.
  [[gnu::always_inline]] void apply(State& s, int v, const Read& r) const {
    const int g = r.group;
    if (g < 0) return;
    const int value = view_[v].group[g].reader.value(r.entry, r.manhattan);
    s.index[v][g] = r.index;
    s.manhattan[v][g] = static_cast<uint8_t>(r.manhattan);
    s.sum[v] += value - s.part[v][g];
    s.part[v][g] = static_cast<uint8_t>(value);
  }

  std::vector<std::shared_ptr<const Table>> tables_;
  int views_ = 0;
  std::array<View, kMaxViews> view_{};
  // (The members below follow the hot ones, so that the 4x4 search's data layout is as before
  // partitions.)
  std::array<int, kMaxViews> view_groups_{};  // groups in use per view: its partition's
};

// The heuristic with four views (two partitions), for catalogues that hold two.
template <int N>
using PdbMaxHeuristic = PdbHeuristic<N, 4>;

// The views PdbHeuristic needs for `catalogue` (its Views parameter): 4 when it holds two
// partitions, else 2.
inline int views_for(const Catalogue& catalogue) {
  return catalogue.partitions > 1 ? 4 : 2;
}

// Calls `use` with the heuristic of `set` for the goal blank cell `blank_cell` (preconditions as
// PdbHeuristic's), of the type views_for(set.catalogue) asks for, on the heap (large for big
// sides), and returns what `use` returns: the one place a catalogue's view count and table layout
// become a type. On kDirectSide, the direct-indexed tables (DirectPdbHeuristic) where they serve
// the set and their memory can be had, else the ranked ones.
template <int N, typename Use>
decltype(auto) with_pdb_heuristic(const PdbSet& set, int blank_cell, Use&& use) {
  const auto with = [&](auto heuristic) -> decltype(auto) {
    return use(std::as_const(*heuristic));
  };
  if constexpr (N == kDirectSide)
    if (DirectPdbHeuristic<N>::serves_direct(set)) {
      // (The ranked tables serve when the expansions' memory cannot be had.)
      std::unique_ptr<DirectPdbHeuristic<N, 4>> four;
      std::unique_ptr<DirectPdbHeuristic<N, 2>> two;
      std::unique_ptr<DirectPdbHeuristic<N, 4, true>> four_zero;
      std::unique_ptr<DirectPdbHeuristic<N, 2, true>> two_zero;
      const bool zero = set.catalogue.zero_aware;
      try {
        if (views_for(set.catalogue) > 2 && zero)
          four_zero = std::make_unique<DirectPdbHeuristic<N, 4, true>>(set, blank_cell);
        else if (views_for(set.catalogue) > 2)
          four = std::make_unique<DirectPdbHeuristic<N, 4>>(set, blank_cell);
        else if (zero)
          two_zero = std::make_unique<DirectPdbHeuristic<N, 2, true>>(set, blank_cell);
        else
          two = std::make_unique<DirectPdbHeuristic<N, 2>>(set, blank_cell);
      } catch (const std::bad_alloc&) {
      }
      if (four) return with(std::move(four));
      if (two) return with(std::move(two));
      if (four_zero) return with(std::move(four_zero));
      if (two_zero) return with(std::move(two_zero));
    }
  if constexpr (N >= kMinPartitionSide)
    if (views_for(set.catalogue) > 2)
      return with(std::make_unique<PdbMaxHeuristic<N>>(set, blank_cell));
  return with(std::make_unique<PdbHeuristic<N>>(set, blank_cell));
}

static_assert(PrefetchingHeuristic<PdbHeuristic<4>, 4> && PrefetchingHeuristic<PdbHeuristic<5>, 5>);
static_assert(PrefetchingHeuristic<PdbHeuristic<3>, 3> && !SteppedHeuristic<PdbHeuristic<4>, 4>);
static_assert(LookaheadHeuristic<PdbMaxHeuristic<4>, 4>);
// (The 4x4 and 5x5 searches copy a state of eight groups a view, as before larger sides.)
static_assert(sizeof(PdbHeuristic<4>::State) == 104 && sizeof(PdbHeuristic<5, 4>::State) == 208);

}  // namespace taquin::pdb
