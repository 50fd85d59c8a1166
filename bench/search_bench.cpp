// Micro-benchmarks of the exhaustive 8-puzzle BFS, A* on the hardest 8-puzzles and ranks.
#include <benchmark/benchmark.h>

#include "core/explore.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/instances.hpp"

namespace {

using taquin::Board;
using taquin::Goal;

// The full 181,440-state BFS of the 8-puzzle over the rank-indexed array.
void BM_AllDistances3x3(benchmark::State& state) {
  const Goal goal = Goal::standard(3);
  for (auto _ : state) benchmark::DoNotOptimize(taquin::all_distances<3>(goal));
}
BENCHMARK(BM_AllDistances3x3)->Unit(benchmark::kMillisecond);

// Rank then unrank of a 16-item permutation.
void BM_RankUnrank16(benchmark::State& state) {
  std::array<uint8_t, 16> perm{};
  uint64_t r = 123456789;
  for (auto _ : state) {
    taquin::unrank_permutation(r, perm);
    r = (taquin::rank_permutation(perm) * 6364136223846793005ull + 1) % taquin::factorial(16);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_RankUnrank16);

// One of the two 31-move 8-puzzles (8 6 7 / 2 5 4 / 3 0 1) under the standard goal.
Board<3> hardest8() {
  const std::vector<taquin::Tile> tiles = {8, 6, 7, 2, 5, 4, 3, 0, 1};
  return Goal::standard(3).canonical<3>(tiles);
}

template <typename H>
void BM_AStarHardest8(benchmark::State& state) {
  const Board<3> start = hardest8();
  const H h(start.blank_label());
  uint64_t nodes = 0;
  for (auto _ : state) {
    const taquin::SearchResult r = taquin::astar_search(start, h);
    nodes += r.stats.nodes_generated;
    benchmark::DoNotOptimize(r.moves.data());
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AStarHardest8<taquin::Manhattan<3>>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStarHardest8<taquin::LinearConflict<3>>)->Unit(benchmark::kMillisecond);

void BM_BfsHardest8(benchmark::State& state) {
  const Board<3> start = hardest8();
  for (auto _ : state) benchmark::DoNotOptimize(taquin::bfs_search(start).moves.data());
}
BENCHMARK(BM_BfsHardest8)->Unit(benchmark::kMillisecond);

}  // namespace
