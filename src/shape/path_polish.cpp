// Loop removal over a whole path: a hash per board along it, cut back to the first visit.
#include "shape/path_polish.hpp"

#include <cstdint>

namespace taquin::shape {
namespace {

// The hash of label `label` on cell `cell`: a fixed pseudo-random word (splitmix64).
uint64_t key(int cell, int label) {
  uint64_t z =
      (static_cast<uint64_t>(cell) << 16 | static_cast<uint64_t>(label)) + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<Dir> remove_loops(const Grid& start, const std::vector<Dir>& moves) {
  Grid g = start;
  uint64_t h = 0;
  for (int c = 0; c < g.size(); ++c) h ^= key(c, g.cells[c]);
  std::vector<Dir> out;
  std::vector<uint64_t> hashes{h};  // hashes[i]: the board after out's first i moves
  // Open addressing, hash -> its index in hashes (stale once the path was cut back before it).
  size_t capacity = 16;
  while (capacity < 2 * (moves.size() + 1)) capacity *= 2;
  std::vector<uint64_t> keys(capacity);
  std::vector<uint32_t> index(capacity, UINT32_MAX);
  auto slot = [&](uint64_t hash) {
    size_t i = hash & (capacity - 1);
    while (index[i] != UINT32_MAX && keys[i] != hash) i = (i + 1) & (capacity - 1);
    return i;
  };
  const size_t s0 = slot(h);
  keys[s0] = h;
  index[s0] = 0;
  for (Dir d : moves) {
    const int from = g.blank, to = g.target(from, d);
    const int blank_label = g.cells[from], label = g.cells[to];
    h ^= key(from, blank_label) ^ key(to, label) ^ key(from, label) ^ key(to, blank_label);
    g.slide(to);
    const size_t i = slot(h);
    if (index[i] != UINT32_MAX && index[i] < hashes.size() && hashes[index[i]] == h) {
      out.resize(index[i]);  // back to the first visit of this board
      hashes.resize(index[i] + 1);
      continue;
    }
    keys[i] = h;
    index[i] = static_cast<uint32_t>(hashes.size());
    out.push_back(d);
    hashes.push_back(h);
  }
  return out;
}

}  // namespace taquin::shape
