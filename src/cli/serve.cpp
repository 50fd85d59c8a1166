// `taquin serve`: the puzzle in a browser. An HTTP server (cpp-httplib), on loopback unless --host
// says otherwise, serving the embedded page (src/web/) and a JSON API (docs/serve.md): check,
// generate, solve and compare a board, each search under the server's limits and cap, followed by
// polling and stopped by DELETE; Ctrl-C cancels the searches and exits 130.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include <tbb/global_control.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/memory_size.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/serve_assets.hpp"
#include "cli/serve_searches.hpp"
#include "cli/serve_solve.hpp"
#include "core/generate.hpp"
#include "core/solvability.hpp"
#include "render/render.hpp"

namespace taquin::cli {
namespace {

using json = nlohmann::json;

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  PdbChoice pdb;
  int threads = 0;                        // 0: all cores
  std::string max_seconds = "60";         // each search's limits: a request may ask for less
  std::string max_nodes = "10000000000";  // 10^10
  std::string max_memory = "1G";
  int max_searches = 0;         // 0: the thread count
  size_t max_body = 64 * 1024;  // bytes of a request's body
};

// How long a search waits for a free slot when --max-searches run, before it is answered 503: a
// burst of small solves queues instead of failing.
constexpr std::chrono::milliseconds kPatience{1000};

// The compare table's limits for each run when the request names none (as `taquin compare`).
constexpr double kCompareSeconds = 10.0;

// An answer other than 200, raised inside a handler: its HTTP status and its one-line message.
struct ApiError {
  int status;
  std::string message;
};

[[noreturn]] void bad(std::string message) {
  throw ApiError{400, std::move(message)};
}

// The request's body as a JSON object ({} when empty).
json parse_body(const httplib::Request& request) {
  if (request.body.empty()) return json::object();
  json body;
  try {
    body = json::parse(request.body);
  } catch (const json::parse_error& e) {
    bad(std::string("request: malformed JSON: ") + e.what());
  }
  if (!body.is_object()) bad("request: the body must be a JSON object");
  return body;
}

// The string field `key` of `body`, `fallback` when absent or null.
std::string string_field(const json& body, const char* key, std::string fallback) {
  const auto at = body.find(key);
  if (at == body.end() || at->is_null()) return fallback;
  if (!at->is_string()) bad(std::string(key) + ": a string is expected");
  return at->get<std::string>();
}

// A board or a goal given as text or as an array of numbers, as text.
std::string board_text(const json& value, const char* key) {
  if (value.is_string()) return value.get<std::string>();
  if (!value.is_array()) bad(std::string(key) + ": a string or an array of numbers is expected");
  std::string text;
  for (const json& v : value) {
    if (!v.is_number_integer()) bad(std::string(key) + ": an array of whole numbers is expected");
    text += (text.empty() ? "" : " ") + std::to_string(v.get<int64_t>());
  }
  return text;
}

// The one board of the request's "board" (any format taquin reads); errors as the CLI words them.
Instance read_board(const json& body) {
  const auto at = body.find("board");
  if (at == body.end() || at->is_null())
    bad("board: missing (give the tiles in any format taquin reads, or an array)");
  BoardReader reader = BoardReader::of_text(board_text(*at, "board"), "board");
  std::optional<Expected<Instance>> first = reader.next();
  if (!first) bad("board: no board found");
  if (!*first) bad(first->error().describe());
  if (reader.next()) bad("board: one board a request, found more");
  return std::move(**first);
}

// The request's "goal" for boards of `side`: a name (standard, zero-first, snail) or a board's
// tiles; never a file name (a client may not make the server read its files).
Goal read_goal(const json& body, int side) {
  const auto at = body.find("goal");
  const std::string text = at == body.end() || at->is_null() ? "standard" : board_text(*at, "goal");
  Expected<GoalSpec> spec = Error{};
  if (text.find_first_of("0123456789") == std::string::npos) {
    std::string word = text;
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word != "standard" && word != "zero-first" && word != "snail" && !word.empty())
      bad("goal: unknown goal '" + text.substr(0, 40) +
          "' (a goal is standard, zero-first, snail, or the tiles of a board)");
    spec = parse_goal_spec(word, "goal");
  } else {
    Expected<std::vector<Instance>> parsed = parse_instances(text, "goal");
    if (!parsed) bad(parsed.error().describe());
    if (parsed->size() != 1)
      bad("goal: a goal must be exactly one board, found " + std::to_string(parsed->size()));
    GoalSpec custom;
    custom.kind = GoalSpec::Kind::Custom;
    custom.custom_side = (*parsed)[0].side;
    custom.custom_tiles = (*parsed)[0].tiles;
    custom.name = format_board(custom.custom_tiles, custom.custom_side, BoardFormat::OneLine);
    spec = custom;
  }
  if (!spec) bad(spec.error().describe());
  Expected<Goal> goal = Goal::for_side(*spec, side);
  if (!goal) bad("goal: " + goal.error().message);
  return *goal;
}

