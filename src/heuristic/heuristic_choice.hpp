// Which heuristic serves a board: the one asked for, or the strongest available for its goal
// (pattern databases when they load, else linear conflict), and why.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "pdb/builder.hpp"
#include "pdb/pdb_set.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/heuristic.hpp"

namespace taquin {

// What the caller asks for.
struct HeuristicRequest {
  std::optional<HeuristicKind> asked;  // nullopt: the strongest available
  pdb::PdbPaths paths;                 // where databases are looked for and built
  bool build = false;                  // build the databases that serve the goal when missing
  pdb::BuildOptions build_options;     // threads and progress of such a build
  // Told the catalogue and the directory before a build starts.
  std::function<void(const pdb::Catalogue&, const std::string& dir)> building;
};

// The heuristic chosen for one goal.
struct HeuristicChoice {
  HeuristicKind kind = HeuristicKind::Linear;
  std::shared_ptr<const pdb::PdbSet> databases;  // set exactly when kind is Pdb
  // Not empty when the strongest heuristic was wanted and is not available: what is used
  // instead, why, and the command that builds the databases (one line, for stderr).
  std::string notice;

  // heuristic_label(kind, databases).
  std::string label() const;
};

// The name of a heuristic as used, with the catalogue for pattern databases: "pdb 7-8",
// "linear".
std::string heuristic_label(HeuristicKind kind, const pdb::PdbSet* databases);

// The heuristic for boards of `goal` (its side is the boards'). An asked heuristic other than
// pdb is used as is. Pdb, asked or by default, loads the databases that serve the goal
// (pdb::load_pdb_set; with request.build, built first when none is there). By default, when
// none loads, linear conflict is used, with a notice when a stronger one could be had (no
// database where a built-in catalogue serves the goal, or a damaged one). Fails when pdb is asked
// and its databases do not load or build, and when request.paths.location does not exist.
// Prints nothing; reads no environment.
Expected<HeuristicChoice> choose_heuristic(const Goal& goal, const HeuristicRequest& request);

}  // namespace taquin
