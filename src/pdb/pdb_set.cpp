// Locating a catalogue's tables on disk and loading them (mmap, validation, goal symmetries).
#include "taquin/pdb/pdb_set.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/geometry.hpp"

namespace taquin::pdb {
namespace fs = std::filesystem;

namespace {

// The command that builds `catalogue` into `dir`.
std::string build_hint(const Catalogue& catalogue, const std::string& dir) {
  std::string hint = "taquin pdb build " + catalogue.source;
  const fs::path cat_dir = fs::path(catalogue.source).parent_path();
  if (fs::path(dir).lexically_normal() !=
      (cat_dir.empty() ? fs::path(".") : cat_dir).lexically_normal())
    hint += " -o " + dir;
  return hint;
}

std::string cells_text(const std::vector<uint8_t>& cells) {
  std::string out;
  for (uint8_t c : cells) out += (out.empty() ? "" : " ") + std::to_string(c);
  return out;
}

// The catalogue file for `stem` in `dir`, or the source tree's copy of a built-in one.
std::string catalogue_path(const std::string& dir, const std::string& stem) {
  const fs::path local = fs::path(dir) / (stem + ".cat");
  if (fs::exists(local)) return local.string();
#ifdef TAQUIN_SOURCE_DIR
  const fs::path shipped = fs::path(TAQUIN_SOURCE_DIR) / "pdb" / (stem + ".cat");
  if (fs::exists(shipped)) return shipped.string();
#endif
  return local.string();
}

bool tables_present(const Catalogue& catalogue, const std::string& dir) {
  for (size_t g = 0; g < catalogue.groups.size(); ++g)
    if (!fs::exists(fs::path(dir) / table_file_name(catalogue.stem, static_cast<int>(g))))
      return false;
  return true;
}

Expected<PdbSet> with_goal_check(Expected<PdbSet> set, const Goal& goal) {
  if (!set) return set;
  if (set->catalogue.side != goal.side())
    return Error{set->catalogue.source, 0,
                 "the catalogue is for " + std::to_string(set->catalogue.side) + "x" +
                     std::to_string(set->catalogue.side) + " boards, not " +
                     std::to_string(goal.side()) + "x" + std::to_string(goal.side())};
  if (usable_symmetries(set->catalogue, goal.blank_cell()).empty())
    return Error{set->catalogue.source, 0,
                 "no symmetry of the board moves the goal's blank cell " +
                     std::to_string(goal.blank_cell()) + " to the catalogue's blank cell " +
                     std::to_string(set->catalogue.blank) + "; this catalogue cannot serve goal " +
                     goal.name()};
  return set;
}

// What to run when no database serves `goal`: the shipped catalogue for its blank cell (4x4,
// `options` appended to the command), else how to write one.
std::string build_advice(const Goal& goal, const std::string& options) {
  const std::string size = std::to_string(goal.side()) + "x" + std::to_string(goal.side());
  if (const std::string stem = shipped_catalogue_for(goal, "pdb"); !stem.empty())
    return "build one with `taquin pdb build pdb/" + stem + ".cat" + options + "`";
  return "write a " + size + " catalogue (see pdb/README.md) and build it with " +
         "`taquin pdb build FILE.cat" + options + "`";
}

// The strongest complete catalogue of `dir`, or nullopt-like error when none is there.
Expected<PdbSet> load_from_dir(const std::string& dir, const Goal& goal, bool& found) {
  found = false;
  std::vector<std::string> stems = builtin_catalogues();
  std::vector<std::string> others;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path p = entry.path();
    if (p.extension() == ".cat" &&
        std::find(stems.begin(), stems.end(), p.stem().string()) == stems.end())
      others.push_back(p.stem().string());
  }
  std::sort(others.begin(), others.end());
  stems.insert(stems.end(), others.begin(), others.end());
  for (const std::string& stem : stems) {
    const std::string path = catalogue_path(dir, stem);
    if (!fs::exists(path)) continue;
    Expected<Catalogue> catalogue = read_catalogue(path);
    if (!catalogue) return catalogue.error();
    if (catalogue->side != goal.side() || !tables_present(*catalogue, dir)) continue;
    if (usable_symmetries(*catalogue, goal.blank_cell()).empty()) continue;
    found = true;
    return load_tables(*catalogue, dir);
  }
  return Error{dir, 0, "no complete pattern database"};
}

}  // namespace

const std::vector<std::string>& builtin_catalogues() {
  static const std::vector<std::string> names = {"7-8", "7-8-centre", "7-8-edge", "6-6-3", "5-5-5"};
  return names;
}

std::string shipped_catalogue_for(const Goal& goal, const std::string& dir) {
  if (goal.side() != 4) return {};
  for (const char* stem : {"7-8", "7-8-centre", "7-8-edge"}) {
    Expected<Catalogue> catalogue = read_catalogue(catalogue_path(dir, stem));
    if (catalogue && catalogue->side == 4 &&
        !usable_symmetries(*catalogue, goal.blank_cell()).empty())
      return stem;
  }
  return {};
}

