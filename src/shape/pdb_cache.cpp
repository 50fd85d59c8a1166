// The process-wide cache of the default shape pattern databases, one build per key.
#include "shape/pdb_cache.hpp"

#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "core/files.hpp"
#include "pdb/pdb_set.hpp"
#include "shape/partition.hpp"
#include "shape/pdb_file.hpp"

namespace taquin::shape {
namespace {

using SharedPdb = Expected<std::shared_ptr<const ShapePdb>>;

// One key's database: built under its own once_flag, so builds of other keys go on meanwhile.
struct Slot {
  std::once_flag once;
  std::optional<SharedPdb> result;
};

SharedPdb build_default(int rows, int cols, int blank_goal) {
  Expected<Partition> partition = default_partition(rows, cols, blank_goal);
  if (!partition) return partition.error();
  const std::string dir = shape_pdb_cache_dir();
  const std::string path = dir.empty() ? "" : dir + "/" + shape_pdb_file_name(*partition);
  if (!path.empty())
    if (Expected<ShapePdb> cached = load_shape_pdb(path, *partition))
      return std::make_shared<const ShapePdb>(std::move(*cached));
  Expected<ShapePdb> pdb = ShapePdb::build(*partition);
  if (!pdb) return pdb.error();
  if (!path.empty()) save_shape_pdb(path, *pdb);  // a cache: a failed write only costs a build
  return std::make_shared<const ShapePdb>(std::move(*pdb));
}

SharedPdb load_built(const std::string& dir, int rows, int cols, int blank_goal) {
  Expected<std::string> path = built_pdb_path(dir, rows, cols, blank_goal);
  if (!path) return path.error();
  Expected<Partition> partition = built_partition(rows, cols, blank_goal);
  Expected<ShapePdb> pdb = load_shape_pdb(*path, *partition);
  if (!pdb) return pdb.error();
  return std::make_shared<const ShapePdb>(std::move(*pdb));
}

}  // namespace

Expected<std::string> built_pdb_path(const std::string& dir, int rows, int cols, int blank_goal) {
  Expected<Partition> partition = built_partition(rows, cols, blank_goal);
  if (!partition) return partition.error();
  if (dir.empty())
    return Error{"pattern database", 0,
                 "no directory of databases ($TAQUIN_PDB_DIR, $XDG_DATA_HOME and $HOME are "
                 "unset)"};
  return dir + "/" + shape_pdb_file_name(*partition);
}

Expected<std::shared_ptr<const ShapePdb>> shared_built_pdb(const std::string& dir, int rows,
                                                           int cols, int blank_goal) {
  static std::mutex mutex;  // guards `slots`, not the loads
  static std::map<std::tuple<std::string, int, int, int>, std::shared_ptr<Slot>> slots;
  std::shared_ptr<Slot> slot;
  {
    const std::lock_guard lock(mutex);
    std::shared_ptr<Slot>& entry = slots[{dir, rows, cols, blank_goal}];
    if (!entry) entry = std::make_shared<Slot>();
    slot = entry;
  }
  std::call_once(slot->once, [&] { slot->result = load_built(dir, rows, cols, blank_goal); });
  return *slot->result;
}

std::string partition_name(const Partition& partition) {
  std::string name = std::to_string(partition.rows) + "x" + std::to_string(partition.cols);
  for (size_t g = 0; g < partition.groups.size(); ++g)
    name += (g ? "-" : " ") + std::to_string(partition.groups[g].size());
  return name;
}

Expected<std::shared_ptr<const ShapePdb>> shared_shape_pdb(int rows, int cols, int blank_goal) {
  const std::string dir = shape_pdb_cache_dir();
  if (!dir.empty() && built_partition(rows, cols, blank_goal))
    if (auto built = shared_built_pdb(dir, rows, cols, blank_goal)) return built;
  return shared_default_pdb(rows, cols, blank_goal);
}

std::string shape_pdb_cache_dir() {
  const std::string dir = pdb::default_pdb_dir(std::getenv("TAQUIN_PDB_DIR"),
                                               std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
  return !dir.empty() && files::is_directory(dir) ? dir : "";
}

Expected<std::shared_ptr<const ShapePdb>> shared_default_pdb(int rows, int cols, int blank_goal) {
  static std::mutex mutex;  // guards `slots`, not the builds
  static std::map<std::tuple<int, int, int>, std::shared_ptr<Slot>> slots;
  std::shared_ptr<Slot> slot;
  {
    const std::lock_guard lock(mutex);
    std::shared_ptr<Slot>& entry = slots[{rows, cols, blank_goal}];
    if (!entry) entry = std::make_shared<Slot>();
    slot = entry;
  }
  std::call_once(slot->once, [&] { slot->result = build_default(rows, cols, blank_goal); });
  return *slot->result;
}

Expected<std::string> default_pdb_name(int rows, int cols, int blank_goal) {
  Expected<Partition> partition = default_partition(rows, cols, blank_goal);
  if (!partition) return partition.error();
  return partition_name(*partition);
}

}  // namespace taquin::shape
