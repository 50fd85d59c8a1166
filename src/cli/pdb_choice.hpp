// The --pdb/--build-pdb options and the per-goal cache of loaded pattern databases.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "command.hpp"
#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/pdb_set.hpp"

namespace taquin::cli {

struct PdbChoice {
  std::string location;  // --pdb DIR|CATALOGUE; "" = pdb/, then $TAQUIN_PDB_DIR
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
  bool bar_drawn_ = false;  // a bar's line waits for its newline
};

// Loads each goal's databases once (a batch may mix goals and sides).
class PdbCache {
 public:
  explicit PdbCache(PdbChoice choice) : choice_(std::move(choice)) {}
  // The databases for `goal`: loaded, or built first when --build-pdb asked for it.
  Expected<std::shared_ptr<const pdb::PdbSet>> get(const Goal& goal);

 private:
  PdbChoice choice_;
  std::map<std::vector<uint8_t>, Expected<std::shared_ptr<const pdb::PdbSet>>> loaded_;
};

}  // namespace taquin::cli
