// Micro-benchmarks of packed-board moves and incremental heuristics.
#include <benchmark/benchmark.h>

#include "core/generate.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "taquin/board.hpp"

namespace {

using taquin::Board;

// A fixed walk of blank moves on the 4x4 board: slide and unslide in place.
void BM_Slide4x4(benchmark::State& state) {
  Board<4> b = Board<4>::identity(15);
  const auto& moves = taquin::kMoves<4>;
  uint64_t k = 0;
  for (auto _ : state) {
    const int from = b.blank();
    const int to = moves.target[from][k++ % moves.count[from]];
    b.slide(to);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_Slide4x4);

template <typename H>
void BM_Update4x4(benchmark::State& state) {
  Board<4> b = Board<4>::identity(15);
  const H h(15);
  auto s = h.init(b);
  const auto& moves = taquin::kMoves<4>;
  uint64_t k = 0;
  for (auto _ : state) {
    const int from = b.blank();
    const int to = moves.target[from][k++ % moves.count[from]];
    const int label = b.at(to);
    b.slide(to);
    h.update(s, b, label, to, from);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_Update4x4<taquin::Manhattan<4>>);
BENCHMARK(BM_Update4x4<taquin::LinearConflict<4>>);

}  // namespace
