// `taquin pdb build|info|verify`: build a catalogue's pattern databases, describe and check files.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <iomanip>
#include <sstream>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "command.hpp"
#include "pdb_choice.hpp"
#include "taquin/embedded.hpp"
#include "taquin/pdb/builder.hpp"
#include "taquin/pdb/catalogue.hpp"
#include "taquin/pdb/heuristic.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/pdb/table.hpp"
#include "taquin/search/ida.hpp"
#include "taquin/search/parallel_ida.hpp"

namespace taquin::cli {
namespace {

struct PdbOptions {
  std::string catalogue;
  std::string out_dir;
  int threads = 0;
  std::string file;
  std::string set = "korf100";
  std::string pdb;
  int count = 0;
};

int run_build(const PdbOptions& options) {
  Expected<pdb::Catalogue> catalogue = pdb::read_catalogue(options.catalogue);
  if (!catalogue) {
    print_error(catalogue.error());
    return kExitBadInput;
  }
  if (options.threads < 0) {
    print_error({"--threads", 0, "must be 0 (all cores) or more"});
    return kExitBadInput;
  }
  std::string out = options.out_dir;
  if (out.empty()) {
    out = std::filesystem::path(options.catalogue).parent_path().string();
    if (out.empty()) out = ".";
  }
  const bool tty = isatty(STDERR_FILENO);
  const size_t groups = catalogue->groups.size();
  pdb::BuildOptions build;
  build.threads = options.threads;
  build.progress = [&](const pdb::RoundReport& r) { print_build_progress(r, groups, tty); };
  const auto start = std::chrono::steady_clock::now();
  Expected<std::vector<std::string>> written = pdb::build_catalogue(*catalogue, out, build);
  if (tty) std::cerr << '\n';
  if (!written) {
    print_error(written.error());
    return kExitBadInput;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& path : *written) std::cout << path << '\n';
  std::cerr << "taquin: built " << groups << " tables in " << seconds << " s\n";
  return kExitOk;
}

void print_info(const pdb::Table& t) {
  std::cout << "file: " << t.path() << '\n'
            << "format version: " << pdb::kFormatVersion << '\n'
            << "board: " << t.side() << 'x' << t.side() << '\n'
            << "group cells:";
  for (uint8_t c : t.cells()) std::cout << ' ' << int(c);
  std::cout << '\n'
            << "encoding: "
            << (t.encoding() == pdb::Encoding::Excess4 ? "excess4 (4 bits: (value - manhattan) / 2)"
                                                       : "value8 (8 bits: value)")
            << '\n'
            << "entries: " << t.entry_count() << '\n'
            << "payload bytes: " << t.payload_bytes() << '\n'
            << "max value: " << t.max_value() << '\n';
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(t.header().payload_hash));
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
  Expected<bool> ok = pdb::verify_values(**table, &histogram);
  if (!ok) {
    print_error(ok.error());
    return kExitBadInput;
  }
  print_info(**table);
  std::cout << "values:";
  for (size_t v = 0; v < histogram.size(); ++v)
    if (histogram[v]) std::cout << ' ' << v << ':' << histogram[v];
  std::cout << "\nverify: ok\n";
  return kExitOk;
}

// Solves an embedded set (or a file of boards with the standard goal) with the PDB heuristic and
// prints one row an instance and a summary, like `taquin bench`.
int run_bench(const PdbOptions& options) {
  std::vector<Instance> instances;
  Goal goal = Goal::standard(4);
  if (auto text = embedded::find(options.set)) {
    auto parsed = parse_instances(*text, options.set);
    if (!parsed) {
      print_error(parsed.error());
      return kExitBadInput;
    }
    instances = std::move(*parsed);
  } else {
    auto parsed = read_instances(options.set);
    if (!parsed) {
      print_error(parsed.error());
      return kExitBadInput;
    }
    instances = std::move(*parsed);
  }
  if (instances.empty()) return kExitOk;
  const int side = instances.front().side;
  goal = options.set == "korf100" ? Goal::zero_first(side) : Goal::standard(side);
  if (options.count > 0 && static_cast<size_t>(options.count) < instances.size())
    instances.resize(static_cast<size_t>(options.count));
  const auto load_start = std::chrono::steady_clock::now();
  Expected<pdb::PdbSet> set = pdb::load_pdb_set(options.pdb, goal);
  if (!set) {
    print_error(set.error());
    return kExitBadInput;
  }
  const double load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
  int status = kExitOk;
  bool all_optimal = true;
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  int id = 0;
  std::cout << "    id  length  optimal         nodes    seconds\n";
  for (const Instance& inst : instances) {
    ++id;
    if (inst.side != side) {
      print_error({inst.source, inst.line, "all boards of a set must have one side"});
      return kExitBadInput;
    }
    SearchResult result;
    bool replayed = true;
    with_side(side, [&]<int N>() {
      const auto h = std::make_unique<pdb::PdbHeuristic<N>>(*set, goal.blank_cell());
      const Board<N> start = goal.canonical<N>(inst.tiles);
      result = threads == 1 ? ida_search(start, *h) : parallel_ida_search(start, *h);
      if (result.outcome == Outcome::Solved) replayed = replay_solves(start, result.moves);
    });
    if (!replayed) {
      print_error({inst.source, inst.line, "internal error: the solution does not replay"});
      return kExitBadInput;
    }
    const bool solved = result.outcome == Outcome::Solved;
    const int length = static_cast<int>(result.moves.size());
    if (!solved || (inst.optimal_length && *inst.optimal_length != length)) {
      all_optimal = false;
      status = kExitUnsolved;
    }
    total_nodes += result.stats.nodes_expanded;
    total_seconds += result.stats.seconds;
    std::ostringstream row;
    row << std::setw(6) << id << "  " << std::setw(6) << (solved ? std::to_string(length) : "-")
        << "  " << std::setw(7)
        << (inst.optimal_length ? std::to_string(*inst.optimal_length) : "-") << "  "
        << std::setw(12) << result.stats.nodes_expanded << "  " << std::setw(9) << std::fixed
        << std::setprecision(3) << result.stats.seconds;
    std::cout << row.str() << std::endl;
  }
  std::ostringstream out;
  out << "set: " << options.set << ", heuristic: pdb " << set->catalogue.source << '\n'
      << "instances: " << id << '\n'
      << "all optimal: " << (all_optimal ? "yes" : "no") << '\n'
      << "total nodes: " << total_nodes << '\n'
      << std::fixed << std::setprecision(3) << "total seconds: " << total_seconds << '\n'
      << "tables loaded in: " << load_seconds << " s\n"
      << "threads: " << threads << '\n';
  std::cout << out.str();
  return status;
}

void setup_pdb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PdbOptions>();
  CLI::App* pdb = app.add_subcommand("pdb", "Build, describe and check pattern databases");
  pdb->require_subcommand(1);
  CLI::App* build = pdb->add_subcommand(
      "build", "Build every group of a catalogue (e.g. pdb/7-8.cat) into <stem>.<i>.pdb files");
  build
      ->add_option("catalogue", options->catalogue,
                   "Catalogue file: side N, then one group of goal cells a line")
      ->required();
  build->add_option("-o,--out", options->out_dir, "Output directory (default: the catalogue's)");
  build->add_option("--threads", options->threads, "Worker threads (0 = all cores)")
      ->capture_default_str();
  build->callback([options, &exit_code] { exit_code = run_build(*options); });
  CLI::App* info =
      pdb->add_subcommand("info", "Print a table's header (header and checksum checked)");
  info->add_option("file", options->file, "A .pdb file")->required();
  info->callback([options, &exit_code] { exit_code = run_info(*options); });
  CLI::App* verify = pdb->add_subcommand(
      "verify", "Check a table: header, checksum, and every value against its Manhattan bound");
  verify->add_option("file", options->file, "A .pdb file")->required();
  verify->callback([options, &exit_code] { exit_code = run_verify(*options); });
  CLI::App* bench = pdb->add_subcommand(
      "bench", "Solve a reference set (korf100, hardest80, ...) with the pdb heuristic");
  bench->add_option("--set", options->set, "Embedded set name or a file of boards (standard goal)")
      ->capture_default_str();
  bench->add_option(
      "--pdb", options->pdb,
      "A catalogue file or a directory of tables (default: pdb/, then $TAQUIN_PDB_DIR)");
  bench->add_option("--threads", options->threads, "Threads (0 = all cores; 1 = serial IDA*)");
  bench->add_option("--count", options->count, "Only the first K instances");
  bench->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

const RegisterCommand registered(60, setup_pdb);

}  // namespace
}  // namespace taquin::cli
