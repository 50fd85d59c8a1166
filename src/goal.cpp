// Goal construction, --goal parsing and custom goals.
#include "taquin/goal.hpp"

#include <filesystem>
#include <numeric>

#include "taquin/io.hpp"

namespace taquin {

Goal::Goal(int side, std::vector<uint8_t> tiles, std::string name)
    : side_(side), tile_at_(std::move(tiles)), cell_of_(tile_at_.size()), name_(std::move(name)) {
  for (size_t c = 0; c < tile_at_.size(); ++c) cell_of_[tile_at_[c]] = static_cast<uint8_t>(c);
}

Goal Goal::standard(int side) {
  std::vector<uint8_t> t(side * side);
  std::iota(t.begin(), t.end() - 1, uint8_t{1});
  t.back() = 0;
  return Goal(side, std::move(t), "standard");
}

Goal Goal::zero_first(int side) {
  std::vector<uint8_t> t(side * side);
  std::iota(t.begin(), t.end(), uint8_t{0});
  return Goal(side, std::move(t), "zero-first");
}

Goal Goal::snail(int side) {
  std::vector<uint8_t> t(side * side, 0);
  int top = 0, bottom = side - 1, left = 0, right = side - 1;
  int next = 1;
  const int last = side * side - 1;
  auto put = [&](int r, int c) {
    if (next <= last) t[r * side + c] = static_cast<uint8_t>(next++);
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
  return Goal(side, std::move(t), "snail");
}

Goal Goal::custom(int side, std::span<const uint8_t> tiles, std::string name) {
  return Goal(side, std::vector<uint8_t>(tiles.begin(), tiles.end()), std::move(name));
}

Expected<Goal> Goal::for_side(const GoalSpec& spec, int side) {
  switch (spec.kind) {
    case GoalSpec::Kind::Standard:
      return standard(side);
    case GoalSpec::Kind::ZeroFirst:
      return zero_first(side);
    case GoalSpec::Kind::Snail:
      return snail(side);
    case GoalSpec::Kind::Custom:
      break;
  }
  if (spec.custom_side != side)
    return Error{"--goal", 0,
                 "the custom goal '" + spec.name + "' is " + std::to_string(spec.custom_side) +
                     "x" + std::to_string(spec.custom_side) + " but the board is " +
                     std::to_string(side) + "x" + std::to_string(side)};
  return custom(side, spec.custom_tiles, spec.name);
}

Expected<GoalSpec> parse_goal_spec(std::string_view text, std::string_view source) {
  GoalSpec spec;
  if (text == "standard" || text.empty()) return spec;
  if (text == "zero-first") {
    spec.kind = GoalSpec::Kind::ZeroFirst;
    spec.name = "zero-first";
    return spec;
  }
  if (text == "snail") {
    spec.kind = GoalSpec::Kind::Snail;
    spec.name = "snail";
    return spec;
  }
  // A custom goal: an inline board if it holds only numbers, spaces and comments, else a file.
  const bool looks_inline =
      text.find_first_not_of("0123456789 \t\r\n,-#") == std::string_view::npos ||
      text.find_first_of(" \t\n") != std::string_view::npos;
  Expected<std::vector<Instance>> parsed =
      looks_inline && !std::filesystem::exists(std::string(text))
          ? parse_instances(text, std::string(source))
          : read_instances(std::string(text));
  if (!parsed) return parsed.error();
  if (parsed->size() != 1)
    return Error{std::string(source), 0,
                 "a goal must be exactly one board, found " + std::to_string(parsed->size())};
  spec.kind = GoalSpec::Kind::Custom;
  spec.custom_side = (*parsed)[0].side;
  spec.custom_tiles = (*parsed)[0].tiles;
  spec.name = std::string(text);
  return spec;
}

}  // namespace taquin
