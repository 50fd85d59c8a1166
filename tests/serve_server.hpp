// Test helper of the serve suites: `taquin serve --port 0` started on loopback in a child process,
// its URL read from its first line of stdout, stopped by SIGINT (its status kept); and a raw TCP
// client for the requests an HTTP client does not send.
#pragma once

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace taquin::testing {

class ServeProcess {
 public:
  // Starts TAQUIN_BINARY serve --host 127.0.0.1 --port 0 `args...`; port() is 0 when it did not
  // print its URL within 30 s.
  explicit ServeProcess(const std::vector<std::string>& args) {
    int out[2];
    if (::pipe(out) != 0) return;
    std::vector<std::string> words = {TAQUIN_BINARY, "serve", "--host", "127.0.0.1", "--port", "0"};
    words.insert(words.end(), args.begin(), args.end());
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      const int null = ::open("/dev/null", O_WRONLY);
      if (!std::getenv("TAQUIN_SERVE_STDERR")) ::dup2(null, STDERR_FILENO);
      std::vector<char*> argv;
      for (std::string& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    out_ = out[0];
    // The first line: "http://127.0.0.1:PORT/".
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd p{out_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char buf[256];
      const ssize_t n = ::read(out_, buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<size_t>(n));
    }
    url_ = line.substr(0, line.find('\n'));
    const size_t colon = url_.rfind(':');
    if (url_.starts_with("http://127.0.0.1:") && colon != std::string::npos)
      port_ = std::atoi(url_.c_str() + colon + 1);
  }
  ~ServeProcess() { stop(); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  int port() const { return port_; }
  const std::string& url() const { return url_; }
  pid_t pid() const { return pid_; }

  // The server's resident memory in KiB (VmRSS), or -1.
  long rss_kib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return -1;
  }

  // Sends `signal` (SIGINT: Ctrl-C) and waits for the exit; returns its status (128 + signal
  // when killed, -1 when it had to be killed after 30 s).
  int stop(int signal = SIGINT) {
    if (pid_ <= 0) return status_;
    ::kill(pid_, signal);
    int raw = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    pid_t done = 0;
    while ((done = ::waitpid(pid_, &raw, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done == 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &raw, 0);
      status_ = -1;
    } else {
      status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    }
    pid_ = -1;
    if (out_ >= 0) ::close(out_);
    out_ = -1;
    return status_;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int port_ = 0;
  int status_ = -1;
  std::string url_;
};

// The one server of a test suite: `serve --threads 1 --max-searches MaxSearches --max-body 4096`,
// started before the suite's first test and stopped after its last; a test fails at once when the
// server printed no URL.
template <int MaxSearches>
class SuiteServer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServeProcess(
        {"--threads", "1", "--max-searches", std::to_string(MaxSearches), "--max-body", "4096"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_GT(server_->port(), 0) << "the server printed no URL"; }

  static inline ServeProcess* server_ = nullptr;
};

// A raw TCP connection to 127.0.0.1:`port`: bytes as written, for chunked bodies, slow heads,
// foreign Host and Origin headers and disconnections.
class RawClient {
 public:
  explicit RawClient(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) close();
  }
  ~RawClient() { close(); }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  // Sends all of `bytes` within `patience`; false when the server closed or reset the connection
  // or did not read them in time.
  bool send(std::string_view bytes,
            std::chrono::milliseconds patience = std::chrono::milliseconds(10000)) {
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (!bytes.empty() && fd_ >= 0) {
      pollfd p{fd_, POLLOUT, 0};
      if (::poll(&p, 1, 50) <= 0) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        continue;
      }
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
      if (n > 0) bytes.remove_prefix(static_cast<size_t>(n));
    }
    return fd_ >= 0;
  }

  // What the server sends until it closes the connection, or a whole answer has come (its head
  // and its Content-Length bytes), or `patience` passes.
  std::string read_answer(std::chrono::milliseconds patience = std::chrono::milliseconds(10000)) {
    std::string in;
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (fd_ >= 0 && std::chrono::steady_clock::now() < deadline && !whole(in)) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) break;
      in.append(buf, static_cast<size_t>(n));
    }
    return in;
  }

  // Whether the server has closed the connection (within `patience`), what it sent read and
  // dropped.
  bool closed_by_server(std::chrono::milliseconds patience) {
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (fd_ >= 0 && std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      char buf[4096];
      if (::recv(fd_, buf, sizeof buf, 0) <= 0) return true;
    }
    return false;
  }

  // Closes the connection (FIN), or resets it (RST) when `reset`.
  void close(bool reset = false) {
    if (fd_ < 0) return;
    if (reset) {
      linger hard{1, 0};
      ::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
    }
    ::close(fd_);
    fd_ = -1;
  }

 private:
  static bool whole(const std::string& in) {
    const size_t head = in.find("\r\n\r\n");
    if (head == std::string::npos) return false;
    size_t at = in.find("Content-Length: ");
    if (at == std::string::npos || at > head) at = in.find("content-length: ");
    if (at == std::string::npos || at > head) return true;
    return in.size() >= head + 4 + std::strtoul(in.c_str() + at + 16, nullptr, 10);
  }
  int fd_ = -1;
};

// The status of a raw answer ("HTTP/1.1 403 ..." -> 403), or 0.
inline int status_of(const std::string& answer) {
  if (answer.rfind("HTTP/1.1 ", 0) != 0 || answer.size() < 12) return 0;
  return std::atoi(answer.c_str() + 9);
}

// The body of a raw answer.
inline std::string body_of(const std::string& answer) {
  const size_t head = answer.find("\r\n\r\n");
  return head == std::string::npos ? "" : answer.substr(head + 4);
}

// The value of header `name` (as the server writes it) in a raw answer, or "".
inline std::string header_of(const std::string& answer, const std::string& name) {
  const size_t head = answer.find("\r\n\r\n");
  const size_t at = answer.find("\r\n" + name + ": ");
  if (at == std::string::npos || at > head) return "";
  const size_t start = at + name.size() + 4;
  return answer.substr(start, answer.find("\r\n", start) - start);
}

}  // namespace taquin::testing
