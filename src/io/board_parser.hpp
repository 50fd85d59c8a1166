// Parsing board text: lines split into words, values, and one board from the lines at a reader's
// current line (the streaming reader, board_reader.cpp, feeds it).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "taquin/error.hpp"
#include "taquin/io.hpp"

namespace taquin::board_text {

// The UTF-8 byte order mark some editors put at the start of a text file: skipped.
inline constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// The error of the line `number`, `bytes` long, over the limit of `max_line_bytes`.
Error overlong_line(const std::string& source, int number, size_t bytes, size_t max_line_bytes);

// Splits the line `raw` (without its newline) into `line`, whose views point into raw; the problem
// when it is over `max_line_bytes` or holds control bytes before its comment.
std::optional<Error> split_line(std::string_view raw, int number, const std::string& source,
                                size_t max_line_bytes, TextLine& line);

// The lines with words a board is parsed from, read as they are needed.
class LineWindow {
 public:
  // The k-th line with words from the current one (0: the current one), or nullptr past the end.
  virtual const TextLine* at(size_t k) = 0;

 protected:
  ~LineWindow() = default;
};

// The board that starts at the current line of `lines` (there is one). `used` is set to the lines
// it took; `claimed` first to the lines it claims (its size line and rows), past which a failed
// parse resumes. Errors name `source` and the line.
Expected<Instance> parse_board(LineWindow& lines, const std::string& source, size_t& used,
                               size_t& claimed);

}  // namespace taquin::board_text
