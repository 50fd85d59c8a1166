// Reading boards (42 format, one-line, batch, inline, stdin) and writing them (grid, line, 42).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"

namespace taquin {

// The longest input line accepted, in bytes.
inline constexpr size_t kMaxLineBytes = 64 * 1024;

// The most bytes read from a board file or standard input (a batch): 1 GiB.
inline constexpr size_t kMaxBatchBytes = size_t{1} << 30;

// The most bytes read from a goal file (one board, with comments): 16 KiB.
inline constexpr size_t kMaxGoalFileBytes = 16 * 1024;

// The whole text of the file `path` ("-": standard input, whatever it is), read without ever
// blocking on a file that is not regular: a FIFO, a device or a directory named by path is
// refused before any read. Fails, naming the file ("<stdin>" for "-"), when it cannot be opened
// or read, or holds more than `max_bytes` bytes (then only max_bytes + 1 are read).
Expected<std::string> read_text(const std::string& path, size_t max_bytes);

// A line of text that holds words once its '#' comment is removed.
struct TextLine {
  int number = 0;                       // 1-based line number in the text
  std::vector<std::string_view> words;  // whitespace-separated words before any '#'
  std::string_view comment;             // what follows the '#', empty when there is none
};

// The lines of `text` that hold words, in order, each with its number ('#' starts a comment to the
// end of the line; blank and comment-only lines are skipped but counted): the one line splitter
// of the board and catalogue readers. The views point into `text`. Fails on a line longer than
// `max_line_bytes`, or with control bytes (binary data) before its comment, naming `source` and
// the line.
Expected<std::vector<TextLine>> split_lines(std::string_view text, const std::string& source,
                                            size_t max_line_bytes);

// One board as read: tiles row-major (0 = blank), validated as a permutation of [0, side²).
struct Instance {
  int side = 0;
  std::vector<uint8_t> tiles;
  std::string source;                 // file name, "--board" or "<stdin>"
  int line = 0;                       // 1-based line where the board starts
  std::optional<int> optimal_length;  // from a "# optimal K" comment, when present
};

// Parses every board of `text`, in order. Formats are detected per board: a line with a single
// number starts a 42-format board (N, then N rows of N numbers); any other line is a one-line
// board of N² numbers. '#' starts a comment to the end of the line; blank lines are skipped.
// Fails on the first problem, naming `source` and its line. Empty input is an error.
Expected<std::vector<Instance>> parse_instances(std::string_view text, const std::string& source);

// Reads (read_text, at most `max_bytes`) and parses a file; "-" reads standard input. Errors
// name the file.
Expected<std::vector<Instance>> read_instances(const std::string& path,
                                               size_t max_bytes = kMaxBatchBytes);

// Like parse_instances and read_instances, but going on after a bad board: each board or the
// error in its place, in order; parsing resumes after the lines the bad board claims (its line, or
// a 42-format board's size line and rows). A
// file that cannot be read, or text that is not boards (binary, an overlong line), is one error.
std::vector<Expected<Instance>> parse_each_instance(std::string_view text,
                                                    const std::string& source);
std::vector<Expected<Instance>> read_each_instance(const std::string& path,
                                                   size_t max_bytes = kMaxBatchBytes);

// Checks that `tiles` is a permutation of [0, side²); the error names `source` and `line`.
std::optional<Error> validate_tiles(std::span<const int> values, int side,
                                    const std::string& source, int line);

// Board text forms. grid: aligned rows; oneline: N² numbers on one line; 42: N then the rows.
enum class BoardFormat { Grid, OneLine, FortyTwo };
std::string format_board(std::span<const uint8_t> tiles, int side, BoardFormat format);

}  // namespace taquin
