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

// Prints one finished build round on stderr: a bar redrawn in place on a terminal, else a line.
// `groups` is the catalogue's group count, 0 when unknown.
void print_build_progress(const pdb::RoundReport& report, size_t groups, bool tty);

// Prints on stderr that group `group` (0-based) was copied from the table file `from`.
void print_build_reuse(int group, size_t groups, const std::string& from);

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
