// The shaped IDA*'s pattern-database heuristics: a ShapePdb's groups summed, a move recomputing
// only the moved tile's group; the larger of two such sums.
#pragma once

#include <algorithm>
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

// The larger of two CompactPdb sums (two partitions of the same shape and goal): admissible as
// each is. Both ShapePdbs must outlive the policy.
class CompactPdbMax {
 public:
  struct Undo {
    CompactPdb::Undo first, second;
    int first_h, second_h;  // the sums before
  };
  CompactPdbMax(const ShapePdb& first, const ShapePdb& second) : first_(first), second_(second) {}
  int reset(const CompactBoard& b) {
    first_h_ = first_.reset(b);
    second_h_ = second_.reset(b);
    return std::max(first_h_, second_h_);
  }
  [[gnu::always_inline]] int moved(const CompactBoard& b, int, int label, int from, int to,
                                   Undo& u) {
    u.first_h = first_h_;
    u.second_h = second_h_;
    first_h_ = first_.moved(b, first_h_, label, from, to, u.first);
    second_h_ = second_.moved(b, second_h_, label, from, to, u.second);
    return std::max(first_h_, second_h_);
  }
  [[gnu::always_inline]] void undo(const Undo& u) {
    first_.undo(u.first);
    second_.undo(u.second);
    first_h_ = u.first_h;
    second_h_ = u.second_h;
  }

 private:
  CompactPdb first_, second_;
  int first_h_ = 0, second_h_ = 0;
};

static_assert(ShapeHeuristic<CompactPdbMax>);

}  // namespace taquin::shape
