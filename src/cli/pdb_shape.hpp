// `taquin pdb build RxC`: the larger shape pattern databases built once into a file.
#pragma once

#include <cstdint>
#include <string>

namespace taquin::cli {

// True when `name` is a shape that is not a square, "4x5": `pdb build` then builds that shape's
// larger tables (shape::built_partition) instead of a catalogue's.
bool names_a_shape(const std::string& name);

// Builds the larger tables of the shape `name` for its standard goal into `out_dir` (empty: the
// default directory of databases, created if missing), unless a sound file of them is there and
// not `fresh`; refuses, before any work, a build whose memory estimate exceeds `max_memory`
// bytes. Prints the file's path on stdout, the progress on stderr. Returns the exit code.
int run_build_shape(const std::string& name, const std::string& out_dir, uint64_t max_memory,
                    int threads, bool fresh);

}  // namespace taquin::cli
