// The search limits of --max-nodes, --max-seconds and --max-memory.
#pragma once

#include <cstdint>
#include <string>

#include "taquin/error.hpp"
#include "taquin/search/result.hpp"

namespace taquin::cli {

// The value of --max-nodes: a whole number from 1 to 2^64 - 1; the Error names `option`.
Expected<uint64_t> parse_node_limit(const std::string& text, const std::string& option);

// The value of --max-seconds: a finite number of seconds above 0; the Error names `option`.
Expected<double> parse_seconds_limit(const std::string& text, const std::string& option);

// The value of --weight: a finite number, 1 or more (digits with an optional fraction); the
// Error names `option`.
Expected<double> parse_weight(const std::string& text, const std::string& option);

// The limits of --max-memory (empty: default_memory_limit()), --max-nodes and --max-seconds
// (empty: none); the Error names the option.
Expected<Limits> parse_limits(const std::string& max_memory, const std::string& max_nodes,
                              const std::string& max_seconds);

}  // namespace taquin::cli
