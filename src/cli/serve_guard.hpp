// `taquin serve`'s guard on each request before it is routed: the Host it is addressed to, the
// Origin it comes from, its Content-Type and its body's framing (docs/serve.md, "What the server
// guarantees"); and the clipping of untrusted text quoted in an error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace taquin::cli {

// A Host header or an Origin's host and port, parsed.
struct Authority {
  std::string host;        // lower case; an IPv6 address without its brackets
  int port = -1;           // -1: none given
  bool bracketed = false;  // an IPv6 address ("[::1]")
};

// `text` as "host[:port]" or "[v6]:port", or nullopt when it is not one (a character a host name
// may not hold, a port that is not 1 to 65535, an unbracketed or malformed IPv6 address).
std::optional<Authority> parse_authority(std::string_view text);

// Whether `host` (lower case, no brackets) is loopback: "localhost", an IPv4 address in
// 127.0.0.0/8, "::1" or an IPv4-mapped 127.0.0.0/8 address. Never a name that merely starts so.
bool is_loopback_host(std::string_view host);

// Whether `host` is an IP address literal (IPv4 dotted quad, or IPv6).
bool is_ip_literal(std::string_view host);

// Whether the media type of `content_type` is application/json (any parameters, any case).
bool is_json_content_type(std::string_view content_type);

// At most `max_bytes` of `text`, cut on a character boundary, each byte that is not well-formed
// UTF-8 or is a control character written as \xNN: safe to quote in a one-line JSON message.
std::string clip_text(std::string_view text, size_t max_bytes);

// Whom the server answers: the address it is bound to and the origins the user allows.
class RequestGuard {
 public:
  // `bound_host`: --host; `allow_origins`: --allow-origin (exact origins, "http://name:port");
  // `max_body`: --max-body; `max_headers`: the most header fields a request may carry.
  RequestGuard(std::string bound_host, std::vector<std::string> allow_origins, size_t max_body,
               size_t max_headers);

  // What refuses `request` before it is routed and before its body is read: its status (400, 403,
  // 413, 431) and one-line message; nullopt when it may go on. Sets on `response` the CORS headers
  // an allowed --allow-origin is answered with.
  struct Refusal {
    int status;
    std::string message;
  };
  std::optional<Refusal> check(const httplib::Request& request, httplib::Response& response) const;

  // Whether the preflight `request` (OPTIONS) comes from an --allow-origin: then `response` is
  // its answer (204 and the CORS headers).
  bool answer_preflight(const httplib::Request& request, httplib::Response& response) const;

  // Whether `host` may name this server in a Host header or an Origin.
  bool host_allowed(const Authority& host) const;

 private:
  std::optional<Refusal> check_host(const httplib::Request& request, Authority& host) const;
  std::optional<Refusal> check_origin(const httplib::Request& request, const Authority& host,
                                      httplib::Response& response) const;
  std::optional<Refusal> check_body(const httplib::Request& request) const;
  bool allowed_origin(std::string_view origin) const;

  const std::string bound_host_;
  const bool loopback_;  // bound to loopback: only loopback names and addresses
  const std::vector<std::string> allow_origins_;
  const std::string machine_name_;
  const size_t max_body_;
  const size_t max_headers_;
};

}  // namespace taquin::cli
