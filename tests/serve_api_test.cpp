// `taquin serve`'s JSON API against a server on a free loopback port: every endpoint, bad inputs
// (400), the body cap (413), the search cap (503), cancellation, limits, Ctrl-C, and optimal
// lengths checked against the library's own BFS on 3x3.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "cli/solve_record.hpp"
#include "cli_run.hpp"
#include "core/generate.hpp"
#include "core/replay.hpp"
#include "core/solvability.hpp"
#include "serve_server.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/solver.hpp"

namespace taquin {
namespace {

using json = nlohmann::json;
using testing::ServeProcess;

// Korf & Felner's first 24-puzzle instance (blank-first goal, optimal 95): hours for IDA* with
// Manhattan.
constexpr const char* kHard5x5 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";

// One server for the suite: one thread, one search at a time, a 4 KiB body cap.
class ServeApi : public testing::SuiteServer<1> {
 protected:
  static httplib::Client client() {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_read_timeout(120, 0);
    return c;
  }
  // POSTs `body` (raw text) to `path`; the status and the parsed answer (every answer is JSON).
  static std::pair<int, json> post(const std::string& path, const std::string& body) {
    httplib::Result r = client().Post(path.c_str(), body, "application/json");
    if (!r) return {0, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  static std::pair<int, json> post(const std::string& path, const json& body) {
    return post(path, body.dump());
  }
  static std::pair<int, json> get(const std::string& path) {
    httplib::Result r = client().Get(path.c_str());
    if (!r) return {0, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  // Polls search `id` until it is done (at most 60 s); its last snapshot.
  static json wait_done(const std::string& id) {
    json snap;
    for (int i = 0; i < 600; ++i) {
      snap = get("/api/searches/" + id).second;
      if (snap.value("state", "") == "done") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return snap;
  }
};

// A 400 whose answer is {"error": one line naming `where`}.
void expect_bad(const std::pair<int, json>& answer, const std::string& where) {
  EXPECT_EQ(answer.first, 400) << answer.second.dump();
  ASSERT_TRUE(answer.second.is_object()) << where;
  const std::string error = answer.second.value("error", "");
  EXPECT_NE(error.find(where), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST_F(ServeApi, HealthReportsTheLimitsAndTheCap) {
  const auto [status, health] = get("/api/health");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(health["status"], "ok");
  EXPECT_EQ(health["threads"], 1);
  EXPECT_EQ(health["max_searches"], 1);
  EXPECT_EQ(health["max_body_bytes"], 4096);
  EXPECT_EQ(health["limits"]["max_seconds"], 60.0);
  EXPECT_EQ(health["limits"]["max_nodes"], 10000000000ull);
  EXPECT_EQ(health["limits"]["max_memory"], 1ull << 30);
}

TEST_F(ServeApi, ServesTheEmbeddedPageAndNothingElse) {
  httplib::Client c = client();
  httplib::Result page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(page->body.find("<title>taquin"), std::string::npos);
  for (const char* asset : {"/app.js", "/style.css"}) {
    httplib::Result r = c.Get(asset);
    ASSERT_TRUE(r) << asset;
    EXPECT_EQ(r->status, 200) << asset;
    EXPECT_GT(r->body.size(), 1000u) << asset;
  }
  // No file of the machine: traversal, absolute paths, the sources, the build.
  for (const char* path :
       {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/etc/passwd", "/src/web/index.html",
        "/index.html/", "/api", "/api/nothing", "//etc/passwd", "/app.js/../../CMakeLists.txt"}) {
    httplib::Result r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
    EXPECT_EQ(r->body.find("cmake_minimum_required"), std::string::npos) << path;
    EXPECT_EQ(r->body.find("root:"), std::string::npos) << path;
  }
}

TEST_F(ServeApi, RefusesHostsThatAreNotLoopback) {
  httplib::Client c = client();
  httplib::Result r = c.Get("/api/health", {{"Host", "attacker.example:8080"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  httplib::Result ok = c.Get("/api/health", {{"Host", "localhost:8080"}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(ServeApi, ChecksABoardInAnyFormat) {
  // The 42 format (with the standard goal named), a grid, one line and an array: the same board.
  for (const json& board : {json("3\n1 2 3\n4 5 6\n7 0 8\n"), json("1 2 3\n4 5 6\n7 0 8"),
                            json("1 2 3 4 5 6 7 0 8"), json::array({1, 2, 3, 4, 5, 6, 7, 0, 8})}) {
    json body{{"board", board}};
    if (board.is_string() && board.get<std::string>().starts_with("3\n")) body["goal"] = "standard";
    const auto [status, rec] = post("/api/check", body);
    ASSERT_EQ(status, 200) << rec.dump();
    EXPECT_EQ(rec["size"], 3);
    EXPECT_EQ(rec["board"], json::array({1, 2, 3, 4, 5, 6, 7, 0, 8}));
    EXPECT_EQ(rec["goal"], json::array({1, 2, 3, 4, 5, 6, 7, 8, 0}));
    EXPECT_EQ(rec["solvable"], true);
    EXPECT_EQ(rec["colours"].size(), 9u);
    EXPECT_EQ(rec["colours"][0], "#ffffff");
  }
  // Two tiles swapped: unsolvable for the standard goal, solvable for the snail goal.
  const auto [status, rec] = post("/api/check", json{{"board", "2 1 3 4 5 6 7 8 0"}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(rec["solvable"], false);
  const auto [s2, snail] =
      post("/api/check", json{{"board", "2 1 3 4 5 6 7 8 0"}, {"goal", "snail"}});
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(snail["goal"], json::array({1, 2, 3, 8, 0, 4, 7, 6, 5}));
  EXPECT_EQ(snail["solvable"],
            is_solvable(std::vector<Tile>{2, 1, 3, 4, 5, 6, 7, 8, 0}, Goal::snail(3)));
  // A board in the 42 format means the snail goal unless the request names one ("42" is the snail).
  const json snail_tiles = json::array({1, 2, 3, 8, 0, 4, 7, 6, 5});
  for (const json& goal : {json(nullptr), json("42"), json("snail")}) {
    json body{{"board", "3\n1 2 3\n8 4 0\n7 6 5\n"}};
    if (!goal.is_null()) body["goal"] = goal;
    const auto [s42, rec42] = post("/api/check", body);
    ASSERT_EQ(s42, 200) << rec42.dump();
    EXPECT_EQ(rec42["goal"], snail_tiles);
    EXPECT_EQ(rec42["goal_name"], "snail");
    EXPECT_EQ(rec42["solvable"], true);
  }
  const auto [s42s, rec42s] =
      post("/api/check", json{{"board", "3\n1 2 3\n8 4 0\n7 6 5\n"}, {"goal", "standard"}});
  ASSERT_EQ(s42s, 200);
  EXPECT_EQ(rec42s["goal"], json::array({1, 2, 3, 4, 5, 6, 7, 8, 0}));
  // A custom goal given as tiles.
  const auto [s3, custom] =
      post("/api/check", json{{"board", "1 2 3 4 5 6 7 0 8"}, {"goal", "0 1 2 3 4 5 6 7 8"}});
  ASSERT_EQ(s3, 200) << custom.dump();
  EXPECT_EQ(custom["goal"], json::array({0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST_F(ServeApi, GeneratesBoards) {
  for (int size : {3, 4, 5}) {
    const auto [status, rec] = post("/api/generate", json{{"size", size}, {"kind", "solvable"}});
    ASSERT_EQ(status, 200) << rec.dump();
    EXPECT_EQ(rec["size"], size);
    EXPECT_EQ(rec["board"].size(), static_cast<size_t>(size * size));
    EXPECT_EQ(rec["solvable"], true);
    const std::vector<Tile> tiles = rec["board"].get<std::vector<Tile>>();
    EXPECT_TRUE(is_solvable(tiles, Goal::standard(size)));
  }
  const auto [status, walk] =
      post("/api/generate", json{{"size", 4}, {"kind", "walk"}, {"steps", 0}, {"goal", "snail"}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(walk["board"], walk["goal"]);  // a walk of no move is the goal
  for (const json& size : {json(11), json("3x"), json("11x2"), json(1), json(true)})
    expect_bad(post("/api/generate", json{{"size", size}}), "size");
  expect_bad(post("/api/generate", json{{"kind", "chaos"}}), "kind");
}

TEST_F(ServeApi, GeneratesAndChecksRectanglesUpToTenByTen) {
  for (const json& size : {json("3x4"), json("10x10"), json(10), json("2X7")}) {
    const auto [status, rec] = post("/api/generate", json{{"size", size}, {"goal", "snail"}});
    ASSERT_EQ(status, 200) << rec.dump();
    const int rows = rec["rows"], cols = rec["cols"];
    EXPECT_EQ(rec["board"].size(), static_cast<size_t>(rows * cols)) << size;
    EXPECT_EQ(rec["colours"].size(), static_cast<size_t>(rows * cols)) << size;
    EXPECT_EQ(rec["size"], rows == cols ? json(rows) : json(nullptr)) << size;
    EXPECT_EQ(rec["solvable"], true);
    const Shape shape{rows, cols};
    EXPECT_TRUE(is_solvable(rec["board"].get<std::vector<Tile>>(), Goal::snail(shape))) << size;
  }
  // A rectangle given as its "R C" line and rows.
  const auto [status, rec] =
      post("/api/check", json{{"board", "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n"}});
  ASSERT_EQ(status, 200) << rec.dump();
  EXPECT_EQ(rec["rows"], 3);
  EXPECT_EQ(rec["cols"], 4);
  EXPECT_EQ(rec["size"], nullptr);
  EXPECT_EQ(rec["goal"], json::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}));
  EXPECT_EQ(rec["solvable"], true);
  // The same board as an array of rows (3x2 too: no size line to mistake a row for).
  const auto [s_rows, by_rows] = post(
      "/api/check", json{{"board", json::array({{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 0, 11}})}});
  ASSERT_EQ(s_rows, 200) << by_rows.dump();
  EXPECT_EQ(by_rows["board"], rec["board"]);
  const auto [s32, three_two] =
      post("/api/check", json{{"board", json::array({{1, 2}, {3, 4}, {5, 0}})}});
  ASSERT_EQ(s32, 200) << three_two.dump();
  EXPECT_EQ(three_two["rows"], 3);
  EXPECT_EQ(three_two["cols"], 2);
  expect_bad(post("/api/check", json{{"board", json::array({{1, 2, 3}, {4, 0}})}}), "board");
  // Over the server's 10 rows and columns: refused.
  const Goal big = Goal::standard(Shape{11, 3});
  expect_bad(
      post("/api/check",
           json{{"board", "11 3\n" + format_board(big.tiles(), big.shape(), BoardFormat::Grid)}}),
      "board");
}

TEST_F(ServeApi, SolvesRectanglesWithTheDefaultAlgorithm) {
  // 3x4: IDA*, optimal.
  const auto [s34, small] =
      post("/api/solve", json{{"board", "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n"}});
  ASSERT_EQ(s34, 200) << small.dump();
  EXPECT_EQ(small["algorithm"], "ida");
  EXPECT_EQ(small["outcome"], "solved");
  EXPECT_EQ(small["length"], 1);
  EXPECT_EQ(small["optimal"], true);
  EXPECT_EQ(small["rows"], 3);
  EXPECT_EQ(small["cols"], 4);
  EXPECT_FALSE(small.contains("algorithm_reason"));
  // 10x10: the constructive solver, not proven optimal, with its lower bound and the reason.
  const auto [sg, drawn] = post("/api/generate", json{{"size", "10x10"}});
  ASSERT_EQ(sg, 200) << drawn.dump();
  const auto [s10, rec] = post("/api/solve", json{{"board", drawn["board"]}});
  ASSERT_EQ(s10, 200) << rec.dump();
  EXPECT_EQ(rec["algorithm"], "constructive");
  EXPECT_EQ(rec["outcome"], "solved");
  EXPECT_EQ(rec["optimal"], false);
  EXPECT_EQ(rec["rows"], 10);
  EXPECT_EQ(rec["cols"], 10);
  ASSERT_TRUE(rec["lower_bound"].is_number_integer()) << rec["lower_bound"];
  EXPECT_LE(rec["lower_bound"].get<int>(), rec["length"].get<int>());
  EXPECT_NE(rec["algorithm_reason"].get<std::string>().find("constructive"), std::string::npos);
  ASSERT_EQ(rec["path"].size(), rec["length"].get<size_t>() + 1);
  EXPECT_EQ(rec["path"].front(), drawn["board"]);
  EXPECT_EQ(rec["path"].back(), rec["goal"]);
  // IDA* named on 10x10: refused, not an internal error.
  expect_bad(post("/api/solve", json{{"board", drawn["board"]}, {"algorithm", "ida"}}),
             "algorithm");
  // The pattern databases of a rectangle up to 25 cells, built in the server.
  const auto pdb = post(
      "/api/solve", json{{"board", "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n"}, {"heuristic", "pdb"}});
  ASSERT_EQ(pdb.first, 200) << pdb.second.dump();
  EXPECT_EQ(pdb.second["heuristic"], "pdb 3x4 6-5");
  EXPECT_EQ(pdb.second["length"], 1);
  EXPECT_EQ(pdb.second["optimal"], true);
}

TEST_F(ServeApi, SolvesOptimallyAsTheLibrarysBfsSays) {
  const Goal goal = Goal::standard(3);
  Random random(29);
  for (const char* algorithm : {"ida", "astar", "bfs"}) {
    for (int i = 0; i < 6; ++i) {
      const std::vector<Tile> tiles = random_board(random, goal, Solvability::Solvable);
      SearchPlan plan;
      plan.algorithm = Algorithm::Bfs;
      const SearchResult bfs = run_search<3>(goal.canonical<3>(tiles), plan, nullptr);
      ASSERT_EQ(bfs.outcome, Outcome::Solved);
      const auto [status, rec] =
          post("/api/solve", json{{"board", tiles}, {"algorithm", algorithm}});
      ASSERT_EQ(status, 200) << rec.dump();
      EXPECT_EQ(rec["outcome"], "solved");
      EXPECT_EQ(rec["length"], bfs.moves.size()) << algorithm;
      EXPECT_EQ(rec["optimal"], true);
      EXPECT_EQ(rec["algorithm"], algorithm);
      // The moves replay from the board to the goal, through the path given.
      Expected<std::vector<Dir>> moves = parse_moves(rec["moves"].get<std::string>());
      ASSERT_TRUE(moves);
      Expected<std::vector<std::vector<Tile>>> path = replay_solution(tiles, *moves, goal);
      ASSERT_TRUE(path) << path.error().describe();
      EXPECT_EQ(rec["path"], json(*path));
    }
  }
}

TEST_F(ServeApi, SolveRecordHasTheCliFields) {
  const auto [status, rec] = post("/api/solve", json{{"board", "1 2 3 4 5 6 0 7 8"}});
  ASSERT_EQ(status, 200);
  // The solve record's columns (src/cli/solve_record.hpp), the path and the page's extras.
  for (const std::string_view key : cli::kSolveColumns) EXPECT_TRUE(rec.contains(key)) << key;
  for (const char* key : {"path", "goal_name", "colours"}) EXPECT_TRUE(rec.contains(key)) << key;
  EXPECT_EQ(rec["length"], 2);
  EXPECT_EQ(rec["moves"], "RR");
  EXPECT_EQ(rec["heuristic"], "linear");
  EXPECT_TRUE(rec["lower_bound"].is_null());
  // Unsolvable: answered without a search.
  const auto [s2, unsolvable] = post("/api/solve", json{{"board", "2 1 3 4 5 6 7 8 0"}});
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(unsolvable["outcome"], "unsolvable");
  EXPECT_TRUE(unsolvable["length"].is_null());
  EXPECT_EQ(unsolvable["nodes_expanded"], 0);
}

TEST_F(ServeApi, BadInputIsA400WithTheCliMessage) {
  expect_bad(post("/api/solve", std::string("{\"board\": [1, 2,")), "malformed JSON");
  expect_bad(post("/api/solve", std::string("[1, 2, 3]")), "JSON object");
  expect_bad(post("/api/solve", json::object()), "board: missing");
  expect_bad(post("/api/solve", json{{"board", "1 2 3"}}), "board:1:");
  expect_bad(post("/api/solve", json{{"board", "1 1 2 3 4 5 6 7 8"}}), "board:1:");
  expect_bad(post("/api/solve", json{{"board", json::array({1, "2"})}}), "board");
  expect_bad(post("/api/solve", json{{"board", 12}}), "board");
  expect_bad(post("/api/check", json{{"board", "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0"}}),
             "one board");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"goal", "spiral"}}),
             "unknown goal");
  // A goal is never read from a file of the server.
  for (const char* file : {"/etc/passwd", "CMakeLists.txt", "../README.md"})
    expect_bad(post("/api/check", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"goal", file}}), "goal");
  expect_bad(post("/api/check", json{{"board", "1 2 3 4 5 6 7 8 0"},
                                     {"goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"}}),
             "goal");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"algorithm", "dijkstra"}}),
             "algorithm");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"heuristic", "magic"}}),
             "heuristic");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"heuristic", "pdb"}}), "3x3");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"max_seconds", -1}}),
             "max_seconds");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"max_nodes", 0}}),
             "max_nodes");
  expect_bad(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 8 0"}, {"async", "yes"}}), "async");
  // The server still answers.
  EXPECT_EQ(get("/api/health").first, 200);
}

