// Solvability by cycle parity: O(N²) for any goal.
#include "core/solvability.hpp"

#include <array>

namespace taquin {

int permutation_parity(std::span<const uint8_t> labels) {
  std::array<bool, 256> seen{};
  const int n = static_cast<int>(labels.size());
  int cycles = 0;
  for (int i = 0; i < n; ++i) {
    if (seen[i]) continue;
    ++cycles;
    for (int j = i; !seen[j]; j = labels[j]) seen[j] = true;
  }
  return (n - cycles) & 1;  // a k-cycle is k-1 transpositions
}

bool is_solvable(std::span<const uint8_t> tiles, const Goal& goal) {
  const int side = goal.side();
  std::array<uint8_t, 64> labels{};
  int blank = 0;
  for (int c = 0; c < side * side; ++c) {
    labels[c] = static_cast<uint8_t>(goal.cell_of(tiles[c]));
    if (tiles[c] == 0) blank = c;
  }
  const int goal_blank = goal.blank_cell();
  return permutation_parity(std::span(labels.data(), side * side)) ==
         (taxicab(blank, goal_blank, side) & 1);
}

}  // namespace taquin
