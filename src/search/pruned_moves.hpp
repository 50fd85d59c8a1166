// The blank's moves from each cell that do not undo the previous move, as lists and as masks.
#pragma once

#include <array>
#include <cstdint>

#include "taquin/board.hpp"
#include "taquin/tables.hpp"

namespace taquin::detail {

// The blank moves from each cell that do not undo the previous move (index 4: no previous move),
// so the search skips the inverse move by table rather than by a test.
template <int N>
struct PrunedMoves {
  struct List {
    uint8_t count = 0;
    std::array<uint8_t, 4> target{};
    std::array<Dir, 4> dir{};
  };
  std::array<std::array<List, 5>, N * N> at{};
};

template <int N>
constexpr PrunedMoves<N> make_pruned_moves() {
  PrunedMoves<N> t{};
  for (int cell = 0; cell < N * N; ++cell)
    for (int prev = 0; prev < 5; ++prev) {
      auto& list = t.at[cell][prev];
      for (int k = 0; k < kMoves<N>.count[cell]; ++k) {
        const Dir d = kMoves<N>.dir[cell][k];
        if (prev < 4 && d == opposite(static_cast<Dir>(prev))) continue;
        list.target[list.count] = kMoves<N>.target[cell][k];
        list.dir[list.count] = d;
        ++list.count;
      }
    }
  return t;
}

template <int N>
inline constexpr PrunedMoves<N> kPrunedMoves = make_pruned_moves<N>();

// Bit d set when the blank on a cell may move in direction d after the move `prev` (4: none).
template <int N>
constexpr std::array<std::array<uint8_t, 5>, N * N> make_pruned_mask() {
  std::array<std::array<uint8_t, 5>, N * N> t{};
  for (int cell = 0; cell < N * N; ++cell)
    for (int prev = 0; prev < 5; ++prev)
      for (int d = 0; d < 4; ++d)
        if (kMoves<N>.target_by_dir[cell][d] >= 0 && (prev == 4 || (prev ^ 1) != d))
          t[cell][prev] |= static_cast<uint8_t>(1 << d);
  return t;
}

template <int N>
inline constexpr auto kPrunedMask = make_pruned_mask<N>();

// The previous move of a node reached by none (a root): every move is allowed.
inline constexpr int kNoMove = 4;

}  // namespace taquin::detail
