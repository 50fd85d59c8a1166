// `taquin serve`'s state shared by the handlers: its options and limits, its searches, the
// heuristic of each goal, and the work of each endpoint (docs/serve.md).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/job_stream.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/serve_searches.hpp"
#include "cli/serve_solve.hpp"
#include "taquin/search/solver.hpp"

namespace httplib {
struct Response;
}

namespace taquin::cli {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  PdbChoice pdb;
  int threads = 0;                        // 0: all cores
  std::string max_seconds = "60";         // each search's limits: a request may ask for less
  std::string max_nodes = "10000000000";  // 10^10
  std::string max_memory = "1G";
  int max_searches = 0;                    // 0: the thread count
  size_t max_body = 64 * 1024;             // bytes of a request's body
  std::vector<std::string> allow_origins;  // origins besides the server's own (CORS)
};

// How long a search waits for a free slot when --max-searches run, before it is answered 503: a
// burst of small solves queues instead of failing.
inline constexpr std::chrono::milliseconds kPatience{1000};

// How often a synchronous search looks whether its client has gone.
inline constexpr std::chrono::milliseconds kClientCheck{100};

// The compare table's limits for each run when the request names none (as `taquin compare`).
inline constexpr double kCompareSeconds = 10.0;

// The server's state shared by the handlers. Its methods raise ApiError (serve_request.hpp) for
// a request they refuse.
class Server {
 public:
  Server(const ServeOptions& options, Limits limits, int threads);

  SearchRegistry& searches() { return searches_; }

  // The answer to GET /api/health: the version, threads, searches and limits.
  nlohmann::json health() const;

  // The answer to POST /api/generate: a board drawn as the body asks, as check_record.
  nlohmann::json generate(const nlohmann::json& body) const;

  // The plan a request asks for, within the server's limits; `algorithm` as named, and the
  // heuristic chosen for the job's goal.
  struct Plan {
    SearchPlan plan;
    std::string algorithm;
    HeuristicChoice choice;
    std::string reason;  // why the default algorithm is not IDA*, when not named (else empty)
  };

  // The limits of `body` ("max_seconds", "max_nodes", "max_memory"), none above the server's;
  // `seconds` when the body names no time limit (0: the server's).
  Limits request_limits(const nlohmann::json& body, double seconds) const;

  // The plan of a solve request for `job`: its algorithm, heuristic and limits.
  Plan solve_plan(const nlohmann::json& body, const Job& job);

  // The heuristic `name` ("" the strongest available) for boards of `goal`: chosen once per goal
  // and kept (the databases stay loaded).
  HeuristicChoice heuristic_for(const std::string& name, const Goal& goal);

  // The record `solve --format json` prints for the job, with its path and the page's extras.
  static nlohmann::json solve_answer(const Job& job, const Plan& plan, const CheckedSolve& solved);

  // Solves the request's board: the work of a search.
  std::function<nlohmann::json(Search&, int&)> solve_work(const nlohmann::json& body);

  // The compare table of the request's board: the work of a search, within --max-seconds as a
  // whole (the runs left when it is spent are not run).
  std::function<nlohmann::json(Search&, int&)> compare_work(const nlohmann::json& body);

  // Starts `work` (sync: waits and answers its result, cancelling it as soon as `client_gone`
  // says the client has gone; "async": true: answers 202 with its id).
  void run(const nlohmann::json& body, const std::string& kind,
           std::function<nlohmann::json(Search&, int&)> work, httplib::Response& response,
           const std::function<bool()>& client_gone);

  // Answers `value` as one line of JSON (bytes that are not UTF-8 replaced: it never throws).
  static void send(httplib::Response& response, const nlohmann::json& value);

 private:
  const ServeOptions& options_;
  const Limits limits_;
  const int threads_;
  SearchRegistry searches_;
  std::mutex heuristics_mutex_;
  std::map<std::string, std::unique_ptr<HeuristicCache>> heuristics_;
};

}  // namespace taquin::cli
