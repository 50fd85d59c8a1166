// Finding and loading the tables of a catalogue: --pdb DIR|CATALOGUE, the default search path.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/pdb/catalogue.hpp"
#include "taquin/pdb/table.hpp"

namespace taquin::pdb {

// The loaded tables of one catalogue, one per group, in catalogue order.
struct PdbSet {
  Catalogue catalogue;
  std::vector<std::shared_ptr<const Table>> tables;
  std::string dir;  // where the tables were found
};

// The catalogues `taquin` knows by name, strongest first (4x4): "7-8" (blank on a corner),
// "7-8-centre" (on a centre cell), "7-8-edge" (on another edge cell), "6-6-3", "5-5-5".
const std::vector<std::string>& builtin_catalogues();

// The stem of the shipped 7-8 catalogue that serves `goal` (the one whose blank cell a symmetry
// maps the goal's blank cell to), read from `dir` or else the source tree's pdb/; "" when the
// board is not 4x4 or no catalogue file is found.
std::string shipped_catalogue_for(const Goal& goal, const std::string& dir);

// Loads "<dir>/<stem>.<i>.pdb" for every group of `catalogue`, each mapped and validated, and
// checks it was built for that group. A missing file names the command that builds it.
Expected<PdbSet> load_tables(const Catalogue& catalogue, const std::string& dir);

// The symmetries of the square (see symmetric_cell) under which `catalogue` serves a goal whose
// blank is on `blank_cell`: those mapping that cell to the catalogue's blank cell. Identity
// first, then the transpose, then the rest. Empty when none does.
std::vector<int> usable_symmetries(const Catalogue& catalogue, int blank_cell);

// Resolves --pdb for boards of `goal`: a catalogue file (tables beside it); a directory (the
// strongest catalogue whose tables are all there: builtin_catalogues() in that order, then any
// other "<stem>.cat" of the directory, alphabetically); or "" for the default search path "pdb/",
// then $TAQUIN_PDB_DIR. A catalogue named in a directory without its ".cat" is read from the
// source tree's pdb/. Fails with a clear message if nothing fits, if a file is corrupted, if the
// side differs, or if no symmetry maps the goal's blank cell to the catalogue's.
Expected<PdbSet> load_pdb_set(const std::string& dir_or_catalogue, const Goal& goal);

// Like load_pdb_set, but when no complete database is found, builds one first: the catalogue
// `dir_or_catalogue` names (tables beside it), or for a directory or "" the shipped 7-8
// catalogue that serves the goal (shipped_catalogue_for) into that directory (default "pdb/").
// `build` carries threads and progress. Errors other than "nothing built yet" (a corrupted file, a
// wrong side) are returned as is.
struct BuildOptions;
Expected<PdbSet> load_or_build_pdb_set(const std::string& dir_or_catalogue, const Goal& goal,
                                       const BuildOptions& build);

}  // namespace taquin::pdb
