// Test helper: the top-level fields of a one-line JSON object, as the CLI prints them.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace taquin::testing {

// The fields of the one-line object `line`, each with its raw value (strings keep their quotes,
// arrays their brackets); nullopt when `line` is not one whole object of "key":value pairs.
inline std::optional<std::map<std::string, std::string>> json_fields(const std::string& line) {
  if (line.size() < 2 || line.front() != '{' || line.back() != '}') return std::nullopt;
  std::map<std::string, std::string> fields;
  for (size_t i = 1; i + 1 < line.size();) {
    const size_t key_end = line.find('"', i + 1);
    if (line[i] != '"' || key_end == std::string::npos || line[key_end + 1] != ':')
      return std::nullopt;
    size_t end = key_end + 2;
    int depth = 0;
    bool quoted = false;
    for (; end + 1 < line.size(); ++end) {
      const char c = line[end];
      if (quoted) {
        if (c == '\\')
          ++end;
        else if (c == '"')
          quoted = false;
      } else if (c == '"') {
        quoted = true;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if (c == ']' || c == '}') {
        --depth;
      } else if (c == ',' && depth == 0) {
        break;
      }
    }
    const std::string key = line.substr(i + 1, key_end - i - 1);
    const std::string value = line.substr(key_end + 2, end - key_end - 2);
    if (value.empty() || depth != 0 || quoted || !fields.emplace(key, value).second)
      return std::nullopt;
    i = end + 1;
  }
  return fields;
}

}  // namespace taquin::testing
