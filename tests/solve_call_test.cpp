// The one solve call (taquin/solve.hpp) and the stable API over it (taquin/taquin.hpp): checked
// results, refused inputs, a replay that fails, batches, a cancel token.
#include <gtest/gtest.h>

#include "core/explore.hpp"
#include "core/generate.hpp"
#include "taquin/taquin.hpp"

namespace taquin {
namespace {

TEST(SolveCall, SolvesAndReplaysTowardsAnyGoal) {
  for (const Goal& goal : {Goal::standard(3), Goal::zero_first(3), Goal::snail(3)}) {
    const std::vector<uint8_t> distances = small_board_distances(goal);
    Random random(7);
    for (int i = 0; i < 40; ++i) {
      const std::vector<Tile> tiles = random_board(random, goal, Solvability::Solvable);
      SearchPlan plan;
      Expected<CheckedResult> r = solve(tiles, goal, plan, nullptr);
      ASSERT_TRUE(r) << r.error().describe();
      ASSERT_EQ(r->outcome, Outcome::Solved);
      EXPECT_TRUE(r->optimal);
      EXPECT_EQ(static_cast<int>(r->moves.size()), distance_of(distances, goal, tiles));
      ASSERT_EQ(r->path.size(), r->moves.size() + 1);
      EXPECT_EQ(r->path.front(), tiles);
      EXPECT_EQ(r->path.back(), goal.tiles());
    }
  }
}

TEST(SolveCall, UnsolvableIsAnOutcomeNotAnError) {
  const Goal goal = Goal::standard(3);
  const std::vector<Tile> tiles = {2, 1, 3, 4, 5, 6, 7, 8, 0};
  Expected<CheckedResult> r = solve(tiles, goal, SearchPlan{}, nullptr);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->outcome, Outcome::Unsolvable);
  EXPECT_TRUE(r->moves.empty() && r->path.empty());
}

TEST(SolveCall, RefusesWhatItCannotSearch) {
  const Goal goal = Goal::standard(3);
  const auto message = [&](std::vector<Tile> tiles, SearchPlan plan) {
    Expected<CheckedResult> r = solve(tiles, goal, plan, nullptr);
    return r ? std::string("ok") : r.error().describe();
  };
  const std::vector<Tile> good = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  EXPECT_EQ(message({1, 2, 3, 0}, {}), "solve: the board has 4 tiles, the goal 9");
  EXPECT_EQ(message({1, 1, 3, 4, 5, 6, 7, 0, 8}, {}),
            "solve: the board's tiles are not 0 to 8 once each");
  SearchPlan plan;
  plan.threads = 0;
  EXPECT_EQ(message(good, plan), "solve: threads must be 1 or more");
  plan.threads = 2;
  plan.algorithm = Algorithm::AStar;
  EXPECT_EQ(message(good, plan), "solve: only IDA* and anytime search in parallel");
  plan = {};
  plan.heuristic = HeuristicKind::Pdb;
  EXPECT_EQ(message(good, plan), "solve: the pdb heuristic needs pattern databases");
  plan.algorithm = Algorithm::Bfs;  // which needs no heuristic
  EXPECT_EQ(message(good, plan), "ok");
}

TEST(SolveCall, AResultThatDoesNotReplayIsRefused) {
  const Goal goal = Goal::standard(3);
  const std::vector<Tile> tiles = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  SearchResult wrong;
  wrong.outcome = Outcome::Solved;
  wrong.moves = {Dir::Left};
  Expected<CheckedResult> r = check_result(tiles, goal, wrong);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().source, "replay");
  EXPECT_EQ(r.error().message.rfind("the solution found does not replay: the 1 moves end on ", 0),
            0u)
      << r.error().message;
  wrong.moves = {Dir::Right};
  EXPECT_TRUE(check_result(tiles, goal, wrong));
  wrong.outcome = Outcome::TimeLimit;  // not solved: nothing to replay
  wrong.moves = {Dir::Left};
  EXPECT_TRUE(check_result(tiles, goal, wrong));
}

TEST(StableApi, ParsesBoardsAndGoals) {
  Expected<Instance> board = parse_board("8 6 7 2 5 4 3 0 1");
  ASSERT_TRUE(board);
  EXPECT_EQ(board->shape, Shape::square(3));
  EXPECT_FALSE(parse_board("1 2 3 0\n1 2 3 0\n"));
  EXPECT_FALSE(parse_board(""));
  EXPECT_EQ(parse_board("1 2 3", "argv").error().source, "argv");
  Expected<Goal> goal = make_goal("snail", 3);
  ASSERT_TRUE(goal);
  EXPECT_EQ(goal->tiles(), Goal::snail(3).tiles());
  EXPECT_FALSE(make_goal("snial", 3));
  EXPECT_FALSE(make_goal("standard", 101));
  EXPECT_FALSE(make_goal("1 2 3 0", 3));  // a goal of another side
  Expected<CheckedResult> r = solve(*board, *make_goal("standard", 3));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->moves.size(), 31u);  // one of the two farthest 8-puzzles
}

TEST(StableApi, BatchesInOrderAndCancels) {
  const Goal goal = Goal::standard(3);
  const std::vector<uint8_t> distances = small_board_distances(goal);
  Random random(3);
  std::vector<Instance> boards;
  for (int i = 0; i < 200; ++i)
    boards.push_back(
        {Shape::square(3), random_board(random, goal, Solvability::Any), "test", i + 1, {}});
  const std::vector<Expected<CheckedResult>> results = solve_batch(boards, goal, {}, {}, 2);
  ASSERT_EQ(results.size(), boards.size());
  for (size_t i = 0; i < boards.size(); ++i) {
    ASSERT_TRUE(results[i]);
    if (distance_of(distances, goal, boards[i].tiles) == kUnreached)
      EXPECT_EQ(results[i]->outcome, Outcome::Unsolvable);
    else
      EXPECT_EQ(static_cast<int>(results[i]->moves.size()),
                distance_of(distances, goal, boards[i].tiles));
  }
  // A token cancelled beforehand stops everything: a 15-puzzle of days with Hamming distances.
  CancelToken cancel;
  cancel.cancel();
  SolveOptions options;
  options.heuristic = HeuristicKind::Hamming;
  const Goal goal4 = Goal::zero_first(4);
  Expected<Instance> korf1 = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
  ASSERT_TRUE(korf1);
  Expected<CheckedResult> r = solve(*korf1, goal4, options, {}, &cancel);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->outcome, Outcome::Cancelled);
  for (const auto& each : solve_batch(std::span(&*korf1, 1), goal4, options, {}, 1, &cancel))
    EXPECT_EQ(each->outcome, Outcome::Cancelled);
}

}  // namespace
}  // namespace taquin
