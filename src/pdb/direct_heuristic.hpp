// The pattern-database heuristic on direct-indexed tables: one add and one byte read per view.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "heuristic/concepts.hpp"
#include "pdb/direct_table.hpp"
#include "pdb/geometry.hpp"
#include "pdb/set.hpp"
#include "pdb/views.hpp"
#include "taquin/board.hpp"

namespace taquin::pdb {

// PdbHeuristic's values (the same views: each partition as is and through a second symmetry,
// the largest sum) read from DirectTable expansions of the set's tables. A view's state is one
// direct index per group (the sum over its tiles of cell * weight, in the view's cells), the
// value read for it, and their sum; a move of a group tile adds (new cell - old cell) * weight
// to its group's index (a table read ahead, `shift`), then reads one byte. Serves sets whose
// tables all have DirectTable::serves (serves_direct); on 5x5 with six-tile groups, 244 MB a
// table, against the ranked 64 MB: the search's memory grows by some 1 GB (two partitions: 2 GB).
// Its per-view loops (value, the staged updates, prepare, prefetch, value_after) repeat
// PdbHeuristic's on purpose: written once in a shared base, they changed GCC's inlining of the
// 4x4 search (its search functions' code 580 KB -> 467 KB) and hardest80 --count 6 with 7-8 took
// 11.3 s against 10.3 s (means of 8 interleaved runs, 2026-11-26, docs/performance.md).
// With Pockets, the tables are zero-aware ones expanded with their pocket bits (DirectTable): a
// read adds 2 when its byte's bit for where the blank now is (in a one-cell pocket of the moved
// tile's group, its neighbours all that group's tiles, or not) is set.
template <int N, int Views = 2, bool Pockets = false>
class DirectPdbHeuristic {
 public:
  static_assert(Views == 2 || (Views == 4 && N >= kMinPartitionSide));
  static constexpr int kCells = N * N;
  static constexpr int kMaxViews = Views;
  // Groups a partition may have: the state, copied for every child, holds no more.
  static constexpr int kGroups = kDirectMaxGroups;
  static_assert(kGroups * kMaxViews <= 16, "groups_of_ holds a bit per view and group");
  // IDA* in move order (dfs) prepares and prefetches every child's reads of every view on
  // entering a node (see ida.hpp): #38 with 6-6-6-6 at -j 1, 0.85-1.00 of
  // the time of reading the second view only within the bound.
  static constexpr bool kPrefetchesInMoveOrder = true;

  struct State {
    std::array<std::array<uint32_t, kGroups>, kMaxViews> index{};  // direct index per group
    std::array<std::array<uint8_t, kGroups>, kMaxViews> part{};    // its table value
    std::array<int, kMaxViews> sum{};
  };

  // Preconditions as PdbHeuristic's, and serves_direct(set). Expands (or shares) the tables.
  DirectPdbHeuristic(const PdbSet& set, int blank_cell) {
    const std::vector<ViewPlan<N>> plans = plan_views<N>(set, blank_cell, kMaxViews);
    views_ = static_cast<int>(plans.size());
    for (int v = 0; v < views_; ++v) {
      View& view = view_[v];
      const ViewPlan<N>& plan = plans[static_cast<size_t>(v)];
      view.group_of.fill(-1);
      for (int g = 0; g < static_cast<int>(plan.tables.size()); ++g) {
        const std::shared_ptr<const Table>& table = set.tables[plan.tables[g]];
        tables_.push_back(DirectTable::of(table));
        view.table[g] = tables_.back()->address(0);
        const std::vector<uint8_t>& cells = table->cells();
        uint32_t weight = 1;
        for (int i = static_cast<int>(cells.size()) - 1; i >= 0; --i) {
          const int label = plan.inverse[cells[i]];  // the tile whose goal cell maps to cells[i]
          view.group_of[label] = static_cast<int8_t>(g);
          groups_of_[label] |= static_cast<uint16_t>(1u << (kGroups * v + g));
          for (int c = 0; c < kCells; ++c) view.step[label][c] = plan.map[c] * weight;
          weight *= kCells;
        }
      }
      view_groups_[v] = static_cast<int>(plan.tables.size());
      // A tile in none of the view's groups moves group 0's index by nothing: its read is the
      // value group 0 already has, so no read tests for "no group".
      for (int label = 0; label < kCells; ++label)
        if (view.group_of[label] < 0) {
          view.group_of[label] = 0;
          view.step[label].fill(0);
        }
      for (int label = 0; label < kCells; ++label)
        for (int blank = 0; blank < kCells; ++blank)
          for (int d = 0; d < 4; ++d)
            if (const int to = kMoves<N>.target_by_dir[blank][d]; to >= 0)
              view.shift[label][d] = view.step[label][blank] - view.step[label][to];
    }
    // Fewer views than kMaxViews (no usable symmetry): the missing ones repeat the first, so
    // every loop runs over all kMaxViews with the same largest sum.
    for (int v = views_; v < kMaxViews; ++v) {
      view_[v] = view_[v % views_];
      view_groups_[v] = view_groups_[v % views_];
      for (uint16_t& groups : groups_of_)
        groups |=
            static_cast<uint16_t>(((groups >> (kGroups * (v % views_))) & 15) << (kGroups * v));
    }
    groups_of_[blank_cell] = 0xFFFF;  // (the blank's label: as if in every group)
  }

