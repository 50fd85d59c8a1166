// Diagnostics on stderr: one line each, "taquin: " first, every byte of a name made visible.
#include "cli/diagnostics.hpp"

#include <cstdio>
#include <iostream>

#include "cli/utf8.hpp"

namespace taquin::cli {

void print_error(const Error& error) {
  std::cerr << "taquin: " << printable(error.describe()) << '\n';
}

void print_usage_error(const Error& error, std::string_view command) {
  std::cerr << "taquin: " << printable(error.describe()) << " (run 'taquin " << command
            << " --help')\n";
}
std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t length = utf8_length(text, i);
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    if (c == '\n') {
      out += "\\n";
    } else if (length == 0 || c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace taquin::cli
