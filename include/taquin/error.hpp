// Error values returned by the library: where a problem was found and what it is.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace taquin {

// A problem in some input: `source` is a file name, "--board", "<stdin>"...; `line` is
// 1-based, or 0 when the problem is not tied to a line.
struct Error {
  std::string source;
  int line = 0;
  std::string message;

  // "source:line: message" (or "source: message" without a line), the one-line form the CLI prints.
  std::string describe() const {
    std::string out;
    out.reserve(source.size() + message.size() + 16);
    out.append(source);
    if (line > 0) out.append(":").append(std::to_string(line));
    if (!source.empty()) out.append(": ");
    out.append(message);
    return out;
  }
};

// Either a value or an Error, for library calls that can fail on bad input.
template <typename T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Error error) : data_(std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(data_); }
  const T& value() const { return std::get<0>(data_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

}  // namespace taquin
