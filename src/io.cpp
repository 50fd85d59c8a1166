// Board parsing with line-accurate errors, and board formatting.
#include "taquin/io.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "taquin/tables.hpp"

namespace taquin {
namespace {

// The UTF-8 byte order mark some editors put at the start of a text file: skipped.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string printable(std::string_view token) {
  std::string out;
  for (char c : token.substr(0, 24)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (token.size() > 24) out += "...";
  return out;
}

// Parses a token as a non-negative integer of at most 9 digits.
std::optional<Error> parse_value(std::string_view token, const std::string& source, int line,
                                 int& out) {
  const bool negative = token.size() > 1 && token[0] == '-';
  std::string_view digits = negative ? token.substr(1) : token;
  int value = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ptr != digits.data() + digits.size() || digits.empty()) {
    return Error{source, line, "non-numeric token '" + printable(token) + "'"};
  }
  if (ec == std::errc::result_out_of_range)
    return Error{source, line, "value " + printable(token) + " is out of range"};
  if (negative) return Error{source, line, "negative value " + printable(token)};
  out = value;
  return std::nullopt;
}

std::optional<int> optimal_from_comment(std::string_view comment) {
  const size_t at = comment.find("optimal");
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = comment.substr(at + 7);
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest[0]))) rest.remove_prefix(1);
  int value = 0;
  const auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
  if (ec != std::errc() || ptr == rest.data()) return std::nullopt;
  return value;
}

std::string side_range_message(int side) {
  return "side " + std::to_string(side) + " is out of range (" + std::to_string(kMinSide) + " to " +
         std::to_string(kMaxSide) + ")";
}

}  // namespace

namespace {

Error overlong_line(const std::string& source, int number, size_t bytes, size_t max_line_bytes) {
  return Error{source, number,
               "line is " + std::to_string(bytes) + " bytes long, over the limit of " +
                   std::to_string(max_line_bytes)};
}

// Splits the line `raw` (without its newline) into `line`, whose views point into raw; the problem
// when it is over `max_line_bytes` or holds control bytes before its comment.
std::optional<Error> split_line(std::string_view raw, int number, const std::string& source,
                                size_t max_line_bytes, TextLine& line) {
  if (raw.size() > max_line_bytes) return overlong_line(source, number, raw.size(), max_line_bytes);
  line.number = number;
  line.words.clear();
  line.comment = {};
  const size_t hash = raw.find('#');
  if (hash != std::string_view::npos) {
    line.comment = raw.substr(hash + 1);
    raw = raw.substr(0, hash);
  }
  for (unsigned char c : raw)
    if (c == 0 || (c < 0x20 && c != '\t' && c != '\r' && c != '\v' && c != '\f') || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", c);
      return Error{source, number, std::string("binary data (byte ") + hex + "), not text"};
    }
  size_t i = 0;
  while (i < raw.size()) {
    while (i < raw.size() && std::isspace(static_cast<unsigned char>(raw[i]))) ++i;
    const size_t start = i;
    while (i < raw.size() && !std::isspace(static_cast<unsigned char>(raw[i]))) ++i;
    if (i > start) line.words.push_back(raw.substr(start, i - start));
  }
  return std::nullopt;
}

}  // namespace