// The request's board and goal.
Job read_job(const json& body) {
  Instance instance = read_board(body);
  Goal goal = read_goal(body, instance.side);
  return Job{std::move(instance), std::move(goal), 1};
}

// "#rrggbb" of each tile (index: the tile, 0 the blank) on `goal`'s board, as the CLI's pictures
// colour it: by the tile's goal cell.
json tile_colours(const Goal& goal) {
  const int cells = goal.side() * goal.side();
  json colours = json::array();
  for (int tile = 0; tile < cells; ++tile) {
    const Rgb rgb = tile == 0 ? kBlankColour : tile_colour(goal.cell_of(tile), cells);
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb.r, rgb.g, rgb.b);
    colours.push_back(buf);
  }
  return colours;
}

// The fields `check --format json` prints for `job`, with the page's extras.
json check_record(const Job& job) {
  const Instance& inst = job.instance;
  const bool solvable = is_solvable(inst.tiles, job.goal);
  json out = {{"id", job.id},
              {"size", inst.side},
              {"board", inst.tiles},
              {"goal", job.goal.tiles()},
              {"solvable", solvable},
              {"source", inst.source},
              {"line", inst.line},
              {"optimal_length", nullptr},
              {"goal_name", job.goal.name()},
              {"colours", tile_colours(job.goal)}};
  if (inst.optimal_length) out["optimal_length"] = *inst.optimal_length;
  if (!solvable) out["note"] = snail_note(job);
  return out;
}

// The server's state shared by the handlers.
class Server {
 public:
  Server(const ServeOptions& options, Limits limits, int threads)
      : options_(options),
        limits_(limits),
        threads_(threads),
        searches_(options.max_searches > 0 ? options.max_searches : threads) {}

  SearchRegistry& searches() { return searches_; }

