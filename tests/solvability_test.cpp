// Solvability by parity checked against exhaustive BFS reachability on 2x2 and 3x3.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <fstream>
#include <numeric>
#include <sstream>
#include <unordered_set>

#include "taquin/io.hpp"
#include "taquin/solvability.hpp"

namespace taquin {
namespace {

// Packs a raw tile arrangement (not relabelled) into one number: 4 bits a cell.
template <size_t C>
uint64_t pack(const std::array<uint8_t, C>& t) {
  uint64_t key = 0;
  for (size_t i = 0; i < C; ++i) key |= uint64_t(t[i]) << (4 * i);
  return key;
}

// Every arrangement reachable from `goal` by sliding, by plain BFS on tile arrays.
template <int N>
std::unordered_set<uint64_t> reachable(const Goal& goal) {
  constexpr size_t C = N * N;
  std::array<uint8_t, C> start{};
  std::copy(goal.tiles().begin(), goal.tiles().end(), start.begin());
  std::unordered_set<uint64_t> seen{pack(start)};
  std::deque<std::array<uint8_t, C>> queue{start};
  while (!queue.empty()) {
    const auto t = queue.front();
    queue.pop_front();
    const int blank = static_cast<int>(std::find(t.begin(), t.end(), 0) - t.begin());
    const int r = blank / N, c = blank % N;
    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& s : steps) {
      const int nr = r + s[0], nc = c + s[1];
      if (nr < 0 || nr >= N || nc < 0 || nc >= N) continue;
      auto next = t;
      std::swap(next[blank], next[nr * N + nc]);
      if (seen.insert(pack(next)).second) queue.push_back(next);
    }
  }
  return seen;
}

// Parity test == reachability for all N²! arrangements.
template <int N>
void check_all_arrangements(const Goal& goal) {
  const auto reach = reachable<N>(goal);
  std::array<uint8_t, N * N> t{};
  std::iota(t.begin(), t.end(), uint8_t{0});
  size_t total = 0, solvable = 0;
  do {
    const bool expected = reach.count(pack(t)) > 0;
    ASSERT_EQ(is_solvable(t, goal), expected) << format_board(t, N, BoardFormat::OneLine);
    ASSERT_EQ(is_solvable(goal.canonical<N>(t)), expected);
    ++total;
    solvable += expected;
  } while (std::next_permutation(t.begin(), t.end()));
  EXPECT_EQ(solvable * 2, total);
}

TEST(Solvability, AllTwoByTwoArrangements) {
  check_all_arrangements<2>(Goal::standard(2));
  check_all_arrangements<2>(Goal::snail(2));
  check_all_arrangements<2>(Goal::zero_first(2));
}

TEST(Solvability, AllThreeByThreeArrangementsStandardGoal) {
  const auto reach = reachable<3>(Goal::standard(3));
  EXPECT_EQ(reach.size(), 181440u);
  check_all_arrangements<3>(Goal::standard(3));
}

TEST(Solvability, AllThreeByThreeArrangementsSnailGoal) {
  check_all_arrangements<3>(Goal::snail(3));
}

TEST(Solvability, KnownUnsolvable) {
  const std::vector<uint8_t> t = {1, 2, 3, 4, 5, 6, 8, 7, 0};
  EXPECT_FALSE(is_solvable(t, Goal::standard(3)));
}

TEST(Solvability, ReferenceDataAllSolvable) {
  const std::pair<const char*, Goal> files[] = {
      {"korf100.txt", Goal::zero_first(4)},
      {"korf100-standard-goal.txt", Goal::standard(4)},
      {"hardest80.txt", Goal::standard(4)},
      {"hardest8.txt", Goal::standard(3)},
  };
  for (const auto& [name, goal] : files) {
    Expected<std::vector<Instance>> read =
        read_instances(std::string(TAQUIN_DATA_DIR) + "/" + name);
    ASSERT_TRUE(read.ok()) << read.error().describe();
    EXPECT_GT(read->size(), 1u);
    for (const Instance& inst : *read) {
      EXPECT_TRUE(is_solvable(inst.tiles, goal)) << name << ":" << inst.line;
      EXPECT_TRUE(inst.optimal_length.has_value());
    }
  }
}

TEST(Solvability, PermutationParity) {
  const std::vector<uint8_t> identity = {0, 1, 2, 3};
  const std::vector<uint8_t> swap = {1, 0, 2, 3};
  const std::vector<uint8_t> three_cycle = {1, 2, 0, 3};
  EXPECT_EQ(permutation_parity(identity), 0);
  EXPECT_EQ(permutation_parity(swap), 1);
  EXPECT_EQ(permutation_parity(three_cycle), 0);
}

}  // namespace
}  // namespace taquin
