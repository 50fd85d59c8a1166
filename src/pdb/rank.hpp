// Walking group placements in rank order (the ranks themselves: core/rank.hpp).
#pragma once

#include <cstdint>

#include "core/rank.hpp"

namespace taquin::pdb {

// Walks placements in rank order from a starting index, keeping digits and cells up to date:
// advancing recomputes only the cells from the lowest changed digit on.
class PlacementCursor {
 public:
  PlacementCursor(int n, int k, uint64_t index) : n_(n), k_(k) {
    all_ = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    index_digits(index, n, k, digits_);
    refresh(0);
  }
  // Cells of the tiles, in group order.
  const uint8_t* cells() const { return pos_; }
  // Mask of occupied cells.
  uint64_t occupied() const { return seen_[k_]; }
  // Steps to the next rank (wrapping to rank 0 after the last).
  void advance() {
    int i = k_ - 1;
    while (i >= 0 && ++digits_[i] == n_ - i) digits_[i--] = 0;
    refresh(i < 0 ? 0 : i);
  }

 private:
  void refresh(int from) {
    for (int i = from; i < k_; ++i) {
      const int p = select_bit(all_ & ~seen_[i], digits_[i]);
      pos_[i] = static_cast<uint8_t>(p);
      seen_[i + 1] = seen_[i] | (uint64_t{1} << p);
    }
  }
  int n_, k_;
  uint64_t all_;
  uint8_t digits_[64]{};
  uint8_t pos_[64]{};
  uint64_t seen_[65]{};
};

}  // namespace taquin::pdb
