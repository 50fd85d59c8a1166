// Random boards: uniform over an arrangement class, or random walks from the goal.
#pragma once

#include <cstdint>
#include <vector>

#include "taquin/goal.hpp"

namespace taquin {

// A small, fast, portable generator (xoshiro256**): the same seed gives the same stream on every
// platform, unlike std:: distributions.
class Random {
 public:
  explicit Random(uint64_t seed);
  uint64_t next();
  // Uniform in [0, bound), bound > 0, without modulo bias.
  uint64_t below(uint64_t bound);

 private:
  uint64_t s_[4];
};

enum class Solvability { Any, Solvable, Unsolvable };

// A uniformly random arrangement (tiles row-major, 0 = blank) of goal.shape(), drawn from all
// arrangements when `kind` is Any, else from the solvable or unsolvable half for `goal`.
std::vector<Tile> random_board(Random& random, const Goal& goal, Solvability kind);

// The goal after `steps` random blank moves, never undoing the previous move.
std::vector<Tile> random_walk(Random& random, const Goal& goal, int steps);

}  // namespace taquin
