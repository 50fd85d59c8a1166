// The records of --format json and csv: one JSON object a line (nlohmann-json), or CSV rows.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "taquin/shape.hpp"

namespace taquin::cli {

// The one meaning of `nodes_per_second` (docs/output.md): `count` per second of `seconds`, 0 when
// no time was measured. Called with expanded nodes everywhere that prints nodes_per_second.
double per_second(uint64_t count, double seconds);

// One record: its fields in order, kept as a JSON object (nlohmann::ordered_json), written as one
// line of JSON ({"key":value,...}) or as CSV text (docs/output.md, "CSV": strings as they are,
// null empty, arrays of numbers as numbers apart by spaces, arrays of arrays as those joined by
// ';'). A number that is not whole is written "%.6g" (6 significant digits), or as add_fixed says;
// one that is not finite is null. A key added twice throws std::logic_error (a bug).
class JsonLine {
 public:
  JsonLine();
  ~JsonLine();
  JsonLine(JsonLine&& other) noexcept;
  JsonLine& operator=(JsonLine&& other) noexcept;

  JsonLine& add(std::string_view key, std::string_view value);
  JsonLine& add(std::string_view key, const char* value) {
    return add(key, std::string_view(value));
  }
  JsonLine& add(std::string_view key, const std::string& value) {
    return add(key, std::string_view(value));
  }
  JsonLine& add(std::string_view key, bool value);
  JsonLine& add(std::string_view key, int64_t value);
  JsonLine& add(std::string_view key, int value) { return add(key, static_cast<int64_t>(value)); }
  JsonLine& add(std::string_view key, uint64_t value);
  JsonLine& add(std::string_view key, double value);
  JsonLine& add(std::string_view key, std::span<const Tile> values);      // array of numbers
  JsonLine& add(std::string_view key, std::span<const uint64_t> values);  // array of numbers
  JsonLine& add(std::string_view key,
                std::span<const std::vector<Tile>> arrays);  // array of arrays of numbers
  JsonLine& add_null(std::string_view key);
  // A number written with `decimals` digits after the point ("%.6f" for 6).
  JsonLine& add_fixed(std::string_view key, double value, int decimals);

  // The record as one JSON object on one line, without a newline.
  std::string str() const;
  // The fields in order: each key with its CSV text (unquoted).
  std::vector<std::pair<std::string, std::string>> csv_fields() const;
  // The fields in order as JSON values (a number as its value, not as written): for a JSON answer
  // that nlohmann-json writes (taquin serve).
  const nlohmann::ordered_json& fields() const;

 private:
  JsonLine& set(std::string_view key, nlohmann::ordered_json value, std::string written = {});
  std::unique_ptr<nlohmann::ordered_json> fields_;
  // The written text of each number that is not whole, by key.
  std::vector<std::pair<std::string, std::string>> numbers_;
  const std::string* written(const std::string& key) const;
};

// The records of one command in --format json or csv: JSON lines, or a CSV table whose header
// is `columns` (the JSON keys, in the documented order).
class RecordFormat {
 public:
  RecordFormat(std::string format, std::vector<std::string> columns);
  // The CSV header line ("" for JSON), to print before the first record.
  std::string header() const;
  // `record` as one line with its newline: its JSON, or its CSV row (a column the record lacks
  // is an empty field). A key that is not a column throws std::logic_error (a bug).
  std::string line(const JsonLine& record) const;

 private:
  bool csv_;
  std::vector<std::string> columns_;
};

}  // namespace taquin::cli
