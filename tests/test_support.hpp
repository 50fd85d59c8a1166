// Test helpers shared by the suites: the embedded reference sets, samples of the exhaustive BFS
// distances, and the replay check of a solution found on a canonical board.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/embedded.hpp"
#include "core/explore.hpp"
#include "core/generate.hpp"
#include "core/replay.hpp"
#include "taquin/board.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"

namespace taquin::testing {

// The embedded reference set `name` ("korf100", "korf100-standard-goal", "hardest80",
// "hardest8"), parsed: the one loader of the Korf and hardest instances. Records a test failure
// and returns no instance when the set is missing or does not parse; callers ASSERT the size
// they index.
inline std::vector<Instance> reference_set(const std::string& name) {
  const std::optional<std::string_view> text = embedded::find(name);
  if (!text) {
    ADD_FAILURE() << "no embedded set named " << name;
    return {};
  }
  Expected<std::vector<Instance>> parsed = parse_instances(*text, name);
  if (!parsed) {
    ADD_FAILURE() << parsed.error().describe();
    return {};
  }
  return std::move(*parsed);
}

// `count` random ranks of boards the goal reaches in `dist` (an all_distances() array), drawn
// with a fixed seed.
inline std::vector<uint64_t> sample_ranks(const std::vector<uint8_t>& dist, int count,
                                          uint64_t seed) {
  Random random(seed);
  std::vector<uint64_t> out;
  while (static_cast<int>(out.size()) < count) {
    const uint64_t r = random.below(dist.size());
    if (dist[r] != kUnreached) out.push_back(r);
  }
  return out;
}

// Success when `moves` take the canonical board `start` of `goal` to the goal, replayed by
// replay_solution on the user's tiles; else the replay's error.
template <int N>
::testing::AssertionResult solves(const Goal& goal, const Board<N>& start,
                                  const std::vector<Dir>& moves) {
  const Expected<std::vector<std::vector<Tile>>> path =
      replay_solution(goal.tiles_of<N>(start), moves, goal);
  if (path) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << path.error().describe();
}

// Checks that `result` was stopped by its node limit `limit` after exactly that many expansions,
// with a lower bound from `low` to `high` (the optimum). Callers wrap it in
// ASSERT_NO_FATAL_FAILURE to stop at a wrong outcome.
inline void expect_stopped_at_node_limit(const SearchResult& result, uint64_t limit, int low,
                                         int high) {
  ASSERT_EQ(result.outcome, Outcome::NodeLimit) << limit;
  EXPECT_EQ(result.stats.nodes_expanded, limit);
  EXPECT_GE(result.lower_bound, low) << limit;
  EXPECT_LE(result.lower_bound, high) << limit;
}

}  // namespace taquin::testing
