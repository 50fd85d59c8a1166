// The Python module's boards, goals and shapes read from Python values, and taquin.Error.
#pragma once

#include <pybind11/pybind11.h>

#include <utility>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin::python {

namespace py = pybind11;

// taquin.Error (a ValueError): bad input, with the message the CLI prints after "taquin: ". Set
// once by the module's initialisation.
extern PyObject* error_type;

// Raises taquin.Error with `error`'s message.
[[noreturn]] void raise(const Error& error);

// The value of `expected`, or taquin.Error with its error.
template <typename T>
T value_or_raise(Expected<T> expected) {
  if (!expected) raise(expected.error());
  return std::move(*expected);
}

// The tiles of `board`: a flat sequence of N² integers (a square), rows of equal length (any
// rectangle), a numpy array of either shape, or text in any of the CLI's board formats.
Instance to_board(const py::handle& board);

// The goal `goal` names for boards of `shape`: a name or text (as the CLI's --goal), or a board.
Goal to_goal(const py::handle& goal, Shape shape);

// The goal of `board`: `goal` (to_goal), or None for the board's own (default_goal_spec).
Goal goal_of(const py::handle& goal, const Instance& board);

// Each board as a Python list of its tiles.
py::list to_lists(const std::vector<std::vector<Tile>>& boards);

// The shape `size` names: a side N, "N" or "RxC", or a (rows, cols) pair; taquin.Error otherwise.
Shape to_shape(const py::handle& size);

}  // namespace taquin::python
