// The catalogue of default shape partitions (diagrams as text) and its reader.
#include "shape/partition.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/rank.hpp"

namespace taquin::shape {
namespace {

// Build costs grow with the placements of the largest group: cells!/(cells - tiles)!.
constexpr std::string_view kCatalogue = R"(# Default partitions of the shape pattern databases
# (src/shape/partition.hpp). A letter per goal cell names its group, '.' is the blank's goal
# cell; the transpose of a shape uses the reflected diagram, another blank cell swaps its goal
# cell with the diagram's blank. The table of a group of k tiles on n cells has n!/(n-k)! bytes,
# n times that when kept per blank cell (default_partition: when that is at most 2^26 entries for
# the largest group).

# 5: 720 placements.
shape 2x3
A A A
A A .

# 7: 40,320 placements.
shape 2x4
A A A A
A A A .

# 6-3: 151,200 and 720 placements.
shape 2x5
A A A B B
A A A B .

# 6-5: 665,280 and 95,040 placements.
shape 2x6
A A A B B B
A A A B B .

# 5-4-4: 240,240 and 24,024 placements each. On two rows, groups staggered between the rows
# prune more than blocks of whole columns (7-6 here, 6-6-3 on 2x8) whose tables take far longer
# to build.
shape 2x7
A A A B B C C
A A B B C C .

# 5-5-5: 524,160 placements each.
shape 2x8
A A A B B C C C
A A B B B C C .

# 6-2: 60,480 and 72 placements.
shape 3x3
A A A
A A A
B B .

# 6-5: 665,280 and 95,040 placements.
shape 3x4
A A B B
A A B B
A A B .

# 5-5-4: 360,360 placements each for A and B, 32,760 for C.
shape 3x5
A A B B C
A A B B C
A B C C .

# 6-6-5: 13,366,080 placements each for A and B, 1,028,160 for C.
shape 3x6
A A B B C C
A A B B C C
A A B B C .

# 5-5-5-5: 2,441,880 placements each.
shape 3x7
A A B B B C C
A A B B C C C
A D D D D D .

# 5-5-5-4-4: 5,100,480 placements each for A, B, C; 255,024 each for D, E.
shape 3x8
A A B B B C C C
A A B B D D C C
A E E E E D D .

# 6-6-3: 5,765,760 placements each for A and B, 3,360 for C.
shape 4x4
A A B B
A A B B
A A B B
C C C .

# 5-5-5-4: 1,860,480 placements each for A, B, D; 116,280 for C.
shape 4x5
A A B B B
A A B B C
A D D C C
D D D C .

# 5-5-5-5-3: 5,100,480 placements each for A, B, C, D; 12,144 for E.
shape 4x6
A A B B C C
A A B B C C
A D D B C E
D D D E E .

# 5-5-5-5-4: 6,375,600 placements each for A, B, C, D; 303,600 for E.
shape 5x5
A A B B B
A A B B C
A D D C C
D D E C C
D E E E .
)";

// Plain tables, built once by `taquin pdb build RxC` (partition.hpp, built_partition).
constexpr std::string_view kBuiltCatalogue = R"(# Larger partitions of the shape pattern
# databases, their plain tables built once into files (src/shape/partition.hpp).

# 9: 3,628,800 placements, the exact distances (a small shape for the tests).
shape 2x5
A A A A A
A A A A .

# 8-7: 518,918,400 placements for A, 57,657,600 for B (the 15-puzzle's split, by halves).
shape 2x8
A A A A B B B B
A A A A B B B .

# 7-6-6: 390,700,800 placements for A, 27,907,200 each for B and C.
shape 4x5
A A A B B
A A A B B
A C C B B
C C C C .
)";

// A diagram: the group of each cell, -1 for the blank.
struct Layout {
  int rows = 0;
  int cols = 0;
  std::vector<int> owner;
};

Error catalogue_error(int line, const std::string& message) {
  return Error{"shape catalogue", line, message};
}

// Reads the diagram lines after "shape RxC" at `line`; `in` is positioned after that line.
Expected<Layout> read_diagram(std::istringstream& in, int rows, int cols, int& line) {
  Layout layout{rows, cols, std::vector<int>(static_cast<size_t>(rows) * cols, -1)};
  std::string letters;  // group letters in order of first appearance
  int blanks = 0;
  for (int r = 0; r < rows; ++r) {
    std::string text;
    if (!std::getline(in, text)) return catalogue_error(line, "diagram ends early");
    ++line;
    std::istringstream marks(text);
    std::string mark;
    for (int c = 0; c < cols; ++c) {
      if (!(marks >> mark) || mark.size() != 1)
        return catalogue_error(line, "expected " + std::to_string(cols) + " marks");
      const char m = mark[0];
      if (m == '.') {
        ++blanks;
        continue;
      }
      if (letters.find(m) == std::string::npos) letters.push_back(m);
      layout.owner[r * cols + c] = static_cast<int>(letters.find(m));
    }
    if (marks >> mark) return catalogue_error(line, "more than " + std::to_string(cols) + " marks");
  }
  if (blanks != 1) return catalogue_error(line, "a diagram needs exactly one blank '.'");
  return layout;
}