Expected<std::vector<TextLine>> split_lines(std::string_view text, const std::string& source,
                                            size_t max_line_bytes) {
  std::vector<TextLine> lines;
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    TextLine line;
    if (auto error =
            split_line(text.substr(pos, end - pos), ++number, source, max_line_bytes, line))
      return *error;
    pos = end + 1;
    if (!line.words.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

std::optional<Error> validate_tiles(std::span<const int> values, int side,
                                    const std::string& source, int line) {
  const int cells = side * side;
  if (static_cast<int>(values.size()) != cells)
    return Error{source, line,
                 "wrong number of values: " + std::to_string(values.size()) + " for a " +
                     std::to_string(side) + "x" + std::to_string(side) + " board (needs " +
                     std::to_string(cells) + ")"};
  std::vector<int> seen(cells, 0);
  for (int v : values) {
    if (v < 0 || v >= cells)
      return Error{source, line,
                   "value " + std::to_string(v) + " is out of range (0 to " +
                       std::to_string(cells - 1) + ")"};
    ++seen[v];
  }
  // A duplicate always comes with a missing value: name both.
  int duplicate = -1, missing = -1;
  for (int v = 0; v < cells; ++v) {
    if (seen[v] > 1 && duplicate < 0) duplicate = v;
    if (seen[v] == 0 && missing < 0) missing = v;
  }
  auto name = [](int v) { return v == 0 ? std::string("blank (0)") : "tile " + std::to_string(v); };
  if (duplicate >= 0)
    return Error{source, line, "duplicate " + name(duplicate) + "; missing " + name(missing)};
  return std::nullopt;
}

namespace {

// What a file of mode `mode` is, for the message that refuses it.
const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// The descriptor of the file `path` ("-": standard input, whatever it is) and its status in
// `info`. Opened without blocking (a FIFO without a writer must not wait) and refused before any
// read unless it is a regular file or standard input. The caller closes it unless it is stdin.
Expected<int> open_input(const std::string& path, const std::string& source, struct stat& info,
                         std::string_view kind = "a board file") {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error{source, 0, std::string("cannot open: ") + std::strerror(errno)};
  Error refusal;
  if (::fstat(fd, &info) != 0)
    refusal = Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
  else if (!is_stdin && !S_ISREG(info.st_mode))
    refusal = Error{source, 0,
                    std::string("is ") + file_kind(info.st_mode) + ", not " + std::string(kind) +
                        " (give a regular file, or '-' for standard input)"};
  else
    return fd;
  if (!is_stdin) ::close(fd);
  return refusal;
}

// Closes a descriptor it opened when it goes out of scope.
struct FdCloser {
  int fd;
  bool owned;
  ~FdCloser() {
    if (owned) ::close(fd);
  }
};

// The source name of `path` in errors.
std::string source_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

// Writes `pieces` to the descriptor `fd` whole; false (errno set) when a write fails.
bool write_all(int fd, std::span<const std::string_view> pieces) {
  for (std::string_view piece : pieces) {
    while (!piece.empty()) {
      const size_t chunk = std::min<size_t>(piece.size(), size_t{1} << 26);
      const ssize_t wrote = ::write(fd, piece.data(), chunk);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) {
        if (wrote == 0) errno = EIO;
        return false;
      }
      piece.remove_prefix(static_cast<size_t>(wrote));
    }
  }
  return true;
}

// The path a chain of symbolic links starting at `path` ends at (the path itself when it is no
// link; the last link's target when that does not exist), or the errno that stops the walk
// (ELOOP after 40 links).
std::string link_target(std::string path, int& error) {
  error = 0;
  for (int links = 0;; ++links) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return path;
    if (links == 40) {
      error = ELOOP;
      return path;
    }
    std::string target(static_cast<size_t>(info.st_size > 0 ? info.st_size : 4096) + 1, '\0');
    const ssize_t got = ::readlink(path.c_str(), target.data(), target.size());
    if (got < 0) {
      error = errno;
      return path;
    }
    target.resize(static_cast<size_t>(got));
    if (target.empty() || target[0] != '/') {
      const size_t slash = path.rfind('/');
      target = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + target;
    }
    path = std::move(target);
  }
}

}  // namespace

std::optional<Error> write_output_file(const std::string& path,
                                       std::span<const std::string_view> pieces, bool durable) {
  const auto fail = [&](int error) {
    return Error{path, 0, std::string("cannot write: ") + std::strerror(error)};
  };
  int error = 0;
  const std::string target = link_target(path, error);
  if (error) return fail(error);
  struct stat info {};
  const bool exists = ::stat(target.c_str(), &info) == 0;
  if (!exists && errno != ENOENT) return fail(errno);
  if (exists && S_ISDIR(info.st_mode)) return fail(EISDIR);
  if (exists && !S_ISREG(info.st_mode)) {
    // A device, FIFO or socket: written as it is, never replaced by a file.
    const int fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return fail(errno);
    const bool ok = write_all(fd, pieces);
    const int saved = errno;
    if (::close(fd) != 0 && ok) return fail(errno);
    if (!ok) return fail(saved);
    return std::nullopt;
  }
  const std::string temporary = target + ".tmp" + std::to_string(::getpid());
  ::unlink(temporary.c_str());
  const int fd =
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return fail(errno);
  bool ok = write_all(fd, pieces) && (!durable || ::fsync(fd) == 0);
  int saved = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && ::rename(temporary.c_str(), target.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (ok) return std::nullopt;
  ::unlink(temporary.c_str());
  return fail(saved);
}

Expected<std::string> read_text(const std::string& path, size_t max_bytes, std::string_view kind) {
  const std::string source = source_name(path);
  struct stat info {};
  Expected<int> fd = open_input(path, source, info, kind);
  if (!fd) return fd.error();
  const FdCloser closer{*fd, path != "-"};
  std::string text;
  if (S_ISREG(info.st_mode))
    text.reserve(std::min<size_t>(static_cast<size_t>(info.st_size), max_bytes) + 1);
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(*fd, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      return Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
    }
    if (text.size() + static_cast<size_t>(got) > max_bytes)
      return Error{source, 0, "is over the limit of " + std::to_string(max_bytes) + " bytes"};
    text.append(buffer, static_cast<size_t>(got));
  }
  if (text.starts_with(kByteOrderMark)) text.erase(0, kByteOrderMark.size());
  return text;
}