  // Whether a search of side N reads `set` direct: reads_direct (every table can be expanded,
  // no partition has more than kGroups groups), on side N.
  static bool serves_direct(const PdbSet& set) {
    return set.catalogue.side == N && reads_direct(set.catalogue, set.tables, N);
  }

  int views() const { return views_; }

  State init(const Board<N>& b) const {
    State s;
    // The groups (bits kGroups * view + group) the blank is in a one-cell pocket of (Pockets).
    const unsigned in_pocket = pockets(b, b.blank(), 0xFFFF);
    for (int v = 0; v < kMaxViews; ++v) {
      const View& view = view_[v];
      for (int c = 0; c < kCells; ++c) {
        const int label = b.at(c);
        if (c == b.blank()) continue;
        s.index[v][view.group_of[label]] += view.step[label][c];
      }
      s.sum[v] = 0;
      for (int g = 0; g < view_groups_[v]; ++g) {
        const uint8_t byte = view.table[g][s.index[v][g]];
        if constexpr (Pockets)
          s.part[v][g] = kDecode[((in_pocket >> (kGroups * v + g)) & 1) * 256 + byte];
        else
          s.part[v][g] = byte;
        s.sum[v] += s.part[v][g];
      }
    }
    return s;
  }

  [[gnu::always_inline]] int value(const State& s) const {
    int best = s.sum[0];
    for (int v = 1; v < kMaxViews; ++v) best = std::max(best, s.sum[v]);  // (unrolled)
    return best;
  }

  // The moved tile's group in one view and its new index; with Pockets, kDecode's row for where
  // the blank is after the move.
  struct NoRow {};
  struct Read {
    int group = 0;
    uint32_t index = 0;
    [[no_unique_address]] std::conditional_t<Pockets, int, NoRow> row{};
  };
  struct Lookup {
    std::array<Read, kMaxViews> view{};
  };

  // The reads after `label` slides from `from` to `to` (the board, before or after the move, is
  // read only with Pockets).
  [[gnu::always_inline]] Lookup prepare(const State& s, const Board<N>& b, int label, int from,
                                        int to) const {
    Lookup l;
    const unsigned p = pockets(b, from, groups_of_[label]);
    for (int v = 0; v < kMaxViews; ++v) l.view[v] = read_after(s, v, label, from, to, p);
    return l;
  }
  // prepare's reads for the blank's move `d` onto the piece `label` on board `b`
  // (MeasuringHeuristic).
  [[gnu::always_inline]] Lookup prepare_move(const State& s, const Board<N>& b, int label,
                                             Dir d) const {
    Lookup l;
    const int onto = kMoves<N>.target_by_dir[b.blank()][static_cast<int>(d)];
    const unsigned p = pockets(b, onto, groups_of_[label]);
    for (int v = 0; v < kMaxViews; ++v) l.view[v] = read_move(s, v, label, d, p);
    return l;
  }
  [[gnu::always_inline]] void prefetch(const Lookup& l) const {
    for (int v = 0; v < kMaxViews; ++v)
      __builtin_prefetch(view_[v].table[l.view[v].group] + l.view[v].index);
  }

