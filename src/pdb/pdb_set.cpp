// Locating a catalogue's tables on disk and loading them (mmap, validation, the goal's check).
#include "pdb/pdb_set.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <filesystem>

#include "core/embedded.hpp"
#include "core/files.hpp"
#include "pdb/builder.hpp"
#include "pdb/direct_table.hpp"

namespace taquin::pdb {
namespace fs = std::filesystem;

namespace {

// Sets *miss when the caller asked for it.
void report(PdbMiss* miss, PdbMiss why) {
  if (miss) *miss = why;
}

// `a` and `b` name the same directory, as written ("pdb" and "pdb/" do; "." and "" do).
bool same_dir(const std::string& a, const std::string& b) {
  const auto normal = [](const std::string& dir) {
    fs::path p = fs::path(dir.empty() ? "." : dir).lexically_normal();
    if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
    return p;
  };
  return normal(a) == normal(b);
}

// The directory of a catalogue file ("." when it has none).
std::string dir_of(const std::string& file) {
  const std::string dir = fs::path(file).parent_path().string();
  return dir.empty() ? "." : dir;
}

std::string size_text(int side) {
  return std::to_string(side) + "x" + std::to_string(side);
}

// `items` joined by `separator`.
template <typename Range, typename Text>
std::string joined(const Range& items, std::string_view separator, Text text) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out.append(separator);
    out.append(text(item));
  }
  return out;
}

std::string cells_text(const std::vector<uint8_t>& cells) {
  return joined(cells, " ", [](uint8_t c) { return std::to_string(c); });
}

// The catalogue `stem` of `dir`: its "<stem>.cat" there, else the built-in one of that name;
// `found` false when neither exists.
Expected<Catalogue> catalogue_in(const std::string& dir, const std::string& stem, bool& found) {
  found = true;
  const fs::path local = fs::path(dir) / (stem + ".cat");
  if (files::present(local.string())) return read_catalogue(local.string());
  if (embedded::find_catalogue(stem)) return builtin_catalogue(stem);
  found = false;
  return Error{local.string(), 0, "no such catalogue"};
}

bool tables_present(const Catalogue& catalogue, const std::string& dir) {
  for (size_t g = 0; g < catalogue.groups.size(); ++g)
    if (!files::present(
            (fs::path(dir) / table_file_name(catalogue.stem, static_cast<int>(g))).string()))
      return false;
  return true;
}

// `set`, or why its catalogue cannot serve `goal` (another side, or no symmetry to the goal's
// blank cell: PdbMiss::Absent).
Expected<PdbSet> with_goal_check(Expected<PdbSet> set, const Goal& goal, PdbMiss* miss) {
  if (!set) return set;
  if (set->catalogue.side != goal.side()) {
    report(miss, PdbMiss::Absent);
    return Error{set->catalogue.source, 0,
                 "the catalogue is for " + size_text(set->catalogue.side) + " boards, not " +
                     size_text(goal.side())};
  }
  if (usable_symmetries(set->catalogue, goal.blank_cell()).empty()) {
    report(miss, PdbMiss::Absent);
    return Error{set->catalogue.source, 0,
                 "no symmetry of the board moves the goal's blank cell " +
                     std::to_string(goal.blank_cell()) + " to the catalogue's blank cell " +
                     std::to_string(set->catalogue.blank) + "; this catalogue cannot serve goal " +
                     goal.name()};
  }
  return set;
}

// What to run so that `dir` (or, for "", the default directory) serves `goal`: the built-in
// catalogue for its blank cell (4x4, corners of 5x5), else how to write one.
std::string build_advice(const Goal& goal, const std::string& dir, const std::string& default_dir) {
  const std::string target = dir.empty() ? default_dir : dir;
  if (const std::string stem = shipped_catalogue_for(goal); !stem.empty()) {
    Expected<Catalogue> catalogue = builtin_catalogue(stem);
    return "build one with `" +
           build_command(*catalogue, target.empty() ? "pdb" : target, default_dir) + "`";
  }
  const std::string why =
      goal.side() == 5   ? "the built-in 6-6-6-6-max serves goals with the blank on a corner; "
      : goal.side() == 6 ? "the built-in 6x6-5 and 6x6-5-centre serve goals with the blank on a "
                           "corner or a centre cell; "
      : goal.side() == 7 ? "the built-in 7x7-5 and 7x7-5-centre serve goals with the blank on a "
                           "corner or the centre cell; "
                         : "";
  return why + "write a " + size_text(goal.side()) + " catalogue for blank cell " +
         std::to_string(goal.blank_cell()) + " (see pdb/README.md) and build it with " +
         "`taquin pdb build FILE.cat -o " + (target.empty() ? "pdb" : target) + "`";
}

