// `taquin serve`'s state shared by the handlers (server.hpp): health, generate, solve and compare.
#include "cli/server.hpp"

#include <httplib.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "cli/command.hpp"
#include "cli/serve_guard.hpp"
#include "cli/serve_request.hpp"
#include "cli/solve_record.hpp"
#include "core/generate.hpp"
#include "core/solvability.hpp"
#include "shape/dispatch.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {

using json = nlohmann::json;

Server::Server(const ServeOptions& options, Limits limits, int threads)
    : options_(options),
      limits_(limits),
      threads_(threads),
      searches_(options.max_searches > 0 ? options.max_searches : threads) {}

json Server::health() const {
  return {{"status", "ok"},
          {"version", "0.1.0"},
          {"threads", threads_},
          {"searches_running", searches_.running()},
          {"max_searches", searches_.cap()},
          {"max_body_bytes", options_.max_body},
          {"limits",
           {{"max_seconds", limits_.max_seconds},
            {"max_nodes", limits_.max_nodes},
            {"max_memory", limits_.max_memory_bytes}}}};
}

json Server::generate(const json& body) const {
  const Shape shape = read_shape(body);
  const std::string kind = string_field(body, "kind", "solvable");
  const auto steps_at = body.find("steps");
  int steps = 0;
  if (steps_at != body.end() && !steps_at->is_null()) {
    if (!steps_at->is_number_integer() || steps_at->get<int64_t>() < 0 ||
        steps_at->get<int64_t>() > 100000)
      bad("steps: a whole number from 0 to 100000 is expected");
    steps = static_cast<int>(steps_at->get<int64_t>());
  }
  Random random(std::random_device{}() ^ (uint64_t{std::random_device{}()} << 32));
  Instance board;
  board.shape = shape;
  Job job{board, read_goal(body, board), 1};
  job.instance.source = "generate";
  job.instance.line = 1;
  if (kind == "solvable")
    job.instance.tiles = random_board(random, job.goal, Solvability::Solvable);
  else if (kind == "unsolvable")
    job.instance.tiles = random_board(random, job.goal, Solvability::Unsolvable);
  else if (kind == "any")
    job.instance.tiles = random_board(random, job.goal, Solvability::Any);
  else if (kind == "walk")
    job.instance.tiles = random_walk(random, job.goal, steps);
  else
    bad("kind: unknown kind '" + clip_text(kind, 40) + "' (solvable, unsolvable, any or walk)");
  return check_record(job);
}

// The limits of `body` ("max_seconds", "max_nodes", "max_memory"), none above the server's;
// `seconds` when the body names no time limit (0: the server's).
Limits Server::request_limits(const json& body, double seconds) const {
  Limits limits = limits_;
  if (seconds > 0 && (limits.max_seconds == 0 || seconds < limits.max_seconds))
    limits.max_seconds = seconds;
  const auto number = [&](const char* key) -> std::optional<std::string> {
    const auto at = body.find(key);
    if (at == body.end() || at->is_null()) return std::nullopt;
    if (at->is_string()) return at->get<std::string>();
    if (at->is_number_unsigned() || at->is_number_integer()) return at->dump();
    if (at->is_number_float()) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", at->get<double>());
      return std::string(buf);
    }
    bad(std::string(key) + ": a number is expected");
  };
  if (std::optional<std::string> s = number("max_seconds")) {
    Expected<double> v = parse_seconds_limit(*s, "max_seconds");
    if (!v) bad(v.error().describe());
    if (limits.max_seconds == 0 || *v < limits.max_seconds) limits.max_seconds = *v;
  }
  if (std::optional<std::string> s = number("max_nodes")) {
    Expected<uint64_t> v = parse_node_limit(*s, "max_nodes");
    if (!v) bad(v.error().describe());
    if (limits.max_nodes == 0 || *v < limits.max_nodes) limits.max_nodes = *v;
  }
  if (std::optional<std::string> s = number("max_memory")) {
    Expected<Limits> v = parse_limits(*s, "", "");
    if (!v) bad("max_memory: " + v.error().message);
    limits.max_memory_bytes = std::min(limits.max_memory_bytes, v->max_memory_bytes);
  }
  limits.cancel = nullptr;
  limits.on_iteration = nullptr;
  return limits;
}