  [[gnu::always_inline]] void update(State& s, const Board<N>& b, int label, int from,
                                     int to) const {
    const unsigned p = pockets(b, from, groups_of_[label]);
    for (int v = 0; v < kMaxViews; ++v) apply(s, v, read_after(s, v, label, from, to, p));
  }
  [[gnu::always_inline]] int update_first(State& s, const Board<N>& b, int label, int from,
                                          int to) const {
    apply(s, 0, read_after(s, 0, label, from, to, pockets(b, from, groups_of_[label])));
    return s.sum[0];
  }
  [[gnu::always_inline]] int update_rest(State& s, const Board<N>& b, int label, int from,
                                         int to) const {
    const unsigned p = pockets(b, from, groups_of_[label]);
    for (int v = 1; v < kMaxViews; ++v) apply(s, v, read_after(s, v, label, from, to, p));
    return value(s);
  }
  [[gnu::always_inline]] int update_first(State& s, const Lookup& l) const {
    apply(s, 0, l.view[0]);
    return s.sum[0];
  }
  [[gnu::always_inline]] int update_rest(State& s, const Lookup& l) const {
    for (int v = 1; v < kMaxViews; ++v) apply(s, v, l.view[v]);
    return value(s);
  }

  // LookaheadHeuristic: the child's value from the parent's state, views in order, the first
  // sum above `limit` returned at once.
  [[gnu::always_inline]] int value_after(const State& s, const Lookup& l, int limit) const {
    int best = 0;
    for (int v = 0; v < kMaxViews; ++v) {
      const Read& r = l.view[v];
      const int sum = s.sum[v] + read(v, r) - s.part[v][r.group];
      if (sum > limit) return sum;
      best = std::max(best, sum);
    }
    return best;
  }

  // MeasuringHeuristic: each view's sum and table value after the move, from the parent's
  // state; `value` is the first sum, in view order, that exceeds `limit` (the later views are
  // then not read), else the largest sum, as update_first and update_rest give it.
  struct Measure {
    int value = 0;
    std::array<int, kMaxViews> sum{};
    std::array<uint8_t, kMaxViews> part{};
  };
  [[gnu::always_inline]] Measure measure(const State& s, const Lookup& l, int limit) const {
    Measure m;
    for (int v = 0; v < kMaxViews; ++v) {
      const Read& r = l.view[v];
      m.part[v] = static_cast<uint8_t>(read(v, r));
      m.sum[v] = s.sum[v] + m.part[v] - s.part[v][r.group];
      if (m.sum[v] > limit) {
        m.value = m.sum[v];
        return m;
      }
    }
    m.value = m.sum[0];
    for (int v = 1; v < kMaxViews; ++v) m.value = std::max(m.value, m.sum[v]);
    return m;
  }
  // The child's state from a copy of the parent's `s` and its measure (m.value within limit).
  [[gnu::always_inline]] void update_measured(State& s, const Lookup& l, const Measure& m) const {
    for (int v = 0; v < kMaxViews; ++v) {
      s.index[v][l.view[v].group] = l.view[v].index;
      s.part[v][l.view[v].group] = m.part[v];
      s.sum[v] = m.sum[v];
    }
  }

  int evaluate(const Board<N>& b) const { return value(init(b)); }

 private:
  struct View {
    std::array<int8_t, kCells> group_of{};        // board label -> group (0 if in none)
    std::array<const uint8_t*, kGroups> table{};  // each group's DirectTable bytes
    // board label -> blank move -> its group's index change when the blank moves that way and
    // the label's tile the other (a symmetry maps a move's cell difference to one value): every
    // move's read
    std::array<std::array<uint32_t, 4>, kCells> shift{};
    // board label -> board cell -> the label's term of its group's index (cell in the view,
    // times the weight of the tile's place in the group): init() and `shift`
    std::array<std::array<uint32_t, kCells>, kCells> step{};
  };

