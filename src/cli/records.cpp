// The records of --format json and csv: one JSON object a line, or CSV rows.
#include "records.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "utf8.hpp"

namespace taquin::cli {

double per_second(uint64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

namespace {

// JSON string literal of `text`, with escapes; bytes that are not UTF-8 become U+FFFD, so that the
// line stays valid JSON whatever a file name holds.
std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    const size_t length = utf8_length(text, i);
    if (length == 0) {  // not UTF-8: the replacement character keeps the JSON valid
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
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

}  // namespace

void JsonLine::key(std::string_view k, std::string csv) {
  if (body_.size() > 1) body_ += ',';
  body_ += json_quote(k);
  body_ += ':';
  csv_.emplace_back(std::string(k), std::move(csv));
}

namespace {

// The CSV text of an array of numbers: the numbers apart by single spaces.
template <typename Number>
std::string spaced(std::span<const Number> values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? " " : "") + std::to_string(static_cast<uint64_t>(values[i]));
  return out;
}

// The JSON text of an array of numbers.
template <typename Number>
std::string json_array(std::span<const Number> values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? "," : "") + std::to_string(static_cast<uint64_t>(values[i]));
  return out + "]";
}

}  // namespace

JsonLine& JsonLine::add(std::string_view k, std::string_view value) {
  key(k, std::string(value));
  body_ += json_quote(value);
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, bool value) {
  const char* text = value ? "true" : "false";
  key(k, text);
  body_ += text;
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, int64_t value) {
  return add_raw(k, std::to_string(value), std::to_string(value));
}
JsonLine& JsonLine::add(std::string_view k, uint64_t value) {
  return add_raw(k, std::to_string(value), std::to_string(value));
}
JsonLine& JsonLine::add(std::string_view k, double value) {
  if (!std::isfinite(value)) return add_null(k);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  return add_raw(k, buf, buf);
}
JsonLine& JsonLine::add(std::string_view k, std::span<const uint8_t> values) {
  return add_raw(k, json_array(values), spaced(values));
}
JsonLine& JsonLine::add(std::string_view k, std::span<const uint64_t> values) {
  return add_raw(k, json_array(values), spaced(values));
}
JsonLine& JsonLine::add(std::string_view k, std::span<const std::vector<uint8_t>> arrays) {
  std::string json = "[", csv;
  for (size_t i = 0; i < arrays.size(); ++i) {
    json += (i ? "," : "") + json_array(std::span<const uint8_t>(arrays[i]));
    csv += (i ? ";" : "") + spaced(std::span<const uint8_t>(arrays[i]));
  }
  return add_raw(k, json + "]", csv);
}
JsonLine& JsonLine::add_null(std::string_view k) {
  return add_raw(k, "null", "");
}
JsonLine& JsonLine::add_raw(std::string_view k, std::string_view json, std::string_view csv) {
  key(k, std::string(csv));
  body_ += json;
  return *this;
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
  std::vector<const std::string*> cells(columns_.size(), nullptr);
  for (const auto& [key, text] : record.csv_fields()) {
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
