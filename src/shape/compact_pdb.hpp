// The shaped IDA*'s pattern-database heuristic: a ShapePdb's groups summed, a move recomputing
// only the moved tile's group.
#pragma once

#include <array>
#include <cstdint>

#include "shape/compact.hpp"
#include "shape/pdb.hpp"

namespace taquin::shape {

// Additive pattern databases as a ShapeHeuristic: h is the sum of the groups' values, each kept,
// so a move looks one table up (the moved tile's group; a tile of no group changes nothing).
// Admissible; not always consistent (a group's value may change by more than one a move), which
// IDA* does not need. The ShapePdb must outlive the policy and serve the searched board's shape
// and goal (canonical labels: a label is its goal cell).
class CompactPdb {
 public:
  struct Undo {
    int8_t group;  // the group looked up again, -1 for none
    uint8_t old;   // its value before
  };
  explicit CompactPdb(const ShapePdb& pdb) : pdb_(&pdb) {}
  int reset(const CompactBoard& b) {
    int h = 0;
    for (int g = 0; g < pdb_->groups(); ++g)
      h += value_[g] = static_cast<uint8_t>(pdb_->group_value(g, b.where.data()));
    return h;
  }
  [[gnu::always_inline]] int moved(const CompactBoard& b, int h, int label, int, int, Undo& u) {
    const int g = pdb_->group_of(label);
    u.group = static_cast<int8_t>(g);
    if (g < 0) return h;
    u.old = value_[g];
    value_[g] = static_cast<uint8_t>(pdb_->group_value(g, b.where.data()));
    return h + value_[g] - u.old;
  }
  [[gnu::always_inline]] void undo(const Undo& u) {
    if (u.group >= 0) value_[u.group] = u.old;
  }

 private:
  const ShapePdb* pdb_;
  std::array<uint8_t, kCompactSlots> value_{};  // per group (at most one per tile)
};

static_assert(ShapeHeuristic<CompactPdb>);

}  // namespace taquin::shape
