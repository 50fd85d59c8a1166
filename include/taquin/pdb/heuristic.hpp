// The pattern-database heuristic: sum of the groups' table values, max with a symmetric lookup.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "taquin/board.hpp"
#include "taquin/pdb/geometry.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/pdb/rank.hpp"

namespace taquin::pdb {

// Follows the heuristic concept of taquin/heuristic.hpp. A "view" is a symmetry of the square
// that maps the goal's blank cell to the catalogue's; the board seen through it is looked up in the
// tables, and since symmetries keep distances, each view's sum is admissible. Up to two views
// are used (for the standard goal: the board itself and its reflection about the main diagonal)
// and the value is the larger sum. A move re-looks-up only the moved tile's group in each view.
template <int N>
class PdbHeuristic {
 public:
  static constexpr int kCells = N * N;
  static constexpr int kMaxViews = 2;

  struct State {
    std::array<uint8_t, kCells> where{};                            // cell of each label
    std::array<std::array<uint8_t, kMaxGroups>, kMaxViews> part{};  // value per group
    std::array<int, kMaxViews> sum{};
  };

  // Precondition: `set` is for side N and usable_symmetries(set.catalogue, blank_cell) is not
  // empty (load_pdb_set checks both). Keeps `set`'s tables alive.
  PdbHeuristic(const PdbSet& set, int blank_cell) : tables_(set.tables) {
    const std::vector<int> syms = usable_symmetries(set.catalogue, blank_cell);
    views_ = std::min<int>(kMaxViews, static_cast<int>(syms.size()));
    groups_ = static_cast<int>(set.tables.size());
    for (int v = 0; v < views_; ++v) {
      View& view = view_[v];
      view.group_of.fill(-1);
      for (int c = 0; c < kCells; ++c)
        view.map[c] = static_cast<uint8_t>(symmetric_cell(syms[v], c, N));
      // inverse map: the label whose image is catalogue cell c
      std::array<uint8_t, kCells> inverse{};
      for (int c = 0; c < kCells; ++c) inverse[view.map[c]] = static_cast<uint8_t>(c);
      for (int g = 0; g < groups_; ++g) {
        Group& group = view.group[g];
        const Table& table = *set.tables[g];
        group.table = &table;
        group.k = table.group_size();
        for (int i = 0; i < group.k; ++i) {
          const int cell = table.cells()[i];
          group.label[i] = inverse[cell];
          view.group_of[inverse[cell]] = static_cast<int8_t>(g);
          for (int c = 0; c < kCells; ++c)
            group.dist[i][c] = static_cast<uint8_t>(taxicab(c, cell, N));
        }
        group.weight[group.k - 1] = 1;
        for (int i = group.k - 2; i >= 0; --i)
          group.weight[i] = group.weight[i + 1] * static_cast<uint64_t>(kCells - i - 1);
      }
    }
  }

