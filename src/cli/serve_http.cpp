// `taquin serve`'s connections (serve_http.hpp): a thread for each, their requests read under
// deadlines and caps, all closed at once on stop.
#include "cli/serve_http.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <string>
#include <thread>

namespace taquin::cli {

// What the server and its connection threads share; it outlives both.
struct HttpServer::Shared {
  std::mutex mutex;
  std::condition_variable ended;
  std::set<int> sockets;  // the connections open
  size_t threads = 0;     // the connection threads running
  std::atomic<bool> stopping{false};

  // Shuts every connection down (their reads and writes end at once) and waits up to `patience`
  // for their threads; whether they all ended.
  bool close_all(std::chrono::milliseconds patience) {
    std::unique_lock lock(mutex);
    stopping.store(true);
    for (const int fd : sockets) ::shutdown(fd, SHUT_RDWR);
    return ended.wait_for(lock, patience, [&] { return threads == 0; });
  }
};

namespace {

using Clock = std::chrono::steady_clock;

// How often a wait on a socket looks whether the server is stopping.
constexpr std::chrono::milliseconds kSlice{100};

// The bytes and time a connection closed early is drained for, so that its client reads the
// answer before the connection is reset.
constexpr size_t kLingerBytes = 1 << 20;
constexpr std::chrono::milliseconds kLinger{500};

// The connection the calling thread answers.
struct Current {
  int fd;
  const std::atomic<bool>* stopping;
  bool close = false;
};
thread_local Current* current = nullptr;

// Waits until `fd` has `events` (or an error); false when `deadline` passes or the server stops.
bool wait_for_socket(int fd, short events, Clock::time_point deadline,
                     const std::atomic<bool>& stopping) {
  for (;;) {
    if (stopping.load()) return false;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, events, 0};
    const int n = ::poll(&p, 1, static_cast<int>(std::min(left, kSlice).count()));
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return false;
  }
}

// The numeric address and port of a socket's end (getsockname or getpeername).
template <typename Get>
void address_of(int fd, Get get, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (get(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) return;
  std::array<char, NI_MAXHOST> host{};
  std::array<char, NI_MAXSERV> service{};
  if (::getnameinfo(reinterpret_cast<sockaddr*>(&address), length, host.data(), host.size(),
                    service.data(), service.size(), NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return;
  ip = host.data();
  port = std::atoi(service.data());
}

// One connection's socket as cpp-httplib reads and writes it: buffered, each request's head and
// body read before their deadline and within their byte cap (a read past either fails).
class ConnectionStream final : public httplib::Stream {
 public:
  ConnectionStream(int fd, const ConnectionLimits& limits, const std::atomic<bool>& stopping)
      : fd_(fd), limits_(limits), stopping_(stopping) {}

  // Waits up to `wait` for the next request's first byte, then starts its head; whether it came.
  bool next_request(std::chrono::milliseconds wait) {
    if (off_ == size_ && !wait_for_socket(fd_, POLLIN, Clock::now() + wait, stopping_))
      return false;
    deadline_ = Clock::now() + limits_.head;
    cap_ = limits_.head_bytes;
    used_ = 0;
    return true;
  }
  // The head has been read: the body's deadline and cap start.
  void begin_body() {
    deadline_ = Clock::now() + limits_.body;
    cap_ = limits_.body_bytes;
    used_ = 0;
  }
  // Whether a read failed (a deadline, a cap, an error): the connection cannot go on.
  bool failed() const { return failed_; }

  bool is_readable() const override {
    return off_ < size_ || wait_for_socket(fd_, POLLIN, deadline_, stopping_);
  }
  bool is_writable() const override {
    return wait_for_socket(fd_, POLLOUT, Clock::now() + limits_.write, stopping_);
  }
  ssize_t read(char* ptr, size_t size) override {
    if (stopping_.load() || used_ >= cap_) return fail();
    size = std::min(size, cap_ - used_);
    if (off_ == size_) {
      if (!wait_for_socket(fd_, POLLIN, deadline_, stopping_)) return fail();
      const ssize_t n = ::recv(fd_, buffer_.data(), buffer_.size(), MSG_DONTWAIT);
      if (n == 0) return 0;
      if (n < 0) return errno == EAGAIN || errno == EINTR ? read(ptr, size) : fail();
      off_ = 0;
      size_ = static_cast<size_t>(n);
    }
    const size_t n = std::min(size, size_ - off_);
    std::memcpy(ptr, buffer_.data() + off_, n);
    off_ += n;
    used_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    const auto deadline = Clock::now() + limits_.write;
    size_t done = 0;
    while (done < size) {
      if (!wait_for_socket(fd_, POLLOUT, deadline, stopping_)) return -1;
      const ssize_t n = ::send(fd_, ptr + done, size - done, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n < 0 && errno != EAGAIN && errno != EINTR) return -1;
      if (n > 0) done += static_cast<size_t>(n);
    }
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address_of(fd_, ::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address_of(fd_, ::getsockname, ip, port);
  }
  socket_t socket() const override { return fd_; }

 private:
  ssize_t fail() {
    failed_ = true;
    return -1;
  }
  const int fd_;
  const ConnectionLimits& limits_;
  const std::atomic<bool>& stopping_;
  std::array<char, 4096> buffer_{};
  size_t off_ = 0, size_ = 0;  // the bytes of buffer_ not yet read
  Clock::time_point deadline_{};
  size_t cap_ = 0, used_ = 0;  // the current part's byte cap, and the bytes read of it
  bool failed_ = false;
};

// Runs each connection on a thread of its own, counted in `shared`.
class ConnectionThreads final : public httplib::TaskQueue {
 public:
  explicit ConnectionThreads(std::shared_ptr<HttpServer::Shared> shared)
      : shared_(std::move(shared)) {}
  void enqueue(std::function<void()> fn) override;
  void shutdown() override;

 private:
  std::shared_ptr<HttpServer::Shared> shared_;
};

}  // namespace

void ConnectionThreads::enqueue(std::function<void()> fn) {
  {
    std::lock_guard lock(shared_->mutex);
    ++shared_->threads;
  }
  std::thread([shared = shared_, fn = std::move(fn)] {
    fn();
    std::lock_guard lock(shared->mutex);
    --shared->threads;
    shared->ended.notify_all();
  }).detach();
}

void ConnectionThreads::shutdown() {
  shared_->close_all(std::chrono::milliseconds(500));
}

HttpServer::HttpServer(ConnectionLimits limits)
    : limits_(limits), shared_(std::make_shared<Shared>()) {
  new_task_queue = [shared = shared_] { return new ConnectionThreads(shared); };
}

HttpServer::~HttpServer() {
  close_connections(std::chrono::seconds(10));
}

bool HttpServer::close_connections(std::chrono::milliseconds patience) {
  return shared_->close_all(patience);
}

size_t HttpServer::connections() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->sockets.size();
}

void HttpServer::widen_backlog(int backlog) {
  const int listener = svr_sock_.load();
  if (listener != INVALID_SOCKET) ::listen(listener, backlog);
}

bool HttpServer::client_gone() {
  if (!current) return false;
  if (current->stopping->load()) return true;
  pollfd p{current->fd, POLLIN | POLLRDHUP, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  return (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

void HttpServer::close_after_response() {
  if (current) current->close = true;
}

bool HttpServer::closing_after_response() {
  return current && current->close;
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  serve_connection(sock);
  return true;
}

void HttpServer::serve_connection(socket_t sock) {
  bool admitted = false;
  {
    std::lock_guard lock(shared_->mutex);
    admitted = !shared_->stopping.load() && shared_->sockets.size() < limits_.connections;
    if (admitted) shared_->sockets.insert(sock);
  }
  if (!admitted) {
    const std::string body = "{\"error\":\"busy: too many connections open; retry later\"}\n";
    const std::string busy =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body;
    (void)::send(sock, busy.data(), busy.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::close(sock);
    return;
  }
  ConnectionStream stream(sock, limits_, shared_->stopping);
  Current here{sock, &shared_->stopping};
  current = &here;
  for (size_t left = limits_.requests; left > 0 && !shared_->stopping.load(); --left) {
    if (!stream.next_request(left == limits_.requests ? limits_.head : limits_.idle)) break;
    bool closed = false;
    const bool written = process_request(stream, left == 1, closed,
                                         [&stream](httplib::Request&) { stream.begin_body(); });
    if (!written || closed || here.close || stream.failed()) break;
  }
  current = nullptr;
  {
    std::lock_guard lock(shared_->mutex);
    shared_->sockets.erase(sock);
  }
  if ((here.close || stream.failed()) && !shared_->stopping.load()) {
    // The answer is sent; what the client still sends is read and dropped for a moment, so that
    // the connection is not reset before it reads the answer.
    ::shutdown(sock, SHUT_WR);
    const auto deadline = Clock::now() + kLinger;
    std::array<char, 4096> sink;
    for (size_t drained = 0; drained < kLingerBytes;) {
      if (!wait_for_socket(sock, POLLIN, deadline, shared_->stopping)) break;
      const ssize_t n = ::recv(sock, sink.data(), sink.size(), MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) break;
      if (n > 0) drained += static_cast<size_t>(n);
    }
  }
  ::close(sock);
}

}  // namespace taquin::cli
