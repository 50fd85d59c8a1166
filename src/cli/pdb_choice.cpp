// Pattern-database options shared by solve and bench: loading, building on request, progress.
#include "pdb_choice.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <utility>

namespace taquin::cli {

void add_pdb_options(CLI::App* sub, PdbChoice& choice) {
  sub->add_option("--pdb", choice.location,
                  "Pattern databases: a directory (the strongest complete set in it) or a "
                  "catalogue file; default pdb/, then $TAQUIN_PDB_DIR");
  sub->add_flag(
      "--build-pdb", choice.build,
      "Build the databases first when they are missing (the 7-8 set that serves the goal: "
      "one to one and a half minutes on 2 cores, 1.9 GB of memory)");
}

BuildReport::BuildReport(size_t groups) : groups_(groups), tty_(isatty(STDERR_FILENO)) {}

void BuildReport::attach(pdb::BuildOptions& options) {
  options.progress = [this](const pdb::RoundReport& r) { round(r); };
  options.reused = [this](int group, const std::string& from) { reused(group, from); };
}

void BuildReport::finish() {
  if (std::exchange(bar_drawn_, false)) std::cerr << '\n';
}

void BuildReport::round(const pdb::RoundReport& r) {
  const double share =
      r.entries ? static_cast<double>(r.reached) / static_cast<double>(r.entries) : 0;
  const std::string of = groups_ ? "/" + std::to_string(groups_) : std::string();
  char line[256];
  if (tty_) {
    const int width = 30, filled = static_cast<int>(share * width + 0.5);
    std::string bar(filled, '#');
    bar.resize(width, '.');
    std::snprintf(line, sizeof line, "\rgroup %d%s [%s] %5.1f%% round %d, %llu/%llu, %.1f s ",
                  r.group + 1, of.c_str(), bar.c_str(), 100 * share, r.round,
                  static_cast<unsigned long long>(r.reached),
                  static_cast<unsigned long long>(r.entries), r.seconds);
  } else {
    std::snprintf(line, sizeof line, "group %d%s round %d: %llu/%llu entries reached, %.2f s\n",
                  r.group + 1, of.c_str(), r.round, static_cast<unsigned long long>(r.reached),
                  static_cast<unsigned long long>(r.entries), r.seconds);
  }
  std::cerr << line << std::flush;
  bar_drawn_ = tty_;
}

void BuildReport::reused(int group, const std::string& from) {
  finish();
  std::cerr << "group " << group + 1 << (groups_ ? "/" + std::to_string(groups_) : std::string())
            << ": the same table as " << from
            << " (same cells, blank in the same region), copied\n";
}

Expected<std::shared_ptr<const pdb::PdbSet>> PdbCache::get(const Goal& goal) {
  auto found = loaded_.find(goal.tiles());
  if (found != loaded_.end()) return found->second;
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(choice_.location, goal);
  if (!set && choice_.build) {
    BuildReport report(0);
    pdb::BuildOptions build;
    report.attach(build);
    std::cerr << "taquin: building pattern databases (once; later runs map them)\n";
    set = pdb::load_or_build_pdb_set(choice_.location, goal, build);
    report.finish();
  }
  Expected<std::shared_ptr<const pdb::PdbSet>> result =
      set ? Expected<std::shared_ptr<const pdb::PdbSet>>(
                std::make_shared<const pdb::PdbSet>(std::move(*set)))
          : Expected<std::shared_ptr<const pdb::PdbSet>>(set.error());
  loaded_.emplace(goal.tiles(), result);
  return result;
}

}  // namespace taquin::cli
