// Test helper: the JSON lines the CLI prints, read by nlohmann-json.
#include "json_fields.hpp"

#include <set>

#include <nlohmann/json.hpp>

namespace taquin::testing {

std::optional<nlohmann::ordered_json> json_object(const std::string& line) {
  using Json = nlohmann::ordered_json;
  // nlohmann-json keeps the last of two equal keys: the callback sees every key of the object.
  std::set<std::string> keys;
  bool repeated = false;
  const Json::parser_callback_t callback = [&](int depth, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::key && depth == 1 &&
        !keys.insert(parsed.get<std::string>()).second)
      repeated = true;
    return true;
  };
  Json object = Json::parse(line, callback, /*allow_exceptions=*/false);
  if (object.is_discarded() || !object.is_object() || repeated) return std::nullopt;
  return object;
}

std::optional<std::map<std::string, std::string>> json_fields(const std::string& line) {
  const std::optional<nlohmann::ordered_json> object = json_object(line);
  if (!object) return std::nullopt;
  std::map<std::string, std::string> fields;
  for (const auto& [key, value] : object->items()) fields.emplace(key, value.dump());
  return fields;
}

}  // namespace taquin::testing
