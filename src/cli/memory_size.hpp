// Memory sizes on the command line: parsing "512M"-style values, the default limit, printing.
#pragma once

#include <cstdint>
#include <string>

#include "taquin/error.hpp"

namespace taquin::cli {

// Parses a byte count for `option`: a number (fractions allowed) with an optional K, M, G or T
// suffix (powers of 1024), optionally followed by B or iB: "512M", "2G", "1.5GiB", "1000000".
// At least 1 KiB.
Expected<uint64_t> parse_memory_size(const std::string& text, const std::string& option);

// Half the machine's physical memory (1 GiB when the system does not tell).
uint64_t default_memory_limit();

// "512 MiB", "1.5 GiB"...
std::string format_bytes(uint64_t bytes);

}  // namespace taquin::cli