// The strongest complete catalogue of `dir` that serves `goal`, loaded; PdbMiss::Absent when
// there is none.
Expected<PdbSet> load_from_dir(const std::string& dir, const Goal& goal,
                               const std::string& default_dir, PdbMiss* miss) {
  std::vector<std::string> stems = builtin_catalogues();
  std::vector<std::string> others;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".cat" &&
        std::find(stems.begin(), stems.end(), p.stem().string()) == stems.end())
      others.push_back(p.stem().string());
  }
  std::sort(others.begin(), others.end());
  stems.insert(stems.end(), others.begin(), others.end());
  for (const std::string& stem : stems) {
    bool found = false;
    Expected<Catalogue> catalogue = catalogue_in(dir, stem, found);
    if (!found) continue;
    if (!catalogue) {
      report(miss, PdbMiss::Damaged);
      return catalogue.error();
    }
    if (catalogue->side != goal.side() || !tables_present(*catalogue, dir)) continue;
    if (usable_symmetries(*catalogue, goal.blank_cell()).empty()) continue;
    return load_tables(*catalogue, dir, default_dir, miss);
  }
  report(miss, PdbMiss::Absent);
  return Error{dir, 0,
               "no complete pattern database for " + size_text(goal.side()) + " goal " +
                   goal.name() + " here; " + build_advice(goal, dir, default_dir)};
}

}  // namespace

std::string default_pdb_dir(const char* taquin_pdb_dir, const char* xdg_data_home,
                            const char* home) {
  const auto set = [](const char* value) { return value && *value; };
  if (set(taquin_pdb_dir)) return taquin_pdb_dir;
  if (set(xdg_data_home)) return (fs::path(xdg_data_home) / "taquin").string();
  if (set(home)) return (fs::path(home) / ".local" / "share" / "taquin").string();
  return {};
}

const std::vector<std::string>& builtin_catalogues() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const embedded::File& file : embedded::catalogues()) all.emplace_back(file.name);
    return all;
  }();
  return names;
}

Expected<Catalogue> builtin_catalogue(std::string_view name) {
  std::string stem(name);
  if (stem.ends_with(".cat")) stem.resize(stem.size() - 4);
  if (const auto text = embedded::find_catalogue(stem)) return parse_catalogue(*text, stem, stem);
  const std::string known =
      joined(builtin_catalogues(), ", ", [](const std::string& s) { return s; });
  return Error{std::string(name), 0,
               "no such catalogue file, nor a built-in catalogue (built in: " + known + ")"};
}

Expected<Catalogue> find_catalogue(const std::string& file_or_name) {
  if (files::present(file_or_name) || file_or_name.find('/') != std::string::npos)
    return read_catalogue(file_or_name);
  return builtin_catalogue(file_or_name);
}

bool is_builtin(const Catalogue& catalogue) {
  return catalogue.source == catalogue.stem && embedded::find_catalogue(catalogue.stem).has_value();
}

std::string shipped_catalogue_for(const Goal& goal) {
  std::vector<const char*> stems;
  if (goal.side() == 4) stems = {"7-8", "7-8-centre", "7-8-edge"};
  if (goal.side() == 5) stems = {"6-6-6-6-max"};
  if (goal.side() == 6) stems = {"6x6-5", "6x6-5-centre"};
  if (goal.side() == 7) stems = {"7x7-5", "7x7-5-centre"};
  for (const char* stem : stems) {
    Expected<Catalogue> catalogue = builtin_catalogue(stem);
    if (catalogue && !usable_symmetries(*catalogue, goal.blank_cell()).empty()) return stem;
  }
  return {};
}

std::string build_command(const Catalogue& catalogue, const std::string& dir,
                          const std::string& default_dir) {
  if (is_builtin(catalogue)) {
    std::string command = "taquin pdb build " + catalogue.stem;
    if (default_dir.empty() || !same_dir(dir, default_dir)) command += " -o " + dir;
    return command;
  }
  std::string command = "taquin pdb build " + catalogue.source;
  if (!same_dir(dir, dir_of(catalogue.source))) command += " -o " + dir;
  return command;
}

Expected<PdbSet> load_tables(const Catalogue& catalogue, const std::string& dir,
                             const std::string& default_dir, PdbMiss* miss) {
  PdbSet set;
  set.catalogue = catalogue;
  set.dir = dir;
  const std::string rebuild =
      "; rebuild it with `" + build_command(catalogue, dir, default_dir) + "`";
  const size_t groups = catalogue.groups.size();
  std::vector<std::string> paths(groups);
  size_t present = 0;  // the tables before the first missing one
  for (size_t g = 0; g < groups; ++g)
    paths[g] = (fs::path(dir) / table_file_name(catalogue.stem, static_cast<int>(g))).string();
  while (present < groups && files::present(paths[present])) ++present;
  // The tables are opened (each checked whole: Table::open) on every thread allowed, then
  // judged in order, so that the error reported is the first group's, as one by one.
  std::vector<Expected<std::shared_ptr<const Table>>> opened(present, Error{"", 0, ""});
  tbb::parallel_for(size_t{0}, present, [&](size_t g) { opened[g] = Table::open(paths[g]); });
  for (size_t g = 0; g < groups; ++g) {
    const std::string& path = paths[g];
    if (g == present) {
      report(miss, PdbMiss::Absent);
      return Error{path, 0,
                   "missing pattern database; build it with `" +
                       build_command(catalogue, dir, default_dir) + "`"};
    }
    report(miss, PdbMiss::Damaged);  // any refusal below
    Expected<std::shared_ptr<const Table>>& table = opened[g];
    if (!table) {
      Error e = table.error();
      // The specific command replaces Table::open's generic one (a wrong version's).
      constexpr std::string_view kGeneric = "; rebuild it with `taquin pdb build`";
      if (e.message.ends_with(kGeneric)) e.message.resize(e.message.size() - kGeneric.size());
      e.message += rebuild;
      return e;
    }
    if ((*table)->side() != catalogue.side || (*table)->cells() != catalogue.groups[g])
      return Error{path, 0,
                   "built for cells " + cells_text((*table)->cells()) + " of a " +
                       size_text((*table)->side()) + " board, not for line " +
                       std::to_string(catalogue.group_lines[g]) + " of " + catalogue.source +
                       rebuild};
    if ((*table)->blank_cell() != catalogue.blank)
      return Error{path, 0,
                   "built for the blank on cell " + std::to_string((*table)->blank_cell()) +
                       ", but " + catalogue.source + " puts it on cell " +
                       std::to_string(catalogue.blank) + rebuild};
    if ((*table)->zero_aware() != catalogue.zero_aware)
      return Error{path, 0,
                   std::string((*table)->zero_aware() ? "a zero-aware table, but "
                                                      : "not a zero-aware table, but ") +
                       catalogue.source + (catalogue.zero_aware ? " asks for one" : " does not") +
                       rebuild};
    set.tables.push_back(*table);
  }
  return set;
}

