// Whole files read and written (read_text, read_instances, write_output_file, through
// core/files.hpp), the board of a custom goal, board formatting and the goal a board means by
// default. The board parser is io/board_parser.cpp's, the streaming reader io/board_reader.cpp's.
#include "taquin/io.hpp"

#include <sys/stat.h>

#include <sstream>

#include "core/files.hpp"
#include "io/board_parser.hpp"
#include "io/goal_board.hpp"

namespace taquin {

std::optional<Error> write_output_file(const std::string& path,
                                       std::span<const std::string_view> pieces, bool durable) {
  return files::write_whole(path, pieces, durable);
}

Expected<std::string> read_text(const std::string& path, size_t max_bytes, std::string_view kind) {
  const std::string source = files::source_name(path);
  Expected<files::ReadFile> file = files::open_input(path, source, kind);
  if (!file) return file.error();
  Expected<std::string> text =
      files::read_all(file->fd.get(), source, max_bytes, S_ISREG(file->mode) ? file->size : 0);
  if (text && text->starts_with(board_text::kByteOrderMark))
    text->erase(0, board_text::kByteOrderMark.size());
  return text;
}

Expected<std::vector<Instance>> read_instances(const std::string& path, size_t max_bytes) {
  Expected<std::string> text = read_text(path, max_bytes);
  if (!text) return text.error();
  return parse_instances(*text, files::source_name(path));
}

Expected<GoalBoard> read_goal_board(std::string_view text, const std::string& source,
                                    bool from_file) {
  Expected<std::vector<Instance>> parsed =
      from_file ? read_instances(std::string(text), kMaxGoalFileBytes)
                : parse_instances(text, source);
  if (!parsed) return parsed.error();
  if (parsed->size() != 1)
    return Error{source, 0,
                 "a goal must be exactly one board, found " + std::to_string(parsed->size())};
  return GoalBoard{(*parsed)[0].shape, std::move((*parsed)[0].tiles)};
}

std::string format_board(std::span<const Tile> tiles, Shape shape, BoardFormat format) {
  std::ostringstream out;
  const int cells = shape.cells();
  if (format == BoardFormat::OneLine) {
    for (int c = 0; c < cells; ++c) out << (c ? " " : "") << int(tiles[c]);
    return out.str();
  }
  const int width =
      format == BoardFormat::Grid ? static_cast<int>(std::to_string(cells - 1).size()) : 0;
  if (format == BoardFormat::FortyTwo && shape.is_square())
    out << shape.rows << '\n';
  else if (format == BoardFormat::FortyTwo)
    out << shape.rows << ' ' << shape.cols << '\n';
  for (int r = 0; r < shape.rows; ++r) {
    for (int c = 0; c < shape.cols; ++c) {
      const int v = tiles[r * shape.cols + c];
      std::string cell = (format == BoardFormat::Grid && v == 0) ? "." : std::to_string(v);
      if (c) out << ' ';
      out << std::string(width > static_cast<int>(cell.size()) ? width - cell.size() : 0, ' ')
          << cell;
    }
    out << '\n';
  }
  return out.str();
}

Expected<Shape> parse_shape(std::string_view text, std::string_view source) {
  const auto number = [](std::string_view digits, int& out) {
    if (digits.empty() || digits.size() > 6) return false;
    out = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + (c - '0');
    }
    return true;
  };
  const size_t x = text.find_first_of("xX");
  Shape shape;
  const bool read =
      x == std::string_view::npos
          ? number(text, shape.rows) && (shape.cols = shape.rows, true)
          : number(text.substr(0, x), shape.rows) && number(text.substr(x + 1), shape.cols);
  if (!read)
    return Error{std::string(source), 0,
                 "'" + std::string(text.substr(0, 20)) +
                     "' is not a size (a side N, or RxC: rows x columns, each 2 to 100)"};
  if (std::optional<std::string> bad = shape_problem(shape))
    return Error{std::string(source), 0, *bad};
  return shape;
}

GoalSpec default_goal_spec(const Instance& board) {
  GoalSpec spec;
  if (board.format == BoardFormat::FortyTwo) {
    spec.kind = GoalSpec::Kind::Snail;
    spec.name = "snail";
  }
  return spec;
}

}  // namespace taquin
