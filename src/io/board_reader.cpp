// The streaming board reader: an input's bytes read a block at a time, split into lines, and the
// boards parsed from them one at a time (board_parser.cpp).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <limits>

#include "core/files.hpp"
#include "io/board_parser.hpp"
#include "taquin/io.hpp"

namespace taquin {

using board_text::kByteOrderMark;

// The input of a BoardReader: its bytes, read a block at a time, split into the lines that hold
// words, a few of them held ahead for the parser (a board spans at most 9 lines).
struct BoardInput : board_text::LineWindow {
  static constexpr size_t kBlockBytes = 64 * 1024;

  // A line with words, owning its text (the words and comment point into it).
  struct Line {
    std::string text;
    TextLine line;
  };

  std::string source;
  std::optional<Error> open_error;  // the reader's one error: the input cannot be read at all
  files::Fd fd;                     // none (-1): text in memory, whole in `bytes`
  bool seekable = false;            // a regular file: rewind() seeks back to `start`
  off_t start = 0;

  std::string bytes;             // read and not yet split (text: the whole text)
  size_t scan = 0;               // where the next line starts in `bytes`
  bool at_end = false;           // nothing more to read into `bytes`
  int number = 0;                // lines split so far
  std::deque<Line> ahead;        // lines with words, split and not yet consumed
  std::vector<Line> spare;       // consumed lines, whose buffers the next lines reuse
  std::optional<Error> stopped;  // the problem that ended the input, after the lines before it
  bool yielded = false;          // a board or an error was returned
  bool finished = false;         // next() returned its last item

  BoardInput() = default;
  BoardInput(const BoardInput&) = delete;
  BoardInput& operator=(const BoardInput&) = delete;
  ~BoardInput() = default;

  // Back to the start of the bytes (those of text stay; a file's are read again).
  void reset() {
    if (fd.get() >= 0) {
      bytes.clear();
      at_end = false;
    }
    scan = 0;
    number = 0;
    ahead.clear();
    stopped.reset();
    yielded = finished = false;
  }

  // Reads one more block into `bytes`, dropping what was split; false at the end or on a failure
  // (then `stopped` says why).
  bool fill() {
    if (at_end) return false;
    bytes.erase(0, scan);
    scan = 0;
    const size_t kept = bytes.size();
    bytes.resize(kept + kBlockBytes);
    const ssize_t got = files::read_some(fd.get(), bytes.data() + kept, kBlockBytes);
    bytes.resize(kept + static_cast<size_t>(std::max<ssize_t>(got, 0)));
    if (got < 0) stopped = Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
    if (got <= 0) at_end = true;
    return got > 0;
  }

  // Splits the next line that holds words onto `ahead`; false at the end of the input or when a
  // problem ends it.
  bool split_next() {
    for (;;) {
      if (stopped) return false;
      size_t newline = bytes.find('\n', scan);
      if (newline == std::string::npos) {
        if (bytes.size() - scan > kMaxLineBytes) return skip_overlong_line();
        if (fill()) continue;
        if (stopped || scan == bytes.size()) return false;
        newline = bytes.size();  // the last line, without its newline
      }
      if (number == std::numeric_limits<int>::max()) {
        stopped = Error{source, number, "more lines than the limit of " + std::to_string(number)};
        return false;
      }
      if (spare.empty()) spare.emplace_back();
      Line& owned = ahead.emplace_back(std::move(spare.back()));
      spare.pop_back();
      owned.text.assign(bytes, scan, newline - scan);
      scan = std::min(newline + 1, bytes.size());
      // A UTF-8 byte order mark (an editor's) before the first line is no text.
      if (number == 0 && owned.text.starts_with(kByteOrderMark))
        owned.text.erase(0, kByteOrderMark.size());
      if (auto error =
              board_text::split_line(owned.text, ++number, source, kMaxLineBytes, owned.line)) {
        recycle_back();
        stopped = std::move(*error);
        return false;
      }
      if (!owned.line.words.empty()) return true;
      recycle_back();
    }
  }

