// The records of --format json and csv: one JSON object a line (nlohmann-json), or CSV rows.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace taquin::cli {

// The one meaning of `nodes_per_second` (docs/output.md): `count` per second of `seconds`, 0 when
// no time was measured. Called with expanded nodes everywhere that prints nodes_per_second.
double per_second(uint64_t count, double seconds);

// Builds one record: a JSON object on one line ({"key":value,...}) and, beside it, each field's
// CSV text (docs/output.md, "CSV"): strings as they are, null empty, arrays of numbers as numbers
// apart by spaces, arrays of arrays as those joined by ';'.
class JsonLine {
 public:
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
  JsonLine& add(std::string_view key, std::span<const uint8_t> values);   // array of numbers
  JsonLine& add(std::string_view key, std::span<const uint64_t> values);  // array of numbers
  JsonLine& add(std::string_view key,
                std::span<const std::vector<uint8_t>> arrays);  // array of arrays of numbers
  JsonLine& add_null(std::string_view key);
  // A value already in JSON, with its CSV text.
  JsonLine& add_raw(std::string_view key, std::string_view json, std::string_view csv);
  std::string str() const { return body_ + "}"; }
  // The fields in order: each key with its CSV text (unquoted).
  const std::vector<std::pair<std::string, std::string>>& csv_fields() const { return csv_; }

 private:
  void key(std::string_view k, std::string csv);
  std::string body_ = "{";
  std::vector<std::pair<std::string, std::string>> csv_;
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
