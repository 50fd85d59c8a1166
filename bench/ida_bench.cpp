// Micro-benchmarks of IDA* on Korf instances: nodes per second of the serial and parallel search.
#include <benchmark/benchmark.h>

#include <tbb/global_control.h>

#include "core/embedded.hpp"
#include "heuristic/hamming_manhattan.hpp"
#include "heuristic/linear_conflict.hpp"
#include "search/instances.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace {

using taquin::Board;

// Canonical board of Korf's instance `id` (1-based line of korf100.txt, zero-first goal).
Board<4> korf(int id) {
  static const auto instances =
      *taquin::parse_instances(*taquin::embedded::find("korf100"), "korf100");
  return taquin::Goal::zero_first(4).canonical<4>(instances[static_cast<size_t>(id - 1)].tiles);
}

// Serial IDA* on Korf instance state.range(0); items/s = nodes expanded per second.
template <typename H>
void BM_IdaKorf(benchmark::State& state) {
  const Board<4> start = korf(static_cast<int>(state.range(0)));
  const H h(start.blank_label());
  uint64_t nodes = 0;
  for (auto _ : state) {
    const taquin::SearchResult r = taquin::ida_search(start, h);
    benchmark::DoNotOptimize(r.moves.data());
    nodes += r.stats.nodes_expanded;
  }
  state.SetItemsProcessed(static_cast<int64_t>(nodes));
}
BENCHMARK_TEMPLATE(BM_IdaKorf, taquin::LinearConflict<4>)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_IdaKorf, taquin::Manhattan<4>)->Arg(2)->Unit(benchmark::kMillisecond);

// Parallel IDA* with linear conflict on Korf instance 1 at state.range(0) threads (wall time).
void BM_ParallelIdaKorf(benchmark::State& state) {
  const Board<4> start = korf(1);
  const taquin::LinearConflict<4> h(start.blank_label());
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(state.range(0)));
  uint64_t nodes = 0;
  for (auto _ : state) {
    const taquin::SearchResult r = taquin::parallel_ida_search(start, h);
    benchmark::DoNotOptimize(r.moves.data());
    nodes += r.stats.nodes_expanded;
  }
  state.SetItemsProcessed(static_cast<int64_t>(nodes));
}
BENCHMARK(BM_ParallelIdaKorf)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
