// Linear conflict: Manhattan plus two moves per tile that must leave its goal line to let
// another pass, in full and incremental forms (one implementation per board width).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "heuristic/concepts.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin {

namespace detail {

// Fewest members to remove from a line so the rest stand in goal order: the member count minus
// the longest increasing run of `goals` (goal positions of the line's members, in cell order).
template <size_t K>
constexpr int line_removals(const std::array<int, K>& goals, int k) {
  std::array<int, K> best{};
  int longest = 0;
  for (int i = 0; i < k; ++i) {
    best[i] = 1;
    for (int j = 0; j < i; ++j)
      if (goals[j] < goals[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
    if (best[i] > longest) longest = best[i];
  }
  return k - longest;
}

// Parallel bit extract (BMI2 pext when the target has it).
[[gnu::always_inline]] inline uint64_t extract_bits(uint64_t value, uint64_t mask) {
#ifdef __BMI2__
  return _pext_u64(value, mask);
#else
  uint64_t out = 0;
  for (uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (value & mask & -mask) out |= bit;
  return out;
#endif
}

// Linear conflict for 2×2 and 3×3 boards: per-line removal counts come from tables indexed by
// the raw packed line (2N tables of 2^(4N) entries), and a move updates the single line of the
// moved piece's goal row (vertical move) or goal column (horizontal move), the only line whose
// members can change.
template <int N>
class PackedLinearConflict {
  static_assert(N < 4);

 public:
  struct State {
    int h = 0;
  };
  explicit PackedLinearConflict(int blank_label) : table_(blank_label), blank_label_(blank_label) {
    lines_.resize(2 * N * kLineKeys);
    for (int line = 0; line < 2 * N; ++line)
      for (uint32_t key = 0; key < kLineKeys; ++key) {
        std::array<int, N> goals{};
        int k = 0;
        for (int i = 0; i < N; ++i) {
          const int label = static_cast<int>((key >> (4 * i)) & 15);
          if (label >= N * N || label == blank_label) continue;
          if (line < N ? label / N == line : label % N == line - N)
            goals[k++] = line < N ? label % N : label / N;
        }
        lines_[line * kLineKeys + key] = static_cast<uint8_t>(line_removals(goals, k));
      }
  }

  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.h += table_.d[b.at(c)][c];
    for (int i = 0; i < N; ++i) s.h += 2 * (row_conflicts(b, i) + column_conflicts(b, i));
    return s;
  }
  [[gnu::always_inline]] int value(const State& s) const { return s.h; }
  [[gnu::always_inline]] void update(State& s, const Board<N>& after, int label, int from,
                                     int to) const {
    s.h += table_.d[label][to] - table_.d[label][from];
    const uint64_t w = after.packed();
    const uint64_t x = static_cast<uint64_t>(label ^ blank_label_);
    const uint64_t before = w ^ (x << (4 * from)) ^ (x << (4 * to));
    if ((from - to) % N == 0) {  // vertical: the piece's goal row may gain or lose it
      const int r = label / N;
      s.h += 2 * (row(w, r) - row(before, r));
    } else {  // horizontal: its goal column
      const int c = label % N;
      s.h += 2 * (column(w, c) - column(before, c));
    }
  }

  // Removal count of row r / column c of a canonical board.
  int row_conflicts(const Board<N>& b, int r) const { return row(b.packed(), r); }
  int column_conflicts(const Board<N>& b, int c) const { return column(b.packed(), c); }

 private:
  static constexpr uint32_t kLineKeys = uint32_t{1} << (4 * N);
  static constexpr uint64_t column_mask() {
    uint64_t m = 0;
    for (int r = 0; r < N; ++r) m |= uint64_t{15} << (4 * N * r);
    return m;
  }
  [[gnu::always_inline]] int row(uint64_t w, int r) const {
    return lines_[r * kLineKeys + ((w >> (4 * N * r)) & (kLineKeys - 1))];
  }
  [[gnu::always_inline]] int column(uint64_t w, int c) const {
    return lines_[(N + c) * kLineKeys + extract_bits(w, column_mask() << (4 * c))];
  }

  DistanceTable<N> table_;
  int blank_label_;
  std::vector<uint8_t> lines_;  // [line][raw packed line]; rows 0..N-1, then columns
};

// Removal count of a 12-bit line key of KeyedLinearConflict4.
constexpr std::array<uint8_t, 4096> make_key_removals() {
  std::array<uint8_t, 4096> t{};
  for (int key = 0; key < 4096; ++key) {
    std::array<int, 4> goals{};
    int k = 0;
    for (int i = 0; i < 4; ++i)
      if (((key >> (3 * i)) & 7) < 4) goals[k++] = (key >> (3 * i)) & 7;
    t[key] = static_cast<uint8_t>(line_removals(goals, k));
  }
  return t;
}
inline constexpr std::array<uint8_t, 4096> kKeyRemovals = make_key_removals();

// Linear conflict on 4×4 boards with the eight line keys carried in the state. A line's key has
// 3 bits a cell: the goal position (0-3) of a piece that belongs to the line, 4 for any other
// piece or the blank. A move changes at most the keys of the moved piece's goal row and goal
// column, by an xor mask that depends only on the piece and the two cells (a table), and only
// the goal line along the move's axis can change its removal count (one lookup before, one
// after). State: row keys in bits 0-47 of `rows` and h in bits 48-63; column keys in `columns`.
// With CountMoves, value() is h plus the number of moves made since init (the Stepped variant,
// which IDA* uses so that a node's f, relative to its search root, is one field of its state).
struct KeyedLinearConflict4State {
  uint64_t rows = 0;
  uint64_t columns = 0;
};
template <bool CountMoves>
class KeyedLinearConflict4T {
 public:
  using State = KeyedLinearConflict4State;
  using Stepped = KeyedLinearConflict4T<true>;
  explicit KeyedLinearConflict4T(int blank_label) : table_(blank_label), blank_label_(blank_label) {
    for (int from = 0; from < 16; ++from)
      for (int d = 0; d < 4; ++d) {
        const int to = kMoves<4>.target_by_dir[from][d];
        if (to < 0) continue;
        for (int label = 0; label < 16; ++label) {
          if (label == blank_label) continue;
          Masks& m = masks_[from][d][label];
          // The piece leaves `from` (its code becomes 4) and enters `to` (4 becomes its code).
          // Masks are indexed by the piece's old cell `from` and the direction it moves.
          for (int cell : {from, to}) {
            const int r = cell / 4, c = cell % 4;
            if (label / 4 == r) m.rows ^= uint64_t((label % 4) ^ 4) << (12 * r + 3 * c);
            if (label % 4 == c) m.columns ^= uint64_t((label / 4) ^ 4) << (12 * c + 3 * r);
          }
          m.shift = static_cast<uint8_t>(d < 2 ? 12 * (label / 4) : 12 * (label % 4));
          m.distance = static_cast<uint64_t>(table_.d[label][to] - table_.d[label][from] +
                                             (CountMoves ? 1 : 0))
                       << 48;
        }
      }
  }

  State init(const Board<4>& b) const {
    State s;
    int h = 0;
    for (int cell = 0; cell < 16; ++cell) {
      const int label = b.at(cell), r = cell / 4, c = cell % 4;
      h += table_.d[label][cell];
      const bool member = label != blank_label_;
      s.rows |= uint64_t(member && label / 4 == r ? label % 4 : 4) << (12 * r + 3 * c);
      s.columns |= uint64_t(member && label % 4 == c ? label / 4 : 4) << (12 * c + 3 * r);
    }
    for (int i = 0; i < 4; ++i)
      h += 2 * (kKeyRemovals[(s.rows >> (12 * i)) & 0xFFF] +
                kKeyRemovals[(s.columns >> (12 * i)) & 0xFFF]);
    s.rows |= uint64_t(h) << 48;
    return s;
  }
  [[gnu::always_inline]] int value(const State& s) const { return static_cast<int>(s.rows >> 48); }
  [[gnu::always_inline]] void update(State& s, const Board<4>&, int label, int from, int to) const {
    const int d = to == from - 4 ? 0 : to == from + 4 ? 1 : to == from - 1 ? 2 : 3;
    const Masks& m = masks_[from][d][label];
    const uint64_t rows = s.rows ^ m.rows, columns = s.columns ^ m.columns;
    int lc;
    if (d < 2)
      lc = kKeyRemovals[(rows >> m.shift) & 0xFFF] - kKeyRemovals[(s.rows >> m.shift) & 0xFFF];
    else
      lc =
          kKeyRemovals[(columns >> m.shift) & 0xFFF] - kKeyRemovals[(s.columns >> m.shift) & 0xFFF];
    s.rows = rows + m.distance + (static_cast<uint64_t>(static_cast<int64_t>(2 * lc)) << 48);
    s.columns = columns;
  }

  // Removal count of row r / column c of a canonical board.
  int row_conflicts(const Board<4>& b, int r) const {
    return kKeyRemovals[(init(b).rows >> (12 * r)) & 0xFFF];
  }
  int column_conflicts(const Board<4>& b, int c) const {
    return kKeyRemovals[(init(b).columns >> (12 * c)) & 0xFFF];
  }

 private:
  struct Masks {
    uint64_t rows = 0;
    uint64_t columns = 0;
    uint64_t shift = 0;     // of the key of the goal line along the move's axis
    uint64_t distance = 0;  // Manhattan change (+1 with CountMoves), shifted to h's bits
  };
  DistanceTable<4> table_;
  int blank_label_;
  std::array<std::array<std::array<Masks, 16>, 4>, 16> masks_{};  // [from][direction][label]
};
using KeyedLinearConflict4 = KeyedLinearConflict4T<false>;

// Linear conflict for multi-word boards (N ≥ 5): per-line removal counts kept in the state, the
// two lines a move touches recomputed from the board.
template <int N>
class LineLinearConflict {
 public:
  struct State {
    int md = 0;
    int lc = 0;                         // sum of per-line removal counts
    std::array<uint8_t, 2 * N> line{};  // rows 0..N-1, then columns
  };
  explicit LineLinearConflict(int blank_label) : table_(blank_label), blank_label_(blank_label) {}

  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.md += table_.d[b.at(c)][c];
    for (int i = 0; i < N; ++i) {
      s.line[i] = static_cast<uint8_t>(row_conflicts(b, i));
      s.line[N + i] = static_cast<uint8_t>(column_conflicts(b, i));
      s.lc += s.line[i] + s.line[N + i];
    }
    return s;
  }
  [[gnu::always_inline]] int value(const State& s) const { return s.md + 2 * s.lc; }
  [[gnu::always_inline]] void update(State& s, const Board<N>& after, int label, int from,
                                     int to) const {
    s.md += table_.d[label][to] - table_.d[label][from];
    if (from % N == to % N) {  // vertical slide: the two rows change
      refresh(s, from / N, row_conflicts(after, from / N));
      refresh(s, to / N, row_conflicts(after, to / N));
    } else {  // horizontal slide: the two columns change
      refresh(s, N + from % N, column_conflicts(after, from % N));
      refresh(s, N + to % N, column_conflicts(after, to % N));
    }
  }

  // Removal count of row r / column c of a canonical board.
  int row_conflicts(const Board<N>& b, int r) const {
    std::array<int, N> goals{};
    int k = 0;
    for (int c = 0; c < N; ++c) {
      const int label = b.at(r * N + c);
      if (label != blank_label_ && label / N == r) goals[k++] = label % N;
    }
    return line_removals(goals, k);
  }
  int column_conflicts(const Board<N>& b, int c) const {
    std::array<int, N> goals{};
    int k = 0;
    for (int r = 0; r < N; ++r) {
      const int label = b.at(r * N + c);
      if (label != blank_label_ && label % N == c) goals[k++] = label / N;
    }
    return line_removals(goals, k);
  }

 private:
  static void refresh(State& s, int line, int value) {
    s.lc += value - s.line[line];
    s.line[line] = static_cast<uint8_t>(value);
  }
  DistanceTable<N> table_;
  int blank_label_;
};

}  // namespace detail

// Manhattan plus 2 × (per row and per column, the fewest tiles to remove so that the tiles of the
// line whose goal lies in the line are in goal order: line length minus the longest increasing
// run of their goal positions). Admissible and consistent. 4×4 boards carry line keys in the
// state (detail::KeyedLinearConflict4), 2×2 and 3×3 look packed lines up
// (detail::PackedLinearConflict), larger boards recompute the two lines a move crosses
// (detail::LineLinearConflict). All give the same values.
template <int N>
using LinearConflictBase = std::conditional_t<
    N == 4, detail::KeyedLinearConflict4,
    std::conditional_t<(N < 4), detail::PackedLinearConflict<N>, detail::LineLinearConflict<N>>>;

template <int N>
class LinearConflict : public LinearConflictBase<N> {
  using Base = LinearConflictBase<N>;

 public:
  explicit LinearConflict(int blank_label) : Base(blank_label) {}
};

// Every width is incremental; the 4x4 one has the stepped variant IDA* uses on one-word boards,
// and one stage (the pattern databases have two: pdb/heuristic.hpp).
static_assert(SteppedHeuristic<LinearConflict<4>, 4> && !TwoStageHeuristic<LinearConflict<4>, 4>);
static_assert(IncrementalHeuristic<LinearConflict<2>, 2> &&
              IncrementalHeuristic<LinearConflict<3>, 3>);
static_assert(IncrementalHeuristic<LinearConflict<5>, 5> &&
              IncrementalHeuristic<LinearConflict<8>, 8>);

}  // namespace taquin
