// The breadth-first search that builds one group's table (bfs.cpp), for build_table and
// build_catalogue.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "pdb/builder.hpp"
#include "pdb/table.hpp"
#include "taquin/error.hpp"

namespace taquin::pdb {

// build_table for the `group`-th group of a catalogue (0-based; named in the progress reports).
Expected<std::shared_ptr<Table>> build_group(int side, const std::vector<uint8_t>& cells,
                                             int blank_cell, const BuildOptions& options,
                                             int group);

}  // namespace taquin::pdb