Expected<PdbSet> load_tables(const Catalogue& catalogue, const std::string& dir) {
  PdbSet set;
  set.catalogue = catalogue;
  set.dir = dir;
  for (size_t g = 0; g < catalogue.groups.size(); ++g) {
    const std::string path =
        (fs::path(dir) / table_file_name(catalogue.stem, static_cast<int>(g))).string();
    if (!fs::exists(path))
      return Error{path, 0,
                   "missing pattern database; build it with `" + build_hint(catalogue, dir) + "`"};
    Expected<std::shared_ptr<const Table>> table = Table::open(path);
    if (!table) {
      Error e = table.error();
      e.message += "; rebuild it with `" + build_hint(catalogue, dir) + "`";
      return e;
    }
    if ((*table)->side() != catalogue.side || (*table)->cells() != catalogue.groups[g])
      return Error{path, 0,
                   "built for cells " + cells_text((*table)->cells()) + " of a " +
                       std::to_string((*table)->side()) + "x" + std::to_string((*table)->side()) +
                       " board, not for line " + std::to_string(catalogue.group_lines[g]) + " of " +
                       catalogue.source + "; rebuild it with `" + build_hint(catalogue, dir) + "`"};
    if ((*table)->blank_cell() != catalogue.blank)
      return Error{path, 0,
                   "built for the blank on cell " + std::to_string((*table)->blank_cell()) +
                       ", but " + catalogue.source + " puts it on cell " +
                       std::to_string(catalogue.blank) + "; rebuild it with `" +
                       build_hint(catalogue, dir) + "`"};
    set.tables.push_back(*table);
  }
  return set;
}

std::vector<int> usable_symmetries(const Catalogue& catalogue, int blank_cell) {
  std::vector<int> out;
  for (int sym = 0; sym < 8; ++sym)
    if (symmetric_cell(sym, blank_cell, catalogue.side) == catalogue.blank) out.push_back(sym);
  return out;
}

Expected<PdbSet> load_pdb_set(const std::string& dir_or_catalogue, const Goal& goal) {
  if (!dir_or_catalogue.empty()) {
    if (fs::is_directory(dir_or_catalogue)) {
      bool found = false;
      Expected<PdbSet> set = load_from_dir(dir_or_catalogue, goal, found);
      if (!found)
        return Error{dir_or_catalogue, 0,
                     "no complete pattern database for " + std::to_string(goal.side()) + "x" +
                         std::to_string(goal.side()) + " goal " + goal.name() + " here; " +
                         build_advice(goal, " -o " + dir_or_catalogue)};
      return with_goal_check(std::move(set), goal);
    }
    if (!fs::exists(dir_or_catalogue))
      return Error{dir_or_catalogue, 0, "no such catalogue or directory"};
    Expected<Catalogue> catalogue = read_catalogue(dir_or_catalogue);
    if (!catalogue) return catalogue.error();
    std::string dir = fs::path(dir_or_catalogue).parent_path().string();
    if (dir.empty()) dir = ".";
    return with_goal_check(load_tables(*catalogue, dir), goal);
  }
  std::vector<std::string> dirs = {"pdb"};
  if (const char* env = std::getenv("TAQUIN_PDB_DIR"); env && *env) dirs.push_back(env);
  for (const std::string& dir : dirs) {
    if (!fs::is_directory(dir)) continue;
    bool found = false;
    Expected<PdbSet> set = load_from_dir(dir, goal, found);
    if (found) return with_goal_check(std::move(set), goal);
  }
  const std::string size = std::to_string(goal.side()) + "x" + std::to_string(goal.side());
  return Error{"--pdb", 0,
               "no pattern database for " + size + " goal " + goal.name() +
                   " in pdb/ or $TAQUIN_PDB_DIR; " + build_advice(goal, "")};
}

Expected<PdbSet> load_or_build_pdb_set(const std::string& dir_or_catalogue, const Goal& goal,
                                       const BuildOptions& build) {
  Expected<PdbSet> set = load_pdb_set(dir_or_catalogue, goal);
  if (set) return set;
  std::string catalogue_file, out_dir;
  if (!dir_or_catalogue.empty() && !fs::is_directory(dir_or_catalogue)) {
    if (!fs::exists(dir_or_catalogue)) return set;
    Expected<Catalogue> cat = read_catalogue(dir_or_catalogue);
    if (!cat) return cat.error();
    if (tables_present(*cat, fs::path(dir_or_catalogue).parent_path().string().empty()
                                 ? "."
                                 : fs::path(dir_or_catalogue).parent_path().string()))
      return set;  // present but refused: report why
    catalogue_file = dir_or_catalogue;
    out_dir = fs::path(dir_or_catalogue).parent_path().string();
    if (out_dir.empty()) out_dir = ".";
  } else {
    if (set.error().message.find("no complete pattern database") == std::string::npos &&
        set.error().message.find("no pattern database") == std::string::npos)
      return set;
    out_dir = dir_or_catalogue.empty() ? "pdb" : dir_or_catalogue;
    const std::string stem = shipped_catalogue_for(goal, out_dir);
    if (stem.empty()) return set;
    catalogue_file = catalogue_path(out_dir, stem);
  }
  Expected<Catalogue> cat = read_catalogue(catalogue_file);
  if (!cat) return cat.error();
  if (cat->side != goal.side()) return set;
  Expected<std::vector<std::string>> written = build_catalogue(*cat, out_dir, build);
  if (!written) return written.error();
  return with_goal_check(load_tables(*cat, out_dir), goal);
}

}  // namespace taquin::pdb
