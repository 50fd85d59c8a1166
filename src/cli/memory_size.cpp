// Memory sizes on the command line: suffix parsing, the physical-memory default, printing.
#include "memory_size.hpp"

#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <exception>

namespace taquin::cli {

Expected<uint64_t> parse_memory_size(const std::string& text, const std::string& option) {
  const Error bad{option, 0,
                  "'" + text + "' is not a size (a number with an optional K, M, G or T suffix)"};
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return bad;
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return bad;
  }
  std::string suffix = text.substr(used);
  for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (suffix.ends_with("IB")) {
    suffix.resize(suffix.size() - 2);
  } else if (suffix.ends_with("B")) {
    suffix.pop_back();
  }
  double scale = 1;
  if (suffix == "K") {
    scale = 1024.0;
  } else if (suffix == "M") {
    scale = 1024.0 * 1024;
  } else if (suffix == "G") {
    scale = 1024.0 * 1024 * 1024;
  } else if (suffix == "T") {
    scale = 1024.0 * 1024 * 1024 * 1024;
  } else if (!suffix.empty()) {
    return bad;
  }
  const double bytes = value * scale;
  if (!(bytes >= 1024) || bytes > 1e18)
    return Error{option, 0, "'" + text + "' is out of range (1K to 1E bytes)"};
  return static_cast<uint64_t>(bytes);
}

uint64_t default_memory_limit() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return uint64_t{1} << 30;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2;
}

std::string format_bytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, v == std::floor(v) ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

}  // namespace taquin::cli
