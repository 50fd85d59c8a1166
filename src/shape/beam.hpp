// Beam search over boards of any shape (Grid): breadth-first layers of packed boards, each cut to
// the states of least h; a short solution fast, not optimal (the shaped anytime search's beams).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "search/beam.hpp"
#include "shape/grid.hpp"
#include "shape/wide_heuristic.hpp"
#include "taquin/search/result.hpp"

namespace taquin::shape {

// Beam search from `start` to its goal (the identity, blank on start.blank_goal()) with `h` (of
// start's shape; not the zero heuristic): each layer holds at most `width` states, the children
// of the last layer's of least h (ties: first generated), never a state generated before (two
// boards of equal 64-bit hash count as one), so the first layer to reach the goal gives a
// solution of that many moves. Boards are packed a few bits a cell, hashed by XXH3. `limits`
// (time, nodes, cancel; max_memory_bytes unused) span the time since `started` and, when `nodes`
// is given, the nodes added to it (this search's added as it goes); they are looked at every
// kBestFirstCheckInterval expansions, a node limit met exactly. The buffers stay within
// `max_bytes` (0: no bound), checked before any grows: past it, stop = MemoryLimit. Ends found
// (moves), stopped (the limit), or neither when the beam ran out of new states (an unsolvable
// start). Adds its expansions and generated children to `stats`.
detail::BeamEnd beam_search(
    const Grid& start, const WideHeuristic& h, size_t width, uint64_t max_bytes,
    const Limits& limits, Stats& stats,
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now(),
    std::atomic<uint64_t>* nodes = nullptr);

}  // namespace taquin::shape
