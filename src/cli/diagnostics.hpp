// Diagnostics on stderr: one line each, "taquin: " first, every byte of a name made visible.
#pragma once

#include <string>
#include <string_view>

#include "taquin/error.hpp"

namespace taquin::cli {

// Prints "taquin: <error>" on stderr.
void print_error(const Error& error);

// Prints "taquin: <error> (run 'taquin <command> --help')" on stderr: for a bad option value.
void print_usage_error(const Error& error, std::string_view command);

// `text` made safe for one line of stderr: a newline shows as \n, other control characters and
// bytes that are not UTF-8 as \xHH (a file name can hold any of them).
std::string printable(std::string_view text);

}  // namespace taquin::cli
