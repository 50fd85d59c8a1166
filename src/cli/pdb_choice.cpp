// Pattern-database options shared by solve and bench: loading, building on request, progress.
#include "cli/pdb_choice.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <utility>

#include "cli/memory_size.hpp"

namespace taquin::cli {

void add_pdb_options(CLI::App* sub, PdbChoice& choice) {
  sub->add_option(
      "--pdb", choice.location,
      "Pattern databases (4x4 to 7x7): a directory (the strongest complete set in it) or a "
      "catalogue file; default pdb/, then $TAQUIN_PDB_DIR, else $XDG_DATA_HOME/taquin, "
      "else ~/.local/share/taquin");
  sub->add_flag(
      "--build-pdb", choice.build,
      "Build the databases first when they are missing, into the --pdb directory or the "
      "default one: for 4x4, the 7-8 set that serves the goal (15 to 20 s on 2 cores, 1.1 GB "
      "of memory); for 5x5 goals with the blank on a corner, 6-6-6-6-max (about 30 s, 760 MB, "
      "2.5 GB on disk with its direct files); for 6x6 and 7x7 goals with the blank on a corner "
      "or a centre cell, 6x6-5 (some 13 s of CPU, 160 MB on disk) or 7x7-5 (some 85 s of CPU, 920 "
      "MB) "
      "or their -centre variants");
}

BuildReport::BuildReport(size_t groups) : groups_(groups), tty_(isatty(STDERR_FILENO)) {}

void BuildReport::attach(pdb::BuildOptions& options) {
  options.progress = [this](const pdb::RoundReport& r) { round(r); };
  options.reused = [this](int group, const std::string& from) { reused(group, from); };
}

void BuildReport::finish() {
  bar_.finish();
}

void BuildReport::round(const pdb::RoundReport& r) {
  const std::string of = groups_ ? "/" + std::to_string(groups_) : std::string();
  if (tty_) {
    bar_.update("group " + std::to_string(r.group + 1) + of, r.reached, r.entries,
                "round " + std::to_string(r.round));
    return;
  }
  char line[256];
  std::snprintf(line, sizeof line,
                "taquin: group %d%s round %d: %llu/%llu entries reached, %.2f s\n", r.group + 1,
                of.c_str(), r.round, static_cast<unsigned long long>(r.reached),
                static_cast<unsigned long long>(r.entries), r.seconds);
  std::cerr << line << std::flush;
}

void BuildReport::reused(int group, const std::string& from) {
  finish();
  std::cerr << "taquin: group " << group + 1
            << (groups_ ? "/" + std::to_string(groups_) : std::string()) << ": the same table as "
            << from << " (same cells, blank in the same region), copied\n";
}

std::optional<Error> databases_changed(const pdb::PdbSet* databases) {
  if (!databases) return std::nullopt;
  Expected<bool> same = pdb::check_unchanged(*databases);
  if (same) return std::nullopt;
  Error error = same.error();
  error.message = "internal error: " + error.message +
                  "; results computed with it are not printed (those above were finished before)";
  return error;
}

pdb::PdbPaths pdb_paths(const PdbChoice& choice) {
  pdb::PdbPaths paths;
  paths.location = choice.location;
  paths.default_dir = pdb::default_pdb_dir(std::getenv("TAQUIN_PDB_DIR"),
                                           std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
  paths.search = {"pdb"};
  if (!paths.default_dir.empty()) paths.search.push_back(paths.default_dir);
  return paths;
}

std::optional<HeuristicKind> asked_heuristic(const std::string& name) {
  return name.empty() ? std::nullopt : parse_heuristic(name);
}

HeuristicCache::HeuristicCache(std::optional<HeuristicKind> asked, const PdbChoice& choice) {
  request_.asked = asked;
  request_.paths = pdb_paths(choice);
  request_.build = choice.build;
  request_.build_options.max_memory = default_memory_limit();
}

void HeuristicCache::preload(const Goal& goal) {
  const std::string key(goal.tiles().begin(), goal.tiles().end());
  if (chosen_.count(key)) return;
  HeuristicRequest request = request_;
  request.build = false;
  std::error_code ec;
  if (!request.paths.location.empty() && !std::filesystem::exists(request.paths.location, ec))
    return;
  Expected<HeuristicChoice> choice = choose_heuristic(goal, request);
  if (choice && choice->notice.empty()) chosen_.emplace(key, choice);
}

Expected<HeuristicChoice> HeuristicCache::get(const Goal& goal) {
  const std::string key(goal.tiles().begin(), goal.tiles().end());
  auto found = chosen_.find(key);
  if (found != chosen_.end()) return found->second;
  BuildReport report(0);
  HeuristicRequest request = request_;
  report.attach(request.build_options);
  request.building = [](const pdb::Catalogue& catalogue, const std::string& dir) {
    std::cerr << "taquin: building the pattern databases " << catalogue.stem << " into " << dir
              << " (once; later runs map them)\n";
  };
  // A --pdb path that does not exist is a bad option value, named by its flag.
  // A path whose status cannot be read (a symbolic-link loop) is opened later, and says why.
  const std::string& location = request.paths.location;
  std::error_code ec;
  Expected<HeuristicChoice> choice =
      !location.empty() && !std::filesystem::exists(location, ec) && !ec
          ? Expected<HeuristicChoice>(
                Error{"--pdb", 0, "'" + location + "': no such catalogue or directory"})
          : choose_heuristic(goal, request);
  report.finish();
  if (choice && !choice->notice.empty()) std::cerr << "taquin: " << choice->notice << '\n';
  chosen_.emplace(key, choice);
  return choice;
}

}  // namespace taquin::cli
