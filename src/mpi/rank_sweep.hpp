// The sweep over MPI ranks: one bound tried on a frontier's subtrees by every rank's threads,
// ranges of subtrees taken by ticket, and what the ranks learn from each other at its end.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <optional>
#include <vector>

#include "heuristic/concepts.hpp"
#include "mpi/mpi_messenger.hpp"
#include "mpi/tickets.hpp"
#include "search/deepening.hpp"
#include "search/frontier.hpp"
#include "search/ida.hpp"
#include "search/subtree_search.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin::detail::mpi {

// Nodes a range of subtrees is meant to hold at most (a few milliseconds' search): enough that a
// range outlasts the fetch of the next, few enough that the ranks sweep the frontier in order
// together, as the threads do, and the last iteration reaches its first solution about as many
// times sooner as there are ranks.
inline constexpr uint64_t kRangeNodes = uint64_t{1} << 14;

// What every rank learns at the end of an iteration: the least rank that found the goal (ranks:
// none), the next bound (the least over the ranks), the limit met (INT_MAX: none), whether rank
// 0 sent kStop, and the sums of the iteration's nodes and tickets.
struct IterationSummary {
  int found_rank = 0;
  int next_bound = 0;
  int stop = INT_MAX;
  bool stop_sent = false;
  uint64_t nodes = 0;
  uint64_t tickets = 0;
};

// This rank's part of the summary (its own values: found_rank is this rank or `ranks`),
// exchanged with every rank of `comm` (one all-to-all gather, each rank taking the minima and
// sums, so that all learn the same). A collective call.
inline IterationSummary summarise_iteration(MPI_Comm comm, int ranks, const IterationSummary& own) {
  constexpr size_t kMinima = 4;
  const int64_t own_values[kMinima + 2] = {own.found_rank,
                                           own.next_bound,
                                           own.stop,
                                           own.stop_sent ? -1 : 0,
                                           static_cast<int64_t>(own.nodes),
                                           static_cast<int64_t>(own.tickets)};
  std::vector<int64_t> every_value(std::size(own_values) * static_cast<size_t>(ranks));
  MPI_Request exchange;
  MPI_Iallgather(own_values, std::size(own_values), MPI_INT64_T, every_value.data(),
                 std::size(own_values), MPI_INT64_T, comm, &exchange);
  wait_quietly(exchange);
  int64_t global[kMinima] = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
  uint64_t sums[2] = {0, 0};
  for (size_t at = 0; at < every_value.size(); at += std::size(own_values)) {
    for (size_t k = 0; k < kMinima; ++k) global[k] = std::min(global[k], every_value[at + k]);
    for (size_t k = 0; k < 2; ++k) sums[k] += static_cast<uint64_t>(every_value[at + kMinima + k]);
  }
  return {static_cast<int>(global[0]),
          static_cast<int>(global[1]),
          static_cast<int>(global[2]),
          global[3] == -1,
          sums[0],
          sums[1]};
}

// The sweep over the ranks of a SearchTeam (a Sweeper): each bound tried on all of a frontier's
// subtrees (the same frontier on every rank), every rank taking the next range of subtrees from
// the team's ticket counter (guided: large ranges first, single subtrees at the end) and
// searching it with its threads. A goal or a limit met on any rank stops every rank within a
// subtree's check interval; the next bound is the least f above the bound over all ranks. Every
// rank of the team runs the same sweeps together.
template <int N, IncrementalHeuristic<N> H>
class RankSweep {
 public:
  // Sweeps `frontier` with `heuristic`, `order` and `limits` from `started`. `own_nodes`: the
  // nodes this rank counts before the sweeps (rank 0: the serial start's and the frontier's);
  // `all_nodes`: every rank's; `last_nodes`: the nodes of the last bound swept before (sizes
  // the first ranges).
  RankSweep(SearchTeam& team, const H& heuristic, const Frontier<N, H>& frontier, SearchOrder order,
            const Limits& limits, std::chrono::steady_clock::time_point started, uint64_t own_nodes,
            uint64_t all_nodes, uint64_t last_nodes)
      : team_(team),
        limits_(limits),
        frontier_(frontier),
        shared_nodes_(own_nodes),
        subtrees_(heuristic, frontier, order, limits, started, shared_nodes_, halt_),
        all_nodes_(all_nodes),
        last_nodes_(std::max<uint64_t>(last_nodes, 1)) {
    MPI_Comm_rank(team.comm, &rank_);
    MPI_Comm_size(team.comm, &ranks_);
    found_rank_ = ranks_;
  }

  int least_f() const { return subtrees_.least_f(); }

