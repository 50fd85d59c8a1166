// Tests of goals: standard, zero-first, snail, custom, and canonical relabelling.
#include <gtest/gtest.h>

#include "taquin/goal.hpp"

namespace taquin {
namespace {

std::vector<uint8_t> v(std::initializer_list<int> xs) {
  return std::vector<uint8_t>(xs.begin(), xs.end());
}

TEST(Goal, Standard) {
  EXPECT_EQ(Goal::standard(3).tiles(), v({1, 2, 3, 4, 5, 6, 7, 8, 0}));
  EXPECT_EQ(Goal::standard(4).blank_cell(), 15);
}

TEST(Goal, ZeroFirst) {
  EXPECT_EQ(Goal::zero_first(3).tiles(), v({0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(Goal::zero_first(4).cell_of(7), 7);
}

TEST(Goal, Snail) {
  EXPECT_EQ(Goal::snail(3).tiles(), v({1, 2, 3, 8, 0, 4, 7, 6, 5}));
  EXPECT_EQ(Goal::snail(4).tiles(), v({1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7}));
  EXPECT_EQ(Goal::snail(2).tiles(), v({1, 2, 0, 3}));
  EXPECT_EQ(Goal::snail(5).tiles(), v({1,  2, 3,  4,  5,  16, 17, 18, 19, 6,  15, 24, 0,
                                       20, 7, 14, 23, 22, 21, 8,  13, 12, 11, 10, 9}));
}

TEST(Goal, CanonicalGoalIsIdentity) {
  for (const Goal& g : {Goal::standard(4), Goal::zero_first(4), Goal::snail(4)}) {
    const Board<4> b = g.canonical<4>(g.tiles());
    EXPECT_EQ(b, Board<4>::identity(g.blank_cell())) << g.name();
    EXPECT_EQ(g.tiles_of(b), g.tiles());
  }
}

TEST(Goal, ParseSpecs) {
  EXPECT_EQ(parse_goal_spec("snail")->kind, GoalSpec::Kind::Snail);
  EXPECT_EQ(parse_goal_spec("zero-first")->kind, GoalSpec::Kind::ZeroFirst);
  EXPECT_EQ(parse_goal_spec("standard")->kind, GoalSpec::Kind::Standard);
  Expected<GoalSpec> custom = parse_goal_spec("2 1 3 0");
  ASSERT_TRUE(custom.ok()) << custom.error().describe();
  EXPECT_EQ(custom->custom_side, 2);
  Expected<Goal> g = Goal::for_side(*custom, 2);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->tiles(), v({2, 1, 3, 0}));
  EXPECT_FALSE(Goal::for_side(*custom, 3).ok());
  EXPECT_FALSE(parse_goal_spec("1 1 2 3").ok());
  EXPECT_FALSE(parse_goal_spec("no-such-goal-file").ok());
}

}  // namespace
}  // namespace taquin
