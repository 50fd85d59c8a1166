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
  // Set when kind is Pdb on a packed square; null for the other shapes, whose searches take the
  // in-memory databases of shape_pdb.
  std::shared_ptr<const pdb::PdbSet> databases;
  // Not empty when the strongest heuristic was wanted and is not available: what is used
  // instead, why, and the command that builds the databases (one line, for stderr).
  std::string notice;
  // When kind is Pdb off the packed squares: the name of the shape databases the searches build
  // in memory (shape::default_pdb_name, "2x8 6-6-3"); else empty.
  std::string shape_pdb{};  // (an initializer: the callers' {kind, databases, notice} stay whole)

  // heuristic_label(kind, databases), or "pdb " + shape_pdb.
  std::string label() const;
};

// The name of a heuristic as used, with the catalogue for pattern databases: "pdb 7-8",
// "linear".
std::string heuristic_label(HeuristicKind kind, const pdb::PdbSet* databases);

// The heuristic for boards of `goal` (its side is the boards'). An asked heuristic other than
// pdb is used as is. Off the packed squares, pdb means the shape databases (shape_pdb, built by
// the searches on first use): asked, on boards of at most shape::kMaxIdaCells cells, by default
// where shape::default_shape_pdb; else linear conflict by default, and an error when asked. There,
// the larger tables of shape::built_partition when their file in request.paths.default_dir loads
// (shape::shared_built_pdb; shape_pdb names them), else the default ones with a notice: the file
// is damaged, or (the standard goal's blank cell) `taquin pdb build RxC` would build them. Pdb,
// asked or by default, loads the databases that serve the goal (pdb::load_pdb_set; with
// request.build, built first when none is there). By default, when none loads, linear conflict is
// used, with a notice when a stronger one could be had (no database where a built-in catalogue
// serves the goal, or a damaged one). Fails when pdb is asked and its databases do not load or
// build, and when request.paths.location does not exist. Prints nothing; reads no environment.
Expected<HeuristicChoice> choose_heuristic(const Goal& goal, const HeuristicRequest& request);

}  // namespace taquin
