// Building additive pattern databases: breadth-first by rounds over group placements and blank
// regions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pdb/catalogue.hpp"
#include "pdb/table.hpp"
#include "taquin/error.hpp"

namespace taquin::pdb {

// One finished round of a build, for progress reports.
struct RoundReport {
  int group = 0;         // 0-based group index within the catalogue (0 for a lone table)
  int round = 0;         // distance just completed (1, 2, ...): placements up to it have values
  uint64_t reached = 0;  // placements with a value so far
  uint64_t entries = 0;  // placements in all
  double seconds = 0.0;  // since the group's build started
};

struct BuildOptions {
  int threads = 0;                                   // 0 = all cores
  std::function<void(const RoundReport&)> progress;  // called after each round (any thread)
  bool force_value8 = false;                         // skip the 4-bit encoding (tests)
  // load_or_build_pdb_set: the most memory a group's build may need (check_buildable).
  uint64_t max_memory = UINT64_MAX;
  // A zero-aware table (a value per blank cell, see Table); build_catalogue takes it from the
  // catalogue.
  bool zero_aware = false;
  // build_catalogue: copy a group's table from another table file in the output directory (often
  // another catalogue's) when it is provably the same (see same_table_in), instead of building it.
  bool reuse = true;
  std::function<void(int group, const std::string& from)> reused;  // told of each copy
};

// Builds the table of one group of goal cells on a side-`side` board, for goals with the blank on
// `blank_cell` (a cell outside the group). The value of a placement is the fewest moves of the
// group's tiles that bring them to their goal cells and the blank to `blank_cell`, while the
// other pieces are indistinguishable and move for free, minimised over where the blank starts
// (exact for that abstraction): a breadth-first search by rounds over (placement, blank's
// connected region), seeded with the goal placement and the blank cell's region, parallel on
// oneTBB. Stores 4-bit excesses over the Manhattan sum when they fit, else bytes. With
// options.zero_aware, keeps the value of each (placement, blank cell) instead: the round its
// (placement, region of that cell) state is reached in. Fails on a group the builder cannot hold
// (a zero-aware table: at most 2^32 entries) or a blank cell inside the group.
Expected<std::shared_ptr<Table>> build_table(int side, const std::vector<uint8_t>& cells,
                                             int blank_cell, const BuildOptions& options = {});

// The bytes a build of one classic table of `tiles` tiles on a side-`side` board is expected to
// peak at: during the rounds, three bits per (placement, blank region) state and a byte per
// placement; after them, that byte and the payload's half byte (measured peaks at 2 threads:
// 1,048,500 KB for 7-8, estimated 1012 MiB; 219,000 KB for 6-6-6-6, estimated 196 MiB).
uint64_t build_memory_estimate(int side, int tiles);

// Checks, before any work, that every group of `catalogue` can be built: no cell left out (each
// cell but the blank's is in a group) and no group whose build_memory_estimate exceeds
// `max_memory` bytes. Errors name the catalogue and the line (0 for a cell left out).
Expected<bool> check_buildable(const Catalogue& catalogue, uint64_t max_memory);

// A table file in `dir`, other than `except`, that holds exactly the values build_table would
// compute for `cells`, `blank_cell` and `zero_aware`: the same side and cells (in the same order),
// both zero-aware or neither, and a blank cell in the same region of the free cells around the
// goal placement, so that the breadth-first search starts from the same state. Only regular files
// named *.pdb are read; each is opened and validated (checksum). Null when there is none.
std::shared_ptr<const Table> same_table_in(const std::string& dir, int side,
                                           const std::vector<uint8_t>& cells, int blank_cell,
                                           bool zero_aware, const std::string& except);

// Builds every group of `catalogue` (for its blank cell, zero-aware if it says so) and writes
// "<out_dir>/<stem>.<i>.pdb" (see table_file_name), each through a temporary file; also writes
// "<out_dir>/<stem>.cat" when out_dir does not hold the catalogue yet. With options.reuse, a group
// whose table another file in out_dir already holds (same_table_in) is copied from it under the new
// header. Returns the written paths.
Expected<std::vector<std::string>> build_catalogue(const Catalogue& catalogue,
                                                   const std::string& out_dir,
                                                   const BuildOptions& options = {});

}  // namespace taquin::pdb
