// Goal construction, goal names (case-insensitive, with a suggestion for a near miss) and custom
// goals.
#include "taquin/goal.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "core/files.hpp"
#include "io/goal_board.hpp"

namespace taquin {
namespace {

struct NamedGoal {
  std::string_view name;
  GoalSpec::Kind kind;
};
// "42" is the snail's other name: the 42 school's goal.
constexpr NamedGoal kNamedGoals[] = {{"standard", GoalSpec::Kind::Standard},
                                     {"zero-first", GoalSpec::Kind::ZeroFirst},
                                     {"snail", GoalSpec::Kind::Snail},
                                     {"42", GoalSpec::Kind::Snail}};
// Other words for a named goal, suggested when typed.
constexpr std::pair<std::string_view, std::string_view> kGoalAliases[] = {
    {"spiral", "snail"}, {"korf", "zero-first"}, {"default", "standard"}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Edits between `a` and `b`: insertions, deletions, substitutions, and swaps of two neighbours.
int edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The goal name `word` (lower case) most likely stands for: an alias, a name it begins (3 letters
// or more), or one within two edits; "" when none is near.
std::string_view nearest_goal_name(const std::string& word) {
  for (const auto& [alias, name] : kGoalAliases)
    if (word == alias) return name;
  std::string_view best;
  int best_distance = 3;
  for (const NamedGoal& goal : kNamedGoals) {
    if (word.size() >= 3 && goal.name.starts_with(word)) return goal.name;
    const int distance = edit_distance(word, goal.name);
    if (distance < best_distance) best_distance = distance, best = goal.name;
  }
  return best;
}

// Text that can only be meant as a goal's name: letters, digits, '-' and '_', with a letter.
bool looks_like_a_name(std::string_view text) {
  const auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  };
  return !text.empty() && std::all_of(text.begin(), text.end(), name_char) &&
         std::any_of(text.begin(), text.end(),
                     [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

}  // namespace

Goal::Goal(Shape shape, std::vector<Tile> tiles, std::string name)
    : shape_(shape), tile_at_(std::move(tiles)), cell_of_(tile_at_.size()), name_(std::move(name)) {
  for (size_t c = 0; c < tile_at_.size(); ++c) cell_of_[tile_at_[c]] = static_cast<Tile>(c);
}

Goal Goal::standard(Shape shape) {
  std::vector<Tile> t(shape.cells());
  std::iota(t.begin(), t.end() - 1, Tile{1});
  t.back() = 0;
  return Goal(shape, std::move(t), "standard");
}

Goal Goal::zero_first(Shape shape) {
  std::vector<Tile> t(shape.cells());
  std::iota(t.begin(), t.end(), Tile{0});
  return Goal(shape, std::move(t), "zero-first");
}

Goal Goal::snail(Shape shape) {
  const int cols = shape.cols;
  std::vector<Tile> t(shape.cells(), 0);
  int top = 0, bottom = shape.rows - 1, left = 0, right = cols - 1;
  int next = 1;
  const int last = shape.cells() - 1;
  auto put = [&](int r, int c) {
    if (next <= last) t[r * cols + c] = static_cast<Tile>(next++);
  };
  while (top <= bottom && left <= right) {
    for (int c = left; c <= right; ++c) put(top, c);
    ++top;
    for (int r = top; r <= bottom; ++r) put(r, right);
    --right;
    if (top <= bottom) {
      for (int c = right; c >= left; --c) put(bottom, c);
      --bottom;
    }
    if (left <= right) {
      for (int r = bottom; r >= top; --r) put(r, left);
      ++left;
    }
  }
  return Goal(shape, std::move(t), "snail");
}

Goal Goal::custom(Shape shape, std::span<const Tile> tiles, std::string name) {
  return Goal(shape, std::vector<Tile>(tiles.begin(), tiles.end()), std::move(name));
}

Expected<Goal> Goal::for_shape(const GoalSpec& spec, Shape shape) {
  switch (spec.kind) {
    case GoalSpec::Kind::Standard:
      return standard(shape);
    case GoalSpec::Kind::ZeroFirst:
      return zero_first(shape);
    case GoalSpec::Kind::Snail:
      return snail(shape);
    case GoalSpec::Kind::Custom:
      break;
  }
  if (spec.custom_shape != shape)
    return Error{"", 0,
                 "the custom goal '" + spec.name + "' is " + shape_name(spec.custom_shape) +
                     " but the board is " + shape_name(shape)};
  return custom(shape, spec.custom_tiles, spec.name);
}

namespace {

// True when `text` names an existing file. A name the system cannot even look up (too long, an
// unreadable directory) names none.
bool names_a_file(std::string_view text) {
  return files::exists(text);
}

// `text` as an error message quotes it: at most 40 characters, then "...".
std::string quoted(std::string_view text) {
  constexpr size_t kShown = 40;
  return "'" + std::string(text.substr(0, kShown)) + (text.size() > kShown ? "...'" : "'");
}

}  // namespace

Expected<Goal> parse_goal(std::string_view text, Shape shape, std::string_view shape_source,
                          std::string_view spec_source) {
  if (std::optional<std::string> bad = shape_problem(shape))
    return Error{std::string(shape_source), 0, *bad};
  Expected<GoalSpec> spec = parse_goal_spec(text, spec_source);
  if (!spec) return spec.error();
  return Goal::for_shape(*spec, shape);
}

Expected<GoalSpec> parse_goal_spec(std::string_view text, std::string_view source) {
  GoalSpec spec;
  if (text.empty()) return spec;
  const std::string word = lower(text);
  for (const NamedGoal& goal : kNamedGoals)
    if (word == goal.name) {
      spec.kind = goal.kind;
      spec.name = goal.kind == GoalSpec::Kind::Snail ? "snail" : goal.name;
      return spec;
    }
  if (looks_like_a_name(text) && !names_a_file(text)) {
    const std::string_view near = nearest_goal_name(word);
    return Error{std::string(source), 0,
                 "unknown goal " + quoted(text) +
                     (near.empty() ? "" : "; did you mean '" + std::string(near) + "'?") +
                     " (a goal is standard, zero-first, snail or 42, a board, or a board file)"};
  }
  // A custom goal: an inline board if it holds only numbers, spaces and comments, else a file.
  const bool looks_inline =
      text.find_first_not_of("0123456789 \t\r\n,-#") == std::string_view::npos ||
      text.find_first_of(" \t\n") != std::string_view::npos;
  Expected<GoalBoard> board =
      read_goal_board(text, std::string(source), !looks_inline || names_a_file(text));
  if (!board) return board.error();
  spec.kind = GoalSpec::Kind::Custom;
  spec.custom_shape = board->shape;
  spec.custom_tiles = std::move(board->tiles);
  spec.name = std::string(text);
  return spec;
}

}  // namespace taquin
