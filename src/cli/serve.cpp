// `taquin serve`: the puzzle in a browser. An HTTP server (cpp-httplib), on loopback unless --host
// says otherwise, serving the embedded page (src/web/) and a JSON API (docs/serve.md): check,
// generate, solve and compare a board, each search under the server's limits and cap, followed by
// polling and stopped by DELETE; only its own page's requests are answered (serve_guard.hpp);
// Ctrl-C cancels the searches and exits 130.
#include <httplib.h>
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include <tbb/global_control.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/serve_assets.hpp"
#include "cli/serve_guard.hpp"
#include "cli/serve_http.hpp"
#include "cli/serve_request.hpp"
#include "cli/server.hpp"

namespace taquin::cli {
namespace {

// The most header fields a request may carry.
constexpr size_t kMaxHeaderFields = 100;

// Connections waiting to be accepted.
constexpr int kListenBacklog = 256;

// The policy of every answer but the page's own files: nothing to run, never in a frame.
constexpr const char* kApiPolicy = "default-src 'none'; frame-ancestors 'none'";

// Answers `error` as JSON {"error": message} with its status.
void answer_error(httplib::Response& response, const ApiError& error) {
  response.status = error.status;
  Server::send(response, {{"error", error.message}});
}

// Runs `handler` and answers its ApiError as JSON {"error": message}.
template <typename F>
httplib::Server::Handler guarded(F handler) {
  return [handler](const httplib::Request& request, httplib::Response& response) {
    try {
      handler(request, response);
    } catch (const ApiError& e) {
      answer_error(response, e);
    }
  };
}

// The body of `request`, read by `reader` up to `cap` bytes whatever its framing: 413 past the
// cap (the rest is not read), 400 when it cannot be read; the connection then closes. A request
// with neither Content-Length nor Transfer-Encoding has no body.
std::string read_body(const httplib::Request& request, const httplib::ContentReader& reader,
                      size_t cap) {
  std::string body;
  if (!request.has_header("Content-Length") && !request.has_header("Transfer-Encoding"))
    return body;
  bool over = false;
  const bool read = reader([&](const char* data, size_t size) {
    if (body.size() + size > cap) {
      over = true;
      return false;
    }
    body.append(data, size);
    return true;
  });
  if (over || !read) HttpServer::close_after_response();
  if (over) throw ApiError{413, "request: the body is over the cap (--max-body)"};
  if (!read) throw ApiError{400, "request: the body could not be read (malformed or too slow)"};
  return body;
}

// A POST route: its body read within `cap` and parsed as a JSON object, then `handler` run on it;
// an ApiError answered as JSON {"error": message}.
template <typename F>
httplib::Server::HandlerWithContentReader posted(size_t cap, F handler) {
  return [cap, handler](const httplib::Request& request, httplib::Response& response,
                        const httplib::ContentReader& reader) {
    try {
      handler(request, response, parse_body(read_body(request, reader, cap)));
    } catch (const ApiError& e) {
      answer_error(response, e);
    }
  };
}

// The options' usage errors, each printed with its line; the server's limits, or nullopt after an
// error.
std::optional<Limits> serve_limits(const ServeOptions& options) {
  if (std::optional<Error> bad_threads = check_threads(options.threads)) {
    print_usage_error(*bad_threads, "serve");
    return std::nullopt;
  }
  if (options.port < 0 || options.port > 65535) {
    print_usage_error({"--port", 0, "a port from 0 (any free port) to 65535"}, "serve");
    return std::nullopt;
  }
  if (options.max_searches < 0 || options.max_searches > 4096) {
    print_usage_error({"--max-searches", 0, "0 (the thread count) to 4096"}, "serve");
    return std::nullopt;
  }
  if (options.max_body < 256 || options.max_body > (size_t{1} << 30)) {
    print_usage_error({"--max-body", 0, "256 to 2^30 bytes"}, "serve");
    return std::nullopt;
  }
  for (const std::string& origin : options.allow_origins) {
    const size_t scheme = origin.find("://");
    const std::string name = scheme == std::string::npos ? "" : origin.substr(0, scheme);
    if ((name != "http" && name != "https") || !parse_authority(origin.substr(scheme + 3))) {
      print_usage_error({"--allow-origin", 0,
                         "an origin such as http://localhost:3000 (scheme, host, port; no path)"},
                        "serve");
      return std::nullopt;
    }
  }
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  if (!limits) {
    print_usage_error(limits.error(), "serve");
    return std::nullopt;
  }
  return *limits;
}

// How each connection is read: its head and body under deadlines and caps (the body's bytes on
// the wire may hold a chunked framing's overhead: its content is capped at --max-body).
ConnectionLimits connection_limits(const ServeOptions& options) {
  ConnectionLimits limits;
  limits.body_bytes = 8 * options.max_body + 64 * 1024;
  return limits;
}

// The server's answers to requests no route takes: one refused by `guard` (its status, and the
// connection closed), an error (JSON {"error"}), an exception (500); the headers of every answer.
void set_up_http(HttpServer& http, const ServeOptions& options, const RequestGuard& guard) {
  http.set_payload_max_length(options.max_body);
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"X-Frame-Options", "DENY"}});
  // Before the body is read: the Host, the Origin, the Content-Type and the body's framing.
  http.set_pre_routing_handler(
      [&guard](const httplib::Request& request, httplib::Response& response) {
        if (std::optional<RequestGuard::Refusal> refused = guard.check(request, response)) {
          answer_error(response, ApiError{refused->status, refused->message});
          HttpServer::close_after_response();
          return httplib::Server::HandlerResponse::Handled;
        }
        if (guard.answer_preflight(request, response))
          return httplib::Server::HandlerResponse::Handled;
        return httplib::Server::HandlerResponse::Unhandled;
      });
  http.set_post_routing_handler([](const httplib::Request&, httplib::Response& response) {
    if (!response.has_header("Content-Security-Policy"))
      response.set_header("Content-Security-Policy", kApiPolicy);
    if (HttpServer::closing_after_response() && response.get_header_value("Connection") != "close")
      response.set_header("Connection", "close");
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
        Server::send(response, {{"error", "internal error: " + clip_text(what, 400)}});
      });
}