  // Number of symmetric lookups in use (1 or 2).
  int views() const { return views_; }

  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < kCells; ++c) s.where[b.at(c)] = static_cast<uint8_t>(c);
    for (int v = 0; v < views_; ++v) {
      s.sum[v] = 0;
      for (int g = 0; g < groups_; ++g) {
        const int value = lookup(view_[v], view_[v].group[g], s.where);
        s.part[v][g] = static_cast<uint8_t>(value);
        s.sum[v] += value;
      }
    }
    return s;
  }

  [[gnu::always_inline]] int value(const State& s) const {
    return views_ == 1 ? s.sum[0] : std::max(s.sum[0], s.sum[1]);
  }

  [[gnu::always_inline]] void update(State& s, const Board<N>&, int label, int, int to) const {
    s.where[label] = static_cast<uint8_t>(to);
    for (int v = 0; v < views_; ++v) relook(s, v, label);
  }

  // Two-stage update for IDA* (see kTwoStage in taquin/heuristic.hpp): update_first looks up the
  // first view only and returns its sum, a lower bound of value(); update_rest then looks up the
  // other view and returns value(). A child pruned on the first sum skips the second lookup.
  static constexpr bool kTwoStage = true;
  [[gnu::always_inline]] int update_first(State& s, const Board<N>&, int label, int, int to) const {
    s.where[label] = static_cast<uint8_t>(to);
    relook(s, 0, label);
    return s.sum[0];
  }
  [[gnu::always_inline]] int update_rest(State& s, int label) const {
    if (views_ == 1) return s.sum[0];
    relook(s, 1, label);
    return std::max(s.sum[0], s.sum[1]);
  }

  // Prefetches the entries that update() will read for each move of the blank on `board` (whose
  // state is `s`), so that a search calling it before generating the children overlaps their
  // memory latency. (Calling it from update() for every child was measured slower: most
  // children are pruned.)
  void prefetch(const State& state, const Board<N>& board) const {
    const auto& moves = kMoves<N>;
    const int blank = board.blank();
    std::array<uint8_t, kCells> where = state.where;
    for (int m = 0; m < moves.count[blank]; ++m) {
      const int cell = moves.target[blank][m];
      const int label = board.at(cell);
      where[label] = static_cast<uint8_t>(blank);
      for (int v = 0; v < views_; ++v) {
        const int g = view_[v].group_of[label];
        if (g >= 0) __builtin_prefetch(address(view_[v], view_[v].group[g], where));
      }
      where[label] = static_cast<uint8_t>(cell);
    }
  }

  // The estimate of a board (full evaluation).
  int evaluate(const Board<N>& b) const { return value(init(b)); }

 private:
  struct Group {
    const Table* table = nullptr;
    int k = 0;
    std::array<uint8_t, kCells> label{};                     // board label of each group tile
    std::array<uint64_t, kCells> weight{};                   // place value of each rank digit
    std::array<std::array<uint8_t, kCells>, kCells> dist{};  // per tile, per (mapped) cell
  };
  struct View {
    std::array<uint8_t, kCells> map{};      // board cell -> catalogue cell
    std::array<int8_t, kCells> group_of{};  // board label -> group, -1 if none
    std::array<Group, kMaxGroups> group{};
  };

  static const uint8_t* address(const View& view, const Group& group,
                                const std::array<uint8_t, kCells>& where) {
    uint64_t seen = 0, index = 0;
    for (int i = 0; i < group.k; ++i) {
      const int p = view.map[where[group.label[i]]];
      index += group.weight[i] *
               static_cast<uint64_t>(p - std::popcount(seen & ((uint64_t{1} << p) - 1)));
      seen |= uint64_t{1} << p;
    }
    return group.table->entry_address(index);
  }

  // Looks up again, in view v, the group of the piece `label` (moved; s.where is up to date).
  [[gnu::always_inline]] void relook(State& s, int v, int label) const {
    const int g = view_[v].group_of[label];
    if (g < 0) return;
    const int value = lookup(view_[v], view_[v].group[g], s.where);
    s.sum[v] += value - s.part[v][g];
    s.part[v][g] = static_cast<uint8_t>(value);
  }

  [[gnu::always_inline]] static int lookup(const View& view, const Group& group,
                                           const std::array<uint8_t, kCells>& where) {
    uint64_t seen = 0, index = 0;
    int manhattan = 0;
    for (int i = 0; i < group.k; ++i) {
      const int p = view.map[where[group.label[i]]];
      const int digit = p - std::popcount(seen & ((uint64_t{1} << p) - 1));
      index += group.weight[i] * static_cast<uint64_t>(digit);
      seen |= uint64_t{1} << p;
      manhattan += group.dist[i][p];
    }
    return group.table->value(index, manhattan);
  }

  std::vector<std::shared_ptr<const Table>> tables_;
  int views_ = 0;
  int groups_ = 0;
  std::array<View, kMaxViews> view_{};
};

}  // namespace taquin::pdb
