// The default partitions of the shape pattern databases: a catalogue of diagrams, one a
// rectangle, and a fallback for the other shapes.
#pragma once

#include <string_view>

#include "shape/pdb.hpp"
#include "taquin/error.hpp"

namespace taquin::shape {

// Most entries of a default partition's per-blank-cell table (a byte each).
inline constexpr uint64_t kMaxPerBlankCellEntries = uint64_t{1} << 26;

// The catalogue's text: for each rectangle of rows ≤ cols, a line "shape RxC" and R lines of C
// marks, a letter per goal cell naming its group (groups numbered by first appearance, row-major)
// and '.' the blank's goal cell; '#' starts a comment.
std::string_view shape_catalogue();

// Parses a catalogue `text` (shape_catalogue's format) and returns the partition of the rows ×
// cols rectangle it holds, its blank where the diagram has it; errors name the line, or say the
// catalogue has no diagram of that shape.
Expected<Partition> catalogue_partition(std::string_view text, int rows, int cols);

// The partition a ShapePdb of a rows × cols board (at most kMaxPdbCells cells) uses by default,
// for a goal with the blank on `blank_goal` (any cell): the catalogue's diagram of the shape
// (or of its transpose, reflected), else groups of consecutive cells along the longer side; the
// group of `blank_goal` in the diagram takes the diagram's blank cell instead. Its tables are
// per blank cell (Partition::per_blank_cell) when the largest group's placements times the cells
// are at most kMaxPerBlankCellEntries. Errors: a shape
// ShapePdb refuses, or a blank cell off the board.
Expected<Partition> default_partition(int rows, int cols, int blank_goal);

// The catalogue of the larger partitions (shape_catalogue's format), whose plain tables take too
// long to build in every process: `taquin pdb build RxC` builds them once into the databases'
// directory, and the searches take them from there (shape/pdb_cache.hpp).
std::string_view built_catalogue();

// The larger partition of a rows × cols board whose goal has the blank on `blank_goal`: the
// built catalogue's diagram of the shape (or of its transpose, reflected), its blank moved as
// default_partition's; plain tables (not per blank cell). Errors: a shape the catalogue lacks
// (the message names those it has), or one default_partition refuses.
Expected<Partition> built_partition(int rows, int cols, int blank_goal);

}  // namespace taquin::shape
