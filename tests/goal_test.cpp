// Tests of goals: standard, zero-first, snail, custom, and canonical relabelling.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_run.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

std::vector<Tile> v(std::initializer_list<int> xs) {
  return std::vector<Tile>(xs.begin(), xs.end());
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
  EXPECT_EQ(custom->custom_shape, Shape::square(2));
  Expected<Goal> g = Goal::for_side(*custom, 2);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->tiles(), v({2, 1, 3, 0}));
  EXPECT_FALSE(Goal::for_side(*custom, 3).ok());
  EXPECT_FALSE(parse_goal_spec("1 1 2 3").ok());
  EXPECT_FALSE(parse_goal_spec("no-such-goal-file").ok());
}

TEST(Goal, NamesAreCaseInsensitive) {
  EXPECT_EQ(parse_goal_spec("Snail")->kind, GoalSpec::Kind::Snail);
  EXPECT_EQ(parse_goal_spec("ZERO-FIRST")->kind, GoalSpec::Kind::ZeroFirst);
  EXPECT_EQ(parse_goal_spec("Standard")->kind, GoalSpec::Kind::Standard);
  EXPECT_EQ(parse_goal_spec("SNAIL")->name, "snail");
}

// "42" names the snail, the 42 school's goal (it was read as a 42-format board of side 42).
TEST(Goal, FortyTwoIsTheSnail) {
  const Expected<GoalSpec> spec = parse_goal_spec("42", "--goal");
  ASSERT_TRUE(spec) << spec.error().describe();
  EXPECT_EQ(spec->kind, GoalSpec::Kind::Snail);
  EXPECT_EQ(spec->name, "snail");
  const Expected<Goal> goal = parse_goal("42", 4, "--size", "--goal");
  ASSERT_TRUE(goal);
  EXPECT_EQ(goal->tiles(), Goal::snail(4).tiles());
  EXPECT_EQ(goal->name(), "snail");
}

// The error parsing `text` as a goal from `source` ("" if it parsed).
std::string goal_error(const std::string& text, const std::string& source = "goal") {
  Expected<GoalSpec> spec = parse_goal_spec(text, source);
  return spec.ok() ? std::string() : spec.error().describe();
}

TEST(Goal, NearMissSuggestsTheName) {
  const std::string kinds =
      " (a goal is standard, zero-first, snail or 42, a board, or a board file)";
  EXPECT_EQ(goal_error("snial"), "goal: unknown goal 'snial'; did you mean 'snail'?" + kinds);
  EXPECT_EQ(goal_error("Spiral", "--goal"),
            "--goal: unknown goal 'Spiral'; did you mean 'snail'?" + kinds);
  EXPECT_EQ(goal_error("standart"),
            "goal: unknown goal 'standart'; did you mean 'standard'?" + kinds);
  EXPECT_EQ(goal_error("zero"), "goal: unknown goal 'zero'; did you mean 'zero-first'?" + kinds);
  EXPECT_EQ(goal_error("zerofirst"),
            "goal: unknown goal 'zerofirst'; did you mean 'zero-first'?" + kinds);
  EXPECT_EQ(goal_error("circle"), "goal: unknown goal 'circle'" + kinds);
  // The library does not name the CLI's flags.
  EXPECT_EQ(goal_error("no-such-goal-file").find("--goal"), std::string::npos);
  Expected<GoalSpec> custom = parse_goal_spec("2 1 3 0");
  ASSERT_TRUE(custom.ok());
  Expected<Goal> wrong_side = Goal::for_side(*custom, 3);
  ASSERT_FALSE(wrong_side.ok());
  EXPECT_EQ(wrong_side.error().describe(), "the custom goal '2 1 3 0' is 2x2 but the board is 3x3");
}

TEST(Goal, AFileWhoseNameLooksLikeAWordIsStillAGoal) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("taquin_goal_file_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path old = fs::current_path();
  fs::current_path(dir);
  std::ofstream("snial") << "3\n1 2 3\n4 5 6\n7 0 8\n";
  Expected<GoalSpec> spec = parse_goal_spec("snial");
  fs::current_path(old);
  fs::remove_all(dir);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->kind, GoalSpec::Kind::Custom);
  EXPECT_EQ(spec->custom_tiles, v({1, 2, 3, 4, 5, 6, 7, 0, 8}));
}

TEST(GoalCli, NamesAnyCaseAndNearMissesNamedWithTheFlag) {
  const std::string board = " --board \"1 2 3 8 0 4 7 6 5\"";
  auto snail = testing::run_taquin("check --goal SNAIL" + board);
  EXPECT_EQ(snail.status, 0) << snail.err;
  auto near = testing::run_taquin("solve --goal snial" + board);
  EXPECT_EQ(near.status, 2);
  EXPECT_EQ(near.err,
            "taquin: --goal: unknown goal 'snial'; did you mean 'snail'? (a goal is standard, "
            "zero-first, snail or 42, a board, or a board file)\n");
  EXPECT_EQ(near.out, "");
  const std::string file = testing::temp_file("goal.txt", "3\n1 2 3\n8 0 4\n7 6 5\n");
  auto from_file = testing::run_taquin("solve --format json --goal " + file + board);
  EXPECT_EQ(from_file.status, 0) << from_file.err;
  EXPECT_NE(from_file.out.find("\"length\":0"), std::string::npos) << from_file.out;
}

// A goal word too long for a file name was looked up with the throwing std::filesystem::exists,
// and its error escaped as an internal error (status 3) quoting all 5,000 characters.
TEST(Goal, OverlongWordIsAnUnknownGoalQuotedShort) {
  const std::string word(5000, 'a');
  const Expected<GoalSpec> spec = parse_goal_spec(word, "--goal");
  ASSERT_FALSE(spec);
  EXPECT_LT(spec.error().describe().size(), 200u) << spec.error().describe();
  EXPECT_NE(spec.error().message.find("unknown goal 'aaaa"), std::string::npos);
  const std::string numbers = [] {
    std::string text;
    for (int i = 0; i < 3000; ++i) text += "1 2 ";
    return text;
  }();
  EXPECT_FALSE(parse_goal_spec(numbers, "--goal"));
  auto run = testing::run_taquin("check --board '1 2 3 4 5 6 7 8 0' --goal " + word);
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(testing::lines_of(run.err).size(), 1u);
}

TEST(Goal, ParseGoalNamesWhereEachProblemCameFrom) {
  const Expected<Goal> snail = parse_goal("SNAIL", 3, "--size", "--goal");
  ASSERT_TRUE(snail);
  EXPECT_EQ(snail->tiles(), Goal::snail(3).tiles());
  const Expected<Goal> big = parse_goal("standard", kMaxDim + 1, "--size", "--goal");
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().source, "--size");
  EXPECT_NE(big.error().message.find("out of range"), std::string::npos);
  const Expected<Goal> small = parse_goal("standard", kMinSide - 1, "side", "spec");
  ASSERT_FALSE(small);
  EXPECT_EQ(small.error().source, "side");
  const Expected<Goal> word = parse_goal("snial", 3, "--size", "--goal");
  ASSERT_FALSE(word);
  EXPECT_EQ(word.error().source, "--goal");
  // A custom goal of another side: Goal::for_side's error, with no source.
  const Expected<Goal> other = parse_goal("1 2 3 4 5 6 7 8 0", 4, "--size", "--goal");
  ASSERT_FALSE(other);
  EXPECT_TRUE(other.error().source.empty());
}

}  // namespace
}  // namespace taquin
