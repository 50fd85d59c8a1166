// Choosing the heuristic of a goal's boards: asked, or the strongest available, with the reason.
#include "heuristic/heuristic_choice.hpp"

#include <filesystem>

#include "shape/dispatch.hpp"
#include "shape/partition.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/pdb_file.hpp"

namespace taquin {

std::string heuristic_label(HeuristicKind kind, const pdb::PdbSet* databases) {
  std::string name(heuristic_name(kind));
  if (kind == HeuristicKind::Pdb && databases) name += " " + databases->catalogue.stem;
  return name;
}

std::string HeuristicChoice::label() const {
  if (kind == HeuristicKind::Pdb && !shape_pdb.empty()) return "pdb " + shape_pdb;
  return heuristic_label(kind, databases.get());
}

namespace {

// The larger shape tables of `goal` (shape::built_partition) in `dir`: their name into `choice`
// when they load (as the searches will take them), else a notice when they are damaged or when
// `taquin pdb build RxC` would build them (the standard goal's blank cell).
void built_shape_tables(const Goal& goal, const std::string& dir, HeuristicChoice& choice) {
  const Shape shape = goal.shape();
  const int blank = goal.blank_cell();
  Expected<shape::Partition> partition = shape::built_partition(shape.rows, shape.cols, blank);
  if (!partition) return;
  const std::string name = shape::partition_name(*partition);
  std::error_code ec;
  const std::string path = dir.empty() ? "" : dir + "/" + shape::shape_pdb_file_name(*partition);
  if (!path.empty() && std::filesystem::exists(path, ec)) {
    auto built = shape::shared_built_pdb(dir, shape.rows, shape.cols, blank);
    if (built) {
      choice.shape_pdb = name;
      return;
    }
    choice.notice = "using the pattern databases " + choice.shape_pdb + ", not " + name + ": " +
                    built.error().describe() + " (taquin pdb build " + shape_name(shape) +
                    " --fresh builds it again)";
    return;
  }
  if (blank != shape.cells() - 1) return;  // (`pdb build` builds the standard goal's)
  choice.notice = "using the pattern databases " + choice.shape_pdb +
                  ", built in memory; `taquin pdb build " + shape_name(shape) +
                  "` builds the stronger " + name +
                  " tables once into the databases' directory, where later runs take them";
}

}  // namespace

Expected<HeuristicChoice> choose_heuristic(const Goal& goal, const HeuristicRequest& request) {
  const std::string& location = request.paths.location;
  std::error_code ec;  // a path whose status cannot be read is opened later, and says why
  if (!location.empty() && !std::filesystem::exists(location, ec) && !ec)
    return Error{location, 0, "no such catalogue or directory"};
  HeuristicChoice choice;
  if (request.asked && *request.asked != HeuristicKind::Pdb) {
    choice.kind = *request.asked;
    return choice;
  }
  // Off the packed squares, the shape databases of boards up to shape::kMaxIdaCells cells.
  const Shape shape = goal.shape();
  if (!shape::is_packed(shape)) {
    const bool pdb =
        request.asked ? shape.cells() <= shape::kMaxIdaCells : shape::default_shape_pdb(shape);
    if (request.asked && !pdb)
      return Error{"--heuristic", 0,
                   "pattern databases serve square boards of side 3 to 5 and boards of at most " +
                       std::to_string(shape::kMaxIdaCells) + " cells, not a " + shape_name(shape) +
                       " board"};
    if (!pdb) return choice;  // linear conflict
    Expected<std::string> name = shape::default_pdb_name(shape.rows, shape.cols, goal.blank_cell());
    if (!name) return name.error();
    choice.kind = HeuristicKind::Pdb;
    choice.shape_pdb = *name;
    built_shape_tables(goal, request.paths.default_dir, choice);
    return choice;
  }
  pdb::PdbMiss miss = pdb::PdbMiss::Absent;
  Expected<pdb::PdbSet> set =
      request.build ? pdb::load_or_build_pdb_set(request.paths, goal, request.build_options,
                                                 request.building, &miss)
                    : pdb::load_pdb_set(request.paths, goal, &miss);
  if (set) {
    choice.kind = HeuristicKind::Pdb;
    choice.databases = std::make_shared<const pdb::PdbSet>(std::move(*set));
    return choice;
  }
  if (request.asked || miss == pdb::PdbMiss::BadPath) return set.error();
  // Linear conflict is the strongest heuristic without databases; say so only when databases
  // could serve this goal: a built-in catalogue does, or the ones found are damaged.
  choice.kind = HeuristicKind::Linear;
  if (miss == pdb::PdbMiss::Damaged || !pdb::shipped_catalogue_for(goal).empty())
    choice.notice = "using " + std::string(heuristic_name(choice.kind)) +
                    " conflict, not pattern databases: " + set.error().describe();
  return choice;
}

}  // namespace taquin
