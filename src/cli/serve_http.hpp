// `taquin serve`'s connections: cpp-httplib's server with a thread of its own for each connection
// (up to a cap), a deadline and a byte cap on each request's head and body, the client's
// disconnection seen by its handler, and every connection closed at once on stop.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>

namespace taquin::cli {

struct ConnectionLimits {
  std::chrono::milliseconds head{5000};   // the request line and headers, from their first byte
  std::chrono::milliseconds body{10000};  // the body, from the end of the head
  std::chrono::milliseconds idle{2000};   // the wait for a kept-alive connection's next request
  std::chrono::milliseconds write{5000};  // a client that does not read its answer
  size_t head_bytes = 32 * 1024;          // the request line and all its headers
  size_t body_bytes = 64 * 1024;          // the body's bytes on the wire, framing included
  size_t requests = 100;                  // requests on one kept-alive connection
  size_t connections = 256;               // open at once; more are answered 503 and closed
};

// The HTTP server: cpp-httplib's routing and parsing, its connections handled here.
class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(ConnectionLimits limits);
  ~HttpServer() override;

  // Closes every connection and waits (up to `patience`) for their threads to end; returns
  // whether they all did. Called after the listener has stopped.
  bool close_connections(std::chrono::milliseconds patience);

  // Whether the client of the request the calling thread answers has closed or reset its
  // connection (or the server is stopping); false outside a request.
  static bool client_gone();

  // Closes the calling thread's connection after the answer it is writing (a request refused
  // before its body was read: what follows on the connection is not a request).
  static void close_after_response();

  // Whether close_after_response() was called for the calling thread's request.
  static bool closing_after_response();

  // Connections open now.
  size_t connections() const;

  // Lets `backlog` connections wait to be accepted (cpp-httplib listens with a backlog of 5: a
  // burst of connections past it waits for the client's SYN retries). Called after binding.
  void widen_backlog(int backlog);

  struct Shared;  // the state the connection threads share with the server (internal)

 private:
  bool process_and_close_socket(socket_t sock) override;
  void serve_connection(socket_t sock);

  const ConnectionLimits limits_;
  std::shared_ptr<Shared> shared_;
};

}  // namespace taquin::cli
