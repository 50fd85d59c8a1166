// Test helper: the JSON lines the CLI prints, read by nlohmann-json (compiled once, in
// json_fields.cpp).
#pragma once

#include <map>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace taquin::testing {

// The one-line JSON object `line`, its fields in order; nullopt when `line` is not one whole JSON
// object, or names a key twice.
std::optional<nlohmann::ordered_json> json_object(const std::string& line);

// The top-level fields of the one-line object `line` (json_object), each with its value as JSON
// text, as nlohmann-json writes it (strings keep their quotes, arrays their brackets); nullopt when
// json_object finds none.
std::optional<std::map<std::string, std::string>> json_fields(const std::string& line);

}  // namespace taquin::testing
