// Catalogue parsing: "side N" then one group of goal cells a line, with errors naming the line.
#include "pdb/catalogue.hpp"

#include <unistd.h>

#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "core/files.hpp"
#include "taquin/io.hpp"
#include "taquin/tables.hpp"

namespace taquin::pdb {
namespace {

bool parse_int(std::string_view word, int& out) {
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), out);
  return ec == std::errc() && end == word.data() + word.size();
}

// More than kMaxTableEntries placements of k tiles on n cells (counted without overflow).
bool too_many_placements(int n, int k) {
  uint64_t count = 1;
  for (int i = 0; i < k; ++i) {
    count *= static_cast<uint64_t>(n - i);
    if (count > kMaxTableEntries) return true;
  }
  return false;
}

}  // namespace

uint64_t Catalogue::covered(int partition) const {
  uint64_t mask = 0;
  for (size_t g = 0; g < groups.size(); ++g)
    if (partition < 0 || group_partition[g] == partition)
      for (uint8_t c : groups[g]) mask |= uint64_t{1} << c;
  return mask;
}

Expected<Catalogue> parse_catalogue(std::string_view text, const std::string& source,
                                    const std::string& stem) {
  Catalogue cat;
  cat.source = source;
  cat.stem = stem;
  cat.text = std::string(text);
  uint64_t used = 0;      // cells of the current partition's groups
  uint64_t used_any = 0;  // of every partition's
  int partition_groups = 0;
  int blank_line = 0;
  // No line limit but the file's: a catalogue's comments may be long.
  const Expected<std::vector<TextLine>> lines = split_lines(text, source, kMaxCatalogueBytes);
  if (!lines) return lines.error();
  for (const TextLine& line : *lines) {
    const int line_no = line.number;
    const std::vector<std::string_view>& words = line.words;
    if (cat.side == 0) {
      int side = 0;
      if (words.size() != 2 || words[0] != "side" || !parse_int(words[1], side))
        return Error{source, line_no, "expected \"side N\" before the groups"};
      if (side < kMinSide || side > kMaxSide)
        return Error{source, line_no, "side " + std::to_string(side) + " is out of range (2 to 8)"};
      cat.side = side;
      continue;
    }
    const int cells = cat.side * cat.side;
    if (words[0] == "blank") {
      int cell = -1;
      if (words.size() != 2 || !parse_int(words[1], cell) || cell < 0 || cell >= cells)
        return Error{source, line_no,
                     "expected \"blank C\" with C a cell from 0 to " + std::to_string(cells - 1)};
      if (blank_line != 0) return Error{source, line_no, "a second \"blank\" line"};
      cat.blank = cell;
      blank_line = line_no;
      continue;
    }
    if (words[0] == "zero-aware") {
      if (words.size() != 1 || cat.zero_aware)
        return Error{source, line_no, "expected one \"zero-aware\" line, alone"};
      cat.zero_aware = true;
      continue;
    }
    if (words[0] == "partition") {
      if (words.size() != 1)
        return Error{source, line_no, "expected \"partition\" alone on its line"};
      if (cat.side < kMinPartitionSide)
        return Error{source, line_no,
                     "several partitions need a board of side " +
                         std::to_string(kMinPartitionSide) + " or more"};
      if (cat.groups.empty() || cat.group_partition.back() != cat.partitions - 1)
        return Error{source, line_no, "a partition with no group"};
      if (cat.partitions == kMaxPartitions)
        return Error{source, line_no,
                     "too many partitions (at most " + std::to_string(kMaxPartitions) + ")"};
      ++cat.partitions;
      used = 0;
      partition_groups = 0;
      continue;
    }
    std::vector<uint8_t> group;
    for (std::string_view w : words) {
      int cell = 0;
      if (!parse_int(w, cell))
        return Error{source, line_no, "\"" + std::string(w) + "\" is not a cell number"};
      if (cell < 0 || cell >= cells)
        return Error{source, line_no,
                     "cell " + std::to_string(cell) + " is off the board (0 to " +
                         std::to_string(cells - 1) + ")"};
      if (used >> cell & 1)
        return Error{source, line_no, "cell " + std::to_string(cell) + " is in two groups"};
      used |= uint64_t{1} << cell;
      used_any |= uint64_t{1} << cell;
      group.push_back(static_cast<uint8_t>(cell));
    }
    if (static_cast<int>(group.size()) > cells - 3)
      return Error{source, line_no,
                   "a group must leave at least three cells out (the blank and two more)"};
    if (too_many_placements(cells, static_cast<int>(group.size())))
      return Error{source, line_no,
                   std::to_string(group.size()) + " tiles have more than " +
                       std::to_string(kMaxTableEntries) + " placements on " +
                       std::to_string(cells) +
                       " cells, the most a table may have (its indexes are 32-bit)"};
    if (partition_groups++ == max_groups(cat.side))
      return Error{source, line_no,
                   "too many groups (at most " + std::to_string(max_groups(cat.side)) +
                       (cat.partitions > 1 ? " a partition)" : ")")};
    cat.groups.push_back(std::move(group));
    cat.group_lines.push_back(line_no);
    cat.group_partition.push_back(cat.partitions - 1);
  }
  if (cat.side == 0) return Error{source, 0, "no \"side N\" line"};
  if (cat.groups.empty()) return Error{source, 0, "no group of cells"};
  if (cat.group_partition.back() != cat.partitions - 1)
    return Error{source, 0, "the last partition has no group"};
  used = used_any;
  const int cells = cat.side * cat.side;
  if (std::popcount(used) >= cells)
    return Error{source, 0, "the groups cover every cell; leave at least one for the blank"};
  if (cat.blank < 0) {
    const uint64_t board = cells == 64 ? ~uint64_t{0} : (uint64_t{1} << cells) - 1;
    cat.blank = 63 - std::countl_zero(~used & board);
  } else if (used >> cat.blank & 1) {
    return Error{source, blank_line,
                 "the blank's cell " + std::to_string(cat.blank) + " is in a group"};
  }
  return cat;
}

Expected<Catalogue> read_catalogue(const std::string& path) {
  const files::ReadFile file = files::open_to_read(path);
  if (file.problem == files::OpenProblem::CannotOpen)
    return Error{path, 0, std::string("cannot open the catalogue: ") + std::strerror(file.error)};
  if (file.problem != files::OpenProblem::None) return Error{path, 0, "not a regular file"};
  if (file.size > kMaxCatalogueBytes)
    return Error{path, 0,
                 "file is " + std::to_string(file.size) +
                     " bytes long, too large for a catalogue (at most " +
                     std::to_string(kMaxCatalogueBytes) + ")"};
  std::string text(file.size, '\0');
  const ssize_t got = pread(file.fd.get(), text.data(), text.size(), 0);
  if (got != static_cast<ssize_t>(text.size())) return Error{path, 0, "cannot read the catalogue"};
  std::string stem = path;
  if (const size_t slash = stem.find_last_of('/'); slash != std::string::npos)
    stem = stem.substr(slash + 1);
  if (stem.size() > 4 && stem.ends_with(".cat")) stem.resize(stem.size() - 4);
  return parse_catalogue(text, path, stem);
}

std::string table_file_name(const std::string& stem, int index) {
  return stem + "." + std::to_string(index + 1) + ".pdb";
}

}  // namespace taquin::pdb
