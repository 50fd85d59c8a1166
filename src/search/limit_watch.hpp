// The one place every search checks its limits: node limit, time limit, cancel flag, and the
// node counter and "found" flag the parallel search's threads share.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "taquin/search/result.hpp"

namespace taquin::detail {

// Nodes between two checks of IDA*'s limits (and at most as many past a node limit, per thread
// of the parallel search): a check costs about as much as expanding a few nodes.
inline constexpr uint64_t kIdaCheckInterval = uint64_t{1} << 14;
// Expansions between two checks of a best-first search's or BFS's limits (each expansion hashes
// and queues its children, so fewer of them than IDA*'s).
inline constexpr uint64_t kBestFirstCheckInterval = 1024;

// Seconds since `t` on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Watches the limits of one search (or of one thread of a parallel search). The search counts
// its expanded nodes and calls check() when the count reaches next_check(): a compare against a
// member in the hot loop, as cheap as a mask test. Checks come every `interval` nodes, and never
// later than the node limit, so a serial search stops exactly at it (the parallel search within
// about one interval per thread; see check()).
class LimitWatch {
 public:
  // `shared_nodes` (optional) totals the nodes of `sharers` threads for the node limit; `found`
  // (optional) raised by another thread stops the search with Cancelled.
  explicit LimitWatch(
      const Limits& limits, uint64_t interval,
      std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now(),
      std::atomic<uint64_t>* shared_nodes = nullptr, const std::atomic<bool>* found = nullptr,
      int sharers = 1)
      : limits_(limits),
        interval_(std::max<uint64_t>(interval, 1)),
        started_(started),
        shared_nodes_(shared_nodes),
        found_(found),
        sharers_(static_cast<uint64_t>(std::max(sharers, 1))) {
    next_ = first_check();
  }

  // Seconds since the search started.
  double seconds() const { return seconds_since(started_); }

  // The node count (of this thread) at which check() is due.
  [[gnu::always_inline]] uint64_t next_check() const { return next_; }

  // The outcome to stop with when a limit other than memory is reached after `nodes` nodes (this
  // thread's count, cumulative), else nullopt; sets next_check(). With a shared counter, the next
  // check comes after at most 1/sharers of the nodes left to the limit, so the threads together
  // pass it by at most the nodes each does between two checks.
  [[gnu::cold, gnu::noinline]] std::optional<Outcome> check(uint64_t nodes) {
    uint64_t total = nodes;
    if (shared_nodes_) {
      total = shared_nodes_->fetch_add(nodes - reported_, std::memory_order_relaxed) + nodes -
              reported_;
      reported_ = nodes;
    }
    uint64_t step = interval_;
    if (limits_.max_nodes) {
      const uint64_t left = limits_.max_nodes - std::min(total, limits_.max_nodes);
      step = std::clamp<uint64_t>(left / sharers_, 1, interval_);
    }
    next_ = nodes + step;
    if (found_ && found_->load(std::memory_order_relaxed)) return Outcome::Cancelled;
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed))
      return Outcome::Cancelled;
    if (limits_.max_nodes && total >= limits_.max_nodes) return Outcome::NodeLimit;
    if (limits_.max_seconds > 0 && seconds() >= limits_.max_seconds) return Outcome::TimeLimit;
    return std::nullopt;
  }

  // Adds this thread's nodes not yet added to the shared counter (call when it stops searching).
  void flush(uint64_t nodes) {
    if (shared_nodes_) shared_nodes_->fetch_add(nodes - reported_, std::memory_order_relaxed);
    reported_ = nodes;
  }

 private:
  // The first check: at once when other threads may already have used up the limit, else after
  // one interval or at the node limit, whichever comes first.
  uint64_t first_check() const {
    if (shared_nodes_ || found_) return 1;
    return limits_.max_nodes ? std::min(interval_, limits_.max_nodes) : interval_;
  }

  Limits limits_;
  uint64_t interval_;
  std::chrono::steady_clock::time_point started_;
  std::atomic<uint64_t>* shared_nodes_;
  const std::atomic<bool>* found_;
  uint64_t sharers_;
  uint64_t next_ = 0;
  uint64_t reported_ = 0;  // nodes already added to *shared_nodes_
};

}  // namespace taquin::detail
