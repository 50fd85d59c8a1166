// Pattern-database catalogues: a board side and disjoint groups of goal cells, read from text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "taquin/error.hpp"

namespace taquin::pdb {

// Most groups a partition may hold on a side-`side` board: the heuristic's state keeps one value
// per group, so its size is fixed per side (8 up to 6x6, enough for groups of five tiles; 7x7's
// 48 tiles need 10 such groups, 8x8's 63 need 13).
constexpr int max_groups(int side) {
  return side <= 6 ? 8 : side == 7 ? 12 : 16;
}

// Most groups a partition may hold on any side.
inline constexpr int kMaxGroups = max_groups(8);

// Most partitions a catalogue may hold (the heuristic looks each up in two symmetric views).
inline constexpr int kMaxPartitions = 2;

// Smallest side whose catalogues may hold several partitions (smaller boards' heuristics keep
// room for one partition's two views only: on 3x3 one table of every tile is already exact).
inline constexpr int kMinPartitionSide = 4;

// Most entries a group's table may have: the heuristic keeps table indexes in 32 bits.
inline constexpr uint64_t kMaxTableEntries = (uint64_t{1} << 32) - 1;

// A parsed catalogue. Groups name goal CELLS (row-major, 0-based), so one database serves every
// goal: on canonical boards a piece's label is its goal cell.
struct Catalogue {
  int side = 0;
  std::vector<std::vector<uint8_t>> groups;  // in file order; cells in the order written
  std::vector<int> group_lines;              // 1-based line of each group in the source
  std::vector<int> group_partition;          // the partition (0-based) of each group
  int partitions = 1;                        // sets of disjoint groups, each summed on its own
  int blank = -1;                            // the blank's goal cell the tables are built for
  bool zero_aware = false;                   // tables with a value per blank cell (Table)
  std::string source;                        // file name (or a description) for errors
  std::string stem;                          // base name without ".cat": names the built files
  std::string text;                          // the text parsed

  // Bit c set when cell c belongs to some group of `partition` (-1: of any partition).
  uint64_t covered(int partition = -1) const;
};

// Parses catalogue text. Format: '#' starts a comment; blank lines are skipped; the first line
// is "side N" (N from 2 to 8); an optional line "blank C" names the blank's goal cell (default:
// the highest cell no group covers); an optional line "zero-aware" asks for zero-aware tables
// (a value per cell of the blank, see Table); a line "partition" (side kMinPartitionSide and up)
// ends one partition of the tiles and starts another, whose groups are summed apart (the heuristic
// takes the larger sum); every other line lists the cells of one group, separated by spaces. The
// groups of a partition are disjoint, non-empty, at most max_groups(N), have at most
// kMaxTableEntries placements each, and leave at least one cell uncovered (for the blank, the same
// in every partition); a catalogue may leave other cells out (its heuristic ignores their tiles),
// which check_buildable (builder.hpp) refuses for a build. The tables are built for goals with the
// blank on that cell (and serve, through a symmetry of the square, every goal whose blank cell it
// maps there). Errors name `source` and the line.
Expected<Catalogue> parse_catalogue(std::string_view text, const std::string& source,
                                    const std::string& stem);

// Largest catalogue file read_catalogue accepts: a catalogue is a few lines of cell numbers and
// diagrams, so anything this size is not one (and is refused before it is read).
inline constexpr uint64_t kMaxCatalogueBytes = uint64_t{1} << 20;

// Reads and parses a catalogue file of at most kMaxCatalogueBytes; the stem is the file name
// without directory and ".cat".
Expected<Catalogue> read_catalogue(const std::string& path);

// The file name of the database of group `index` (0-based) of the catalogue with `stem`:
// "<stem>.<index+1>.pdb", e.g. "7-8.1.pdb" and "7-8.2.pdb" for pdb/7-8.cat.
std::string table_file_name(const std::string& stem, int index);

}  // namespace taquin::pdb
