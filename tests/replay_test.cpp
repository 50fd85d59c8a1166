// Tests of replay_solution, the replay check that guards every printed solution.
#include <gtest/gtest.h>

#include "core/replay.hpp"

namespace taquin {
namespace {

TEST(Replay, PathListsEveryBoardFromTheStartToTheGoal) {
  const std::vector<Tile> start = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  Expected<std::vector<std::vector<Tile>>> path =
      replay_solution(start, std::vector<Dir>{Dir::Right, Dir::Right}, Goal::standard(3));
  ASSERT_TRUE(path.ok()) << path.error().describe();
  ASSERT_EQ(path->size(), 3u);
  EXPECT_EQ((*path)[0], start);
  EXPECT_EQ((*path)[1], (std::vector<Tile>{1, 2, 3, 4, 5, 6, 7, 0, 8}));
  EXPECT_EQ((*path)[2], (std::vector<Tile>{1, 2, 3, 4, 5, 6, 7, 8, 0}));
  // The goal itself needs no move: a path of one board.
  path = replay_solution(Goal::snail(3).tiles(), std::vector<Dir>{}, Goal::snail(3));
  ASSERT_TRUE(path.ok());
  EXPECT_EQ(path->size(), 1u);
}

TEST(Replay, WrongSolutionsAreCaught) {
  const std::vector<Tile> start = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  const Goal goal = Goal::standard(3);
  // Off the board: the blank is on the left edge.
  auto off = replay_solution(start, std::vector<Dir>{Dir::Left}, goal);
  ASSERT_FALSE(off.ok());
  EXPECT_NE(off.error().message.find("move 1 (L)"), std::string::npos) << off.error().message;
  // Off the board from the goal's corner, after a legal move.
  auto corner = replay_solution(goal.tiles(), std::vector<Dir>{Dir::Up, Dir::Right}, goal);
  ASSERT_FALSE(corner.ok());
  EXPECT_NE(corner.error().message.find("move 2 (R)"), std::string::npos);
  // Legal moves that end elsewhere.
  auto short_of = replay_solution(start, std::vector<Dir>{Dir::Right}, goal);
  ASSERT_FALSE(short_of.ok());
  EXPECT_NE(short_of.error().message.find("not on the goal"), std::string::npos);
  // The right moves against another goal.
  EXPECT_FALSE(replay_solution(start, std::vector<Dir>{Dir::Right, Dir::Right}, Goal::snail(3)));
  // A board of another size.
  EXPECT_FALSE(replay_solution(start, std::vector<Dir>{}, Goal::standard(4)));
}

}  // namespace
}  // namespace taquin
