// The --pdb/--build-pdb options, the places databases are found, and the per-goal heuristic
// choice (taquin::choose_heuristic, its notice printed once).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/view.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "pdb/builder.hpp"
#include "pdb/pdb_set.hpp"

namespace taquin::cli {

struct PdbChoice {
  std::string location;  // --pdb DIR|CATALOGUE; "" = pdb/, then the default directory
  bool build = false;    // --build-pdb: build the 7-8 databases (or the named catalogue) if missing
};

// Adds --pdb and --build-pdb to `sub`.
void add_pdb_options(CLI::App* sub, PdbChoice& choice);

// Reports a database build on stderr: each finished round as a bar redrawn in place on a
// terminal, else as a line; each table copied instead of built as a line, after ending the bar's
// line if one is drawn.
class BuildReport {
 public:
  // `groups`: the catalogue's group count, 0 when unknown.
  explicit BuildReport(size_t groups);
  // Points the progress and reuse callbacks of `options` at this report, which must outlive the
  // build.
  void attach(pdb::BuildOptions& options);
  // Ends the bar's line if one is drawn (call when the build returns).
  void finish();

 private:
  void round(const pdb::RoundReport& report);
  void reused(int group, const std::string& from);
  size_t groups_;
  bool tty_;
  ProgressBar bar_{false};  // the bar on a terminal
};

// When a table of `databases` (none when null) was modified on disk since it was loaded, the
// error to print before stopping with kExitInternal instead of printing a result computed with it.
std::optional<Error> databases_changed(const pdb::PdbSet* databases);

// Where databases are found and built: --pdb, else pdb/ then the default directory
// ($TAQUIN_PDB_DIR, else $XDG_DATA_HOME/taquin, else ~/.local/share/taquin).
pdb::PdbPaths pdb_paths(const PdbChoice& choice);

// The heuristic asked for by name ("" = the strongest available).
std::optional<HeuristicKind> asked_heuristic(const std::string& name);

// Chooses each goal's heuristic once (a batch may mix goals and sides), printing a build's
// progress and the choice's notice, if any, on stderr.
class HeuristicCache {
 public:
  HeuristicCache(std::optional<HeuristicKind> asked, const PdbChoice& choice);
  // The heuristic and databases for boards of `goal` (see taquin::choose_heuristic).
  Expected<HeuristicChoice> get(const Goal& goal);
  // Makes a later get(goal) immediate when it would only load existing databases: loads and keeps
  // them, quietly; anything else (a build, a fallback with a notice, an error) is left to get.
  void preload(const Goal& goal);

 private:
  HeuristicRequest request_;
  std::map<std::string, Expected<HeuristicChoice>> chosen_;  // by the goal's tiles, as bytes
};

}  // namespace taquin::cli
