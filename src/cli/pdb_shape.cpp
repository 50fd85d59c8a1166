// `taquin pdb build RxC`: a shape's larger pattern databases (shape::built_partition) built once.
#include "cli/pdb_shape.hpp"

#include <tbb/global_control.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/command.hpp"
#include "core/rank.hpp"
#include "pdb/pdb_set.hpp"
#include "shape/partition.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/pdb_file.hpp"
#include "taquin/goal.hpp"

namespace taquin::cli {
namespace {

// Bytes a build of `p` may hold at once: each group's table, its search's word per placement
// and its layers (bounded here by two words per placement), the groups built side by side.
uint64_t build_memory(const shape::Partition& p) {
  const uint64_t word = p.cells() <= 24 ? 4 : 8;
  uint64_t bytes = 0;
  for (const auto& group : p.groups)
    bytes += placement_count(p.cells(), static_cast<int>(group.size())) * (1 + 3 * word);
  return bytes;
}

std::string megabytes(uint64_t bytes) {
  return std::to_string((bytes + 500'000) / 1'000'000) + " MB";
}

}  // namespace

bool names_a_shape(const std::string& name) {
  Expected<Shape> shape = parse_shape(name, "catalogue");
  return shape && !shape->is_square() && name.find_first_of("xX") != std::string::npos;
}

int run_build_shape(const std::string& name, const std::string& out_dir, uint64_t max_memory,
                    int threads, bool fresh) {
  const Shape shape = *parse_shape(name, "catalogue");
  const int blank = Goal::standard(shape).blank_cell();
  Expected<shape::Partition> partition = shape::built_partition(shape.rows, shape.cols, blank);
  if (!partition) {
    print_error(partition.error());
    return kExitBadInput;
  }
  std::string out = out_dir.empty()
                        ? pdb::default_pdb_dir(std::getenv("TAQUIN_PDB_DIR"),
                                               std::getenv("XDG_DATA_HOME"), std::getenv("HOME"))
                        : out_dir;
  if (out.empty()) {
    print_error({"--out", 0,
                 "no default directory ($TAQUIN_PDB_DIR, $XDG_DATA_HOME and $HOME are unset); "
                 "name one with -o DIR"});
    return kExitBadInput;
  }
  const std::string title = shape::partition_name(*partition);
  const uint64_t memory = build_memory(*partition);
  if (memory > max_memory) {
    print_error({"--max-memory", 0,
                 "the " + title + " tables may need " + megabytes(memory) +
                     " to build, more than the " + megabytes(max_memory) + " allowed"});
    return kExitBadInput;
  }
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    print_error({out, 0, "cannot create the directory: " + ec.message()});
    return kExitBadInput;
  }
  const std::string path = out + "/" + shape::shape_pdb_file_name(*partition);
  if (!fresh && std::filesystem::exists(path, ec) && shape::load_shape_pdb(path, *partition)) {
    std::cout << path << '\n';
    std::cerr << "taquin: the " << title << " tables are built already (checked); --fresh "
              << "builds them again\n";
    return kExitOk;
  }
  std::optional<tbb::global_control> parallelism;
  if (threads > 0)
    parallelism.emplace(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(threads));
  std::cerr << "taquin: building the " << title << " tables into " << out
            << " (once; solve takes them from there)\n";
  const auto start = std::chrono::steady_clock::now();
  Expected<shape::ShapePdb> pdb = shape::ShapePdb::build(*partition);
  if (!pdb) {
    print_error(pdb.error());
    return kExitBadInput;
  }
  if (std::optional<Error> failed = shape::save_shape_pdb(path, *pdb)) {
    print_error(*failed);
    return kExitBadInput;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << path << '\n';
  std::cerr << "taquin: wrote " << pdb->groups() << " tables (" << megabytes(pdb->table_bytes())
            << ") in " << seconds << " s\n";
  return kExitOk;
}

}  // namespace taquin::cli
