// The breadth-first search that builds one group's table of a ShapePdb (shape/pdb.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace taquin::shape {

// Most cells a board of a ShapePdb may have: the search keeps the blank's cells in a 32-bit set.
inline constexpr int kMaxPdbCells = 32;

// The value of a placement the goal cannot reach.
inline constexpr uint8_t kUnreachedPlacement = 0xFF;

// The table of one group of a rows × cols board (rows * cols ≤ kMaxPdbCells) whose goal has the
// blank on `blank_goal`: for each placement of the tiles whose goal cells are `group` (in that
// order; cells distinct and not the blank's), indexed by rank_placement (core/rank.hpp) of their
// cells, the fewest moves of those tiles that bring them home, the other tiles being
// indistinguishable and their moves free. A 0-1 BFS from the goal over (placement, region of the
// blank): free moves take the blank anywhere in its region of cells no group tile covers, so one
// state stands for the whole region. Placements the goal cannot reach (on 2x2 boards, or when
// the group holds every tile, the other parity) get kUnreachedPlacement. With `per_blank_cell`
// the table has rows * cols entries a placement, index rank * cells + blank cell: the fewest
// moves from that placement with the blank in that cell's region (kUnreachedPlacement for the
// cells the tiles cover and for regions the goal cannot reach); a placement's least entry is
// its entry without.
std::vector<uint8_t> build_group_table(int rows, int cols, std::span<const uint8_t> group,
                                       int blank_goal, bool per_blank_cell = false);

}  // namespace taquin::shape
