// Shape pattern databases on disk: a ShapePdb's tables in one file, checked whole before use.
#pragma once

#include <optional>
#include <string>

#include "shape/pdb.hpp"
#include "taquin/error.hpp"

namespace taquin::shape {

// The file name of `partition`'s tables in a directory of databases: the shape, the blank's goal
// cell, the group sizes and a hash of the groups' cells, "shape-2x8-b15-5-5-5-z-<16 hex>.spdb"
// ('z' when the tables are per blank cell).
std::string shape_pdb_file_name(const Partition& partition);

// Writes `pdb` to `path` (a temporary file renamed over it): a header (magic, version, the
// partition, each table's size), an xxHash64 of the header and of the tables, then the tables.
// Errors: the system's, naming `path`.
std::optional<Error> save_shape_pdb(const std::string& path, const ShapePdb& pdb);

// Reads the tables of `partition` from `path`. Errors, naming `path`: it cannot be read, it is not
// a shape database of this version, it was built for another partition, its size is not the
// header's (truncated or extended), a checksum differs (corrupted).
Expected<ShapePdb> load_shape_pdb(const std::string& path, const Partition& partition);

}  // namespace taquin::shape
