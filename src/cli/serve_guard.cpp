// `taquin serve`'s guard on each request before it is routed (serve_guard.hpp).
#include "cli/serve_guard.hpp"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

#include "cli/utf8.hpp"

namespace taquin::cli {

namespace {

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Whether every byte of `text` is printable ASCII.
bool printable_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return c >= 0x20 && c < 0x7f; });
}

bool ipv4_of(std::string_view host, in_addr& out) {
  const std::string text(host);
  return ::inet_pton(AF_INET, text.c_str(), &out) == 1;
}

bool ipv6_of(std::string_view host, in6_addr& out) {
  const std::string text(host);
  return ::inet_pton(AF_INET6, text.c_str(), &out) == 1;
}

// This machine's name, lower case ("" when it has none).
std::string machine_name() {
  std::array<char, 256> name{};
  if (::gethostname(name.data(), name.size() - 1) != 0) return "";
  return lower_ascii(name.data());
}

// The port a request to `authority` goes to over http (80 when it names none).
int effective_port(const Authority& authority) {
  return authority.port < 0 ? 80 : authority.port;
}

using Refusal = RequestGuard::Refusal;

}  // namespace

std::optional<Authority> parse_authority(std::string_view text) {
  Authority out;
  std::string_view rest;
  if (text.starts_with("[")) {
    const size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.host = lower_ascii(text.substr(1, close - 1));
    in6_addr address;
    if (!ipv6_of(out.host, address)) return std::nullopt;
    out.bracketed = true;
    rest = text.substr(close + 1);
  } else {
    const size_t colon = text.find(':');
    const std::string_view host = text.substr(0, colon);
    if (host.empty()) return std::nullopt;
    for (const unsigned char c : host)
      if (!std::isalnum(c) && c != '-' && c != '.' && c != '_') return std::nullopt;
    out.host = lower_ascii(host);
    if (colon != std::string_view::npos) rest = text.substr(colon);
  }
  if (rest.empty()) return out;
  if (rest.front() != ':' || rest.size() < 2 || rest.size() > 6) return std::nullopt;
  int port = 0;
  for (const char c : rest.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    port = port * 10 + (c - '0');
  }
  if (port < 1 || port > 65535) return std::nullopt;
  out.port = port;
  return out;
}

bool is_loopback_host(std::string_view host) {
  if (host == "localhost") return true;
  in_addr v4;
  if (ipv4_of(host, v4)) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6;
  if (!ipv6_of(host, v6)) return false;
  return IN6_IS_ADDR_LOOPBACK(&v6) || (IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127);
}

bool is_ip_literal(std::string_view host) {
  in_addr v4;
  in6_addr v6;
  return ipv4_of(host, v4) || ipv6_of(host, v6);
}

bool is_json_content_type(std::string_view content_type) {
  const std::string_view media = trim_spaces(content_type.substr(0, content_type.find(';')));
  return lower_ascii(media) == "application/json";
}

std::string clip_text(std::string_view text, size_t max_bytes) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t length = utf8_length(text, i);
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::string piece;
    if (length == 0 || (length == 1 && (c < 0x20 || c == 0x7f))) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      piece = buf;
      i += 1;
    } else {
      piece = std::string(text.substr(i, length));
      i += length;
    }
    if (out.size() + piece.size() > max_bytes) return out + "...";
    out += piece;
  }
  return out;
}

RequestGuard::RequestGuard(std::string bound_host, std::vector<std::string> allow_origins,
                           size_t max_body, size_t max_headers)
    : bound_host_(lower_ascii(bound_host)),
      loopback_(is_loopback_host(bound_host_)),
      allow_origins_(std::move(allow_origins)),
      machine_name_(machine_name()),
      max_body_(max_body),
      max_headers_(max_headers) {}

bool RequestGuard::host_allowed(const Authority& host) const {
  if (is_loopback_host(host.host)) return true;
  if (loopback_) return false;
  // Bound elsewhere: an address literal cannot be rebound to another machine by a DNS answer.
  if (host.bracketed || is_ip_literal(host.host)) return true;
  return host.host == bound_host_ || (!machine_name_.empty() && host.host == machine_name_);
}

