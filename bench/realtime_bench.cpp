// The real-time solver on random boards: mean and longest path, ratio to Manhattan, time a board.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "shape/realtime.hpp"
#include "shape/shape_tables.hpp"

namespace {

using taquin::shape::Grid;

// A uniformly random solvable board, the blank's goal on the last cell (a swap of two pieces
// fixes the parity).
Grid random_board(int rows, int cols, std::mt19937_64& rng) {
  Grid g = Grid::identity(rows, cols, rows * cols - 1);
  std::shuffle(g.cells.begin(), g.cells.end(), rng);
  for (int c = 0; c < g.size(); ++c)
    if (g.cells[c] == rows * cols - 1) g.blank = c;
  if (!taquin::shape::solvable(g)) {
    const int a = g.blank == 0 ? 2 : 0, b = g.blank == 1 ? 2 : 1;
    std::swap(g.cells[a], g.cells[b]);
  }
  return g;
}

// Solves `count` random boards of rows × cols and prints the figures.
void run(int rows, int cols, int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  double sum_len = 0, sum_ratio = 0, max_seconds = 0, sum_seconds = 0;
  size_t max_len = 0;
  for (int i = 0; i < count; ++i) {
    const Grid g = random_board(rows, cols, rng);
    const auto t0 = std::chrono::steady_clock::now();
    const taquin::SearchResult r = taquin::shape::solve_realtime(g, {});
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r.outcome != taquin::Outcome::Solved) std::printf("board %d not solved\n", i);
    sum_len += static_cast<double>(r.moves.size());
    max_len = std::max(max_len, r.moves.size());
    sum_ratio += static_cast<double>(r.moves.size()) / static_cast<double>(manhattan(g));
    sum_seconds += s;
    max_seconds = std::max(max_seconds, s);
  }
  std::printf(
      "%dx%d x%d: mean length %.1f, max %zu (bound 8/3 n^3 = %.0f), mean ratio to "
      "Manhattan %.3f, seconds a board mean %.3f max %.3f\n",
      rows, cols, count, sum_len / count, max_len, 8.0 / 3.0 * rows * cols * cols,
      sum_ratio / count, sum_seconds / count, max_seconds);
}

// 10,000 random blank moves from the goal with the blank's goal in the middle.
void run_centre(int side, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Grid g = Grid::identity(side, side, side * side / 2);
  for (int i = 0; i < 10000;) i += g.move(static_cast<taquin::Dir>(rng() % 4)) ? 1 : 0;
  const auto t0 = std::chrono::steady_clock::now();
  const taquin::SearchResult r = taquin::shape::solve_realtime(g, {});
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%dx%d centre goal, 10000 random moves: %s, length %zu, Manhattan %lld, %.3f s\n",
              side, side, taquin::outcome_name(r.outcome), r.moves.size(),
              static_cast<long long>(manhattan(g)), s);
}

}  // namespace

// No argument: the report's sets. `rows cols count`: that set alone.
int main(int argc, char** argv) {
  if (argc == 4) {
    run(std::atoi(argv[1]), std::atoi(argv[2]), std::atoi(argv[3]), 17);
    return 0;
  }
  run(17, 17, 20, 17);
  run_centre(17, 42);
  run(100, 100, 5, 100);
  return 0;
}