  json health() const {
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

  json generate(const json& body) const {
    const auto size_at = body.find("size");
    int size = 3;
    if (size_at != body.end() && !size_at->is_null()) {
      if (!size_at->is_number_integer()) bad("size: a whole number from 2 to 8 is expected");
      size = static_cast<int>(std::clamp<int64_t>(size_at->get<int64_t>(), -1, 99));
    }
    if (size < kMinSide || size > kMaxSide)
      bad("size: side " + std::to_string(size) + " is out of range (2 to 8)");
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
    Job job{Instance{}, read_goal(body, size), 1};
    job.instance.side = size;
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
      bad("kind: unknown kind '" + kind.substr(0, 40) + "' (solvable, unsolvable, any or walk)");
    return check_record(job);
  }

  // The plan a request asks for, within the server's limits; `algorithm_name` and the heuristic
  // chosen for the job's goal are set.
  struct Plan {
    SearchPlan plan;
    std::string algorithm;
    HeuristicChoice choice;
  };

  // The limits of `body` ("max_seconds", "max_nodes", "max_memory"), none above the server's;
  // `seconds` when the body names no time limit (0: the server's).
  Limits request_limits(const json& body, double seconds) const {
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

  Plan solve_plan(const json& body, const Job& job) {
    Plan out;
    out.algorithm = string_field(body, "algorithm", "ida");
    const std::optional<Algorithm> algorithm = parse_algorithm(out.algorithm);
    if (!algorithm)
      bad("algorithm: unknown algorithm '" + out.algorithm.substr(0, 40) +
          "' (ida, astar, greedy, uniform or bfs)");
    const std::string heuristic = string_field(body, "heuristic", "");
    if (!heuristic.empty() && !parse_heuristic(heuristic))
      bad("heuristic: unknown heuristic '" + heuristic.substr(0, 40) +
          "' (hamming, manhattan, linear or pdb; none: the strongest available)");
    out.plan.algorithm = *algorithm;
    out.plan.threads = *algorithm == Algorithm::Ida ? threads_ : 1;
    out.plan.limits = request_limits(body, 0);
    out.choice =
        HeuristicChoice{parse_heuristic(heuristic).value_or(HeuristicKind::Linear), {}, {}};
    if (uses_heuristic(*algorithm) && is_solvable(job.instance.tiles, job.goal))
      out.choice = heuristic_for(heuristic, job.goal);
    out.plan.heuristic = out.choice.kind;
    return out;
  }

  // The heuristic `name` ("" the strongest available) for boards of `goal`: chosen once per goal
  // and kept (the databases stay loaded).
  HeuristicChoice heuristic_for(const std::string& name, const Goal& goal) {
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

  // The record `solve --format json` prints for the job, with its path and the page's extras.
  static json solve_record(const Job& job, const Plan& plan, const CheckedSolve& solved) {
    const Instance& inst = job.instance;
    const SearchResult& result = solved.result;
    const bool ok = result.outcome == Outcome::Solved;
    const Stats& s = result.stats;
    json out = check_record(job);
    out.erase("id");
    json record = {
        {"id", job.id},
        {"source", inst.source},
        {"line", inst.line},
        {"size", inst.side},
        {"board", inst.tiles},
        {"goal", job.goal.tiles()},
        {"solvable", result.outcome != Outcome::Unsolvable},
        {"outcome", outcome_name(result.outcome)},
        {"length", ok ? json(result.moves.size()) : json(nullptr)},
        {"moves", ok ? json(moves_string(result.moves)) : json(nullptr)},
        {"optimal", ok && result.optimal},
        {"algorithm", plan.algorithm},
        {"heuristic", uses_heuristic(plan.plan.algorithm) ? plan.choice.label() : "none"},
        {"threads", plan.plan.threads},
        {"states_selected", s.states_selected},
        {"max_states_in_memory", s.max_states_in_memory},
        {"nodes_expanded", s.nodes_expanded},
        {"nodes_generated", s.nodes_generated},
        {"iterations", s.iterations},
        {"seconds", s.seconds},
        {"nodes_per_second", per_second(s.nodes_expanded, s.seconds)},
        {"optimal_length", out["optimal_length"]},
        {"lower_bound",
         ok || result.outcome == Outcome::Unsolvable ? json(nullptr) : json(result.lower_bound)},
        {"path", ok ? json(solved.path) : json(nullptr)},
        {"goal_name", job.goal.name()},
        {"colours", out["colours"]}};
    if (!plan.choice.notice.empty()) record["notice"] = plan.choice.notice;
    if (out.contains("note")) record["note"] = out["note"];
    return record;
  }

  // Solves the request's board: the work of a search.
  std::function<json(Search&, int&)> solve_work(const json& body) {
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
      return solve_record(job, plan, solved);
    };
  }

  // The compare table of the request's board: the work of a search.
  std::function<json(Search&, int&)> compare_work(const json& body) {
    const Job job = read_job(body);
    const Limits limits = request_limits(body, kCompareSeconds);
    const bool solvable = is_solvable(job.instance.tiles, job.goal);
    const HeuristicChoice strongest = solvable ? heuristic_for("", job.goal) : HeuristicChoice{};
    return [job, limits, strongest, solvable](Search& search, int&) {
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
        plan.limits.cancel = search.cancel_flag();
        const CheckedSolve solved =
            solve_checked(job.instance, job.goal, plan, strongest.databases.get());
        if (solved.error) throw std::runtime_error(solved.error->describe());
        const SearchResult& r = solved.result;
        const bool ok = r.outcome == Outcome::Solved;
        const bool bounded = !ok && r.outcome != Outcome::Unsolvable;
        json row = {{"id", job.id},
                    {"source", job.instance.source},
                    {"line", job.instance.line},
                    {"size", job.instance.side},
                    {"algorithm", cell.name},
                    {"heuristic", cell.heuristic_name},
                    {"outcome", outcome_name(r.outcome)},
                    {"length", ok ? json(r.moves.size()) : json(nullptr)},
                    {"optimal", ok && r.optimal},
                    {"states_selected", r.stats.states_selected},
                    {"max_states_in_memory", r.stats.max_states_in_memory},
                    {"nodes_expanded", r.stats.nodes_expanded},
                    {"nodes_generated", r.stats.nodes_generated},
                    {"seconds", r.stats.seconds},
                    {"lower_bound", bounded ? json(r.lower_bound) : json(nullptr)}};
        search.row(row, cells.size());
        rows.push_back(std::move(row));
        if (r.outcome == Outcome::Cancelled) break;
      }
      out["rows"] = std::move(rows);
      return out;
    };
  }

  // Starts `work` (sync: waits and answers its result; "async": true: answers 202 with its id).
  void run(const json& body, const std::string& kind, std::function<json(Search&, int&)> work,
           httplib::Response& response) {
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
    json result = search->wait(status);
    response.status = status;
    send(response, result);
  }

  static void send(httplib::Response& response, const json& value) {
    response.set_content(value.dump() + "\n", "application/json");
  }

 private:
  const ServeOptions& options_;
  const Limits limits_;
  const int threads_;
  SearchRegistry searches_;
  std::mutex heuristics_mutex_;
  std::map<std::string, std::unique_ptr<HeuristicCache>> heuristics_;
};

// Whether `host` names the loopback interface.
bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

// The host part of a Host header ("127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "::1").
std::string host_of(const std::string& header) {
  if (header.starts_with("[")) return header.substr(1, header.find(']') - 1);
  return header.substr(0, header.find(':'));
}

// Runs `handler` and answers its ApiError (or any exception) as JSON {"error": message}.
template <typename F>
httplib::Server::Handler guarded(F handler) {
  return [handler](const httplib::Request& request, httplib::Response& response) {
    try {
      handler(request, response);
    } catch (const ApiError& e) {
      response.status = e.status;
      Server::send(response, {{"error", e.message}});
    }
  };
}

int run_serve(const ServeOptions& options) {
  if (std::optional<Error> bad_threads = check_threads(options.threads)) {
    print_usage_error(*bad_threads, "serve");
    return kExitBadInput;
  }
  if (options.port < 0 || options.port > 65535) {
    print_usage_error({"--port", 0, "a port from 0 (any free port) to 65535"}, "serve");
    return kExitBadInput;
  }
  if (options.max_searches < 0 || options.max_searches > 4096) {
    print_usage_error({"--max-searches", 0, "0 (the thread count) to 4096"}, "serve");
    return kExitBadInput;
  }
  if (options.max_body < 256 || options.max_body > (size_t{1} << 30)) {
    print_usage_error({"--max-body", 0, "256 to 2^30 bytes"}, "serve");
    return kExitBadInput;
  }
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  if (!limits) {
    print_usage_error(limits.error(), "serve");
    return kExitBadInput;
  }
  const int threads = options.threads > 0
                          ? options.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                        static_cast<size_t>(threads));
  Server state(options, *limits, threads);
  httplib::Server http;
  // Enough workers for the searches waited for (each holds one) and for the page's other calls.
  const size_t workers = static_cast<size_t>(std::max(16, 2 * state.searches().cap() + 8));
  http.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
  http.set_payload_max_length(options.max_body);
  http.set_keep_alive_timeout(2);
  http.set_read_timeout(5);
  http.set_write_timeout(5);  // a client that never reads its answer frees its worker then

