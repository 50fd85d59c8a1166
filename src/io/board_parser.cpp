// Parsing board text: lines split into words, values, and one board (42 format, a grid without its
// size line, or one line) from the lines at a reader's current line.
#include "io/board_parser.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

#include "taquin/tables.hpp"

namespace taquin {
namespace board_text {
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

// The rows of a board whose size line (the current line) says `shape`: shape.rows lines of
// shape.cols values each, appended to `values`; a "# optimal K" comment on them is kept in `inst`.
std::optional<Error> sized_rows(LineWindow& lines, const std::string& source, Shape shape,
                                std::vector<int>& values, Instance& inst) {
  const std::string says = shape.is_square() ? std::to_string(shape.rows) : shape_name(shape);
  for (int r = 0; r < shape.rows; ++r) {
    const TextLine* row = lines.at(1 + static_cast<size_t>(r));
    if (!row)
      return Error{source, lines.at(static_cast<size_t>(r))->number,
                   "the size line says " + std::to_string(shape.rows) + " rows but only " +
                       std::to_string(r) + " follow"};
    if (static_cast<int>(row->words.size()) != shape.cols)
      return Error{source, row->number,
                   "row has " + std::to_string(row->words.size()) +
                       " values but the size line says " + says};
    for (std::string_view t : row->words) {
      int v = 0;
      if (auto err = parse_value(t, source, row->number, v)) return *err;
      values.push_back(v);
    }
    if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(row->comment);
  }
  return validate_tiles(values, shape, source, inst.line);
}

// A board with its size line at the current line (N: a square, the 42 format; "R C": a
// rectangle, or a square written so), into `inst`. `claimed` is set to the lines it claims.
std::optional<Error> sized_board(LineWindow& lines, const std::string& source, Instance& inst,
                                 size_t& claimed) {
  const TextLine& first = *lines.at(0);
  std::vector<int> dims;
  for (std::string_view word : first.words) {
    int v = 0;
    if (auto err = parse_value(word, source, first.number, v)) return *err;
    dims.push_back(v);
  }
  const Shape shape{dims[0], dims.back()};
  claimed = 1 + static_cast<size_t>(std::max(0, std::min(shape.rows, kMaxDim + 1)));
  if (std::optional<std::string> bad = shape_problem(shape)) {
    if (dims.size() == 2) claimed = 1;  // not a size line after all: claim the line alone
    return Error{source, first.number, *bad};
  }
  inst.optimal_length = optimal_from_comment(first.comment);
  std::vector<int> values;
  if (auto err = sized_rows(lines, source, shape, values, inst)) return *err;
  inst.shape = shape;
  inst.tiles.assign(values.begin(), values.end());
  return std::nullopt;
}

// The values of a grid without the 42 size line starting at the current line: k lines of k values
// (k, from 2 to 100, the words of the first line), together a permutation of [0, k²). The error's
// message says briefly why the lines are not such a grid.
Expected<std::vector<int>> bare_grid(LineWindow& lines, const std::string& source) {
  const TextLine& first = *lines.at(0);
  const size_t side = first.words.size();
  std::vector<int> values;
  std::vector<int> seen_in_row(side * side, -1);  // the row a value was first seen on
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
      // A value out of range or seen on an earlier row ends the grid early (a batch of one-line
      // boards is read no further than its second line).
      if (v >= static_cast<int>(seen_in_row.size()))
        return Error{source, row->number,
                     "value " + std::to_string(v) + " is out of range (0 to " +
                         std::to_string(seen_in_row.size() - 1) + ")"};
      if (seen_in_row[v] >= 0 && seen_in_row[v] != static_cast<int>(r))
        return Error{source, row->number,
                     "duplicate " + (v ? "tile " + std::to_string(v) : std::string("blank (0)"))};
      if (seen_in_row[v] < 0) seen_in_row[v] = static_cast<int>(r);
    }
  }
  if (auto err =
          validate_tiles(values, Shape::square(static_cast<int>(side)), source, first.number))
    return *err;
  return values;
}

}  // namespace

Expected<Instance> parse_board(LineWindow& lines, const std::string& source, size_t& used,
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
    inst.format = BoardFormat::FortyTwo;
    if (auto err = sized_board(lines, source, inst, claimed)) return *err;
    used = claimed;
    return inst;
  }
  if (first.words.size() == 2) {  // "R C" then R rows, unless the lines are a bare 2x2 grid
    size_t sized_claim = 1;
    Instance sized = inst;
    sized.format = BoardFormat::Grid;  // not the 42 school's form: the standard goal by default
    std::optional<Error> sized_error = sized_board(lines, source, sized, sized_claim);
    if (!sized_error) {
      used = claimed = sized_claim;
      return sized;
    }
    if (!(grid = bare_grid(lines, source)).ok()) {
      claimed = sized_claim;
      return *sized_error;
    }
    inst.format = BoardFormat::Grid;
    used = 2;
    for (size_t r = 0; r < 2; ++r)
      if (!inst.optimal_length) inst.optimal_length = optimal_from_comment(lines.at(r)->comment);
    inst.shape = Shape::square(2);
    inst.tiles.assign(grid->begin(), grid->end());
    return inst;
  }
  if (const size_t k = first.words.size();
      k <= static_cast<size_t>(kMaxDim) && (grid = bare_grid(lines, source)).ok()) {
    // A grid without the size line: unambiguous, since k lines of k values that hold every
    // value of [0, k²) once are never k one-line boards (a 2x2 one would repeat 0 to 3).
    side = static_cast<int>(k);
    inst.format = BoardFormat::Grid;
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
                       " is not a square (4, 9, 16, ...; a rectangle needs its \"R C\" size "
                       "line before its rows)" +
                       hint};
    }
    if (std::optional<std::string> bad = shape_problem(Shape::square(side)))
      return Error{source, first.number, *bad};
    inst.optimal_length = optimal_from_comment(first.comment);
  }
  if (auto err = validate_tiles(values, Shape::square(side), source, inst.line)) return *err;
  inst.shape = Shape::square(side);
  inst.tiles.assign(values.begin(), values.end());
  return inst;
}

Error overlong_line(const std::string& source, int number, size_t bytes, size_t max_line_bytes) {
  return Error{source, number,
               "line is " + std::to_string(bytes) + " bytes long, over the limit of " +
                   std::to_string(max_line_bytes)};
}

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

}  // namespace board_text

Expected<std::vector<TextLine>> split_lines(std::string_view text, const std::string& source,
                                            size_t max_line_bytes) {
  std::vector<TextLine> lines;
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    TextLine line;
    if (auto error = board_text::split_line(text.substr(pos, end - pos), ++number, source,
                                            max_line_bytes, line))
      return *error;
    pos = end + 1;
    if (!line.words.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

std::optional<Error> validate_tiles(std::span<const int> values, Shape shape,
                                    const std::string& source, int line) {
  const int cells = shape.cells();
  if (static_cast<int>(values.size()) != cells)
    return Error{source, line,
                 "wrong number of values: " + std::to_string(values.size()) + " for a " +
                     shape_name(shape) + " board (needs " + std::to_string(cells) + ")"};
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

}  // namespace taquin
