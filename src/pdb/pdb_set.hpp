// Finding and loading the tables of a catalogue: built-in catalogues, the places searched, the
// default directory, the commands that build them. The set loaded (PdbSet) is pdb/set.hpp's.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pdb/catalogue.hpp"
#include "pdb/set.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"

namespace taquin::pdb {

struct BuildOptions;

// Where databases are looked for and built, as the caller resolved it from its options and
// environment (the library reads neither).
struct PdbPaths {
  std::string location;             // a directory or catalogue file named by the user; "" = none
  std::vector<std::string> search;  // directories tried in order when `location` is ""
  std::string default_dir;          // where a built-in catalogue is built without -o; "" = none
};

// Why no set was loaded.
enum class PdbMiss {
  Absent,   // nothing there serves the goal: no catalogue of its side and blank with its tables
  Damaged,  // a table or catalogue is there but refused (corrupted, truncated, built for others)
  BadPath,  // the location named does not exist
};

// The default directory of databases: `taquin_pdb_dir` when set and not empty, else
// `xdg_data_home`/taquin, else `home`/.local/share/taquin; "" when all three are unset or empty.
// (The values of $TAQUIN_PDB_DIR, $XDG_DATA_HOME and $HOME, read by the caller.)
std::string default_pdb_dir(const char* taquin_pdb_dir, const char* xdg_data_home,
                            const char* home);

// The catalogues built into the binary, strongest first (4x4): "7-8" (blank on a corner),
// "7-8-centre" (on a centre cell), "7-8-edge" (on another edge cell), "6-6-3", "5-5-5"; then
// (5x5) "6-6-6-6" (blank on a corner), "6-6-6-6-max" (two partitions); then "6x6-5",
// "6x6-5-centre", "7x7-5", "7x7-5-centre" (blank on a corner, on a centre cell).
const std::vector<std::string>& builtin_catalogues();

// The built-in catalogue `name` ("7-8" or "7-8.cat"); its source is its stem, so that
// `taquin pdb build <source>` rebuilds it. An error lists the built-in names.
Expected<Catalogue> builtin_catalogue(std::string_view name);

// `file_or_name` read as a catalogue file when such a file exists or the text names a path (holds
// a '/'), else as a built-in catalogue's name.
Expected<Catalogue> find_catalogue(const std::string& file_or_name);

// True when `catalogue` is a built-in one (read by name, not from a file).
bool is_builtin(const Catalogue& catalogue);

// The stem of the built-in catalogue that serves `goal` (one whose blank cell a symmetry maps the
// goal's blank cell to): 7-8, 7-8-centre or 7-8-edge for 4x4, 6-6-6-6-max for 5x5 goals with
// the blank on a corner, 6x6-5 or 6x6-5-centre for 6x6 and 7x7-5 or 7x7-5-centre for 7x7 goals
// with the blank on a corner or a centre cell; "" for any other goal.
std::string shipped_catalogue_for(const Goal& goal);

// The command that builds `catalogue` into `dir`: "taquin pdb build NAME|FILE", with "-o dir"
// unless `dir` is where that command writes anyway (the catalogue file's directory, or
// `default_dir` for a built-in catalogue).
std::string build_command(const Catalogue& catalogue, const std::string& dir,
                          const std::string& default_dir);

// Loads "<dir>/<stem>.<i>.pdb" for every group of `catalogue`, each mapped and validated, and
// checks it was built for that group. A missing or refused file names the command that
// (re)builds it (build_command with `default_dir`); `miss`, when given, is set to Absent for a
// missing file, Damaged for a refused one.
Expected<PdbSet> load_tables(const Catalogue& catalogue, const std::string& dir,
                             const std::string& default_dir = {}, PdbMiss* miss = nullptr);

// The databases serving `goal`: from paths.location when given (a catalogue file, tables beside
// it; or a directory), else from the first directory of paths.search that holds a complete set.
// In a directory, the strongest catalogue whose tables are all there and that serves the goal:
// builtin_catalogues() in that order (its "<stem>.cat" in the directory, else the built-in
// text), then any other "<stem>.cat" of the directory, alphabetically. Errors say what is
// missing or wrong and the command that builds the databases; `miss`, when given, says why.
Expected<PdbSet> load_pdb_set(const PdbPaths& paths, const Goal& goal, PdbMiss* miss = nullptr);

// load_pdb_set with `dir_or_catalogue` as the location.
Expected<PdbSet> load_pdb_set(const std::string& dir_or_catalogue, const Goal& goal);

// Like load_pdb_set, but when nothing serves the goal (PdbMiss::Absent), builds first: the
// catalogue paths.location names (tables beside it), or the built-in catalogue that serves the
// goal (shipped_catalogue_for: 7-8 for 4x4, 6-6-6-6-max for 5x5, 6x6-5, 7x7-5...) into
// paths.location when it is a directory, else into paths.default_dir. Damaged or refused files are
// reported, not rebuilt; a catalogue check_buildable refuses (with build.max_memory) is an error
// before any work. `build` carries threads and progress; `building`, when set, is told the
// catalogue and directory before a build starts.
Expected<PdbSet> load_or_build_pdb_set(
    const PdbPaths& paths, const Goal& goal, const BuildOptions& build,
    const std::function<void(const Catalogue&, const std::string& dir)>& building = {},
    PdbMiss* miss = nullptr);

}  // namespace taquin::pdb
