// The communication thread of one MPI search iteration on one rank.
#pragma once

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "search/limit_watch.hpp"
#include "taquin/search/result.hpp"

namespace taquin::detail::mpi {

// Message tags of the search. To rank 0: kReport (a rank found the goal or met a limit: every
// rank stops), kNodes (its node count, under a node limit), kDone (its iteration is over); each
// carries the sender's node count. From rank 0: kStop (stop this iteration). kPath: the
// solution's moves, from the rank that found them to rank 0.
enum Tag : int { kReport = 101, kNodes, kDone, kStop, kPath };
// How long a thread that waits on messages sleeps between two looks: kIdlePause while this rank
// has no search running (its core is free), kBusyPause beside a running search, whose core the
// look takes for a moment (a stop waits a few milliseconds at most; rarer looks cost each rank
// less system time: docs/performance.md).
inline constexpr auto kIdlePause = std::chrono::microseconds(100);
inline constexpr auto kBusyPause = std::chrono::milliseconds(2);
// Completes `request`, sleeping between tests: Open MPI's blocking calls spin, and a rank that
// waits must leave the core to the ranks that search.
inline void wait_quietly(MPI_Request& request) {
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kIdlePause);
  }
}

// One rank's messages during one iteration, on a thread of their own beside the searching
// workers. Rank 0 receives the others' reports (a goal or a limit: every rank stops), node counts
// (under a node limit, which it enforces over all ranks) and the ends of their iterations, and
// sends every other rank kStop once this rank halts; its MPI calls also drive the ticket
// counter's progress where that needs rank 0. Any other rank tells rank 0 its nodes under a node
// limit and halts on kStop. One thread calls MPI at a time (`mpi_mutex`, MPI_THREAD_SERIALIZED).
class IterationMessenger {
 public:
  // `halt`: set to stop this rank's workers; `shared_nodes`: this rank's nodes (rank 0: every
  // rank's, to which it adds what the others report); `own_stop`: the limit this rank met (an
  // Outcome, -1: none), set by rank 0 when the node limit is passed. Starts the thread on
  // teams of more than one rank.
  IterationMessenger(MPI_Comm comm, int rank, int ranks, const Limits& limits,
                     std::mutex& mpi_mutex, std::atomic<bool>& halt,
                     std::atomic<uint64_t>& shared_nodes, std::atomic<int>& own_stop)
      : comm_(comm),
        rank_(rank),
        ranks_(ranks),
        limits_(limits),
        mpi_mutex_(mpi_mutex),
        halt_(halt),
        shared_nodes_(shared_nodes),
        own_stop_(own_stop) {
    if (ranks_ > 1) thread_ = std::thread([this] { rank_ == 0 ? run_root() : run_other(); });
  }
  ~IterationMessenger() { finish(); }
  IterationMessenger(const IterationMessenger&) = delete;
  IterationMessenger& operator=(const IterationMessenger&) = delete;

  // Wakes the thread from its pause at once (rank 0: this rank halted and kStop must go out).
  void wake() {
    { std::lock_guard lock(wake_mutex_); }
    wake_.notify_all();
  }
  // The workers are done: the thread ends (rank 0: once every other rank's iteration is over
  // too) and is joined.
  void finish() {
    workers_done_.store(true);
    wake();
    if (thread_.joinable()) thread_.join();
  }
  // After finish(): whether rank 0 sent kStop, and whether this rank (not 0) received it.
  bool stop_sent() const { return stop_sent_; }
  bool stop_received() const { return stop_received_; }

 private:
  // The pause beside a running search: kBusyPause, or until `woken`.
  template <typename Woken>
  void pause_unless(Woken woken) {
    std::unique_lock lock(wake_mutex_);
    wake_.wait_for(lock, kBusyPause, woken);
  }

  void run_root() {
    std::vector<uint64_t> reported(static_cast<size_t>(ranks_), 0);
    int done = 0;
    for (;;) {
      std::unique_lock lock(mpi_mutex_);
      if (!stop_sent_ && halt_.load()) {
        for (int r = 1; r < ranks_; ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, kStop, comm_);
        stop_sent_ = true;
      }
      int waiting = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &waiting, &status);
      if (!waiting) {
        if (done == ranks_ - 1 && workers_done_.load()) return;
        lock.unlock();
        if (workers_done_.load())
          std::this_thread::sleep_for(kIdlePause);
        else
          pause_unless([&] { return workers_done_.load() || (halt_.load() && !stop_sent_); });
        continue;
      }
      uint64_t message[2];
      MPI_Recv(message, 2, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, comm_,
               MPI_STATUS_IGNORE);
      lock.unlock();
      const auto from = static_cast<size_t>(status.MPI_SOURCE);
      const uint64_t total =
          shared_nodes_.fetch_add(message[0] - reported[from]) + message[0] - reported[from];
      reported[from] = message[0];
      if (limits_.max_nodes && total >= limits_.max_nodes && !halt_.load()) {
        int none = -1;
        own_stop_.compare_exchange_strong(none, static_cast<int>(Outcome::NodeLimit));
        halt_.store(true);
      }
      if (status.MPI_TAG == kReport) {
        halt_.store(true);
      } else if (status.MPI_TAG == kDone) {
        ++done;
      }
    }
  }

  void run_other() {
    uint64_t told = 0;  // the node count last sent to rank 0
    while (!workers_done_.load()) {
      {
        std::lock_guard lock(mpi_mutex_);
        // Under a node limit, rank 0 hears of this rank's nodes as they grow, so the limit
        // stops every rank near it.
        const uint64_t nodes = shared_nodes_.load(std::memory_order_relaxed);
        if (limits_.max_nodes && nodes >= told + kIdaCheckInterval) {
          told = nodes;
          const uint64_t report[2] = {told, 0};
          MPI_Send(report, 2, MPI_UINT64_T, 0, kNodes, comm_);
        }
        int waiting = 0;
        MPI_Iprobe(0, kStop, comm_, &waiting, MPI_STATUS_IGNORE);
        if (waiting) {
          MPI_Recv(nullptr, 0, MPI_BYTE, 0, kStop, comm_, MPI_STATUS_IGNORE);
          stop_received_ = true;
          halt_.store(true);
          return;
        }
      }
      pause_unless([&] { return workers_done_.load(); });
    }
  }

  const MPI_Comm comm_;
  const int rank_;
  const int ranks_;
  const Limits& limits_;
  std::mutex& mpi_mutex_;
  std::atomic<bool>& halt_;
  std::atomic<uint64_t>& shared_nodes_;
  std::atomic<int>& own_stop_;
  std::atomic<bool> workers_done_{false};
  std::mutex wake_mutex_;
  std::condition_variable wake_;
  bool stop_sent_ = false;      // (rank 0's thread writes it; read after finish())
  bool stop_received_ = false;  // (another rank's thread writes it; read after finish())
  std::thread thread_;
};

}  // namespace taquin::detail::mpi