Server::Plan Server::solve_plan(const json& body, const Job& job) {
  Plan out;
  out.algorithm = string_field(body, "algorithm", "");
  // None named: the board's default (IDA* up to 25 cells, the anytime search up to 64, else the
  // constructive solver).
  const bool by_default = out.algorithm.empty();
  if (by_default) out.algorithm = algorithm_name(shape::default_algorithm(job.instance.shape));
  const std::optional<Algorithm> algorithm = parse_algorithm(out.algorithm);
  if (!algorithm)
    bad("algorithm: unknown algorithm '" + clip_text(out.algorithm, 40) +
        "' (ida, astar, greedy, uniform, bfs, constructive or anytime)");
  const std::string heuristic = string_field(body, "heuristic", "");
  if (!heuristic.empty() && !parse_heuristic(heuristic))
    bad("heuristic: unknown heuristic '" + clip_text(heuristic, 40) +
        "' (hamming, manhattan, linear or pdb; none: the strongest available)");
  out.plan.algorithm = *algorithm;
  out.plan.threads =
      *algorithm == Algorithm::Ida || *algorithm == Algorithm::Anytime ? threads_ : 1;
  out.plan.limits = request_limits(body, 0);
  if (*algorithm == Algorithm::Anytime) out.plan.weight = kAnytimeWeight;
  if (by_default) {
    out.plan = shape::with_default_algorithm(out.plan, job.instance.shape);
    if (*algorithm != Algorithm::Ida)
      out.reason = shape::default_algorithm_reason(job.instance.shape, out.plan.limits.max_seconds);
  }
  out.choice = HeuristicChoice{parse_heuristic(heuristic).value_or(HeuristicKind::Linear), {}, {}};
  if (uses_heuristic(*algorithm) && is_solvable(job.instance.tiles, job.goal))
    out.choice = heuristic_for(heuristic, job.goal);
  out.plan.heuristic = out.choice.kind;
  // A plan the board's shape does not take (IDA* on 10x10, pdb on a rectangle): refused here.
  if (!is_solvable(job.instance.tiles, job.goal)) return out;
  if (std::optional<Error> problem =
          check_solve_input(job.instance.tiles, job.goal, out.plan, out.choice.databases.get()))
    bad("algorithm: " + problem->message);
  return out;
}

// The heuristic `name` ("" the strongest available) for boards of `goal`: chosen once per goal
// and kept (the databases stay loaded).
HeuristicChoice Server::heuristic_for(const std::string& name, const Goal& goal) {
  std::lock_guard lock(heuristics_mutex_);
  auto at = heuristics_.find(name);
  if (at == heuristics_.end())
    at = heuristics_
             .emplace(name, std::make_unique<HeuristicCache>(asked_heuristic(name), options_.pdb))
             .first;
  Expected<HeuristicChoice> choice = at->second->get(goal);
  if (!choice) bad(choice.error().describe());
  return *choice;
}

// The record `solve --format json` prints for the job (solve_record.hpp), with its path (null when
// not solved) and the page's extras.
json Server::solve_answer(const Job& job, const Plan& plan, const CheckedSolve& solved) {
  SolveFacts facts;
  facts.id = job.id;
  facts.instance = &job.instance;
  facts.goal = job.goal.tiles();
  facts.result = &solved.result;
  facts.algorithm = plan.algorithm;
  facts.kind = plan.plan.algorithm;
  facts.heuristic = plan.choice.label();
  facts.threads = plan.plan.threads;
  json record(solve_record(facts).fields());
  const json check = check_record(job);
  record["path"] = record_solved(solved.result) ? json(solved.path) : json(nullptr);
  record["goal_name"] = job.goal.name();
  record["colours"] = check["colours"];
  if (!plan.choice.notice.empty()) record["notice"] = plan.choice.notice;
  if (!plan.reason.empty()) record["algorithm_reason"] = plan.reason;
  if (check.contains("note")) record["note"] = check["note"];
  return record;
}

// Solves the request's board: the work of a search.
std::function<json(Search&, int&)> Server::solve_work(const json& body) {
  const Job job = read_job(body);
  Plan plan = solve_plan(body, job);
  return [job, plan](Search& search, int& status) mutable {
    plan.plan.limits.cancel = search.cancel_flag();
    plan.plan.limits.on_iteration = [&search](const IterationReport& r) { search.iteration(r); };
    const CheckedSolve solved =
        solve_checked(job.instance, job.goal, plan.plan, plan.choice.databases.get());
    if (solved.error) {
      status = 500;
      return json{{"error", solved.error->describe()}};
    }
    return solve_answer(job, plan, solved);
  };
}

