// The searches of `taquin serve`: threads, cap, progress and cancellation (serve_searches.hpp).
#include "cli/serve_searches.hpp"

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <random>
#include <thread>
#include <vector>

#include "cli/command.hpp"

namespace taquin::cli {

using json = nlohmann::json;

namespace {

// Finished searches are kept this long for polling, and at most this many.
constexpr auto kKeepFinished = std::chrono::minutes(10);
constexpr size_t kMaxFinished = 256;

// A new search id: 16 hexadecimal digits drawn at random (not guessable from another's).
std::string new_id() {
  static std::mutex mutex;
  static std::mt19937_64 random{std::random_device{}()};
  std::lock_guard lock(mutex);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(random()));
  return buf;
}

}  // namespace

Search::Search(std::string id, std::string kind) : id_(std::move(id)), kind_(std::move(kind)) {}

void Search::iteration(const IterationReport& report) {
  std::lock_guard lock(mutex_);
  ++iterations_;
  last_ = report;
}

void Search::row(json row, size_t total) {
  std::lock_guard lock(mutex_);
  rows_.push_back(std::move(row));
  rows_total_ = total;
}

void Search::finish(json result, int status) {
  {
    std::lock_guard lock(mutex_);
    result_ = std::move(result);
    status_ = status;
    done_ = true;
    finished_at_ = std::chrono::steady_clock::now();
  }
  finished_.notify_all();
}

json Search::wait(int& status) {
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return done_; });
  status = status_;
  return result_;
}

bool Search::wait_for(std::chrono::milliseconds patience, int& status, json& result) {
  std::unique_lock lock(mutex_);
  if (!finished_.wait_for(lock, patience, [&] { return done_; })) return false;
  status = status_;
  result = result_;
  return true;
}

bool Search::done() const {
  std::lock_guard lock(mutex_);
  return done_;
}

std::chrono::steady_clock::time_point Search::finished_at() const {
  std::lock_guard lock(mutex_);
  return finished_at_;
}

json Search::snapshot() const {
  std::lock_guard lock(mutex_);
  const auto end = done_ ? finished_at_ : std::chrono::steady_clock::now();
  json out = {{"id", id_},
              {"kind", kind_},
              {"state", done_            ? "done"
                        : cancel_.load() ? "stopping"
                                         : "running"},
              {"seconds", std::chrono::duration<double>(end - started_).count()}};
  // IDA*'s last finished iteration: no solution of `bound` moves or fewer exists.
  json progress = {{"iterations", iterations_},
                   {"bound", iterations_ ? json(last_.bound) : json(nullptr)},
                   {"nodes_expanded", last_.nodes_expanded},
                   {"nodes_per_second", per_second(last_.nodes_expanded, last_.seconds)},
                   {"lower_bound", iterations_ ? last_.bound + 1 : 0}};
  out["progress"] = std::move(progress);
  if (kind_ == "compare") {
    out["rows"] = rows_;
    out["rows_total"] = rows_total_;
  }
  if (done_) {
    out["status"] = status_;
    out["result"] = result_;
  }
  return out;
}

std::shared_ptr<Search> SearchRegistry::start(const std::string& kind, bool listed,
                                              std::function<json(Search&, int& status)> work,
                                              std::chrono::milliseconds patience) {
  std::shared_ptr<Search> search;
  {
    std::unique_lock lock(mutex_);
    if (!idle_.wait_for(lock, patience, [&] { return closed_ || running_ < cap_; }) || closed_)
      return nullptr;
    forget_old();
    std::string id;
    do id = new_id();
    while (listed_.count(id) || unlisted_running_.count(id));
    search = std::make_shared<Search>(id, kind);
    (listed ? listed_ : unlisted_running_)[id] = search;
    ++running_;
  }
  std::thread([this, search, listed, work = std::move(work)]() mutable {
    json result;
    int status = 200;
    try {
      result = work(*search, status);
    } catch (const std::exception& e) {
      result = {{"error", std::string("internal error: ") + e.what()}};
      status = 500;
    }
    work = nullptr;  // what it holds goes before the server may end
    search->finish(std::move(result), status);
    // The search's tables were freed into this thread's malloc arena: given back to the system.
    ::malloc_trim(0);
    std::lock_guard lock(mutex_);
    if (!listed) unlisted_running_.erase(search->id());
    --running_;
    idle_.notify_all();
  }).detach();
  return search;
}

std::shared_ptr<Search> SearchRegistry::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto at = listed_.find(id);
  return at == listed_.end() ? nullptr : at->second;
}

void SearchRegistry::cancel_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, search] : listed_) search->cancel();
  for (auto& [id, search] : unlisted_running_) search->cancel();
}

void SearchRegistry::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  cancel_all();
  idle_.notify_all();
}

void SearchRegistry::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return running_ == 0; });
}

int SearchRegistry::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

void SearchRegistry::forget_old() {
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::pair<std::chrono::steady_clock::time_point, std::string>> finished;
  for (auto at = listed_.begin(); at != listed_.end();) {
    if (at->second->done()) {
      const auto when = at->second->finished_at();
      if (now - when > kKeepFinished) {
        at = listed_.erase(at);
        continue;
      }
      finished.emplace_back(when, at->first);
    }
    ++at;
  }
  if (finished.size() < kMaxFinished) return;
  std::sort(finished.begin(), finished.end());
  for (size_t i = 0; i + kMaxFinished <= finished.size(); ++i) listed_.erase(finished[i].second);
}

}  // namespace taquin::cli
