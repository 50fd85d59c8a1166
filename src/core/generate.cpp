// Random board generation: uniform shuffles by class, and non-backtracking random walks.
#include "core/generate.hpp"

#include <utility>

#include "core/solvability.hpp"
#include "taquin/tables.hpp"

namespace taquin {
namespace {

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

Random::Random(uint64_t seed) {
  for (uint64_t& s : s_) s = splitmix64(seed);
}

uint64_t Random::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint64_t Random::below(uint64_t bound) {
  const uint64_t limit = -bound % bound;  // values below this would bias the result
  for (;;) {
    const uint64_t x = next();
    if (x >= limit) return x % bound;
  }
}

std::vector<Tile> random_board(Random& random, const Goal& goal, Solvability kind) {
  std::vector<Tile> tiles = goal.tiles();
  for (size_t i = tiles.size() - 1; i > 0; --i) std::swap(tiles[i], tiles[random.below(i + 1)]);
  if (kind == Solvability::Any) return tiles;
  // Swapping two fixed non-blank cells' tiles maps each class onto the other one to one,
  // so the result stays uniform within the asked class.
  if (is_solvable(tiles, goal) != (kind == Solvability::Solvable)) {
    const int a = tiles[0] == 0 ? 2 : 0;
    const int b = tiles[1] == 0 ? 2 : 1;
    std::swap(tiles[a], tiles[b]);
  }
  return tiles;
}

std::vector<Tile> random_walk(Random& random, const Goal& goal, int steps) {
  std::vector<Tile> tiles = goal.tiles();
  const int rows = goal.shape().rows, cols = goal.shape().cols;
  int blank = goal.blank_cell();
  int previous = -1;
  for (int s = 0; s < steps; ++s) {
    int options[4];
    int count = 0;
    const int r = blank / cols, c = blank % cols;
    if (r > 0) options[count++] = blank - cols;
    if (r < rows - 1) options[count++] = blank + cols;
    if (c > 0) options[count++] = blank - 1;
    if (c < cols - 1) options[count++] = blank + 1;
    int to;
    do to = options[random.below(count)];
    while (to == previous);
    std::swap(tiles[blank], tiles[to]);
    previous = blank;
    blank = to;
  }
  return tiles;
}

}  // namespace taquin
