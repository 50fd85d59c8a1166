// The memory an A*+IDA* search's A* phase may take: what --max-memory allows, within half the
// memory the machine has available.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "taquin/search/result.hpp"

namespace taquin {

// The MemAvailable line of /proc/meminfo, in bytes (0 where it cannot be read).
inline uint64_t available_memory() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);)
    if (line.rfind("MemAvailable:", 0) == 0) {
      std::istringstream in(line.substr(13));
      uint64_t kib = 0;
      in >> kib;
      return kib * 1024;
    }
  return 0;
}

// The A* phase's budget in bytes under `limits`: half the memory available now (read when the
// search starts, so after its tables are loaded; 1 GiB where /proc/meminfo says nothing), and
// never above limits.max_memory_bytes where it is set.
inline uint64_t astar_memory_budget(const Limits& limits) {
  const uint64_t available = available_memory();
  uint64_t budget = available > 0 ? available / 2 : uint64_t{1} << 30;
  if (limits.max_memory_bytes > 0) budget = std::min(budget, limits.max_memory_bytes);
  return budget;
}

}  // namespace taquin