// The API's routes on `state`, and the page: the embedded files, nothing else.
void add_routes(httplib::Server& http, Server& state, size_t max_body) {
  http.Get("/api/health", guarded([&state](const httplib::Request&, httplib::Response& response) {
             Server::send(response, state.health());
           }));
  http.Post("/api/check", posted(max_body, [](const httplib::Request&, httplib::Response& response,
                                              const nlohmann::json& body) {
              Server::send(response, check_record(read_job(body)));
            }));
  http.Post("/api/generate",
            posted(max_body, [&state](const httplib::Request&, httplib::Response& response,
                                      const nlohmann::json& body) {
              Server::send(response, state.generate(body));
            }));
  http.Post("/api/solve",
            posted(max_body, [&state](const httplib::Request&, httplib::Response& response,
                                      const nlohmann::json& body) {
              state.run(body, "solve", state.solve_work(body), response, HttpServer::client_gone);
            }));
  http.Post("/api/compare",
            posted(max_body, [&state](const httplib::Request&, httplib::Response& response,
                                      const nlohmann::json& body) {
              state.run(body, "compare", state.compare_work(body), response,
                        HttpServer::client_gone);
            }));
  // Every handler keeps its own copy of `found` (add_routes returns before they run).
  const auto found = [&state](const httplib::Request& request) {
    std::shared_ptr<Search> search = state.searches().find(request.matches[1]);
    if (!search) throw ApiError{404, "search " + std::string(request.matches[1]) + ": unknown"};
    return search;
  };
  http.Get(R"(/api/searches/([0-9a-f]{16}))",
           guarded([found](const httplib::Request& request, httplib::Response& response) {
             Server::send(response, found(request)->snapshot());
           }));
  const auto cancel = [found](const httplib::Request& request, httplib::Response& response) {
    std::shared_ptr<Search> search = found(request);
    search->cancel();
    Server::send(response, search->snapshot());
  };
  http.Delete(R"(/api/searches/([0-9a-f]{16}))", guarded(cancel));
  http.Post(R"(/api/searches/([0-9a-f]{16})/cancel)",
            posted(max_body, [cancel](const httplib::Request& request, httplib::Response& response,
                                      const nlohmann::json&) { cancel(request, response); }));
  // Any other POST: 404, its body not read.
  http.Post(".*", [](const httplib::Request& request, httplib::Response& response,
                     const httplib::ContentReader&) {
    if (request.has_header("Content-Length") || request.has_header("Transfer-Encoding"))
      HttpServer::close_after_response();
    answer_error(response, ApiError{404, "not found"});
  });
  http.Get(".*", guarded([](const httplib::Request& request, httplib::Response& response) {
             const web::Asset* asset = web::find_asset(request.path);
             if (!asset) throw ApiError{404, "not found"};
             response.set_header("Cache-Control", "no-cache");
             response.set_header("Content-Security-Policy",
                                 "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                 "frame-ancestors 'none'");
             response.set_content(std::string(asset->body), std::string(asset->type).c_str());
           }));
}

// Binds `http` to --host and --port and prints the URL (stdout) and a note (stderr); false after
// the error line when it cannot listen there.
bool bind_and_announce(httplib::Server& http, const ServeOptions& options) {
  int port = options.port;
  if (port == 0)
    port = http.bind_to_any_port(options.host);
  else if (!http.bind_to_port(options.host, port))
    port = -1;
  if (port <= 0) {
    print_error({"--port", 0,
                 "cannot listen on " + options.host + ":" + std::to_string(options.port) +
                     " (in use, or not an address of this machine)"});
    return false;
  }
  const std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  const std::string url = "http://" + host + ":" + std::to_string(port) + "/";
  std::cout << url << std::endl;
  std::cerr << "taquin: serving the page and its API on " << url << " (open it in a browser; "
            << "Ctrl-C stops)\n";
  return true;
}

// Answers requests until Ctrl-C or SIGTERM (their status) or a failure to accept (internal),
// then cancels the searches, closes the connections whatever their clients do, and waits for the
// searches to end.
int serve_until_stopped(HttpServer& http, Server& state) {
  InterruptWatch interrupt;
  std::atomic<bool> ended{false};
  std::thread watcher([&] {
    while (!ended.load() && !interrupt.signal())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    state.searches().close();
    // A signal may come before the listener runs: it is stopped once it runs.
    while (!ended.load() && !http.is_running())
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!ended.load()) http.stop();
  });
  const bool listened = http.listen_after_bind();
  ended.store(true);
  watcher.join();
  state.searches().close();
  http.close_connections(std::chrono::seconds(2));
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

// The allocator set to give a search's memory back to the system when it ends: its large blocks
// (the search's tables) mapped apart and unmapped when freed. By default glibc raises that
// threshold as such blocks are freed, and then keeps freed tables in its per-thread arenas.
void give_memory_back() {
  ::mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  ::mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
}

// `taquin serve`: the options checked, the server set up, bound and run until stopped.
int run_serve(const ServeOptions& options) {
  const std::optional<Limits> limits = serve_limits(options);
  if (!limits) return kExitBadInput;
  give_memory_back();
  const int threads = options.threads > 0
                          ? options.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                        static_cast<size_t>(threads));
  Server state(options, *limits, threads);
  const RequestGuard guard(options.host, options.allow_origins, options.max_body, kMaxHeaderFields);
  HttpServer http(connection_limits(options));
  set_up_http(http, options, guard);
  add_routes(http, state, options.max_body);
  if (!bind_and_announce(http, options)) return kExitBadInput;
  http.widen_backlog(kListenBacklog);
  return serve_until_stopped(http, state);
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
  sub->add_option("--allow-origin", options->allow_origins,
                  "An origin (e.g. http://localhost:3000) whose pages may call the API too "
                  "(answered with CORS headers); repeatable. Default: the server's own page only");
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
