// One bound tried on a frontier's subtrees by every thread of this process: the parallel sweeps'
// core.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "heuristic/concepts.hpp"
#include "search/deepening.hpp"
#include "search/frontier.hpp"
#include "search/ida_worker.hpp"
#include "search/limit_watch.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin::detail {

// The subtrees of a frontier's deepest level (a breadth-first Frontier's, or an AStarFrontier's
// open list) searched bound by bound on every thread oneTBB allows this process, one IdaWorker a
// thread. Where the next subtree comes from (an atomic
// counter for the threads, a ticket window for MPI ranks) and what a goal or a limit does are
// the caller's: the threaded search (parallel_ida_search) and the MPI one (mpi_ida_search) run
// the same iterations through it.
template <int N, IncrementalHeuristic<N> H, typename F = Frontier<N, H>>
class SubtreeSearch {
 public:
  using Worker = IdaWorker<N, H>;
  using Node = FrontierNode<N, H>;
  static constexpr int kInfinity = Worker::kInfinity;

  // Workers for `frontier` (which must outlive this object) with `heuristic`, children and
  // subtrees in `order`; their LimitWatch checks `limits` from `started`, adds their nodes to
  // `shared_nodes` and stops when `halt` is set (both shared by every thread).
  SubtreeSearch(const H& heuristic, const F& frontier, SearchOrder order, const Limits& limits,
                std::chrono::steady_clock::time_point started, std::atomic<uint64_t>& shared_nodes,
                std::atomic<bool>& halt)
      : heuristic_(heuristic),
        frontier_(frontier),
        order_(order),
        threads_(tbb::this_task_arena::max_concurrency()),
        workers_([&heuristic, &frontier, &limits, &shared_nodes, &halt, started, order,
                  threads = threads_] {
          return Worker(
              heuristic, frontier.start().blank_label(),
              LimitWatch(limits, kIdaCheckInterval, started, &shared_nodes, &halt, threads),
              order.child);
        }) {
    split();
  }

  // Takes the frontier's deepest level as it is now (after Frontier::grow): the subtrees to hand
  // out, in level order or in the serial search's order (SplitOrder::Serial).
  void split() {
    visits_ = order_.split == SplitOrder::Serial ? frontier_.visit_order(heuristic_, order_.child)
                                                 : std::vector<uint32_t>{};
  }

  // Subtrees handed out per iteration, and the threads that search them.
  size_t subtrees() const { return frontier_.deepest().size(); }
  int threads() const { return threads_; }

  // The least f of the subtrees' roots: no bound below it finds anything beyond the frontier.
  int least_f() const {
    int least = kInfinity;
    for (const Node& node : frontier_.deepest())
      least = std::min(least, node.g + heuristic_.value(node.state));
    return least;
  }

  // Tries `bound` on the subtrees: every thread takes the k-th subtree to hand out while
  // `next(k)` gives one (it returns false when none is left, or to stop), and searches it.
  // A subtree that reaches the goal calls `found(moves)` with the moves from the start, one that
  // meets a limit `stopped(reason)`; either ends that thread's share. Returns the least f above
  // `bound` that the searched subtrees met (kInfinity if none).
  template <typename Next, typename Found, typename Stopped>
  int iterate(int bound, Next&& next, Found&& found, Stopped&& stopped) {
    std::atomic<int> next_bound{kInfinity};
    const std::vector<Node>& level = frontier_.deepest();
    tbb::parallel_for(0, threads_, 1, [&](int) {
      Worker& worker = workers_.local();
      size_t taken = 0;
      while (next(taken)) {
        const size_t i = visits_.empty() ? taken : visits_[taken];
        const Node& node = level[i];
        const int f = node.g + heuristic_.value(node.state);
        const BoundEnd end = f <= bound ? worker.search(node.board, node.state, node.g, node.prev,
                                                        bound, node.automaton)
                                        : BoundEnd::exhausted(f);
        if (end.kind == BoundEnd::Kind::Found) {
          std::vector<Dir> moves = frontier_.path_to_deepest(static_cast<uint32_t>(i));
          const std::vector<Dir> below = worker.path();
          moves.insert(moves.end(), below.begin(), below.end());
          found(std::move(moves));
          return;
        }
        if (end.kind == BoundEnd::Kind::Stopped) {
          stopped(end.stop);
          return;
        }
        const int r = end.next_bound;
        int seen = next_bound.load(std::memory_order_relaxed);
        while (r < seen && !next_bound.compare_exchange_weak(seen, r)) {
        }
      }
    });
    return next_bound.load();
  }

  // The nodes every worker expanded so far.
  uint64_t expanded() const {
    uint64_t nodes = 0;
    for (const Worker& worker : workers_) nodes += worker.expanded();
    return nodes;
  }

  // The nodes every worker generated, and the deepest bound any of them searched.
  uint64_t generated() const {
    uint64_t nodes = 0;
    for (const Worker& worker : workers_) nodes += worker.generated();
    return nodes;
  }
  int deepest() const {
    int deepest = 0;
    for (const Worker& worker : workers_) deepest = std::max(deepest, worker.deepest());
    return deepest;
  }

  // After the last iteration: adds the nodes the workers have not yet counted to the shared
  // counter.
  void flush() {
    for (Worker& worker : workers_) worker.flush_nodes();
  }

 private:
  const H& heuristic_;
  const F& frontier_;
  const SearchOrder order_;
  const int threads_;
  tbb::enumerable_thread_specific<Worker> workers_;
  std::vector<uint32_t> visits_;  // the order subtrees are handed out in (empty: level order)
};

// One bound swept over the first `count` subtrees of `subtrees` (a SubtreeSearch), one counter
// handing them out: the first solution kept in result.moves with `found` raised, the first limit
// met (a cancel after a solution aside) kept in `stop_reason` (an Outcome, -1: none). Returns
// iterate's least f above the bound met.
template <typename Subtrees>
int sweep_subtrees(Subtrees& subtrees, int bound, size_t count, std::atomic<bool>& found,
                   std::atomic<int>& stop_reason, std::mutex& solution_mutex,
                   SearchResult& result) {
  std::atomic<size_t> next{0};
  return subtrees.iterate(
      bound,
      [&](size_t& taken) {
        taken = next.fetch_add(1, std::memory_order_relaxed);
        return taken < count && !found.load(std::memory_order_relaxed) && stop_reason.load() < 0;
      },
      [&](std::vector<Dir> moves) {
        std::lock_guard lock(solution_mutex);
        if (!found.load()) {
          result.moves = std::move(moves);
          found.store(true);
        }
      },
      [&](Outcome reason) {
        if (reason != Outcome::Cancelled || !found.load()) {
          int none = -1;
          stop_reason.compare_exchange_strong(none, static_cast<int>(reason));
        }
      });
}

// How a sweep by sweep_subtrees ended when not exhausted: Found or Stopped, else nullopt.
inline std::optional<BoundEnd> sweep_end(const std::atomic<bool>& found,
                                         const std::atomic<int>& stop_reason) {
  if (found.load()) return BoundEnd::found();
  if (stop_reason.load() >= 0) return BoundEnd::stopped(static_cast<Outcome>(stop_reason.load()));
  return std::nullopt;
}

}  // namespace taquin::detail