// The compare table of the request's board: the work of a search, its runs stopped when the
// table's time (--max-seconds) is spent.
std::function<json(Search&, int&)> Server::compare_work(const json& body) {
  const Job job = read_job(body);
  const Limits limits = request_limits(body, kCompareSeconds);
  const bool solvable = is_solvable(job.instance.tiles, job.goal);
  const HeuristicChoice strongest = solvable ? heuristic_for("", job.goal) : HeuristicChoice{};
  const double total_seconds = limits_.max_seconds;  // the whole table's: --max-seconds
  return [job, limits, strongest, solvable, total_seconds](Search& search, int&) {
    const auto started = std::chrono::steady_clock::now();
    json rows = json::array();
    struct Cell {
      Algorithm algorithm;
      const char* name;
      HeuristicKind heuristic;
      std::string heuristic_name;
    };
    // As `taquin compare`: BFS and uniform-cost once, then A*, greedy and IDA* with each
    // heuristic (the databases when they serve the goal); every run on one thread.
    std::vector<Cell> cells = {{Algorithm::Bfs, "bfs", HeuristicKind::Linear, "none"},
                               {Algorithm::Uniform, "uniform", HeuristicKind::Linear, "none"}};
    for (const auto& [algorithm, name] :
         {std::pair{Algorithm::AStar, "astar"}, std::pair{Algorithm::Greedy, "greedy"},
          std::pair{Algorithm::Ida, "ida"}}) {
      cells.push_back({algorithm, name, HeuristicKind::Hamming, "hamming"});
      cells.push_back({algorithm, name, HeuristicKind::Manhattan, "manhattan"});
      cells.push_back({algorithm, name, HeuristicKind::Linear, "linear"});
      if (strongest.kind == HeuristicKind::Pdb)
        cells.push_back({algorithm, name, HeuristicKind::Pdb, strongest.label()});
    }
    json out = check_record(job);
    for (const Cell& cell : cells) {
      if (!solvable) break;
      SearchPlan plan;
      plan.algorithm = cell.algorithm;
      plan.heuristic = cell.heuristic;
      plan.threads = 1;
      plan.limits = limits;
      // A run the board's shape does not take (IDA* above 25 cells) is left out.
      if (check_solve_input(job.instance.tiles, job.goal, plan, strongest.databases.get()))
        continue;
      plan.limits.cancel = search.cancel_flag();
      if (total_seconds > 0) {
        const double left =
            total_seconds -
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (left <= 0) break;
        if (plan.limits.max_seconds == 0 || left < plan.limits.max_seconds)
          plan.limits.max_seconds = left;
      }
      const CheckedSolve solved =
          solve_checked(job.instance, job.goal, plan, strongest.databases.get());
      if (solved.error) throw std::runtime_error(solved.error->describe());
      // The row of `taquin compare --format json` (its seconds as a number).
      SolveFacts facts;
      facts.id = job.id;
      facts.instance = &job.instance;
      facts.result = &solved.result;
      facts.algorithm = cell.name;
      facts.kind = cell.algorithm;
      facts.heuristic = cell.heuristic_name;
      JsonLine line;
      add_solve_columns(line, facts, kCompareColumns);
      json row(line.fields());
      search.row(row, cells.size());
      rows.push_back(std::move(row));
      if (solved.result.outcome == Outcome::Cancelled) break;
    }
    out["rows"] = std::move(rows);
    return out;
  };
}

// Starts `work` (sync: waits and answers its result; "async": true: answers 202 with its id).
void Server::run(const json& body, const std::string& kind, std::function<json(Search&, int&)> work,
                 httplib::Response& response, const std::function<bool()>& client_gone) {
  const auto at = body.find("async");
  if (at != body.end() && !at->is_null() && !at->is_boolean())
    bad("async: true or false is expected");
  const bool async = at != body.end() && at->is_boolean() && at->get<bool>();
  std::shared_ptr<Search> search = searches_.start(kind, async, std::move(work), kPatience);
  if (!search) {
    response.set_header("Retry-After", "1");
    throw ApiError{503, "busy: " + std::to_string(searches_.cap()) +
                            " searches are running, the server's cap (--max-searches); "
                            "retry later"};
  }
  if (async) {
    response.status = 202;
    response.set_header("Location", "/api/searches/" + search->id());
    send(response, search->snapshot());
    return;
  }
  int status = 200;
  json result;
  while (!search->wait_for(kClientCheck, status, result))
    if (client_gone()) search->cancel();
  response.status = status;
  send(response, result);
}

void Server::send(httplib::Response& response, const json& value) {
  response.set_content(value.dump(-1, ' ', false, json::error_handler_t::replace) + "\n",
                       "application/json");
}

}  // namespace taquin::cli
