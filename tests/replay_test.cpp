// Tests of the replay check that guards every printed solution.
#include <gtest/gtest.h>

#include "taquin/replay.hpp"

namespace taquin {
namespace {

TEST(Replay, ParsesMoveLettersAndRejectsOthers) {
  Expected<std::vector<Dir>> moves = parse_moves("UdLr");
  ASSERT_TRUE(moves.ok());
  EXPECT_EQ(*moves, (std::vector<Dir>{Dir::Up, Dir::Down, Dir::Left, Dir::Right}));
  Expected<std::vector<Dir>> bad = parse_moves("UDX");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("character 3"), std::string::npos);
}

TEST(Replay, PathListsEveryBoard) {
  const std::vector<uint8_t> start = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  Expected<std::vector<std::vector<uint8_t>>> path =
      replay_path(start, 3, std::vector<Dir>{Dir::Right, Dir::Right});
  ASSERT_TRUE(path.ok());
  ASSERT_EQ(path->size(), 3u);
  EXPECT_EQ((*path)[0], start);
  EXPECT_EQ((*path)[1], (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 0, 8}));
  EXPECT_EQ((*path)[2], (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 0}));
  EXPECT_FALSE(check_solution(start, std::vector<Dir>{Dir::Right, Dir::Right}, Goal::standard(3)));
}

TEST(Replay, WrongSolutionsAreCaught) {
  const std::vector<uint8_t> start = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  const Goal goal = Goal::standard(3);
  // Off the board: the blank is on the left edge.
  std::optional<Error> off = check_solution(start, std::vector<Dir>{Dir::Left}, goal);
  ASSERT_TRUE(off.has_value());
  EXPECT_NE(off->message.find("move 1 (L)"), std::string::npos) << off->message;
  // Legal moves that end elsewhere.
  std::optional<Error> short_of = check_solution(start, std::vector<Dir>{Dir::Right}, goal);
  ASSERT_TRUE(short_of.has_value());
  EXPECT_NE(short_of->message.find("not on the goal"), std::string::npos);
  // The right moves against another goal.
  EXPECT_TRUE(check_solution(start, std::vector<Dir>{Dir::Right, Dir::Right}, Goal::snail(3)));
  // A board of another size.
  EXPECT_TRUE(check_solution(start, std::vector<Dir>{}, Goal::standard(4)));
}

}  // namespace
}  // namespace taquin