// The layout of rows × cols in `text`, if it has one (else an Error with line 0).
Expected<Layout> find_layout(std::string_view text, int rows, int cols) {
  std::istringstream in{std::string(text)};
  std::string current;
  for (int line = 1; std::getline(in, current); ++line) {
    int r = 0, c = 0;
    char x = 0;
    std::istringstream words(current);
    std::string word;
    if (!(words >> word) || word != "shape") continue;
    if (!(words >> r >> x >> c) || x != 'x') return catalogue_error(line, "expected shape RxC");
    if (r == rows && c == cols) return read_diagram(in, rows, cols, line);
  }
  return catalogue_error(
      0, "no diagram of the " + std::to_string(rows) + "x" + std::to_string(cols) + " shape");
}

// Groups of `size` consecutive cells, column by column (row by row when the board is taller),
// the blank on the last cell.
Layout fallback_layout(int rows, int cols) {
  const int n = rows * cols;
  const int size = placement_count(n, 6) <= 10'000'000 ? 6 : 5;
  Layout layout{rows, cols, std::vector<int>(static_cast<size_t>(n), -1)};
  const bool by_column = rows <= cols;
  for (int i = 0, tiles = 0; i < n; ++i) {
    const int cell = by_column ? (i % rows) * cols + i / rows : i;
    if (cell == n - 1) continue;
    layout.owner[cell] = tiles++ / size;
  }
  return layout;
}

// The reflection of `layout` about its main diagonal.
Layout transposed(const Layout& layout) {
  Layout t{layout.cols, layout.rows, layout.owner};
  for (int r = 0; r < layout.rows; ++r)
    for (int c = 0; c < layout.cols; ++c)
      t.owner[c * t.cols + r] = layout.owner[r * layout.cols + c];
  return t;
}

// The partition of `layout` with the blank moved to `blank_goal`.
Partition partition_of(const Layout& layout, int blank_goal) {
  std::vector<int> owner = layout.owner;
  int blank = 0;
  while (owner[blank] != -1) ++blank;
  std::swap(owner[blank], owner[blank_goal]);
  Partition p{layout.rows, layout.cols, blank_goal, {}};
  for (int c = 0; c < p.cells(); ++c) {
    if (owner[c] < 0) continue;
    if (owner[c] >= static_cast<int>(p.groups.size())) p.groups.resize(owner[c] + 1u);
    p.groups[owner[c]].push_back(static_cast<uint8_t>(c));
  }
  return p;
}

}  // namespace

std::string_view shape_catalogue() {
  return kCatalogue;
}

std::string_view built_catalogue() {
  return kBuiltCatalogue;
}

Expected<Partition> catalogue_partition(std::string_view text, int rows, int cols) {
  auto layout = find_layout(text, rows, cols);
  if (!layout) return layout.error();
  int blank = 0;
  while (layout->owner[blank] != -1) ++blank;
  return partition_of(*layout, blank);
}

Expected<Partition> default_partition(int rows, int cols, int blank_goal) {
  Partition shape{rows, cols, 0, {}};
  if (auto ok = check_partition(shape); !ok) return ok.error();
  if (blank_goal < 0 || blank_goal >= shape.cells())
    return Error{"pattern database", 0,
                 "blank cell " + std::to_string(blank_goal) + " is off the " +
                     std::to_string(rows) + "x" + std::to_string(cols) + " board"};
  Partition p;
  if (auto layout = find_layout(kCatalogue, rows, cols))
    p = partition_of(*layout, blank_goal);
  else if (auto layout_t = find_layout(kCatalogue, cols, rows))
    p = partition_of(transposed(*layout_t), blank_goal);
  else
    p = partition_of(fallback_layout(rows, cols), blank_goal);
  uint64_t largest = 0;
  for (const auto& group : p.groups)
    largest = std::max(largest, placement_count(p.cells(), static_cast<int>(group.size())));
  p.per_blank_cell = largest * static_cast<uint64_t>(p.cells()) <= kMaxPerBlankCellEntries;
  return p;
}

Expected<Partition> built_partition(int rows, int cols, int blank_goal) {
  if (auto shape = default_partition(rows, cols, blank_goal); !shape) return shape.error();
  if (auto layout = find_layout(kBuiltCatalogue, rows, cols))
    return partition_of(*layout, blank_goal);
  if (auto layout_t = find_layout(kBuiltCatalogue, cols, rows))
    return partition_of(transposed(*layout_t), blank_goal);
  std::string shapes;
  std::istringstream in{std::string(kBuiltCatalogue)};
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("shape ")) shapes += (shapes.empty() ? "" : ", ") + line.substr(6);
  return Error{"pattern database", 0,
               "no larger tables for the " + std::to_string(rows) + "x" + std::to_string(cols) +
                   " shape (they exist for " + shapes + " and their transposes)"};
}

}  // namespace taquin::shape
