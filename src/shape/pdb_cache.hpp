// The process-wide cache of the shape pattern databases: the default partition's ShapePdb of each
// (rows, cols, blank goal), built once and shared by every search of the process.
#pragma once

#include <memory>
#include <string>

#include "shape/pdb.hpp"
#include "taquin/error.hpp"

namespace taquin::shape {

// The directory of databases (pdb::default_pdb_dir of $TAQUIN_PDB_DIR, $XDG_DATA_HOME, $HOME)
// when it exists, the cache of the shape databases; else "" (no cache, nothing created).
std::string shape_pdb_cache_dir();

// The ShapePdb of built_partition(rows, cols, blank_goal) (shape/partition.hpp) from its file in
// `dir` (shape_pdb_file_name), read and checked whole on the first call for those arguments and
// kept for the process's life, as is its failure: later calls, from any thread, share it. Never
// builds. Errors: built_partition's, an empty `dir`, and load_shape_pdb's (a missing file:
// "cannot read").
Expected<std::shared_ptr<const ShapePdb>> shared_built_pdb(const std::string& dir, int rows,
                                                           int cols, int blank_goal);

// The path of built_partition(rows, cols, blank_goal)'s file in `dir`. Errors: built_partition's.
Expected<std::string> built_pdb_path(const std::string& dir, int rows, int cols, int blank_goal);

// The name of a partition as the CLI prints it: the shape and the group sizes, "4x5 7-6-6".
std::string partition_name(const Partition& partition);

// The ShapePdb the searches of a rows × cols board whose goal has the blank on `blank_goal` take:
// shared_built_pdb's from shape_pdb_cache_dir() when it loads, else shared_default_pdb's.
Expected<std::shared_ptr<const ShapePdb>> shared_shape_pdb(int rows, int cols, int blank_goal);

// The ShapePdb of default_partition(rows, cols, blank_goal), read on the first call for those
// arguments from its file in shape_pdb_cache_dir() (shape/pdb_file.hpp) when that file is sound,
// else built and then written there (a file refused, damaged or of another partition, is
// replaced; a failed write is ignored), and kept for the process's life; later calls, from any
// thread, share it (a call made while another builds it waits for that build). The build heeds no
// limit, cancel or memory budget: its time and memory are bounded by the catalogue's groups (at
// most the placements its comments name, a byte each, for the shapes it lists). Errors:
// default_partition's, and ShapePdb::build's (a failed build is remembered as well).
Expected<std::shared_ptr<const ShapePdb>> shared_default_pdb(int rows, int cols, int blank_goal);

// The name of that database as the CLI prints it, without building it: the shape and the group
// sizes, "2x8 6-6-3". Errors: default_partition's.
Expected<std::string> default_pdb_name(int rows, int cols, int blank_goal);

}  // namespace taquin::shape
