// The Python module's boards, goals and shapes read from Python values, and taquin.Error.
#include "python/boards.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "taquin/taquin.hpp"

namespace taquin::python {

PyObject* error_type = nullptr;

[[noreturn]] void raise(const Error& error) {
  PyErr_SetString(error_type, error.describe().c_str());
  throw py::error_already_set();
}

// The tiles of `board`: a flat sequence of N² integers, rows of equal length, a numpy array of
// either shape, or text in any of the CLI's board formats.
Instance to_board(const py::handle& board) {
  if (py::isinstance<py::str>(board)) return value_or_raise(parse_board(board.cast<std::string>()));
  const auto number = [](const py::handle& value) {
    try {
      return py::cast<int>(value);
    } catch (const py::cast_error&) {
      raise({"board", 0, "'" + py::str(value).cast<std::string>() + "' is not a tile number"});
    }
  };
  std::vector<int> values;
  int rows = 0;
  bool nested = false;
  for (const py::handle item : py::iter(board)) {
    if (!py::hasattr(item, "__iter__")) {  // a number (numpy's scalars too)
      values.push_back(number(item));
    } else {
      nested = true;
      ++rows;
      for (const py::handle cell : py::iter(item)) values.push_back(number(cell));
    }
  }
  Shape shape;
  if (nested) {  // rows of equal length: any rectangle
    shape = {rows, rows ? static_cast<int>(values.size()) / rows : 0};
    if (shape.cells() != static_cast<int>(values.size()))
      raise({"board", 0, "the rows of the board are not all of one length"});
  } else {  // a flat sequence: a square
    int side = 0;
    while (side * side < static_cast<int>(values.size())) ++side;
    if (side * side != static_cast<int>(values.size()))
      raise({"board", 0,
             std::to_string(values.size()) +
                 " numbers do not make a square board (give a rectangle as rows)"});
    shape = Shape::square(side);
  }
  if (std::optional<std::string> bad = shape_problem(shape)) raise({"board", 0, *bad});
  if (std::optional<Error> bad = validate_tiles(values, shape, "board", 0)) raise(*bad);
  Instance out;
  out.shape = shape;
  out.tiles.assign(values.begin(), values.end());
  out.source = "board";
  return out;
}

// The goal `goal` names for boards of `shape`: a name or text (as the CLI's --goal), or a board.
Goal to_goal(const py::handle& goal, Shape shape) {
  if (py::isinstance<py::str>(goal))
    return value_or_raise(make_goal(goal.cast<std::string>(), shape));
  const Instance tiles = to_board(goal);
  if (tiles.shape != shape)
    raise({"goal", 0,
           "a " + shape_name(tiles.shape) + " goal for a " + shape_name(shape) + " board"});
  return Goal::custom(shape, tiles.tiles, "custom");
}

// The goal of `board`: `goal` (to_goal), or None for the board's own (default_goal_spec: the
// snail for text in the 42 format, else standard).
Goal goal_of(const py::handle& goal, const Instance& board) {
  if (!goal.is_none()) return to_goal(goal, board.shape);
  return value_or_raise(Goal::for_shape(default_goal_spec(board), board.shape));
}

py::list to_lists(const std::vector<std::vector<Tile>>& boards) {
  py::list out;
  for (const auto& b : boards) out.append(py::cast(std::vector<int>(b.begin(), b.end())));
  return out;
}

// The shape `size` names: a side N, "N" or "RxC", or a (rows, cols) pair.
Shape to_shape(const py::handle& size) {
  if (py::isinstance<py::str>(size))
    return value_or_raise(parse_shape(size.cast<std::string>(), "size"));
  Shape shape;
  try {
    if (py::isinstance<py::tuple>(size) || py::isinstance<py::list>(size)) {
      const auto pair = size.cast<std::vector<int>>();
      if (pair.size() != 2) raise({"size", 0, "give (rows, cols), N or \"RxC\""});
      shape = {pair[0], pair[1]};
    } else {
      shape = Shape::square(size.cast<int>());
    }
  } catch (const py::cast_error&) {
    raise({"size", 0, "give a side N, \"RxC\" or (rows, cols)"});
  }
  if (std::optional<std::string> bad = shape_problem(shape)) raise({"size", 0, *bad});
  return shape;
}

}  // namespace taquin::python