// The input of a BoardReader: its bytes, read a block at a time, split into the lines that hold
// words, a few of them held ahead for the parser (a board spans at most 9 lines).
struct BoardInput {
  static constexpr size_t kBlockBytes = 64 * 1024;

  // A line with words, owning its text (the words and comment point into it).
  struct Line {
    std::string text;
    TextLine line;
  };

  std::string source;
  std::optional<Error> open_error;  // the reader's one error: the input cannot be read at all
  int fd = -1;                      // -1: text in memory, whole in `bytes`
  bool owns_fd = false;
  bool seekable = false;  // a regular file: rewind() seeks back to `start`
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
  ~BoardInput() {
    if (owns_fd) ::close(fd);
  }

  // Back to the start of the bytes (those of text stay; a file's are read again).
  void reset() {
    if (fd >= 0) {
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
    ssize_t got;
    do {
      got = ::read(fd, bytes.data() + kept, kBlockBytes);
    } while (got < 0 && errno == EINTR);
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
      if (auto error = split_line(owned.text, ++number, source, kMaxLineBytes, owned.line)) {
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
    if (!stopped) stopped = overlong_line(source, ++number, length, kMaxLineBytes);
    return false;
  }

  // The k-th line with words from the current one (0: the current one), or nullptr past the end.
  const TextLine* at(size_t k) {
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

struct BoardReader::State : BoardInput {};

namespace {

using Lines = BoardInput;

// The values of a grid without the 42 size line starting at the current line: k lines of k values
// (k, from 2 to 8, the words of the first line), together a permutation of [0, k²). The error's
// message says briefly why the lines are not such a grid.
Expected<std::vector<int>> bare_grid(Lines& lines, const std::string& source) {
  const TextLine& first = *lines.at(0);
  const size_t side = first.words.size();
  std::vector<int> values;
  for (size_t r = 0; r < side; ++r) {
    const TextLine* row = lines.at(r);
    if (!row) return Error{source, first.number, "only " + std::to_string(r) + " rows"};
    if (row->words.size() != side)
      return Error{source, row->number,
                   "line " + std::to_string(row->number) + " has " +
                       std::to_string(row->words.size()) + " values"};
    for (std::string_view t : row->words) {
      int v = 0;
      if (auto err = parse_value(t, source, row->number, v)) return *err;
      values.push_back(v);
    }
  }
  if (auto err = validate_tiles(values, static_cast<int>(side), source, first.number)) return *err;
  return values;
}

// The board that starts at the current line. `used` is set to the lines it took; `claimed`
// first to the lines it claims (its size line and rows), past which a failed parse resumes.
Expected<Instance> parse_board(Lines& lines, const std::string& source, size_t& used,
                               size_t& claimed) {
  const TextLine& first = *lines.at(0);
  claimed = used = 1;
  Instance inst;
  inst.source = source;
  inst.line = first.number;
  std::vector<int> values;
  Expected<std::vector<int>> grid = std::vector<int>{};  // a grid without its size line, if any
  int side = 0;
  if (first.words.size() == 1) {  // 42 format: size line, then `side` rows
    if (auto err = parse_value(first.words[0], source, first.number, side)) return *err;
    claimed = 1 + static_cast<size_t>(side);
    if (side < kMinSide || side > kMaxSide)
      return Error{source, first.number, side_range_message(side)};
    inst.optimal_length = optimal_from_comment(first.comment);
    for (int r = 0; r < side; ++r) {
      const TextLine* row = lines.at(1 + static_cast<size_t>(r));
      if (!row)
        return Error{source, lines.at(static_cast<size_t>(r))->number,
                     "the size line says " + std::to_string(side) + " rows but only " +
                         std::to_string(r) + " follow"};
      if (static_cast<int>(row->words.size()) != side)
        return Error{source, row->number,
                     "row has " + std::to_string(row->words.size()) +
                         " values but the size line says " + std::to_string(side)};
      for (std::string_view t : row->words) {
        int v = 0;
        if (auto err = parse_value(t, source, row->number, v)) return *err;
        values.push_back(v);
      }
      if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(row->comment);
    }
    used = claimed;
  } else if (const size_t k = first.words.size(); k >= static_cast<size_t>(kMinSide) &&
                                                  k <= static_cast<size_t>(kMaxSide) &&
                                                  (grid = bare_grid(lines, source)).ok()) {
    // A grid without the size line: unambiguous, since k lines of k values that hold every
    // value of [0, k²) once are never k one-line boards (a 2x2 one would repeat 0 to 3).
    side = static_cast<int>(k);
    values = std::move(*grid);
    used = k;
    for (size_t r = 0; r < k; ++r)
      if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(lines.at(r)->comment);
  } else {  // one-line board
    for (std::string_view t : first.words) {
      int v = 0;
      if (auto err = parse_value(t, source, first.number, v)) return *err;
      values.push_back(v);
    }
    const int count = static_cast<int>(values.size());
    side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(count))));
    if (side * side != count) {
      // One short of a square: most likely a forgotten tile; name it when the rest is valid.
      const int wanted = (side + 1) * (side + 1) - 1 == count ? side + 1 : side;
      std::string hint;
      if (wanted * wanted == count + 1) {
        std::vector<int> seen(wanted * wanted, 0);
        bool in_range = true;
        for (int v : values) in_range = in_range && v < wanted * wanted && !seen[v]++;
        for (int v = 0; in_range && v < wanted * wanted; ++v)
          if (!seen[v])
            hint = "; missing " + (v ? "tile " + std::to_string(v) : std::string("blank (0)"));
      }
      // More lines follow: perhaps a grid without its size line; say why it is not one.
      if (!grid.ok() && lines.at(1))
        hint += "; nor the first row of a " + std::to_string(count) + "x" + std::to_string(count) +
                " grid without its size line (" + grid.error().message + ")";
      return Error{source, first.number,
                   "wrong number of values: " + std::to_string(count) +
                       " is not a square (4, 9, 16, ... 64)" + hint};
    }
    if (side < kMinSide || side > kMaxSide)
      return Error{source, first.number, side_range_message(side)};
    inst.optimal_length = optimal_from_comment(first.comment);
  }
  if (auto err = validate_tiles(values, side, source, inst.line)) return *err;
  inst.side = side;
  inst.tiles.assign(values.begin(), values.end());
  return inst;
}

}  // namespace

BoardReader::BoardReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
BoardReader::BoardReader(BoardReader&&) noexcept = default;
BoardReader& BoardReader::operator=(BoardReader&&) noexcept = default;
BoardReader::~BoardReader() = default;

BoardReader BoardReader::open(const std::string& path) {
  auto state = std::make_unique<State>();
  state->source = source_name(path);
  struct stat info {};
  Expected<int> fd = open_input(path, state->source, info);
  if (!fd) {
    state->open_error = fd.error();
    return BoardReader(std::move(state));
  }
  state->fd = *fd;
  state->owns_fd = path != "-";
  if (S_ISREG(info.st_mode)) {
    state->start = ::lseek(*fd, 0, SEEK_CUR);
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
  Expected<Instance> board = parse_board(in, in.source, used, claimed);
  in.drop(board ? used : claimed);
  in.yielded = true;
  return board;
}

bool BoardReader::rewind() {
  State& in = *state_;
  if (in.fd >= 0) {
    if (!in.seekable || ::lseek(in.fd, in.start, SEEK_SET) != in.start) return false;
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

Expected<std::vector<Instance>> read_instances(const std::string& path, size_t max_bytes) {
  Expected<std::string> text = read_text(path, max_bytes);
  if (!text) return text.error();
  return parse_instances(*text, source_name(path));
}

std::string format_board(std::span<const uint8_t> tiles, int side, BoardFormat format) {
  std::ostringstream out;
  if (format == BoardFormat::OneLine) {
    for (int c = 0; c < side * side; ++c) out << (c ? " " : "") << int(tiles[c]);
    return out.str();
  }
  const int width = format == BoardFormat::Grid ? (side * side - 1 >= 10 ? 2 : 1) : 0;
  if (format == BoardFormat::FortyTwo) out << side << '\n';
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) {
      const int v = tiles[r * side + c];
      std::string cell = (format == BoardFormat::Grid && v == 0) ? "." : std::to_string(v);
      if (c) out << ' ';
      out << std::string(width > static_cast<int>(cell.size()) ? width - cell.size() : 0, ' ')
          << cell;
    }
    out << '\n';
  }
  return out.str();
}

}  // namespace taquin