  // On loopback, only requests addressed to loopback names: a page elsewhere cannot reach the
  // server through a name of its own that resolves to 127.0.0.1 (DNS rebinding).
  const bool loopback = is_loopback(options.host);
  http.set_pre_routing_handler(
      [loopback](const httplib::Request& request, httplib::Response& response) {
        if (!loopback || is_loopback(host_of(request.get_header_value("Host"))))
          return httplib::Server::HandlerResponse::Unhandled;
        response.status = 403;
        Server::send(response,
                     {{"error", "request: Host '" + request.get_header_value("Host").substr(0, 60) +
                                    "' refused: the server answers loopback names only"}});
        return httplib::Server::HandlerResponse::Handled;
      });
  http.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    if (!response.body.empty()) return;
    std::string message = "request: refused (HTTP " + std::to_string(response.status) + ")";
    if (response.status == 413) message = "request: the body is over the cap (--max-body)";
    if (response.status == 404) message = "not found";
    if (response.status == 400)
      message = "request: bad request (a malformed request or another method)";
    Server::send(response, {{"error", message}});
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
        std::string what = "unknown exception";
        try {
          std::rethrow_exception(error);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        response.status = 500;
        Server::send(response, {{"error", "internal error: " + what}});
      });

  http.Get("/api/health", guarded([&](const httplib::Request&, httplib::Response& response) {
             Server::send(response, state.health());
           }));
  http.Post("/api/check",
            guarded([&](const httplib::Request& request, httplib::Response& response) {
              Server::send(response, check_record(read_job(parse_body(request))));
            }));
  http.Post("/api/generate",
            guarded([&](const httplib::Request& request, httplib::Response& response) {
              Server::send(response, state.generate(parse_body(request)));
            }));
  http.Post("/api/solve",
            guarded([&](const httplib::Request& request, httplib::Response& response) {
              const json body = parse_body(request);
              state.run(body, "solve", state.solve_work(body), response);
            }));
  http.Post("/api/compare",
            guarded([&](const httplib::Request& request, httplib::Response& response) {
              const json body = parse_body(request);
              state.run(body, "compare", state.compare_work(body), response);
            }));
  const auto found = [&](const httplib::Request& request) {
    std::shared_ptr<Search> search = state.searches().find(request.matches[1]);
    if (!search) throw ApiError{404, "search " + std::string(request.matches[1]) + ": unknown"};
    return search;
  };
  http.Get(R"(/api/searches/([0-9a-f]{16}))",
           guarded([&](const httplib::Request& request, httplib::Response& response) {
             Server::send(response, found(request)->snapshot());
           }));
  const auto cancel = guarded([&](const httplib::Request& request, httplib::Response& response) {
    std::shared_ptr<Search> search = found(request);
    search->cancel();
    Server::send(response, search->snapshot());
  });
  http.Delete(R"(/api/searches/([0-9a-f]{16}))", cancel);
  http.Post(R"(/api/searches/([0-9a-f]{16})/cancel)", cancel);
  // The page: the embedded files, nothing else.
  http.Get(".*", guarded([](const httplib::Request& request, httplib::Response& response) {
             const web::Asset* asset = web::find_asset(request.path);
             if (!asset) throw ApiError{404, "not found"};
             response.set_header("Cache-Control", "no-cache");
             response.set_header("X-Content-Type-Options", "nosniff");
             response.set_header("Content-Security-Policy",
                                 "default-src 'self'; img-src 'self' data:; object-src 'none'");
             response.set_content(std::string(asset->body), std::string(asset->type).c_str());
           }));

  int port = options.port;
  if (port == 0)
    port = http.bind_to_any_port(options.host);
  else if (!http.bind_to_port(options.host, port))
    port = -1;
  if (port <= 0) {
    print_error({"--port", 0,
                 "cannot listen on " + options.host + ":" + std::to_string(options.port) +
                     " (in use, or not an address of this machine)"});
    return kExitBadInput;
  }
  const std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  const std::string url = "http://" + host + ":" + std::to_string(port) + "/";
  std::cout << url << std::endl;
  std::cerr << "taquin: serving the page and its API on " << url << " (open it in a browser; "
            << "Ctrl-C stops)\n";

  InterruptWatch interrupt;
  std::atomic<bool> ended{false};
  std::thread watcher([&] {
    while (!ended.load() && !interrupt.signal())
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    state.searches().cancel_all();
    http.stop();
  });
  const bool listened = http.listen_after_bind();
  ended.store(true);
  watcher.join();
  state.searches().cancel_all();
  state.searches().wait_idle();
  if (interrupt.signal()) {
    std::cerr << "taquin: interrupted: the server stopped, its searches cancelled\n";
    return interrupt.exit_status();
  }
  if (!listened) {
    print_error({"serve", 0, "the server stopped: cannot accept connections"});
    return kExitInternal;
  }
  return kExitOk;
}