  BoundEnd sweep(int bound) {
    const uint64_t searched_before = subtrees_.expanded();
    RangeTaker ranges(team_.counter, team_.tickets_taken, range_ends_now());
    IterationMessenger messenger(team_.comm, rank_, ranks_, limits_, mpi_mutex_, halt_,
                                 shared_nodes_, own_stop_);
    const int next_bound = subtrees_.iterate(
        bound,
        [&](size_t& index) {
          std::lock_guard lock(mpi_mutex_);
          return !halt_.load() && ranges.next(index);
        },
        [&](std::vector<Dir> moves) {
          std::lock_guard lock(mpi_mutex_);
          if (!found_here_) {
            found_here_ = true;
            solution_ = std::move(moves);
            report_to_root(messenger, 1);
          }
        },
        [&](Outcome reason) {
          if (reason != Outcome::Cancelled || !halt_.load()) {
            std::lock_guard lock(mpi_mutex_);
            int none = -1;
            own_stop_.compare_exchange_strong(none, static_cast<int>(reason));
            report_to_root(messenger, 2);
          }
        });
    messenger.finish();
    const uint64_t tickets = ranges.finish();
    if (ranks_ > 1 && rank_ != 0) {
      const uint64_t report[2] = {own_nodes(), 0};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kDone, team_.comm);
    }
    const IterationSummary all = summarise_iteration(
        team_.comm, ranks_,
        {found_here_ ? rank_ : ranks_, next_bound,
         own_stop_.load() >= 0 ? own_stop_.load() : INT_MAX, messenger.stop_sent(),
         subtrees_.expanded() - searched_before, tickets});
    // A rank that has not received rank 0's kStop yet takes it now.
    if (rank_ != 0 && all.stop_sent && !messenger.stop_received()) {
      MPI_Request receiving;
      MPI_Irecv(nullptr, 0, MPI_BYTE, 0, kStop, team_.comm, &receiving);
      wait_quietly(receiving);
    }
    team_.tickets_taken += all.tickets;
    found_rank_ = all.found_rank;
    if (found_rank_ != ranks_) return BoundEnd::found();
    if (all.stop != INT_MAX) {
      own_stop_.store(all.stop);
      return BoundEnd::stopped(static_cast<Outcome>(all.stop));
    }
    last_nodes_ = std::max<uint64_t>(all.nodes, 1);
    all_nodes_ += all.nodes;
    return BoundEnd::exhausted(all.next_bound);
  }

  // Every rank's nodes so far.
  uint64_t expanded() const { return all_nodes_; }
  std::optional<BoundEnd> advance(int) const { return std::nullopt; }

  // After a Found: the least rank that found the goal, and (on that rank) the moves to it.
  int found_rank() const { return found_rank_; }
  std::vector<Dir> take_solution() { return std::move(solution_); }
  // This rank's threads' nodes, expanded and generated, and the deepest bound they searched.
  const SubtreeSearch<N, H>& subtrees() const { return subtrees_; }

 private:
  // The ranges of this iteration, alike on every rank: each holds at most about kRangeNodes
  // nodes at this iteration's expected size (the last one's times kIterationGrowth).
  std::vector<size_t> range_ends_now() const {
    const size_t subtrees = frontier_.deepest().size();
    const uint64_t expected_nodes = last_nodes_ * kIterationGrowth;
    const size_t cap = static_cast<size_t>(
        std::clamp<uint64_t>(subtrees * kRangeNodes / expected_nodes, 1, subtrees));
    return range_ends(subtrees, static_cast<size_t>(team_.all_threads), cap);
  }

  // This rank's nodes so far, as told to rank 0 (the workers add to it at their checks).
  uint64_t own_nodes() const { return shared_nodes_.load(std::memory_order_relaxed); }

  // Halts this rank and tells rank 0 that it found the goal (what = 1) or met a limit
  // (what = 2); the caller holds mpi_mutex_.
  void report_to_root(IterationMessenger& messenger, uint64_t what) {
    halt_.store(true);
    if (rank_ == 0) {  // rank 0's messenger sends the stop
      messenger.wake();
      return;
    }
    const uint64_t report[2] = {own_nodes(), what};
    MPI_Send(report, 2, MPI_UINT64_T, 0, kReport, team_.comm);
  }

  SearchTeam& team_;
  const Limits& limits_;
  const Frontier<N, H>& frontier_;
  int rank_ = 0;
  int ranks_ = 1;
  std::atomic<uint64_t> shared_nodes_;  // this rank's nodes (rank 0: every rank's)
  std::atomic<bool> halt_{false};       // stop every search of this rank (goal or limit anywhere)
  std::atomic<int> own_stop_{-1};       // the limit this rank met (an Outcome), -1: none
  std::mutex mpi_mutex_;                // one thread calls MPI at a time (MPI_THREAD_SERIALIZED)
  SubtreeSearch<N, H> subtrees_;
  uint64_t all_nodes_;   // every rank's nodes so far
  uint64_t last_nodes_;  // every rank's nodes in the last bound swept
  bool found_here_ = false;
  std::vector<Dir> solution_;  // the moves this rank found
  int found_rank_ = 0;         // the least rank that found the goal, ranks_ if none
};

}  // namespace taquin::detail::mpi
