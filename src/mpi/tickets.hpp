// The ticket counter the ranks of an MPI search take their ranges of subtrees from, the team
// that shares it, and one rank's taking of an iteration's ranges.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <tbb/task_arena.h>

#include "mpi/mpi_messenger.hpp"

namespace taquin::detail::mpi {

// A ticket counter in a window on rank 0 of a communicator, from which any rank takes the next
// ticket by an atomic fetch-and-add (MPI_Rget_accumulate in a passive-target epoch): no answer
// from rank 0's threads is needed (on one node the add is an atomic in shared memory; across
// nodes the network's atomics, or Open MPI's progress, which rank 0's message loop drives).
// Every rank of `comm` constructs and destroys it together; one thread calls it at a time.
class TicketCounter {
 public:
  explicit TicketCounter(MPI_Comm comm) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    void* base = nullptr;
    MPI_Win_allocate(rank == 0 ? sizeof(uint64_t) : 0, sizeof(uint64_t), MPI_INFO_NULL, comm, &base,
                     &window_);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
    if (rank == 0) {  // zeroed before any rank takes a ticket
      const uint64_t zero = 0;
      MPI_Accumulate(&zero, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T, MPI_REPLACE, window_);
      MPI_Win_flush(0, window_);
    }
    MPI_Request barrier;
    MPI_Ibarrier(comm, &barrier);
    wait_quietly(barrier);
  }
  ~TicketCounter() {
    MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
  }
  TicketCounter(const TicketCounter&) = delete;
  TicketCounter& operator=(const TicketCounter&) = delete;

  // Asks for the next ticket (at most one asked and not taken at a time); take() returns it.
  void ask() {
    MPI_Rget_accumulate(&one_, 1, MPI_UINT64_T, &ticket_, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T,
                        MPI_SUM, window_, &request_);
  }
  uint64_t take() {
    wait_quietly(request_);
    return ticket_;
  }

 private:
  MPI_Win window_ = MPI_WIN_NULL;
  MPI_Request request_ = MPI_REQUEST_NULL;
  const uint64_t one_ = 1;
  uint64_t ticket_ = 0;
};

// What the searches of a run share on every rank of `comm`: one ticket counter, the tickets
// taken from it so far (every rank knows the same count: the next iteration's first ticket), and
// the worker threads of every rank (oneTBB's at construction). Every rank of `comm` constructs it
// together (a collective call, without spinning) and destroys it together, with no search under
// way; one search uses it at a time.
struct SearchTeam {
  explicit SearchTeam(MPI_Comm team_comm) : comm(team_comm), counter(team_comm) {
    const int threads = tbb::this_task_arena::max_concurrency();
    MPI_Request request;
    MPI_Iallreduce(&threads, &all_threads, 1, MPI_INT, MPI_SUM, comm, &request);
    wait_quietly(request);
  }
  MPI_Comm comm;
  TicketCounter counter;
  uint64_t tickets_taken = 0;
  int all_threads = 1;
};

// The ranges of subtrees an iteration hands out, in frontier order, as their ends: range k is
// [ends[k - 1], ends[k]) (ends[-1] = 0). Each is an even share of the subtrees left over twice
// `workers` (all ranks' threads), so ranges shrink to single subtrees as the iteration ends, and
// holds at most `cap` subtrees. Every rank computes the same from the same arguments.
inline std::vector<size_t> range_ends(size_t subtrees, size_t workers, size_t cap) {
  std::vector<size_t> ends;
  for (size_t at = 0; at < subtrees;) {
    at += std::clamp<size_t>((subtrees - at) / (2 * workers), 1, cap);
    ends.push_back(at);
  }
  return ends;
}

// One rank's ranges of one iteration, taken by ticket from the team's counter: the next subtree
// this rank searches. It asks for its next ticket as soon as it takes one, so that the ticket
// comes while it searches that range (it waits only when a range's work is shorter than a
// fetch). One thread calls it at a time.
class RangeTaker {
 public:
  // The ranges `ends` (range_ends) of an iteration whose first ticket is `first_ticket`.
  RangeTaker(TicketCounter& counter, uint64_t first_ticket, std::vector<size_t> ends)
      : counter_(counter), first_ticket_(first_ticket), ends_(std::move(ends)) {}

  // The next subtree of this rank into `index`, or false when the iteration has no range left.
  bool next(size_t& index) {
    if (exhausted_) return false;
    if (lo_ == hi_) {
      if (!asked_) ask();
      const uint64_t range = counter_.take() - first_ticket_;
      asked_ = false;
      exhausted_ = range >= ends_.size();
      if (exhausted_) return false;
      lo_ = range == 0 ? 0 : ends_[range - 1];
      hi_ = ends_[range];
      ask();
      asked_ = true;
    }
    index = lo_++;
    return true;
  }

  // The iteration is over for this rank: a ticket asked for ahead and not taken completes, so
  // that every ticket of the iteration is counted before the next one starts. Returns the
  // tickets this rank took.
  uint64_t finish() {
    if (asked_) counter_.take();
    asked_ = false;
    return tickets_;
  }

 private:
  void ask() {
    counter_.ask();
    ++tickets_;
  }

  TicketCounter& counter_;
  const uint64_t first_ticket_;
  const std::vector<size_t> ends_;
  size_t lo_ = 0;  // this rank's current range [lo_, hi_) of the frontier
  size_t hi_ = 0;
  bool exhausted_ = false;
  bool asked_ = false;  // a ticket asked for ahead awaits its taking
  uint64_t tickets_ = 0;
};

}  // namespace taquin::detail::mpi