  // A line over kMaxLineBytes that no newline ends in `bytes`: reads to its end, to say how long
  // it is, keeping no more than a block, and ends the input there.
  bool skip_overlong_line() {
    size_t length = bytes.size() - scan;
    scan = bytes.size();
    for (;;) {
      const bool more = fill();
      const size_t newline = bytes.find('\n', scan);
      length += (newline == std::string::npos ? bytes.size() : newline) - scan;
      scan = bytes.size();
      if (newline != std::string::npos || !more) break;
    }
    if (!stopped) stopped = board_text::overlong_line(source, ++number, length, kMaxLineBytes);
    return false;
  }

  // The k-th line with words from the current one (0: the current one), or nullptr past the end.
  const TextLine* at(size_t k) override {
    while (ahead.size() <= k)
      if (!split_next()) return nullptr;
    return &ahead[k].line;
  }

  // Drops `count` lines with words (fewer at the end of the input).
  void drop(size_t count) {
    for (; count > 0 && at(0); --count) {
      spare.push_back(std::move(ahead.front()));
      ahead.pop_front();
    }
  }

  // Drops the last line split, keeping its buffers.
  void recycle_back() {
    spare.push_back(std::move(ahead.back()));
    ahead.pop_back();
  }
};

struct BoardReader::State final : BoardInput {};

BoardReader::BoardReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
BoardReader::BoardReader(BoardReader&&) noexcept = default;
BoardReader& BoardReader::operator=(BoardReader&&) noexcept = default;
BoardReader::~BoardReader() = default;

BoardReader BoardReader::open(const std::string& path) {
  auto state = std::make_unique<State>();
  state->source = files::source_name(path);
  Expected<files::ReadFile> file = files::open_input(path, state->source, "a board file");
  if (!file) {
    state->open_error = file.error();
    return BoardReader(std::move(state));
  }
  state->fd = std::move(file->fd);
  if (S_ISREG(file->mode)) {
    state->start = ::lseek(state->fd.get(), 0, SEEK_CUR);
    state->seekable = state->start >= 0;
  }
  return BoardReader(std::move(state));
}

BoardReader BoardReader::of_text(std::string_view text, std::string source) {
  auto state = std::make_unique<State>();
  state->source = std::move(source);
  state->bytes.assign(text);
  state->at_end = true;
  return BoardReader(std::move(state));
}

std::optional<Expected<Instance>> BoardReader::next() {
  State& in = *state_;
  if (in.finished) return std::nullopt;
  if (in.open_error) {
    in.finished = true;
    return Expected<Instance>(*in.open_error);
  }
  if (!in.at(0)) {
    in.finished = true;
    if (in.stopped) return Expected<Instance>(*in.stopped);
    if (!in.yielded) return Expected<Instance>(Error{in.source, 0, "no board found (empty input)"});
    return std::nullopt;
  }
  size_t used = 0, claimed = 0;
  Expected<Instance> board = board_text::parse_board(in, in.source, used, claimed);
  in.drop(board ? used : claimed);
  in.yielded = true;
  return board;
}

bool BoardReader::rewind() {
  State& in = *state_;
  if (in.fd.get() >= 0) {
    if (!in.seekable || ::lseek(in.fd.get(), in.start, SEEK_SET) != in.start) return false;
  }
  in.reset();
  return true;
}

Expected<std::vector<Instance>> parse_instances(std::string_view text, const std::string& source) {
  std::vector<Instance> out;
  BoardReader reader = BoardReader::of_text(text, source);
  while (std::optional<Expected<Instance>> board = reader.next()) {
    if (!*board) return board->error();
    out.push_back(std::move(**board));
  }
  return out;
}

std::vector<Expected<Instance>> parse_each_instance(std::string_view text,
                                                    const std::string& source) {
  std::vector<Expected<Instance>> out;
  BoardReader reader = BoardReader::of_text(text, source);
  while (std::optional<Expected<Instance>> board = reader.next()) out.push_back(std::move(*board));
  return out;
}

}  // namespace taquin
