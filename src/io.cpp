// Board parsing with line-accurate errors, and board formatting.
#include "taquin/io.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "taquin/tables.hpp"

namespace taquin {
namespace {

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

// The values of a grid without the 42 size line starting at lines[first]: k lines of k values
// (k, from 2 to 8, the words of the first line), together a permutation of [0, k²). The error's
// message says briefly why the lines are not such a grid.
Expected<std::vector<int>> bare_grid(const std::vector<TextLine>& lines, size_t first,
                                     const std::string& source) {
  const size_t side = lines[first].words.size();
  std::vector<int> values;
  for (size_t r = 0; r < side; ++r) {
    if (first + r >= lines.size())
      return Error{source, lines[first].number, "only " + std::to_string(r) + " rows"};
    const TextLine& row = lines[first + r];
    if (row.words.size() != side)
      return Error{source, row.number,
                   "line " + std::to_string(row.number) + " has " +
                       std::to_string(row.words.size()) + " values"};
    for (std::string_view t : row.words) {
      int v = 0;
      if (auto err = parse_value(t, source, row.number, v)) return *err;
      values.push_back(v);
    }
  }
  if (auto err = validate_tiles(values, static_cast<int>(side), source, lines[first].number))
    return *err;
  return values;
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
    std::string_view raw = text.substr(pos, end - pos);
    ++number;
    pos = end + 1;
    if (raw.size() > max_line_bytes)
      return Error{source, number,
                   "line is " + std::to_string(raw.size()) + " bytes long, over the limit of " +
                       std::to_string(max_line_bytes)};
    TextLine line{number, {}, {}};
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

// The board that starts at lines[i]; `i` moves past the lines read. `end` is set first to the
// index past the lines the board claims (its size line and rows), where a failed parse resumes.
Expected<Instance> parse_board(const std::vector<TextLine>& lines, size_t& i,
                               const std::string& source, size_t& end) {
  const TextLine& first = lines[i];
  end = i + 1;
  Instance inst;
  inst.source = source;
  inst.line = first.number;
  std::vector<int> values;
  Expected<std::vector<int>> grid = std::vector<int>{};  // a grid without its size line, if any
  int side = 0;
  if (first.words.size() == 1) {  // 42 format: size line, then `side` rows
    if (auto err = parse_value(first.words[0], source, first.number, side)) return *err;
    end = std::min(i + 1 + static_cast<size_t>(side), lines.size());
    if (side < kMinSide || side > kMaxSide)
      return Error{source, first.number, side_range_message(side)};
    inst.optimal_length = optimal_from_comment(first.comment);
    ++i;
    for (int r = 0; r < side; ++r, ++i) {
      if (i >= lines.size())
        return Error{source, lines.back().number,
                     "the size line says " + std::to_string(side) + " rows but only " +
                         std::to_string(r) + " follow"};
      const TextLine& row = lines[i];
      if (static_cast<int>(row.words.size()) != side)
        return Error{source, row.number,
                     "row has " + std::to_string(row.words.size()) +
                         " values but the size line says " + std::to_string(side)};
      for (std::string_view t : row.words) {
        int v = 0;
        if (auto err = parse_value(t, source, row.number, v)) return *err;
        values.push_back(v);
      }
      if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(row.comment);
    }
  } else if (const size_t k = first.words.size(); k >= static_cast<size_t>(kMinSide) &&
                                                  k <= static_cast<size_t>(kMaxSide) &&
                                                  (grid = bare_grid(lines, i, source)).ok()) {
    // A grid without the size line: unambiguous, since k lines of k values that hold every
    // value of [0, k²) once are never k one-line boards (a 2x2 one would repeat 0 to 3).
    side = static_cast<int>(k);
    values = std::move(*grid);
    end = i + k;
    for (size_t r = 0; r < k; ++r, ++i)
      if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(lines[i].comment);
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
      if (!grid.ok() && i + 1 < lines.size())
        hint += "; nor the first row of a " + std::to_string(count) + "x" + std::to_string(count) +
                " grid without its size line (" + grid.error().message + ")";
      return Error{source, first.number,
                   "wrong number of values: " + std::to_string(count) +
                       " is not a square (4, 9, 16, ... 64)" + hint};
    }
    if (side < kMinSide || side > kMaxSide)
      return Error{source, first.number, side_range_message(side)};
    inst.optimal_length = optimal_from_comment(first.comment);
    ++i;
  }
  if (auto err = validate_tiles(values, side, source, inst.line)) return *err;
  inst.side = side;
  inst.tiles.assign(values.begin(), values.end());
  return inst;
}

// All the boards, or only the first error.
Expected<std::vector<Instance>> first_error_or_all(std::vector<Expected<Instance>> each) {
  std::vector<Instance> out;
  for (Expected<Instance>& board : each) {
    if (!board) return board.error();
    out.push_back(std::move(*board));
  }
  return out;
}

}  // namespace

std::vector<Expected<Instance>> parse_each_instance(std::string_view text,
                                                    const std::string& source) {
  Expected<std::vector<TextLine>> split = split_lines(text, source, kMaxLineBytes);
  if (!split) return {split.error()};
  const std::vector<TextLine>& lines = *split;
  if (lines.empty()) return {Error{source, 0, "no board found (empty input)"}};
  std::vector<Expected<Instance>> out;
  for (size_t i = 0; i < lines.size();) {
    size_t end = i;
    Expected<Instance> board = parse_board(lines, i, source, end);
    if (!board) i = end;  // past the bad board's lines
    out.push_back(std::move(board));
  }
  return out;
}

Expected<std::vector<Instance>> parse_instances(std::string_view text, const std::string& source) {
  return first_error_or_all(parse_each_instance(text, source));
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

// Closes a descriptor it opened when it goes out of scope.
struct FdCloser {
  int fd;
  bool owned;
  ~FdCloser() {
    if (owned) ::close(fd);
  }
};

}  // namespace

Expected<std::string> read_text(const std::string& path, size_t max_bytes) {
  const bool is_stdin = path == "-";
  const std::string source = is_stdin ? "<stdin>" : path;
  // O_NONBLOCK: opening a FIFO without a writer must not wait; nothing is read before fstat.
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error{source, 0, std::string("cannot open: ") + std::strerror(errno)};
  const FdCloser closer{fd, !is_stdin};
  struct stat info {};
  if (::fstat(fd, &info) != 0)
    return Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
  if (!is_stdin && !S_ISREG(info.st_mode))
    return Error{source, 0,
                 std::string("is ") + file_kind(info.st_mode) +
                     ", not a board file (give a regular file, or '-' for standard input)"};
  std::string text;
  if (S_ISREG(info.st_mode))
    text.reserve(std::min<size_t>(static_cast<size_t>(info.st_size), max_bytes) + 1);
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      return Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
    }
    if (text.size() + static_cast<size_t>(got) > max_bytes)
      return Error{source, 0, "is over the limit of " + std::to_string(max_bytes) + " bytes"};
    text.append(buffer, static_cast<size_t>(got));
  }
  return text;
}

std::vector<Expected<Instance>> read_each_instance(const std::string& path, size_t max_bytes) {
  Expected<std::string> text = read_text(path, max_bytes);
  if (!text) return {text.error()};
  return parse_each_instance(*text, path == "-" ? "<stdin>" : path);
}

Expected<std::vector<Instance>> read_instances(const std::string& path, size_t max_bytes) {
  return first_error_or_all(read_each_instance(path, max_bytes));
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
