// `taquin bench`'s set: the boards --set names, the published count of nodes of each, and the
// instances --count, --easiest, --ids and --shard keep.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/pdb_choice.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin::cli {

struct BenchOptions {
  std::string set;             // empty: the default run, the first 10 of korf100
  std::optional<int> count;    // first K instances; 0: all; default all (10 of the default run)
  std::optional<int> easiest;  // the K with the fewest published nodes generated, easiest first
  std::string ids;             // "38,40": these instances (positions from 1), in this order
  int threads = 0;             // 0: all cores
  std::string heuristic;       // empty: pdb when its databases load for the set's goal, else linear
  PdbChoice pdb;
  std::string goal;  // FILE sets only; standard when empty
  std::string format = "text";
  std::string shard;        // --shard K/N; empty: the whole set
  std::string child_order;  // --child-order moves|cheapest; empty: moves
  std::string split_order;  // --split-order level|serial; empty: the heuristic's own
  std::string algorithm;    // --algorithm ida|astar|anytime; empty: ida
  std::string weight;       // --weight W (astar, ida, anytime); empty: none (anytime: its own)
  std::string max_seconds;  // --max-seconds a board; empty: none (anytime: its default budget)
  std::string astar;        // --astar auto|on|off; empty: auto
  std::string max_memory;   // --max-memory: the A* phase's; empty: none set
};

// The comment keys of the nodes a published search generated on an instance: korf50's lines end
// with "# kf2002-nodes N" (Korf & Felner 2002, IDA* with the 6-6-6-6 databases and their
// reflection), korf100's with "# korf1985-nodes N" (Korf 1985, IDA* with Manhattan distance);
// a FILE set may carry either.
inline constexpr std::array<std::string_view, 2> kPublishedNodesKeys = {"kf2002-nodes",
                                                                        "korf1985-nodes"};

// Each instance's published count of generated nodes, and the key it came under.
struct PublishedCount {
  uint64_t nodes = 0;
  std::string_view key;
};

// A set's boards to run: their instances, each with its id in the whole set and its published
// count, and the goal spec they share.
struct BenchSet {
  std::string name;
  std::vector<Instance> instances;
  std::vector<std::optional<PublishedCount>> published;  // per instance
  std::vector<int> ids;                                  // per instance, from 1
  std::optional<GoalSpec> spec;  // none (a FILE set without --goal): each board's own

  // The goal of `instance`: the set's, else its own (default_goal_spec); fails as Goal::for_side.
  Expected<Goal> goal_of(const Instance& instance) const;
};

// The set --set names (embedded, else a FILE) with its goal spec, every instance of it; nullopt
// after the error line.
std::optional<BenchSet> read_set(const BenchOptions& options);

// Keeps in `set` the instances --count, --easiest or --ids select, then those of --shard (by
// 0-based place among them), each with its id in the whole set; false after the error line.
bool keep_selected(const BenchOptions& options, BenchSet& set);

}  // namespace taquin::cli
