// `taquin pdb build|info|verify`: build a catalogue's (or a shape's) pattern databases, describe
// and check files.

#include <tbb/global_control.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/command.hpp"
#include "cli/memory_size.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/pdb_shape.hpp"
#include "cli/view.hpp"
#include "pdb/builder.hpp"
#include "pdb/catalogue.hpp"
#include "pdb/direct_table.hpp"
#include "pdb/pdb_set.hpp"
#include "pdb/table.hpp"
#include "pdb/verify.hpp"

namespace taquin::cli {
namespace {

struct PdbOptions {
  std::string catalogue;
  std::string out_dir;
  std::string max_memory;  // empty: half the physical memory
  int threads = 0;
  bool fresh = false;
  bool no_direct = false;  // build --no-direct: no direct files
  std::string file;
  bool progress = false;  // verify --progress: lines on stderr instead of the terminal's bar
};

// After a 5x5 build: each table's direct file (DirectTable), which its searches map instead of
// expanding the table at every start; one already there and accepted is kept (unless --fresh).
int write_direct_files(const pdb::Catalogue& catalogue, const std::vector<std::string>& paths,
                       const PdbOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  // (--threads holds here too: the tables' checks, expansions and checksums run on oneTBB.)
  std::optional<tbb::global_control> threads;
  if (options.threads > 0)
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    static_cast<size_t>(options.threads));
  std::vector<std::shared_ptr<const pdb::Table>> tables;
  for (const std::string& path : paths) {
    if (!path.ends_with(".pdb")) continue;  // (the catalogue's copy)
    Expected<std::shared_ptr<const pdb::Table>> table = pdb::Table::open(path);
    if (!table) {
      print_error(table.error());
      return kExitBadInput;
    }
    tables.push_back(*table);
  }
  Expected<std::vector<std::string>> written =
      pdb::write_direct_files(catalogue, tables, options.fresh);
  if (!written) {
    print_error(written.error());
    return kExitBadInput;
  }
  for (const std::string& path : *written) std::cout << path << '\n';
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!written->empty())
    std::cerr << "taquin: wrote " << written->size() << " direct tables in " << seconds << " s\n";
  return kExitOk;
}

int run_build(const PdbOptions& options) {
  // A shape that is not a square (and no file of that name): its larger shape tables.
  std::error_code no_file;
  const bool shape =
      names_a_shape(options.catalogue) && !std::filesystem::exists(options.catalogue, no_file);
  Expected<pdb::Catalogue> catalogue =
      shape ? pdb::Catalogue{} : pdb::find_catalogue(options.catalogue);
  if (!catalogue) {
    print_error(catalogue.error());
    return kExitBadInput;
  }
  if (options.threads < 0) {
    print_error({"--threads", 0, "must be 0 (all cores) or more"});
    return kExitBadInput;
  }
  uint64_t max_memory = default_memory_limit();
  if (!options.max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(options.max_memory, "--max-memory");
    if (!bytes) {
      print_usage_error(bytes.error(), "pdb build");
      return kExitBadInput;
    }
    max_memory = *bytes;
  }
  if (shape)
    return run_build_shape(options.catalogue, options.out_dir, max_memory, options.threads,
                           options.fresh);
  if (Expected<bool> ok = pdb::check_buildable(*catalogue, max_memory); !ok) {
    print_error(ok.error());
    return kExitBadInput;
  }
  // -o, else beside a catalogue file, else (a built-in name) the default directory.
  std::string out = options.out_dir;
  if (out.empty() && !pdb::is_builtin(*catalogue)) {
    out = std::filesystem::path(options.catalogue).parent_path().string();
    if (out.empty()) out = ".";
  }
  if (out.empty()) out = pdb_paths(PdbChoice{}).default_dir;
  if (out.empty()) {
    print_error({"--out", 0,
                 "no default directory ($TAQUIN_PDB_DIR, $XDG_DATA_HOME and $HOME are unset); "
                 "name one with -o DIR"});
    return kExitBadInput;
  }
  const size_t groups = catalogue->groups.size();
  BuildReport report(groups);
  pdb::BuildOptions build;
  build.threads = options.threads;
  build.reuse = !options.fresh;
  report.attach(build);
  const auto start = std::chrono::steady_clock::now();
  Expected<std::vector<std::string>> written = pdb::build_catalogue(*catalogue, out, build);
  report.finish();
  if (!written) {
    print_error(written.error());
    return kExitBadInput;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& path : *written) std::cout << path << '\n';
  std::cerr << "taquin: wrote " << groups << " tables in " << seconds << " s\n";
  if (catalogue->side != pdb::kDirectSide || options.no_direct) return kExitOk;
  return write_direct_files(*catalogue, *written, options);
}

void print_info(const pdb::Table& t) {
  const pdb::FileHeader header = t.header();
  std::cout << "file: " << t.path() << '\n'
            << "format version: " << header.version << '\n'
            << "board: " << t.side() << 'x' << t.side() << '\n'
            << "group cells:";
  for (uint8_t c : t.cells()) std::cout << ' ' << int(c);
  std::cout << '\n'
            << "blank cell: " << t.blank_cell() << '\n'
            << "encoding: "
            << (t.encoding() == pdb::Encoding::Excess4 ? "excess4 (4 bits: (value - manhattan) / 2)"
                                                       : "value8 (8 bits: value)")
            << '\n'
            << "zero-aware: "
            << (t.zero_aware() ? "yes (an entry per placement and blank cell)" : "no") << '\n'
            << "entries: " << t.entry_count() << '\n'
            << "payload bytes: " << t.payload_bytes() << '\n'
            << "max value: " << t.max_value() << '\n';
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(header.payload_hash));
  std::cout << "payload xxh64: " << hash << " (checked)\n";
}

