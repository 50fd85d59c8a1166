// The searches `taquin serve` runs: each on its own thread, under a cap, followed by polling
// (progress, partial rows) and stopped by its cancel flag.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "taquin/search/result.hpp"

namespace taquin::cli {

// One search (a solve, or a compare's runs) and what it has done so far.
class Search {
 public:
  Search(std::string id, std::string kind);
  const std::string& id() const { return id_; }
  const std::string& kind() const { return kind_; }
  // The flag for Limits::cancel.
  const std::atomic<bool>* cancel_flag() const { return &cancel_; }
  void cancel() { cancel_.store(true); }
  // Records an IDA* iteration that ended without a solution (Limits::on_iteration).
  void iteration(const IterationReport& report);
  // Records a compare row as it is done, of `total` rows.
  void row(nlohmann::json row, size_t total);
  // Ends the search with the answer `result` and its HTTP status.
  void finish(nlohmann::json result, int status);
  // Waits for finish(); returns the result and sets `status`.
  nlohmann::json wait(int& status);
  // Waits up to `patience` for finish(); when it came, sets `status` and `result` and is true.
  bool wait_for(std::chrono::milliseconds patience, int& status, nlohmann::json& result);
  bool done() const;
  // The answer to a poll: {"id", "kind", "state", "seconds", "progress", ["rows", "rows_total"],
  // ["status", "result"] when done} (docs/serve.md).
  nlohmann::json snapshot() const;
  std::chrono::steady_clock::time_point finished_at() const;

 private:
  const std::string id_;
  const std::string kind_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  bool done_ = false;
  std::chrono::steady_clock::time_point finished_at_{};
  int status_ = 200;
  nlohmann::json result_;
  uint64_t iterations_ = 0;
  IterationReport last_{};
  nlohmann::json rows_ = nlohmann::json::array();
  size_t rows_total_ = 0;
};

// The searches running or recently finished, at most `cap` running at once.
class SearchRegistry {
 public:
  explicit SearchRegistry(int cap) : cap_(cap) {}
  // Starts `work` on a new thread as a search of `kind`, kept for polling when `listed`; nullptr
  // when `cap` searches still run after waiting `patience` for one to end, or after close().
  // `work` returns the answer and sets its HTTP status; an exception it throws is answered 500.
  // The memory the search freed is given back to the system when it ends.
  std::shared_ptr<Search> start(const std::string& kind, bool listed,
                                std::function<nlohmann::json(Search&, int& status)> work,
                                std::chrono::milliseconds patience);
  // The listed search `id`, or nullptr (unknown, or forgotten: finished searches are kept for
  // ten minutes, at most 256 of them).
  std::shared_ptr<Search> find(const std::string& id);
  // Cancels every running search.
  void cancel_all();
  // Cancels every running search and starts none after (start() answers nullptr at once).
  void close();
  // Waits until no search runs.
  void wait_idle();
  int running() const;
  int cap() const { return cap_; }

 private:
  void forget_old();  // with mutex_ held
  const int cap_;
  mutable std::mutex mutex_;
  std::condition_variable idle_;
  int running_ = 0;
  bool closed_ = false;
  std::map<std::string, std::shared_ptr<Search>> listed_;
  std::map<std::string, std::shared_ptr<Search>> unlisted_running_;
};

}  // namespace taquin::cli