Expected<PdbSet> load_pdb_set(const PdbPaths& paths, const Goal& goal, PdbMiss* miss) {
  const std::string& location = paths.location;
  if (!location.empty()) {
    if (files::is_directory(location))
      return with_goal_check(load_from_dir(location, goal, paths.default_dir, miss), goal, miss);
    report(miss, PdbMiss::BadPath);
    if (!files::present(location)) return Error{location, 0, "no such catalogue or directory"};
    Expected<Catalogue> catalogue = read_catalogue(location);
    if (!catalogue) return catalogue.error();
    return with_goal_check(load_tables(*catalogue, dir_of(location), paths.default_dir, miss), goal,
                           miss);
  }
  for (const std::string& dir : paths.search) {
    if (!files::is_directory(dir)) continue;
    PdbMiss why = PdbMiss::Absent;
    Expected<PdbSet> set = load_from_dir(dir, goal, paths.default_dir, &why);
    if (set || why != PdbMiss::Absent) {
      report(miss, why);
      return with_goal_check(std::move(set), goal, miss);
    }
  }
  report(miss, PdbMiss::Absent);
  const std::string searched = joined(paths.search, " or ", [](const std::string& d) { return d; });
  return Error{"", 0,
               "no pattern database for " + size_text(goal.side()) + " goal " + goal.name() +
                   (searched.empty() ? std::string() : " in " + searched) + "; " +
                   build_advice(goal, "", paths.default_dir)};
}

Expected<PdbSet> load_pdb_set(const std::string& dir_or_catalogue, const Goal& goal) {
  return load_pdb_set(PdbPaths{dir_or_catalogue, {}, {}}, goal);
}

Expected<PdbSet> load_or_build_pdb_set(
    const PdbPaths& paths, const Goal& goal, const BuildOptions& build,
    const std::function<void(const Catalogue&, const std::string& dir)>& building, PdbMiss* miss) {
  PdbMiss why = PdbMiss::Absent;
  Expected<PdbSet> set = load_pdb_set(paths, goal, &why);
  report(miss, why);
  if (set || why != PdbMiss::Absent) return set;
  Expected<Catalogue> catalogue = Error{};
  std::string out_dir;
  if (!paths.location.empty() && !files::is_directory(paths.location)) {
    catalogue = read_catalogue(paths.location);
    out_dir = dir_of(paths.location);
    if (!catalogue || catalogue->side != goal.side() ||
        usable_symmetries(*catalogue, goal.blank_cell()).empty())
      return set;  // it cannot serve this goal: say why
  } else {
    const std::string stem = shipped_catalogue_for(goal);
    if (stem.empty()) return set;
    catalogue = builtin_catalogue(stem);
    out_dir = paths.location.empty() ? paths.default_dir : paths.location;
    if (out_dir.empty())
      return Error{"", 0, "no directory to build the pattern databases in (no default directory)"};
  }
  if (Expected<bool> ok = check_buildable(*catalogue, build.max_memory); !ok) {
    report(miss, PdbMiss::BadPath);
    return ok.error();
  }
  if (building) building(*catalogue, out_dir);
  Expected<std::vector<std::string>> written = build_catalogue(*catalogue, out_dir, build);
  if (!written) {
    report(miss, PdbMiss::Damaged);
    return written.error();
  }
  Expected<PdbSet> built = load_tables(*catalogue, out_dir, paths.default_dir, miss);
  // On 5x5, the direct files too, as `pdb build` writes them, so that later searches map them.
  // Only a saving: without them (no room for 244 MB a table, say) the tables serve as well.
  if (built) (void)write_direct_files(built->catalogue, built->tables);
  return with_goal_check(std::move(built), goal, miss);
}

}  // namespace taquin::pdb
