// The search limits of --max-nodes, --max-seconds and --max-memory.
#include "cli/limits.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "cli/memory_size.hpp"

namespace taquin::cli {

Expected<uint64_t> parse_node_limit(const std::string& text, const std::string& option) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || text[0] == '-' || ptr != end || ec == std::errc::invalid_argument)
    return Error{option, 0, "'" + text + "' is not a node count (a whole number from 1)"};
  if (ec == std::errc::result_out_of_range)
    return Error{option, 0, text + " is past the largest node count, 2^64 - 1"};
  if (value == 0) return Error{option, 0, "0 is not a limit (leave the option out for no limit)"};
  return value;
}

Expected<double> parse_seconds_limit(const std::string& text, const std::string& option) {
  // Digits with an optional fraction, nothing else: no sign, exponent, hexadecimal, inf or nan.
  const size_t point = text.find('.');
  const auto digits = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string_view whole = std::string_view(text).substr(0, point);
  const std::string_view fraction =
      point == std::string::npos ? std::string_view() : std::string_view(text).substr(point + 1);
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
  if (!digits(whole) || !digits(fraction) || whole.size() + fraction.size() == 0 || ptr != end ||
      ec != std::errc() || !std::isfinite(value))
    return Error{option, 0,
                 "'" + text +
                     "' is not a number of seconds (digits with an optional fraction, "
                     "e.g. 30 or 0.5)"};
  if (value <= 0)
    return Error{option, 0,
                 text + " is not a limit: give seconds above 0 (leave the option out for none)"};
  return value;
}

Expected<double> parse_weight(const std::string& text, const std::string& option) {
  // The form of --max-seconds: digits with an optional fraction, nothing else.
  Expected<double> value = parse_seconds_limit(text, option);
  if (!value || *value < 1.0)
    return Error{option, 0,
                 "'" + text +
                     "' is not a weight (a number from 1: the solution within that many times "
                     "the shortest, e.g. 1.5 or 2)"};
  return value;
}

Expected<Limits> parse_limits(const std::string& max_memory, const std::string& max_nodes,
                              const std::string& max_seconds) {
  Limits limits;
  limits.max_memory_bytes = default_memory_limit();
  if (!max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(max_memory, "--max-memory");
    if (!bytes) return bytes.error();
    limits.max_memory_bytes = *bytes;
  }
  if (!max_nodes.empty()) {
    Expected<uint64_t> nodes = parse_node_limit(max_nodes, "--max-nodes");
    if (!nodes) return nodes.error();
    limits.max_nodes = *nodes;
  }
  if (!max_seconds.empty()) {
    Expected<double> seconds = parse_seconds_limit(max_seconds, "--max-seconds");
    if (!seconds) return seconds.error();
    limits.max_seconds = *seconds;
  }
  return limits;
}

}  // namespace taquin::cli
