// Memory sizes on the command line: suffix parsing, the physical-memory default, printing.
#include "memory_size.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>

namespace taquin::cli {

Expected<uint64_t> parse_memory_size(const std::string& text, const std::string& option) {
  const Error bad{option, 0,
                  "'" + text + "' is not a size (a number with an optional K, M, G or T suffix)"};
  // Decimal digits with an optional fraction: no sign, exponent, hexadecimal or "inf".
  const auto is_digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  size_t used = 0;
  while (used < text.size() && is_digit(text[used])) ++used;
  if (used == 0) return bad;
  if (used < text.size() && text[used] == '.') {
    const size_t fraction = ++used;
    while (used < text.size() && is_digit(text[used])) ++used;
    if (used == fraction) return bad;
  }
  double value = 0;
  try {
    value = std::stod(text.substr(0, used));
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

namespace {

// The number in a cgroup limit file ("max" or absent: none).
uint64_t cgroup_limit(const char* path) {
  std::ifstream in(path);
  uint64_t bytes = 0;
  return in >> bytes ? bytes : 0;
}

// A resource limit's soft value (RLIM_INFINITY: none).
uint64_t resource_limit(int resource) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
  return static_cast<uint64_t>(limit.rlim_cur);
}

}  // namespace

MemoryFacts read_memory_facts() {
  MemoryFacts facts;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0)
    facts.physical = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
  facts.address_space = resource_limit(RLIMIT_AS);
  facts.data = resource_limit(RLIMIT_DATA);
  facts.cgroup = cgroup_limit("/sys/fs/cgroup/memory.max");  // cgroup v2
  if (facts.cgroup == 0) facts.cgroup = cgroup_limit("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  return facts;
}

uint64_t default_memory_limit(const MemoryFacts& facts) {
  uint64_t usable = 0;  // the least of the limits that are set
  for (const uint64_t limit : {facts.physical, facts.address_space, facts.data, facts.cgroup})
    if (limit != 0) usable = usable == 0 ? limit : std::min(usable, limit);
  if (usable == 0) return uint64_t{1} << 30;
  return std::max<uint64_t>(usable / 2, 1024);
}

uint64_t default_memory_limit() {
  return default_memory_limit(read_memory_facts());
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
