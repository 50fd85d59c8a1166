// Admissible heuristics (Hamming, Manhattan, linear conflict) in full and incremental forms.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// Every heuristic H for boards of side N follows one shape, so searches take it as a template
// parameter and never call through a pointer:
//   using State = ...;                       // small per-node value, copied down the search
//   State init(const Board<N>& b) const;     // full evaluation of a canonical board
//   int value(const State& s) const;         // the estimate (moves to the identity goal)
//   void update(State& s, const Board<N>& after, int label, int from, int to) const;
//       // after the piece `label` slid from cell `from` to cell `to`; `after` is the new board
// All take canonical boards (labels are goal cells; see goal.hpp) and are built for one goal
// blank cell, whose piece they ignore.

enum class HeuristicKind { Hamming, Manhattan, Linear, Pdb };

// "hamming", "manhattan", "linear", "pdb" -> kind; nullopt otherwise.
constexpr std::optional<HeuristicKind> parse_heuristic(std::string_view name) {
  if (name == "hamming") return HeuristicKind::Hamming;
  if (name == "manhattan") return HeuristicKind::Manhattan;
  if (name == "linear") return HeuristicKind::Linear;
  if (name == "pdb") return HeuristicKind::Pdb;
  return std::nullopt;
}

constexpr std::string_view heuristic_name(HeuristicKind kind) {
  switch (kind) {
    case HeuristicKind::Hamming:
      return "hamming";
    case HeuristicKind::Manhattan:
      return "manhattan";
    case HeuristicKind::Linear:
      return "linear";
    case HeuristicKind::Pdb:
      return "pdb";
  }
  return "?";
}

// Manhattan distance per (label, cell), zero for the blank's label.
template <int N>
struct DistanceTable {
  std::array<std::array<uint8_t, N * N>, N * N> d{};
  explicit DistanceTable(int blank_label) {
    d = kDistance<N>;
    d[blank_label].fill(0);
  }
};

// Number of misplaced tiles.
template <int N>
class Hamming {
 public:
  struct State {
    int h = 0;
  };
  explicit Hamming(int blank_label) : blank_label_(blank_label) {}
  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.h += b.at(c) != c && b.at(c) != blank_label_;
    return s;
  }
  int value(const State& s) const { return s.h; }
  void update(State& s, const Board<N>&, int label, int from, int to) const {
    s.h += (label != to) - (label != from);
  }

 private:
  int blank_label_;
};

// Sum of the tiles' taxicab distances to their goal cells; updated by a table delta.
template <int N>
class Manhattan {
 public:
  struct State {
    int h = 0;
  };
  explicit Manhattan(int blank_label) : table_(blank_label) {}
  State init(const Board<N>& b) const {
    State s;
    for (int c = 0; c < N * N; ++c) s.h += table_.d[b.at(c)][c];
    return s;
  }
  int value(const State& s) const { return s.h; }
  void update(State& s, const Board<N>&, int label, int from, int to) const {
    s.h += table_.d[label][to] - table_.d[label][from];
  }
  const DistanceTable<N>& table() const { return table_; }

 private:
  DistanceTable<N> table_;
};

// Manhattan plus 2 × (per row and per column, the fewest tiles to remove so that the tiles of the
// line whose goal lies in the line are in goal order: line length minus the longest increasing
// run of their goal positions). On a move only the two lines the tile crossed are recomputed.
template <int N>
class LinearConflict {
 public:
  struct State {
    int md = 0;
    int lc = 0;                         // sum of per-line removal counts
    std::array<uint8_t, 2 * N> line{};  // rows 0..N-1, then columns
  };
  explicit LinearConflict(int blank_label) : table_(blank_label), blank_label_(blank_label) {}

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
  int value(const State& s) const { return s.md + 2 * s.lc; }
  void update(State& s, const Board<N>& after, int label, int from, int to) const {
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
    return k - longest_increasing(goals, k);
  }
  int column_conflicts(const Board<N>& b, int c) const {
    std::array<int, N> goals{};
    int k = 0;
    for (int r = 0; r < N; ++r) {
      const int label = b.at(r * N + c);
      if (label != blank_label_ && label % N == c) goals[k++] = label / N;
    }
    return k - longest_increasing(goals, k);
  }

 private:
  static void refresh(State& s, int line, int value) {
    s.lc += value - s.line[line];
    s.line[line] = static_cast<uint8_t>(value);
  }
  static int longest_increasing(const std::array<int, N>& v, int k) {
    std::array<int, N> best{};
    int longest = 0;
    for (int i = 0; i < k; ++i) {
      best[i] = 1;
      for (int j = 0; j < i; ++j)
        if (v[j] < v[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
      if (best[i] > longest) longest = best[i];
    }
    return longest;
  }
  DistanceTable<N> table_;
  int blank_label_;
};

}  // namespace taquin
