// Solvability by cycle parity: O(N²) for any goal.
#include "core/solvability.hpp"

#include <vector>

namespace taquin {

namespace {

template <typename Label>
int parity_of(std::span<const Label> labels) {
  const int n = static_cast<int>(labels.size());
  std::vector<bool> seen(n, false);
  int cycles = 0;
  for (int i = 0; i < n; ++i) {
    if (seen[i]) continue;
    ++cycles;
    for (int j = i; !seen[j]; j = labels[j]) seen[j] = true;
  }
  return (n - cycles) & 1;  // a k-cycle is k-1 transpositions
}

}  // namespace

int permutation_parity(std::span<const uint8_t> labels) {
  return parity_of(labels);
}

int permutation_parity(std::span<const uint16_t> labels) {
  return parity_of(labels);
}

bool is_solvable(std::span<const Tile> tiles, const Goal& goal) {
  const int cells = goal.shape().cells();
  std::vector<uint16_t> labels(cells);
  int blank = 0;
  for (int c = 0; c < cells; ++c) {
    labels[c] = static_cast<uint16_t>(goal.cell_of(tiles[c]));
    if (tiles[c] == 0) blank = c;
  }
  const int goal_blank = goal.blank_cell();
  return permutation_parity(std::span<const uint16_t>(labels)) ==
         (taxicab(blank, goal_blank, goal.shape().cols) & 1);
}

}  // namespace taquin