void setup_serve(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* sub = app.add_subcommand(
      "serve", "Serve the puzzle in a browser (a page and a JSON API) on 127.0.0.1");
  sub->add_option("--host", options->host,
                  "Address to listen on (default: loopback only; another address opens the "
                  "server to the network)")
      ->capture_default_str();
  sub->add_option("--port", options->port, "Port to listen on (0: any free port)")
      ->capture_default_str();
  add_pdb_options(sub, options->pdb);
  sub->add_option("--threads,-j", options->threads,
                  "Threads for each IDA* search; 0 (default): all cores")
      ->capture_default_str();
  sub->add_option("--max-searches", options->max_searches,
                  "Searches (solve, compare) running at once; more are answered 503; "
                  "0 (default): the thread count")
      ->capture_default_str();
  sub->add_option("--max-seconds", options->max_seconds,
                  "Most seconds of each search (a request may ask for less)")
      ->capture_default_str();
  sub->add_option("--max-nodes", options->max_nodes,
                  "Most expanded nodes of each search (a request may ask for less)")
      ->capture_default_str();
  sub->add_option("--max-memory", options->max_memory,
                  "Memory of each A*, greedy, uniform or BFS search, e.g. 512M")
      ->capture_default_str();
  sub->add_option("--max-body", options->max_body,
                  "Largest request body in bytes; larger ones are answered 413")
      ->capture_default_str();
  sub->callback([options, &exit_code] { exit_code = run_serve(*options); });
}

const RegisterCommand registered_serve(39, setup_serve);

}  // namespace
}  // namespace taquin::cli
