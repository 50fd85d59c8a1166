// `taquin serve` under clients that do not play fair (issue 50): chunked bodies over --max-body,
// heads too long, too many or too slow, clients that go away during their search, a SIGTERM with
// a slow client attached, and the memory of many searches given back. Raw requests on a real
// server; every time bound is generous (a loaded machine), the figures seen are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "serve_server.hpp"

namespace taquin {
namespace {

using json = nlohmann::json;
using testing::body_of;
using testing::RawClient;
using testing::ServeProcess;
using testing::status_of;
using Clock = std::chrono::steady_clock;

// Korf & Felner's first 24-puzzle instance (blank-first goal): hours for IDA* with Manhattan.
constexpr const char* kHard5x5 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The head of a POST of `path` to the server on `port`, with `more` headers.
std::string post_head(int port, const std::string& path, const std::string& more) {
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nContent-Type: application/json\r\n" + more + "\r\n";
}

// `text` as one chunk of a chunked body.
std::string chunk(const std::string& text) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", text.size());
  return size + text + "\r\n";
}

// POSTs `body` to `path` on a new connection; the raw answer.
std::string post(int port, const std::string& path, const std::string& body) {
  RawClient client(port);
  client.send(
      post_head(port, path,
                "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n") +
      body);
  return client.read_answer(std::chrono::seconds(120));
}

// The searches the server runs (its health), or -1.
int searches_running(int port) {
  RawClient client(port);
  client.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const std::string answer = client.read_answer();
  if (status_of(answer) != 200) return -1;
  return json::parse(body_of(answer), nullptr, false).value("searches_running", -1);
}

// Waits up to `patience` for the server to run no search; the seconds it took, or -1.
double seconds_until_idle(int port, std::chrono::seconds patience) {
  const auto start = Clock::now();
  while (Clock::now() - start < patience) {
    if (searches_running(port) == 0) return seconds_since(start);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

class ServeLimits : public testing::SuiteServer<2> {
 protected:
  static int port() { return server_->port(); }
};

TEST_F(ServeLimits, ChunkedBodiesHoldTheCap) {
  // Under the cap, in small chunks: answered.
  {
    RawClient client(port());
    const std::string body = R"({"board": "1 2 3 4 5 6 7 0 8"})";
    std::string request = post_head(port(), "/api/check", "Transfer-Encoding: chunked\r\n");
    for (size_t i = 0; i < body.size(); i += 5) request += chunk(body.substr(i, 5));
    client.send(request + "0\r\n\r\n");
    const std::string answer = client.read_answer();
    EXPECT_EQ(status_of(answer), 200) << answer;
  }
  // 5 KB over a 4 KB cap: 413.
  {
    RawClient client(port());
    client.send(post_head(port(), "/api/check", "Transfer-Encoding: chunked\r\n") +
                chunk(std::string(5000, ' ')) + "0\r\n\r\n");
    const std::string answer = client.read_answer();
    EXPECT_EQ(status_of(answer), 413) << answer;
  }
  // 64 MB: the server reads no further than the cap; the client cannot send it all.
  const long rss_before = server_->rss_kib();
  {
    RawClient client(port());
    client.send(post_head(port(), "/api/solve", "Transfer-Encoding: chunked\r\n"));
    const std::string piece = chunk(std::string(16 * 1024, ' '));
    size_t sent = 0;
    while (sent < (64u << 20) && client.send(piece, std::chrono::milliseconds(2000)))
      sent += piece.size();
    std::printf("[ figures ] 64 MB chunked body: the client could send %zu KiB\n", sent >> 10);
    EXPECT_LT(sent, 32u << 20);
    const std::string answer = client.read_answer(std::chrono::milliseconds(2000));
    if (!answer.empty()) {
      EXPECT_EQ(status_of(answer), 413) << answer;
    }
  }
  const long rss_after = server_->rss_kib();
  std::printf("[ figures ] server RSS %ld KiB before, %ld KiB after\n", rss_before, rss_after);
  EXPECT_LT(rss_after, rss_before + 16 * 1024);
  EXPECT_EQ(searches_running(port()), 0);
}

TEST_F(ServeLimits, HeadersAreCappedInCountAndBytes) {
  const auto send_headers = [&](int count) {
    RawClient client(port());
    std::string request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (int i = 0; i < count; ++i) request += "X-Header-" + std::to_string(i) + ": v\r\n";
    client.send(request + "\r\n", std::chrono::milliseconds(5000));
    return client.read_answer();
  };
  EXPECT_EQ(status_of(send_headers(50)), 200);
  EXPECT_EQ(status_of(send_headers(1000)), 431);
  const long rss_before = server_->rss_kib();
  const std::string answer = send_headers(1000000);
  EXPECT_NE(status_of(answer), 200);
  EXPECT_LT(server_->rss_kib(), rss_before + 16 * 1024);
  // A request line over the URL cap.
  RawClient client(port());
  client.send("GET /" + std::string(20000, 'a') + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const int status = status_of(client.read_answer());
  EXPECT_TRUE(status == 400 || status == 414) << status;
}

TEST_F(ServeLimits, SlowHeadsHoldNoOneElse) {
  // 20 connections sending their heads a byte at a time.
  std::vector<std::unique_ptr<RawClient>> slow;
  for (int i = 0; i < 20; ++i) slow.push_back(std::make_unique<RawClient>(port()));
  std::atomic<bool> done{false};
  std::thread trickle([&] {
    const std::string head = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    for (size_t i = 0; !done.load(); ++i) {
      for (auto& client : slow) client->send(std::string(1, head[i % head.size()]));
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });
  double worst = 0;
  for (int i = 0; i < 10; ++i) {
    const auto start = Clock::now();
    EXPECT_EQ(searches_running(port()), 0);
    worst = std::max(worst, seconds_since(start));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::printf("[ figures ] health under 20 slow heads: slowest answer %.1f ms\n", worst * 1000);
  EXPECT_LT(worst, 2.0);
  // A head still unfinished after its deadline: the connection is closed.
  const auto start = Clock::now();
  EXPECT_TRUE(slow[0]->closed_by_server(std::chrono::seconds(20)));
  std::printf("[ figures ] a slow head closed after %.1f s more\n", seconds_since(start));
  done.store(true);
  trickle.join();
}

// A sync hard solve whose client goes away (FIN, then RST): its search ends within a second.
TEST_F(ServeLimits, ASearchEndsWithItsClient) {
  for (const bool reset : {false, true}) {
    RawClient client(port());
    const std::string body =
        json{{"board", kHard5x5}, {"goal", "zero-first"}, {"heuristic", "manhattan"}}.dump();
    client.send(
        post_head(port(), "/api/solve", "Content-Length: " + std::to_string(body.size()) + "\r\n") +
        body);
    for (int i = 0; i < 100 && searches_running(port()) != 1; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_EQ(searches_running(port()), 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    client.close(reset);
    const double seconds = seconds_until_idle(port(), std::chrono::seconds(10));
    std::printf("[ figures ] search ended %.2f s after its client's %s\n", seconds,
                reset ? "RST" : "FIN");
    EXPECT_GE(seconds, 0);
    EXPECT_LT(seconds, 5.0);
  }
}

TEST(ServeLimitsAlone, ACompareIsBoundedAsAWholeByMaxSeconds) {
  ServeProcess server({"--threads", "1", "--max-seconds", "2", "--max-memory", "64M"});
  ASSERT_GT(server.port(), 0);
  const auto start = Clock::now();
  const std::string answer =
      post(server.port(), "/api/compare", json{{"board", kHard5x5}, {"goal", "zero-first"}}.dump());
  const double seconds = seconds_since(start);
  EXPECT_EQ(status_of(answer), 200) << answer;
  std::printf("[ figures ] compare under --max-seconds 2: %.2f s\n", seconds);
  EXPECT_LT(seconds, 6.0);
}

TEST(ServeLimitsAlone, SigtermExitsAtOnceWithASlowClientAttached) {
  ServeProcess server({"--threads", "1"});
  ASSERT_GT(server.port(), 0);
  const std::string started = post(
      server.port(), "/api/solve",
      json{{"board", kHard5x5}, {"goal", "zero-first"}, {"heuristic", "manhattan"}, {"async", true}}
          .dump());
  ASSERT_EQ(status_of(started), 202) << started;
  RawClient slow(server.port());
  slow.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1");
  RawClient idle(server.port());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = Clock::now();
  EXPECT_EQ(server.stop(SIGTERM), 143);
  const double seconds = seconds_since(start);
  std::printf("[ figures ] SIGTERM to exit with a slow client attached: %.2f s\n", seconds);
  EXPECT_LT(seconds, 5.0);
}

TEST(ServeLimitsAlone, MemoryIsGivenBackAfterSearches) {
  ServeProcess server({"--threads", "1", "--max-memory", "64M"});
  ASSERT_GT(server.port(), 0);
  ASSERT_EQ(searches_running(server.port()), 0);
  const long idle = server.rss_kib();
  long peak = 0;
  const auto start = Clock::now();
  constexpr int kSolves = 20;
  for (int i = 0; i < kSolves; ++i) {
    const std::string board = post(server.port(), "/api/generate", R"({"size": 8})");
    ASSERT_EQ(status_of(board), 200) << board;
    const json tiles = json::parse(body_of(board))["board"];
    const std::string solved =
        post(server.port(), "/api/solve", json{{"board", tiles}, {"algorithm", "greedy"}}.dump());
    ASSERT_EQ(status_of(solved), 200) << solved;
    peak = std::max(peak, server.rss_kib());
  }
  const long after = server.rss_kib();
  std::printf(
      "[ figures ] RSS idle %ld KiB, peak %ld KiB, after %d 8x8 greedy solves %ld KiB "
      "(%.1f s)\n",
      idle, peak, kSolves, after, seconds_since(start));
  EXPECT_LE(after, 2 * idle + 8 * 1024);
}

}  // namespace
}  // namespace taquin
