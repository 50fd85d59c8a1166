// Memory sizes on the command line: parsing "512M"-style values, the default limit, printing.
#pragma once

#include <sys/resource.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "taquin/error.hpp"

namespace taquin::cli {

// Parses a byte count for `option`: a number (fractions allowed) with an optional K, M, G or T
// suffix (powers of 1024), optionally followed by B or iB: "512M", "2G", "1.5GiB", "1000000".
// At least 1 KiB.
Expected<uint64_t> parse_memory_size(const std::string& text, const std::string& option);

// What bounds this process's memory, in bytes (0: no such limit, or unknown).
struct MemoryFacts {
  uint64_t physical = 0;       // the machine's physical memory
  uint64_t address_space = 0;  // RLIMIT_AS (ulimit -v)
  uint64_t data = 0;           // RLIMIT_DATA (ulimit -d)
  uint64_t cgroup = 0;         // the cgroup's memory.max (v2) or memory.limit_in_bytes (v1)
};

// The limit a cgroup memory file's text sets, in bytes: a decimal number (then blanks, a newline);
// 0, no limit, for "max", an empty or malformed text, or cgroup v1's "no limit" (2^62 or more).
uint64_t parse_cgroup_limit(std::string_view text);

// The limits given the system's answers: `physical` bytes of memory (0: unknown), the soft limits
// RLIMIT_AS and RLIMIT_DATA (RLIM_INFINITY: none), and the cgroup file system at `cgroup_root`
// (v2's memory.max, else v1's memory/memory.limit_in_bytes; a missing file: no limit).
MemoryFacts memory_facts(uint64_t physical, rlim_t address_space, rlim_t data,
                         const std::string& cgroup_root);

// The limits above, read from this process and machine (memory_facts with /sys/fs/cgroup).
MemoryFacts read_memory_facts();

// The default memory budget of the searches that store states: half the least of the limits
// in `facts` (1 GiB when none is known), so that a process or container limit stops a search
// cleanly at its budget instead of failing an allocation.
uint64_t default_memory_limit(const MemoryFacts& facts);

// default_memory_limit(read_memory_facts()).
uint64_t default_memory_limit();

// "512 MiB", "1.5 GiB"...
std::string format_bytes(uint64_t bytes);

}  // namespace taquin::cli
