// Memory sizes on the command line: suffix parsing, the physical-memory default, printing.
#include "cli/memory_size.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iterator>

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

uint64_t parse_cgroup_limit(std::string_view text) {
  size_t used = 0;
  uint64_t bytes = 0;
  for (; used < text.size() && text[used] >= '0' && text[used] <= '9'; ++used) {
    if (bytes > (UINT64_MAX - 9) / 10) return 0;  // past any real limit
    bytes = bytes * 10 + static_cast<uint64_t>(text[used] - '0');
  }
  if (used == 0) return 0;  // "max", empty, or not a number
  for (; used < text.size(); ++used)
    if (text[used] != '\n' && text[used] != ' ' && text[used] != '\t') return 0;
  return bytes >= (uint64_t{1} << 62) ? 0 : bytes;
}

namespace {

// The limit the cgroup file `path` sets (absent, unreadable or "max": none).
uint64_t cgroup_file_limit(const std::string& path) {
  std::ifstream in(path);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return parse_cgroup_limit(text);
}

// A soft resource limit in bytes (RLIM_INFINITY: none).
uint64_t limit_bytes(rlim_t soft) {
  return soft == RLIM_INFINITY ? 0 : static_cast<uint64_t>(soft);
}

// A resource limit's soft value.
rlim_t soft_limit(int resource) {
  rlimit limit{};
  return getrlimit(resource, &limit) == 0 ? limit.rlim_cur : RLIM_INFINITY;
}

}  // namespace

MemoryFacts memory_facts(uint64_t physical, rlim_t address_space, rlim_t data,
                         const std::string& cgroup_root) {
  MemoryFacts facts;
  facts.physical = physical;
  facts.address_space = limit_bytes(address_space);
  facts.data = limit_bytes(data);
  facts.cgroup = cgroup_file_limit(cgroup_root + "/memory.max");  // cgroup v2
  if (facts.cgroup == 0)
    facts.cgroup = cgroup_file_limit(cgroup_root + "/memory/memory.limit_in_bytes");
  return facts;
}

MemoryFacts read_memory_facts() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const uint64_t physical =
      pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : 0;
  return memory_facts(physical, soft_limit(RLIMIT_AS), soft_limit(RLIMIT_DATA), "/sys/fs/cgroup");
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
