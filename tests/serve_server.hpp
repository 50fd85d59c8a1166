// Test helper of the serve suites: `taquin serve --port 0` started on loopback in a child process,
// its URL read from its first line of stdout, stopped by SIGINT (its status kept).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
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

  // Sends SIGINT (Ctrl-C) and waits for the exit; returns its status (128 + signal when killed,
  // -1 when it had to be killed after 30 s).
  int stop() {
    if (pid_ <= 0) return status_;
    ::kill(pid_, SIGINT);
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

}  // namespace taquin::testing