int run_info(const PdbOptions& options) {
  Expected<std::shared_ptr<const pdb::Table>> table = pdb::Table::open(options.file);
  if (!table) {
    print_error(table.error());
    return kExitBadInput;
  }
  print_info(**table);
  return kExitOk;
}

int run_verify(const PdbOptions& options) {
  Expected<std::shared_ptr<const pdb::Table>> table = pdb::Table::open(options.file);
  if (!table) {
    print_error(table.error());
    return kExitBadInput;
  }
  std::vector<uint64_t> histogram;
  ProgressBar bar(options.progress);
  Expected<bool> ok =
      pdb::verify_values(**table, &histogram, [&](uint64_t checked, uint64_t placements) {
        bar.update("verify", checked, placements, "placements");
      });
  bar.finish();
  if (!ok) {
    print_error(ok.error());
    return kExitBadInput;
  }
  // Its direct file, when there is one: checked as a search would, then entry by entry.
  const std::string direct_path = pdb::DirectTable::file_for(**table);
  bool direct_checked = false;
  std::error_code unreadable;  // (a path whose status cannot be read: open_file says why)
  if (pdb::DirectTable::serves(**table) &&
      (std::filesystem::exists(direct_path, unreadable) || unreadable)) {
    Expected<std::shared_ptr<const pdb::DirectTable>> direct =
        pdb::DirectTable::open_file(direct_path, **table);
    if (!direct) {
      print_error(direct.error());
      return kExitBadInput;
    }
    if (const int64_t at = pdb::DirectTable::first_difference(**direct, **table); at >= 0) {
      print_error(
          {direct_path, 0, "entry " + std::to_string(at) + " differs from its table's expansion"});
      return kExitBadInput;
    }
    direct_checked = true;
  }
  print_info(**table);
  if (direct_checked) std::cout << "direct file: " << direct_path << " (every entry checked)\n";
  std::cout << "values:";
  for (size_t v = 0; v < histogram.size(); ++v)
    if (histogram[v]) std::cout << ' ' << v << ':' << histogram[v];
  std::cout << "\nverify: ok\n";
  return kExitOk;
}

void setup_pdb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PdbOptions>();
  CLI::App* pdb = app.add_subcommand("pdb", "Build, describe and check pattern databases");
  pdb->require_subcommand(1);
  CLI::App* build = pdb->add_subcommand(
      "build",
      "Build every group of a catalogue (a built-in name such as 7-8, or a file such as "
      "my.cat) into <stem>.<i>.pdb files");
  build
      ->add_option(
          "catalogue", options->catalogue,
          "A built-in catalogue (4x4: 7-8, 7-8-centre, 7-8-edge, 6-6-3, 5-5-5, 7-8-max; 5x5: "
          "6-6-6-6-max, 6-6-6-6; 6x6: 6x6-5, 6x6-5-centre; 7x7: 7x7-5, 7x7-5-centre), a file "
          "(side N, then one group of goal cells a line), or a shape RxC with larger shape "
          "tables (4x5: 7-6-6, for the standard goal; into the default directory, where solve "
          "takes them)")
      ->required();
  build->add_option("-o,--out", options->out_dir,
                    "Output directory (default: a catalogue file's own; for a built-in name, "
                    "$TAQUIN_PDB_DIR, else $XDG_DATA_HOME/taquin, else ~/.local/share/taquin)");
  build->add_option("--max-memory", options->max_memory,
                    "Refuse, before any work, a group whose build would need more memory than "
                    "this (512M, 2G; default: half the physical memory; 6-6-6-6 needs 200M)");
  build->add_option("--threads", options->threads, "Worker threads (0 = all cores)")
      ->capture_default_str();
  build->add_flag("--fresh", options->fresh,
                  "Build every group, even one whose table another catalogue's file in the "
                  "output directory already holds (by default that table is copied)");
  build->add_flag("--no-direct", options->no_direct,
                  "5x5: do not write the tables' direct-indexed copies (<stem>.<i>.direct, 244 MB "
                  "for six tiles), which let searches start without expanding the tables");
  build->callback([options, &exit_code] { exit_code = run_build(*options); });
  CLI::App* info =
      pdb->add_subcommand("info", "Print a table's header (header and checksum checked)");
  info->add_option("file", options->file, "A .pdb file")->required();
  info->callback([options, &exit_code] { exit_code = run_info(*options); });
  CLI::App* verify = pdb->add_subcommand(
      "verify",
      "Check a table: header, checksum, and every value against its Manhattan bound; and its "
      "direct file (<stem>.<i>.direct) when there is one, entry by entry");
  verify->add_option("file", options->file, "A .pdb file")->required();
  verify->add_flag("--progress", options->progress,
                   "Print the progress on stderr as lines (on a terminal, a bar is shown anyway)");
  verify->callback([options, &exit_code] { exit_code = run_verify(*options); });
}

const RegisterCommand registered_pdb(60, setup_pdb);

}  // namespace
}  // namespace taquin::cli
