// The checks of a table's values: the one pass Table::open makes over the payload, `pdb
// verify`'s check of every entry, and the neighbour check both sample.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "pdb/table.hpp"
#include "taquin/error.hpp"

namespace taquin::pdb {

// The checks Table::open makes of a table's payload, in one pass over its bytes: its XXH64 (seed
// 0) is `payload_hash`, and for a classic table every check of verify_values (from partial
// Manhattan sums tabulated per block of entries, which costs about what the checksum's read
// does); for a zero-aware one, no entry can exceed max_value whatever its Manhattan sum, and the
// goal placement with the blank on its goal cell is 0; then, for both, check_neighbours on
// kLoadNeighbourSamples placements drawn from `payload_hash`. `suffix_tiles` > 0 (tests, fuzzing)
// forces blocks of that many tiles' placements where the table allows it. Errors name the table's
// path.
Expected<bool> check_payload(const Table& table, uint64_t payload_hash, int suffix_tiles = 0);

// Checks every entry: the goal placement is 0, each value is at least the group's Manhattan
// sum with the same parity, and no value exceeds max_value (which some entry reaches). For a
// zero-aware table, per placement: the entries of the blank cells of one region of free cells are
// equal, those of cells the group holds are 0, and in the goal placement exactly the region of the
// blank's goal cell is 0. The histogram then counts (placement, free cell) entries.
// Then check_neighbours on kVerifyNeighbourSamples placements (a fixed sample).
// Fills `histogram` (count per value) when given. Errors name the table's path. `progress`, when
// given, is called with the placements checked and their total, every 2^16 and at the end.
Expected<bool> verify_values(
    const Table& table, std::vector<uint64_t>* histogram = nullptr,
    const std::function<void(uint64_t checked, uint64_t placements)>& progress = {});

// The placements the load check (check_payload) and `pdb verify` (verify_values) sample for
// check_neighbours: a few milliseconds at load, about a second in verify.
inline constexpr uint64_t kLoadNeighbourSamples = uint64_t{1} << 14;
inline constexpr uint64_t kVerifyNeighbourSamples = uint64_t{1} << 20;

// Checks, for `samples` placements drawn from `seed` (every placement when samples is at least
// their count), that the values of placements one group move apart are at most one move apart
// (zero-aware: the entries of the blank's cells before and after the move; classic: from a
// placement whose free cells are one region). A sound table always passes; a forged one whose
// values were raised where the Manhattan bound, the parity and the maximum cannot show it (every
// excess raised one step) fails on the placements where raised and unraised values meet. Errors
// name the table's path and both entries. `progress` as verify_values's.
Expected<bool> check_neighbours(
    const Table& table, uint64_t samples, uint64_t seed,
    const std::function<void(uint64_t checked, uint64_t placements)>& progress = {});

}  // namespace taquin::pdb
