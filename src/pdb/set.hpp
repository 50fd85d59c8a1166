// A loaded pattern-database set: a catalogue's tables, what the heuristics read, and the
// symmetries under which they serve a goal. Finding and loading one is pdb_set.hpp's.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pdb/catalogue.hpp"
#include "pdb/table.hpp"
#include "taquin/error.hpp"

namespace taquin::pdb {

// The loaded tables of one catalogue, one per group, in catalogue order.
struct PdbSet {
  Catalogue catalogue;
  std::vector<std::shared_ptr<const Table>> tables;
  std::string dir;  // where the tables were found
};

// Fails, naming the file, when a table of `set` was modified on disk since it was loaded
// (Table::check_unchanged): a result computed with its values is then not to be trusted.
Expected<bool> check_unchanged(const PdbSet& set);

// The symmetries of the square (see symmetric_cell) under which `catalogue` serves a goal whose
// blank is on `blank_cell`: those mapping that cell to the catalogue's blank cell. Identity
// first, then the transpose, then the rest. Empty when none does.
std::vector<int> usable_symmetries(const Catalogue& catalogue, int blank_cell);

}  // namespace taquin::pdb