  // View v's read after the blank's move `d` onto the piece `label`; `p`: pockets() there.
  [[gnu::always_inline]] Read read_move(const State& s, int v, int label, Dir d, unsigned p) const {
    const View& view = view_[v];
    const int g = view.group_of[label];
    Read r{g, s.index[v][g] + view.shift[label][static_cast<int>(d)]};
    if constexpr (Pockets) r.row = pocket_row(p, v);
    return r;
  }
  // The read after `label` slides from `from` to `to`: the blank's move from `to` onto `from`.
  [[gnu::always_inline]] Read read_after(const State& s, int v, int label, int from, int to,
                                         unsigned p) const {
    return read_move(s, v, label, blank_move<N>(to, from), p);
  }
  // The value of view v's read `r`.
  [[gnu::always_inline]] int read(int v, const Read& r) const {
    const uint8_t byte = view_[v].table[r.group][r.index];
    if constexpr (Pockets)
      return kDecode[r.row + byte];
    else
      return byte;
  }
  // Pockets: of the groups in `groups` (bits kGroups * view + group; a moved tile's groups_of_),
  // those that hold every tile beside cell `blank` on board `b` (the blank, or the moved tile
  // there, counts as in all): those the blank on `blank` is in a one-cell pocket of. 0 without.
  [[gnu::always_inline]] unsigned pockets(const Board<N>& b, int blank, unsigned groups) const {
    if constexpr (!Pockets) return 0;
    const std::array<uint8_t, 4>& beside = kBeside[blank];
    return groups & groups_of_[b.at(beside[0])] & groups_of_[b.at(beside[1])] &
           groups_of_[b.at(beside[2])] & groups_of_[b.at(beside[3])];
  }
  // kDecode's row for view v from pockets() of a moved tile: 256 in a pocket of its group.
  [[gnu::always_inline]] static int pocket_row(unsigned p, int v) {
    return ((p >> (kGroups * v)) & 15) != 0 ? 256 : 0;
  }
  // Cell -> its neighbours, the first repeated where there are fewer than four.
  static constexpr std::array<std::array<uint8_t, 4>, kCells> kBeside = [] {
    std::array<std::array<uint8_t, 4>, kCells> m{};
    for (int c = 0; c < kCells; ++c) {
      int k = 0;
      for (int d = 0; d < 4; ++d)
        if (const int n = kMoves<N>.target_by_dir[c][d]; n >= 0)
          m[c][k++] = static_cast<uint8_t>(n);
      for (int i = k; i < 4; ++i) m[c][i] = m[c][0];
    }
    return m;
  }();
  // A pocket-coded byte (DirectTable) -> its value: row 0 with the blank outside one-cell
  // pockets (2 more when bit 7 is set), row 256 inside one (2 more when bit 6 is set).
  static constexpr std::array<uint8_t, 512> kDecode = [] {
    std::array<uint8_t, 512> t{};
    for (int b = 0; b < 256; ++b) {
      t[b] = static_cast<uint8_t>((b & 63) + 2 * ((b >> 7) & 1));
      t[256 + b] = static_cast<uint8_t>((b & 63) + 2 * ((b >> 6) & 1));
    }
    return t;
  }();
  [[gnu::always_inline]] void apply(State& s, int v, const Read& r) const {
    const int value = read(v, r);
    s.index[v][r.group] = r.index;
    s.sum[v] += value - s.part[v][r.group];
    s.part[v][r.group] = static_cast<uint8_t>(value);
  }

  std::vector<std::shared_ptr<const DirectTable>> tables_;  // (shared: a view reuses them)
  int views_ = 0;
  std::array<View, kMaxViews> view_{};
  std::array<int, kMaxViews> view_groups_{};
  // board label -> bit kGroups * view + group for each view's group holding it (Pockets)
  std::array<uint16_t, kCells> groups_of_{};
};

// The direct-indexed heuristic with four views (two partitions).
template <int N>
using DirectPdbMaxHeuristic = DirectPdbHeuristic<N, 4>;
// The direct-indexed heuristic on zero-aware tables (one and two partitions).
template <int N>
using DirectPdbPocketHeuristic = DirectPdbHeuristic<N, 2, true>;
template <int N>
using DirectPdbPocketMaxHeuristic = DirectPdbHeuristic<N, 4, true>;

static_assert(MeasuringHeuristic<DirectPdbHeuristic<5>, 5>);
static_assert(MeasuringHeuristic<DirectPdbPocketHeuristic<5>, 5>);

}  // namespace taquin::pdb