std::optional<Refusal> RequestGuard::check_host(const httplib::Request& request,
                                                Authority& host) const {
  if (request.get_header_value_count("Host") != 1)
    return Refusal{400, "request: one Host header is expected"};
  const std::string header = request.get_header_value("Host");
  if (!printable_ascii(header))
    return Refusal{400, "request: the Host header is not printable ASCII"};
  const std::optional<Authority> parsed = parse_authority(header);
  if (!parsed) return Refusal{400, "request: Host '" + clip_text(header, 60) + "' is malformed"};
  if (!host_allowed(*parsed))
    return Refusal{403, "request: Host '" + clip_text(header, 60) + "' refused: the server " +
                            (loopback_ ? "answers loopback names only"
                                       : "answers its addresses and --host only")};
  host = *parsed;
  return std::nullopt;
}

bool RequestGuard::allowed_origin(std::string_view origin) const {
  const std::string asked = lower_ascii(origin);
  return std::any_of(allow_origins_.begin(), allow_origins_.end(),
                     [&](const std::string& allowed) { return lower_ascii(allowed) == asked; });
}

std::optional<Refusal> RequestGuard::check_origin(const httplib::Request& request,
                                                  const Authority& host,
                                                  httplib::Response& response) const {
  const size_t count = request.get_header_value_count("Origin");
  if (count == 0) return std::nullopt;
  const std::string origin = request.get_header_value("Origin");
  const Refusal refused{403, "request: Origin '" + clip_text(origin, 60) +
                                 "' refused: only the server's own page (or --allow-origin) "
                                 "may call it"};
  if (count > 1) return refused;
  if (allowed_origin(origin)) {
    response.set_header("Access-Control-Allow-Origin", origin);
    response.set_header("Vary", "Origin");
    return std::nullopt;
  }
  if (!lower_ascii(origin).starts_with("http://")) return refused;
  const std::optional<Authority> from = parse_authority(std::string_view(origin).substr(7));
  // The same port as the Host asked (the page was served from there), by a name of this server.
  if (!from || !host_allowed(*from) || effective_port(*from) != effective_port(host))
    return refused;
  return std::nullopt;
}

std::optional<Refusal> RequestGuard::check_body(const httplib::Request& request) const {
  const bool chunked = request.has_header("Transfer-Encoding");
  const bool sized = request.has_header("Content-Length");
  if (chunked &&
      (request.get_header_value_count("Transfer-Encoding") != 1 ||
       lower_ascii(trim_spaces(request.get_header_value("Transfer-Encoding"))) != "chunked"))
    return Refusal{400, "request: the only Transfer-Encoding accepted is chunked"};
  if (request.has_header("Content-Encoding"))
    return Refusal{400, "request: a body is accepted without Content-Encoding only"};
  uint64_t length = 0;
  if (sized) {
    const std::string text = request.get_header_value("Content-Length");
    if (chunked || request.get_header_value_count("Content-Length") != 1 || text.empty() ||
        text.size() > 18 || !std::all_of(text.begin(), text.end(), ::isdigit))
      return Refusal{400, "request: a malformed Content-Length"};
    length = std::stoull(text);
  }
  if ((chunked || length > 0) && request.method != "POST")
    return Refusal{400, "request: a body is accepted on POST only"};
  if (length > max_body_) return Refusal{413, "request: the body is over the cap (--max-body)"};
  return std::nullopt;
}

std::optional<Refusal> RequestGuard::check(const httplib::Request& request,
                                           httplib::Response& response) const {
  // The server adds four fields of its own (REMOTE_ADDR...).
  if (request.headers.size() > max_headers_ + 4)
    return Refusal{431, "request: over " + std::to_string(max_headers_) + " header fields"};
  Authority host;
  if (std::optional<Refusal> refused = check_host(request, host)) return refused;
  if (std::optional<Refusal> refused = check_origin(request, host, response)) return refused;
  // A form or a "simple" request of another site cannot send this type without a preflight.
  if (request.method == "POST" && !is_json_content_type(request.get_header_value("Content-Type")))
    return Refusal{403, "request: a POST must carry Content-Type: application/json"};
  return check_body(request);
}

bool RequestGuard::answer_preflight(const httplib::Request& request,
                                    httplib::Response& response) const {
  if (request.method != "OPTIONS" || !request.has_header("Origin") ||
      !allowed_origin(request.get_header_value("Origin")))
    return false;
  response.status = 204;
  response.set_header("Access-Control-Allow-Methods", "GET, POST, DELETE");
  response.set_header("Access-Control-Allow-Headers", "Content-Type");
  response.set_header("Access-Control-Max-Age", "600");
  return true;
}

}  // namespace taquin::cli