TEST_F(ServeApi, BodyOverTheCapIsA413) {
  const std::string big = json{{"board", std::string(5000, ' ') + "1 2 3 4 5 6 7 8 0"}}.dump();
  const auto [status, answer] = post("/api/solve", big);
  EXPECT_EQ(status, 413);
  EXPECT_EQ(get("/api/health").first, 200);
}

TEST_F(ServeApi, LimitStopAnswersTheLowerBound) {
  const auto [status, rec] = post("/api/solve", json{{"board", kHard5x5},
                                                     {"goal", "zero-first"},
                                                     {"heuristic", "manhattan"},
                                                     {"max_nodes", 200000}});
  ASSERT_EQ(status, 200) << rec.dump();
  EXPECT_EQ(rec["outcome"], "node-limit");
  EXPECT_TRUE(rec["length"].is_null());
  EXPECT_GT(rec["lower_bound"].get<int>(), 0);
  EXPECT_LE(rec["lower_bound"].get<int>(), 95);  // the optimum is 95
}

TEST_F(ServeApi, SearchesAreCappedFollowedAndCancelled) {
  const auto [status, started] = post("/api/solve", json{{"board", kHard5x5},
                                                         {"goal", "zero-first"},
                                                         {"heuristic", "manhattan"},
                                                         {"async", true}});
  ASSERT_EQ(status, 202) << started.dump();
  const std::string id = started["id"];
  EXPECT_EQ(started["state"], "running");
  // The cap (1): another search is refused with Retry-After; check still answers.
  httplib::Result busy =
      client().Post("/api/solve", R"({"board": "1 2 3 4 5 6 7 0 8"})", "application/json");
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->status, 503);
  EXPECT_EQ(busy->get_header_value("Retry-After"), "1");
  EXPECT_EQ(post("/api/compare", json{{"board", "1 2 3 4 5 6 7 0 8"}}).first, 503);
  EXPECT_EQ(post("/api/check", json{{"board", "1 2 3 4 5 6 7 0 8"}}).first, 200);
  // Progress: IDA*'s finished iterations.
  json snap;
  for (int i = 0; i < 300; ++i) {
    snap = get("/api/searches/" + id).second;
    if (snap["progress"]["iterations"].get<int>() >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(snap["state"], "running") << snap.dump();
  const int bound = snap["progress"]["bound"];
  EXPECT_GE(bound, 1);
  EXPECT_EQ(snap["progress"]["lower_bound"], bound + 1);
  EXPECT_GT(snap["progress"]["nodes_expanded"].get<uint64_t>(), 0u);
  // DELETE stops it; its record keeps the lower bound proved.
  httplib::Result del = client().Delete(("/api/searches/" + id).c_str());
  ASSERT_TRUE(del);
  EXPECT_EQ(del->status, 200);
  const json done = wait_done(id);
  ASSERT_EQ(done["state"], "done") << done.dump();
  EXPECT_EQ(done["status"], 200);
  EXPECT_EQ(done["result"]["outcome"], "cancelled");
  EXPECT_GE(done["result"]["lower_bound"].get<int>(), bound + 1);
  // The slot is free again.
  EXPECT_EQ(post("/api/solve", json{{"board", "1 2 3 4 5 6 7 0 8"}}).first, 200);
  // Unknown ids.
  EXPECT_EQ(get("/api/searches/0123456789abcdef").first, 404);
  EXPECT_EQ(post("/api/searches/0123456789abcdef/cancel", json::object()).first, 404);
}

TEST_F(ServeApi, ComparesEveryAlgorithm) {
  const auto [status, table] = post("/api/compare", json{{"board", "4 1 3 7 2 6 0 5 8"}});
  ASSERT_EQ(status, 200) << table.dump();
  const json& rows = table["rows"];
  ASSERT_EQ(rows.size(), 11u);  // bfs, uniform, then 3 algorithms x 3 heuristics
  SearchPlan plan;
  plan.algorithm = Algorithm::Bfs;
  const Goal goal = Goal::standard(3);
  const SearchResult bfs =
      run_search<3>(goal.canonical<3>(std::vector<Tile>{4, 1, 3, 7, 2, 6, 0, 5, 8}), plan, nullptr);
  for (const json& row : rows) {
    EXPECT_EQ(row["outcome"], "solved") << row.dump();
    if (row["algorithm"] != "greedy") {
      EXPECT_EQ(row["length"], bfs.moves.size()) << row.dump();
      EXPECT_EQ(row["optimal"], true) << row.dump();
    }
    for (const std::string_view key : cli::kCompareColumns) EXPECT_TRUE(row.contains(key)) << key;
    EXPECT_EQ(row.size(), cli::kCompareColumns.size()) << row.dump();
  }
  // Asynchronous: the rows are followed as they come.
  const auto [s2, started] =
      post("/api/compare", json{{"board", "4 1 3 7 2 6 0 5 8"}, {"async", true}});
  ASSERT_EQ(s2, 202);
  const json done = wait_done(started["id"]);
  EXPECT_EQ(done["rows"].size(), 11u);
  EXPECT_EQ(done["rows_total"], 11);
  EXPECT_EQ(done["result"]["rows"], done["rows"]);
}

TEST(ServeProcessTest, CtrlCCancelsTheSearchesAndExits130) {
  ServeProcess server({"--threads", "1"});
  ASSERT_GT(server.port(), 0);
  httplib::Client c("127.0.0.1", server.port());
  httplib::Result started = c.Post(
      "/api/solve",
      json{{"board", kHard5x5}, {"goal", "zero-first"}, {"heuristic", "manhattan"}, {"async", true}}
          .dump(),
      "application/json");
  ASSERT_TRUE(started);
  ASSERT_EQ(started->status, 202);
  EXPECT_EQ(server.stop(), 130);
}

TEST(ServeProcessTest, BadOptionsExit2) {
  for (const char* args :
       {"--port 70000", "--threads -1", "--max-seconds 0", "--max-searches -1"}) {
    const testing::CliRun run = testing::run_program(TAQUIN_BINARY, std::string("serve ") + args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.err;
    EXPECT_TRUE(run.out.empty()) << args;
  }
}

}  // namespace
}  // namespace taquin
