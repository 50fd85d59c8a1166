// Exhaustive breadth-first search from the goal: distances of every state and counts by depth.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/rank.hpp"
#include "taquin/board.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/tables.hpp"

namespace taquin {

// Marks a state that the goal cannot reach in all_distances().
inline constexpr uint8_t kUnreached = 0xFF;

// Rank of a canonical board: the lexicographic rank of its labels per cell (the blank's label
// included, so the blank's cell is part of the permutation). In [0, (N²)!).
template <int N>
uint64_t board_rank(const Board<N>& b) {
  static_assert(N * N <= kMaxRankItems, "ranks cover boards of side 4 at most");
  const auto cells = b.cells();
  return rank_permutation(cells);
}

// The canonical board of rank `rank` whose blank carries `blank_label` (the goal's blank cell).
template <int N>
Board<N> board_of_rank(uint64_t rank, int blank_label) {
  static_assert(N * N <= kMaxRankItems, "ranks cover boards of side 4 at most");
  std::array<uint8_t, N * N> cells{};
  unrank_permutation(rank, cells);
  int blank = 0;
  for (int c = 0; c < N * N; ++c)
    if (cells[c] == blank_label) blank = c;
  return Board<N>::from_cells(cells, blank);
}

// The distance (in moves) to `goal` of every board of side N ≤ 3, indexed by board_rank() of its
// canonical board; kUnreached for the half that cannot reach the goal. Computed by a BFS from the
// goal over the (N²)!-entry array itself: each layer is a list of ranks, no hash map. Independent
// of every heuristic search, so tests use it as the truth.
template <int N>
std::vector<uint8_t> all_distances(const Goal& goal) {
  static_assert(N <= 3, "a distance array of side 4 would need 16! entries");
  const int blank_label = goal.blank_cell();
  std::vector<uint8_t> dist(factorial(N * N), kUnreached);
  std::vector<uint32_t> layer{static_cast<uint32_t>(board_rank(Board<N>::identity(blank_label)))};
  std::vector<uint32_t> next;
  dist[layer[0]] = 0;
  for (uint8_t depth = 0; !layer.empty(); ++depth) {
    next.clear();
    for (uint32_t r : layer) {
      const Board<N> b = board_of_rank<N>(r, blank_label);
      const int blank = b.blank();
      for (int k = 0; k < kMoves<N>.count[blank]; ++k) {
        Board<N> child = b;
        child.slide(kMoves<N>.target[blank][k]);
        const uint64_t cr = board_rank(child);
        if (dist[cr] != kUnreached) continue;
        dist[cr] = static_cast<uint8_t>(depth + 1);
        next.push_back(static_cast<uint32_t>(cr));
      }
    }
    layer.swap(next);
  }
  return dist;
}

// all_distances(goal) for a goal of side 2 or 3 chosen at run time; empty for a larger side.
std::vector<uint8_t> small_board_distances(const Goal& goal);

// The distance of `tiles` (a board of `goal`, side 2 or 3) in `distances`, the
// small_board_distances of `goal`; kUnreached when the board cannot reach the goal.
int distance_of(const std::vector<uint8_t>& distances, const Goal& goal,
                std::span<const Tile> tiles);

// What an exploration found.
struct ExploreResult {
  std::vector<uint64_t> count_by_depth;     // states at exactly d moves from the goal
  uint64_t total = 0;                       // sum of count_by_depth
  int greatest_depth = 0;                   // last depth with a state
  uint64_t farthest_count = 0;              // states at greatest_depth
  std::vector<std::vector<Tile>> farthest;  // some of them as user tiles (0 = blank)
  bool complete = false;                    // every reachable state was visited
  bool memory_limit = false;                // stopped because the next layer would not fit
  uint64_t peak_bytes = 0;                  // most bytes the layers (and array) held at once
};

// Options of explore().
struct ExploreOptions {
  int max_depth = -1;          // stop after this depth; -1 = no bound (sides 2 and 3 only)
  uint64_t max_bytes = 0;      // memory bound for frontier layers; 0 = no bound
  size_t keep_farthest = 100;  // how many positions at the greatest depth to return
  bool use_frontier = false;   // use the frontier BFS on sides 2 and 3 too (cross-checks)
  // Called with each depth reached and the states reached up to it (sides 2 and 3: once, at the
  // end); empty: not called.
  std::function<void(int depth, uint64_t states)> on_layer;
};

// BFS from `goal` over every state it reaches. Sides 2 and 3 use a rank-indexed array
// (all_distances); larger sides, which need `max_depth`, a frontier BFS over sorted packed boards
// (each layer minus the one before it, deduplicated by sort). Errors on a side above 3 without
// max_depth, naming the number of states it would need.
Expected<ExploreResult> explore(const Goal& goal, const ExploreOptions& options);

// The number of states reachable on a board of `side` ((side²)!/2) in decimal, e.g. "181440",
// or in scientific notation when it exceeds 128 bits.
std::string reachable_states_text(int side);

}  // namespace taquin
