// The records of --format json and csv: one JSON object a line (nlohmann-json), or CSV rows.
#include "cli/records.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "cli/utf8.hpp"

namespace taquin::cli {

using Json = nlohmann::ordered_json;

double per_second(uint64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

namespace {

// `text` as a JSON string: nlohmann-json's escapes, but for two rules taquin has always kept
// (docs/output.md, "Input text"): each byte that is not UTF-8 (a file name can hold any) is
// \ufffd, so that the line stays valid JSON, and backspace and form feed are \u0008 and \u000c.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  size_t run = 0;  // where the text not yet written starts
  const auto write_run = [&](size_t end) {
    if (end == run) return;
    const std::string quoted = Json(std::string(text.substr(run, end - run))).dump();
    out.append(quoted, 1, quoted.size() - 2);
  };
  for (size_t i = 0; i < text.size();) {
    const size_t length = utf8_length(text, i);
    if (length != 0 && text[i] != '\b' && text[i] != '\f') {
      i += length;
      continue;
    }
    write_run(i);
    out += length == 0 ? "\\ufffd" : text[i] == '\b' ? "\\u0008" : "\\u000c";
    run = ++i;
  }
  write_run(text.size());
  return out + '"';
}

// The CSV text of an array of numbers: the numbers apart by single spaces.
std::string spaced(const Json& numbers) {
  std::string out;
  for (const Json& number : numbers) out += (out.empty() ? "" : " ") + number.dump();
  return out;
}

// `text` as one RFC 4180 field: as it is, or between double quotes (inner quotes doubled) when it
// holds a comma, a double quote or a line break.
std::string csv_quote(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// A number written by `format` ("%.6g", "%.6f"), as the record shows it.
std::string written_number(const char* format, double value) {
  char text[400];  // "%.6f" of the largest double: 309 digits and 7 more
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace

JsonLine::JsonLine() : fields_(std::make_unique<Json>(Json::object())) {}
JsonLine::~JsonLine() = default;
JsonLine::JsonLine(JsonLine&& other) noexcept = default;
JsonLine& JsonLine::operator=(JsonLine&& other) noexcept = default;

JsonLine& JsonLine::set(std::string_view key, Json value, std::string written) {
  const std::string name(key);
  if (fields_->contains(name)) throw std::logic_error("the record has two fields named " + name);
  (*fields_)[name] = std::move(value);
  if (!written.empty()) numbers_.emplace_back(name, std::move(written));
  return *this;
}

const std::string* JsonLine::written(const std::string& key) const {
  for (const auto& [name, text] : numbers_)
    if (name == key) return &text;
  return nullptr;
}

JsonLine& JsonLine::add(std::string_view key, std::string_view value) {
  return set(key, std::string(value));
}
JsonLine& JsonLine::add(std::string_view key, bool value) {
  return set(key, value);
}
JsonLine& JsonLine::add(std::string_view key, int64_t value) {
  return set(key, value);
}
JsonLine& JsonLine::add(std::string_view key, uint64_t value) {
  return set(key, value);
}
JsonLine& JsonLine::add(std::string_view key, double value) {
  if (!std::isfinite(value)) return add_null(key);
  return set(key, value, written_number("%.6g", value));
}
JsonLine& JsonLine::add_fixed(std::string_view key, double value, int decimals) {
  if (!std::isfinite(value)) return add_null(key);
  const std::string format = "%." + std::to_string(decimals) + "f";
  return set(key, value, written_number(format.c_str(), value));
}
JsonLine& JsonLine::add(std::string_view key, std::span<const Tile> values) {
  return set(key, Json(std::vector<uint64_t>(values.begin(), values.end())));
}
JsonLine& JsonLine::add(std::string_view key, std::span<const uint64_t> values) {
  return set(key, Json(std::vector<uint64_t>(values.begin(), values.end())));
}
JsonLine& JsonLine::add(std::string_view key, std::span<const std::vector<Tile>> arrays) {
  Json array = Json::array();
  for (const std::vector<Tile>& values : arrays)
    array.push_back(Json(std::vector<uint64_t>(values.begin(), values.end())));
  return set(key, std::move(array));
}
JsonLine& JsonLine::add_null(std::string_view key) {
  return set(key, nullptr);
}

std::string JsonLine::str() const {
  std::string out = "{";
  for (const auto& [key, value] : fields_->items()) {
    if (out.size() > 1) out += ',';
    out += json_string(key) + ':';
    if (const std::string* number = written(key))
      out += *number;
    else if (value.is_string())
      out += json_string(value.get_ref<const std::string&>());
    else
      out += value.dump();  // a whole number, true, false, null, an array of whole numbers
  }
  return out + "}";
}

const Json& JsonLine::fields() const {
  return *fields_;
}

std::vector<std::pair<std::string, std::string>> JsonLine::csv_fields() const {
  std::vector<std::pair<std::string, std::string>> fields;
  for (const auto& [key, value] : fields_->items()) {
    std::string text;
    if (const std::string* number = written(key)) {
      text = *number;
    } else if (value.is_string()) {
      text = value.get_ref<const std::string&>();
    } else if (value.is_array()) {
      for (const Json& element : value)
        text += (&element == &value.front() ? ""
                 : element.is_array()       ? ";"
                                            : " ") +
                (element.is_array() ? spaced(element) : element.dump());
    } else if (!value.is_null()) {
      text = value.dump();
    }
    fields.emplace_back(key, std::move(text));
  }
  return fields;
}

RecordFormat::RecordFormat(std::string format, std::vector<std::string> columns)
    : csv_(format == "csv"), columns_(std::move(columns)) {}

std::string RecordFormat::header() const {
  if (!csv_) return "";
  std::string out;
  for (size_t i = 0; i < columns_.size(); ++i) out += (i ? "," : "") + csv_quote(columns_[i]);
  return out + "\n";
}

std::string RecordFormat::line(const JsonLine& record) const {
  if (!csv_) return record.str() + "\n";
  const std::vector<std::pair<std::string, std::string>> fields = record.csv_fields();
  std::vector<const std::string*> cells(columns_.size(), nullptr);
  for (const auto& [key, text] : fields) {
    const auto column = std::find(columns_.begin(), columns_.end(), key);
    if (column == columns_.end())
      throw std::logic_error("the CSV record has a field, " + key + ", that is not a column");
    cells[static_cast<size_t>(column - columns_.begin())] = &text;
  }
  std::string out;
  for (size_t i = 0; i < cells.size(); ++i)
    out += (i ? "," : "") + (cells[i] ? csv_quote(*cells[i]) : std::string());
  return out + "\n";
}

}  // namespace taquin::cli
