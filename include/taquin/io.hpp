// Reading boards (42 format, one-line, batch, inline, stdin) and writing them (grid, line, 42).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/shape.hpp"

namespace taquin {

// The longest input line accepted, in bytes.
inline constexpr size_t kMaxLineBytes = 64 * 1024;

// The most bytes read_text reads from a file read whole (merge's inputs, bench's FILE set, stress's
// files): 1 GiB. Board batches are streamed (BoardReader) and have no such limit.
inline constexpr size_t kMaxBatchBytes = size_t{1} << 30;

// The most bytes read from a goal file (one board, with comments): 16 KiB.
inline constexpr size_t kMaxGoalFileBytes = 16 * 1024;

// The whole text of the file `path` ("-": standard input, whatever it is), read without ever
// blocking on a file that is not regular: a FIFO, a device or a directory named by path is
// refused before any read. Fails, naming the file ("<stdin>" for "-"), when it cannot be opened
// or read, or holds more than `max_bytes` bytes (then only max_bytes + 1 are read). `kind` names
// what the file should be in the refusal of one that is not regular ("is a directory, not KIND").
Expected<std::string> read_text(const std::string& path, size_t max_bytes,
                                std::string_view kind = "a board file");

// Writes the bytes of `pieces`, in order, to the file `path` by the output contract's rule
// (docs/output.md, "Output files"): nothing there or a regular file is written whole or not at
// all (a temporary file "<path>.tmp<pid>" beside it, renamed over it; with `durable`, synced
// first); a symbolic link is followed and its target written so (a dangling link creates its
// target); a character or block device, a FIFO or a socket is opened as it is (no creation, no
// truncation; a FIFO waits for its reader) and written to directly; a directory is refused. The
// Error names `path`: "cannot write: REASON" (the system's reason: "Is a directory",
// "No space left on device").
std::optional<Error> write_output_file(const std::string& path,
                                       std::span<const std::string_view> pieces,
                                       bool durable = false);

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

// Board text forms. grid: aligned rows (read: rows without a size line, or a board with an "R C"
// size line); oneline: the numbers on one line; 42: the size line (N for a square, "R C" for a
// rectangle) then the rows.
enum class BoardFormat { Grid, OneLine, FortyTwo };

// One board as read: tiles row-major (0 = blank), validated as a permutation of [0, cells).
struct Instance {
  Shape shape;
  std::vector<Tile> tiles;
  std::string source;                         // file name, "--board" or "<stdin>"
  int line = 0;                               // 1-based line where the board starts
  std::optional<int> optimal_length;          // from a "# optimal K" comment, when present
  BoardFormat format = BoardFormat::OneLine;  // the form it was written in
};

// The goal a board means when none is named: the snail, the 42 school's goal, for a board written
// in the 42 format (a size line before its rows); the standard goal for any other.
GoalSpec default_goal_spec(const Instance& board);

// The boards of one input, read one at a time: a file or standard input through a bounded buffer
// (memory for a line and a board, whatever the input's size), or text in memory. Formats are
// detected per board: a line with a single number starts a 42-format board (N, then N rows of N
// numbers); a line of two numbers R C followed by R rows of C numbers is a board of that shape
// (the header of a rectangle); N lines of N numbers holding 0 to N²-1 once are a grid without its
// size line; any other line is a one-line board of N² numbers. '#' starts a comment to the end of
// the line; blank lines are skipped; a "# optimal K" comment sets Instance::optimal_length;
// Instance::format records which form a board came in.
class BoardReader {
 public:
  // Reads the file `path` ("-": standard input, whatever it is). A FIFO, a device or a directory
  // named by path is refused before any read (opened without blocking); a file that cannot be
  // opened is the reader's one error, naming the file ("<stdin>" for "-").
  static BoardReader open(const std::string& path);
  // Reads a copy of `text`; errors name `source`.
  static BoardReader of_text(std::string_view text, std::string source);
  BoardReader(BoardReader&&) noexcept;
  BoardReader& operator=(BoardReader&&) noexcept;
  ~BoardReader();

  // The next board, or the error in its place; std::nullopt after the last. Parsing resumes
  // after the lines a bad board claims (its line, or a 42-format board's size line and rows).
  // Input that is not text (control bytes before a comment), a line over kMaxLineBytes, more
  // lines than an int counts, or a failed read ends the input: the boards before that line come
  // first, then its error, then nothing. An input without any board is one error.
  std::optional<Expected<Instance>> next();

  // Goes back to the start of the input, for a second pass, and returns true; for a pipe or a
  // terminal (which cannot be read twice), changes nothing and returns false.
  bool rewind();

 private:
  struct State;
  explicit BoardReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Every board of `text` (BoardReader::of_text), or the first error.
Expected<std::vector<Instance>> parse_instances(std::string_view text, const std::string& source);

// Every board of `text`, or the error in its place, in order (BoardReader::of_text).
std::vector<Expected<Instance>> parse_each_instance(std::string_view text,
                                                    const std::string& source);

// Reads a file whole (read_text, at most `max_bytes`; "-": standard input), then its boards, or
// the first error. For small files (a goal, stress's boards); a batch is streamed (BoardReader).
Expected<std::vector<Instance>> read_instances(const std::string& path,
                                               size_t max_bytes = kMaxBatchBytes);

// Checks that `tiles` is a permutation of [0, cells of `shape`); the error names `source` and
// `line`.
std::optional<Error> validate_tiles(std::span<const int> values, Shape shape,
                                    const std::string& source, int line);
inline std::optional<Error> validate_tiles(std::span<const int> values, int side,
                                           const std::string& source, int line) {
  return validate_tiles(values, Shape::square(side), source, line);
}

// The text of a board in `format`. A rectangle's FortyTwo form starts with its "R C" size line; its
// OneLine form (the values alone) reads back only where the shape is known.
std::string format_board(std::span<const Tile> tiles, Shape shape, BoardFormat format);
inline std::string format_board(std::span<const Tile> tiles, int side, BoardFormat format) {
  return format_board(tiles, Shape::square(side), format);
}

}  // namespace taquin
