// `taquin serve` answers only its own page (issue 50): a request from another site's page (a
// foreign Origin, a "simple" Content-Type a form can send) or through another name (a Host that is
// not the server's, DNS rebinding) is refused with 403 and one line; --allow-origin opens CORS to
// the origins named; bad bytes anywhere are a 400, never a 500. Raw requests on a real server.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "serve_server.hpp"

namespace taquin {
namespace {

using json = nlohmann::json;
using testing::body_of;
using testing::header_of;
using testing::RawClient;
using testing::ServeProcess;
using testing::status_of;

constexpr const char* kBoard = R"({"board": "1 2 3 4 5 6 7 0 8"})";

class ServeGuard : public testing::SuiteServer<1> {
 protected:
  static std::string own_host() { return "127.0.0.1:" + std::to_string(server_->port()); }

  // Sends `method path` with `headers` (each "Name: value\r\n"; a Host unless they name one) and
  // `body` (its Content-Length added) on a new connection; the raw answer.
  static std::string exchange(const std::string& method, const std::string& path,
                              std::string headers, const std::string& body = "") {
    if (headers.find("Host:") == std::string::npos) headers += "Host: " + own_host() + "\r\n";
    RawClient client(server_->port());
    std::string request = method + " " + path + " HTTP/1.1\r\n" + headers;
    if (!body.empty() || method == "POST")
      request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    request += "Connection: close\r\n\r\n" + body;
    client.send(request);
    return client.read_answer();
  }
  static std::string post_json(const std::string& path, const std::string& body,
                               const std::string& headers = "") {
    return exchange("POST", path, headers + "Content-Type: application/json\r\n", body);
  }
};

// A refusal: `status`, and {"error": one line} as the body.
void expect_refused(const std::string& answer, int status, const std::string& what) {
  EXPECT_EQ(status_of(answer), status) << what << "\n" << answer;
  const json body = json::parse(body_of(answer), nullptr, false);
  ASSERT_TRUE(body.is_object()) << what << ": " << body_of(answer);
  EXPECT_TRUE(body.contains("error")) << what;
  EXPECT_EQ(body_of(answer).find('\n'), body_of(answer).size() - 1) << what;
}

TEST_F(ServeGuard, ForeignOriginsAndSimpleRequestsAre403) {
  const std::string port = std::to_string(server_->port());
  for (const char* path : {"/api/check", "/api/generate", "/api/solve", "/api/compare"}) {
    // What a plain HTML form of another site sends: no preflight, no Origin check in the browser.
    for (const char* type : {"text/plain", "application/x-www-form-urlencoded",
                             "multipart/form-data; boundary=x", "application/jsonp"})
      expect_refused(exchange("POST", path, std::string("Content-Type: ") + type + "\r\n", kBoard),
                     403, std::string(path) + " " + type);
    expect_refused(exchange("POST", path, "", kBoard), 403, std::string(path) + " no type");
    for (const std::string& origin : std::vector<std::string>{
             "http://evil.example", "null",
             "http://localhost:" + std::to_string(server_->port() + 1),
             "http://127.0.0.1.evil.example:" + port, "https://127.0.0.1:" + port,
             "http://127.0.0.1:" + port + "/path"})
      expect_refused(post_json(path, kBoard, "Origin: " + origin + "\r\n"), 403,
                     std::string(path) + " " + origin);
  }
  // The async solve that burned a core until cancelled: refused, nothing runs.
  expect_refused(exchange("POST", "/api/solve", "Content-Type: text/plain\r\n",
                          R"({"board": "1 2 3 4 5 6 7 0 8", "async": true})"),
                 403, "async");
  // DELETE and GET from another origin.
  expect_refused(
      exchange("DELETE", "/api/searches/0123456789abcdef", "Origin: http://e.example\r\n"), 403,
      "delete");
  expect_refused(exchange("GET", "/api/health", "Origin: http://e.example\r\n"), 403, "get");
  // The server's own page: by any of its names, on its port; with parameters on the type.
  for (const std::string& origin : std::vector<std::string>{
           "http://127.0.0.1:" + port, "http://localhost:" + port, "http://[::1]:" + port}) {
    const std::string answer = post_json("/api/check", kBoard, "Origin: " + origin + "\r\n");
    EXPECT_EQ(status_of(answer), 200) << origin << "\n" << answer;
    EXPECT_EQ(header_of(answer, "Access-Control-Allow-Origin"), "") << origin;
  }
  EXPECT_EQ(status_of(exchange("POST", "/api/check",
                               "Content-Type: Application/JSON; charset=utf-8\r\n", kBoard)),
            200);
}

TEST_F(ServeGuard, NeverInAFrameNorSniffed) {
  for (const char* path : {"/", "/app.js", "/api/health"}) {
    const std::string answer = exchange("GET", path, "");
    ASSERT_EQ(status_of(answer), 200) << path;
    EXPECT_EQ(header_of(answer, "X-Frame-Options"), "DENY") << path;
    EXPECT_EQ(header_of(answer, "X-Content-Type-Options"), "nosniff") << path;
    EXPECT_NE(header_of(answer, "Content-Security-Policy").find("frame-ancestors 'none'"),
              std::string::npos)
        << path;
    EXPECT_EQ(header_of(answer, "Access-Control-Allow-Origin"), "") << path;
  }
}

TEST_F(ServeGuard, OnlyLoopbackHostsExactly) {
  const std::string port = std::to_string(server_->port());
  for (const std::string& host : std::vector<std::string>{
           "127.0.0.1.evil.example:" + port, "127.attacker.example:" + port, "evil.example:" + port,
           "localhost.evil.example:" + port, "evil.localhost:" + port, "[::2]:" + port,
           "0.0.0.0:" + port, "10.0.0.1:" + port, "127.0.0.1@evil.example:" + port,
           "127.0.0.1:" + port + "@evil.example", "[::1:" + port, "::1:" + port, "127.0.0.1:99999",
           "127.0.0.1:", "127.0.0.1 :" + port, "localhost.:" + port}) {
    const std::string answer = exchange("GET", "/api/health", "Host: " + host + "\r\n");
    const int status = status_of(answer);
    EXPECT_TRUE(status == 403 || status == 400) << host << "\n" << answer;
    EXPECT_EQ(body_of(answer).find("\"status\""), std::string::npos) << host;
  }
  // No Host, two of them.
  expect_refused(exchange("GET", "/api/health", "Host:\r\n"), 400, "empty");
  expect_refused(exchange("GET", "/api/health", "Host: localhost\r\nHost: evil.example\r\n"), 400,
                 "two");
  for (const std::string& host :
       std::vector<std::string>{"127.0.0.1:" + port, "127.1.2.3:" + port, "localhost:" + port,
                                "LOCALHOST:" + port, "[::1]:" + port, "localhost", "127.0.0.1"})
    EXPECT_EQ(status_of(exchange("GET", "/api/health", "Host: " + host + "\r\n")), 200) << host;
}

TEST_F(ServeGuard, BadBytesAre400WithOneLineOfUtf8) {
  const std::vector<std::string> bodies = {
      std::string("{\"board\": \"\xff\xfe\"}"),
      std::string("{\"board\": \"1 2 3\xc3\"}"),
      std::string("\xff\xfe{\0\"\0}\0", 8),
      std::string("\xef\xbb\xbf{\"board\": \xff}"),
      std::string(R"({"board": "1 2 3 4 5 6 7 0 8", "max_seconds": 1e400})"),
      std::string(R"({"size": -1e400})"),
      std::string(R"({"board": [1e400]})")};
  for (size_t i = 0; i < bodies.size(); ++i)
    for (const char* path : {"/api/check", "/api/generate", "/api/solve", "/api/compare"})
      expect_refused(post_json(path, bodies[i]), 400,
                     std::string(path) + " body " + std::to_string(i));
  // A name quoted in the error, cut after 40 bytes: inside a two-byte character.
  const std::string cut(39, 'a');
  for (const char* field : {"algorithm", "heuristic", "goal"}) {
    const std::string body = R"({"board": "1 2 3 4 5 6 7 0 8", ")" + std::string(field) +
                             R"(": ")" + cut + "\xc3\xa9\xc3\xa9\"}";
    expect_refused(post_json("/api/solve", body), 400, field);
  }
  // A Host that is not ASCII.
  expect_refused(exchange("GET", "/api/health", "Host: \xff\xfe\r\n"), 400, "host");
  expect_refused(exchange("GET", "/api/health",
                          "Host: l\xc3\xb6"
                          "calhost\r\n"),
                 400, "host");
  expect_refused(post_json("/api/check", kBoard, "Origin: http://\xff\r\n"), 403, "origin");
  EXPECT_EQ(status_of(exchange("GET", "/api/health", "")), 200);
}

TEST(ServeAllowOrigin, OpensCorsToTheOriginsNamedOnly) {
  ServeProcess server({"--threads", "1", "--allow-origin", "http://localhost:3000",
                       "--allow-origin", "https://app.example"});
  ASSERT_GT(server.port(), 0);
  const std::string host = "Host: 127.0.0.1:" + std::to_string(server.port()) + "\r\n";
  const auto send = [&](const std::string& request) {
    RawClient client(server.port());
    client.send(request);
    return client.read_answer();
  };
  const std::string preflight =
      send("OPTIONS /api/solve HTTP/1.1\r\n" + host +
           "Origin: http://localhost:3000\r\nAccess-Control-Request-Method: POST\r\n"
           "Access-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(preflight), 204) << preflight;
  EXPECT_EQ(header_of(preflight, "Access-Control-Allow-Origin"), "http://localhost:3000");
  EXPECT_NE(header_of(preflight, "Access-Control-Allow-Methods").find("POST"), std::string::npos);
  const std::string body = kBoard;
  for (const char* origin : {"http://localhost:3000", "https://app.example"}) {
    const std::string answer = send(
        "POST /api/check HTTP/1.1\r\n" + host + "Origin: " + origin +
        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
        "\r\nConnection: close\r\n\r\n" + body);
    EXPECT_EQ(status_of(answer), 200) << origin << "\n" << answer;
    EXPECT_EQ(header_of(answer, "Access-Control-Allow-Origin"), origin);
  }
  const std::string other =
      send("POST /api/check HTTP/1.1\r\n" + host +
           "Origin: http://localhost:3001\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  EXPECT_EQ(status_of(other), 403) << other;
  const std::string foreign_preflight =
      send("OPTIONS /api/solve HTTP/1.1\r\n" + host +
           "Origin: http://evil.example\r\nConnection: close\r\n\r\n");
  EXPECT_NE(status_of(foreign_preflight), 204);
  EXPECT_EQ(header_of(foreign_preflight, "Access-Control-Allow-Origin"), "");
  for (const char* bad :
       {"localhost:3000", "http://", "http://a.example/path", "ftp://a.example"}) {
    const testing::CliRun run =
        testing::run_program(TAQUIN_BINARY, std::string("serve --allow-origin ") + bad);
    EXPECT_EQ(run.status, 2) << bad << ": " << run.err;
  }
}

}  // namespace
}  // namespace taquin
