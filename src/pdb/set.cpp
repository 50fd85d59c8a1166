// A loaded pattern-database set: its tables' on-disk check and the goal symmetries it serves.
#include "pdb/set.hpp"

#include "pdb/geometry.hpp"

namespace taquin::pdb {

Expected<bool> check_unchanged(const PdbSet& set) {
  for (const std::shared_ptr<const Table>& table : set.tables)
    if (Expected<bool> same = table->check_unchanged(); !same) return same;
  return true;
}

std::vector<int> usable_symmetries(const Catalogue& catalogue, int blank_cell) {
  std::vector<int> out;
  for (int sym = 0; sym < 8; ++sym)
    if (symmetric_cell(sym, blank_cell, catalogue.side) == catalogue.blank) out.push_back(sym);
  return out;
}

}  // namespace taquin::pdb
