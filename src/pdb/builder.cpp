// Building a catalogue's tables: checks before any work, copies of tables already built, and the
// files written (temporary then rename); the breadth-first search itself is bfs.cpp's.
#include "pdb/builder.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>

#include <signal.h>
#include <unistd.h>

#include "core/files.hpp"
#include "pdb/bfs.hpp"
#include "pdb/direct_table.hpp"
#include "pdb/geometry.hpp"
#include "pdb/rank.hpp"

namespace taquin::pdb {

Expected<bool> check_buildable(const Catalogue& catalogue, uint64_t max_memory) {
  const int cells = catalogue.side * catalogue.side;
  const uint64_t all = cells == 64 ? ~uint64_t{0} : (uint64_t{1} << cells) - 1;
  for (int partition = 0; partition < catalogue.partitions; ++partition) {
    const uint64_t left_out =
        all & ~catalogue.covered(partition) & ~(uint64_t{1} << catalogue.blank);
    if (!left_out) continue;
    std::string list;
    for (int c = 0; c < cells; ++c)
      if (left_out >> c & 1) list += (list.empty() ? "" : ", ") + std::to_string(c);
    return Error{catalogue.source, 0,
                 "cells left out (in no group, and not the blank's cell " +
                     std::to_string(catalogue.blank) + "): " + list +
                     (catalogue.partitions > 1 ? " in partition " + std::to_string(partition + 1)
                                               : std::string()) +
                     "; a catalogue to build puts every other cell in a group"};
  }
  std::vector<uint64_t> estimate(65, 0);  // by group size (0: not computed yet)
  for (size_t g = 0; g < catalogue.groups.size(); ++g) {
    const size_t tiles = catalogue.groups[g].size();
    if (estimate[tiles] == 0)
      estimate[tiles] = build_memory_estimate(catalogue.side, static_cast<int>(tiles));
    const uint64_t need = estimate[tiles];
    if (need > max_memory)
      return Error{catalogue.source, catalogue.group_lines[g],
                   "building this group needs about " + std::to_string(need >> 20) +
                       " MiB of memory, over the limit of " + std::to_string(max_memory >> 20) +
                       " MiB"};
  }
  return true;
}

std::shared_ptr<const Table> same_table_in(const std::string& dir, int side,
                                           const std::vector<uint8_t>& cells, int blank_cell,
                                           bool zero_aware, const std::string& except) {
  namespace fs = std::filesystem;
  const Geometry geo(side);
  uint64_t occupied = 0;
  for (uint8_t c : cells) occupied |= uint64_t{1} << c;
  const uint64_t free = geo.all & ~occupied;
  if (blank_cell < 0 || blank_cell >= geo.cells || !(free >> blank_cell & 1)) return nullptr;
  const uint64_t region = geo.region(free, uint64_t{1} << blank_cell);
  // The same values: same side, same cells in the same order, a blank cell in the same region.
  const auto same = [&](uint32_t other_side, const uint8_t* other_cells, size_t other_size,
                        uint32_t other_blank, bool other_zero_aware) {
    return other_side == static_cast<uint32_t>(side) && other_size == cells.size() &&
           other_zero_aware == zero_aware && std::equal(cells.begin(), cells.end(), other_cells) &&
           other_blank < 64 && (region >> other_blank & 1);
  };
  std::error_code ec, entry_ec;  // a directory that cannot be read yields no candidates
  std::vector<fs::path> candidates;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".pdb" && it->is_regular_file(entry_ec) &&
        !fs::equivalent(it->path(), except, entry_ec))
      candidates.push_back(it->path());
  std::sort(candidates.begin(), candidates.end());
  for (const fs::path& path : candidates) {
    // The header first (cheap; read_header holds the group size to its cell field), the whole
    // file (checksum) only when it matches, checked again in case the file changed in between.
    const Expected<FileHeader> h = read_header(path.string());
    if (!h ||
        !same(h->side, h->cells, h->group_size, h->blank_cell, (h->flags & kFlagZeroAware) != 0))
      continue;
    Expected<std::shared_ptr<const Table>> table = Table::open(path.string());
    if (table && same(static_cast<uint32_t>((*table)->side()), (*table)->cells().data(),
                      (*table)->cells().size(), static_cast<uint32_t>((*table)->blank_cell()),
                      (*table)->zero_aware()))
      return *table;
  }
  return nullptr;
}

namespace {

// Why no file can be created in the directory `dir` (empty when one can), tried with a temporary
// file removed at once: found before a table is built, not after.
std::string write_problem(const std::string& dir) {
  std::string probe = (std::filesystem::path(dir) / ".taquin-write-test-XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) return std::string("cannot write in the directory: ") + std::strerror(errno);
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

// Removes from `dir` the temporary files "<table>.tmp<pid>" (Table::write, files::temporary_for) of
// `catalogue`'s tables and "<stem>.<i>.direct.tmp<pid>" of their direct files
// (DirectTable::write_file) that interrupted builds left: those whose pid is no live process.
void remove_stale_temporaries(const Catalogue& catalogue, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> stale;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    for (size_t file = 0; file < 2 * catalogue.groups.size(); ++file) {
      const std::string table = table_file_name(catalogue.stem, static_cast<int>(file / 2));
      const std::string prefix = (file % 2 == 0 ? table : DirectTable::file_for(table)) +
                                 std::string(files::kTemporaryInfix);
      if (!name.starts_with(prefix) || name.size() == prefix.size()) continue;
      const char* const digits_end = name.data() + name.size();
      pid_t pid = 0;
      const auto [stop, error] = std::from_chars(name.data() + prefix.size(), digits_end, pid);
      if (error == std::errc() && stop == digits_end && pid > 0 && ::kill(pid, 0) != 0 &&
          errno == ESRCH)
        stale.push_back(it->path());
    }
  }
  for (const fs::path& path : stale) fs::remove(path, ec);
}

}  // namespace

Expected<std::vector<std::string>> build_catalogue(const Catalogue& catalogue,
                                                   const std::string& out_dir,
                                                   const BuildOptions& catalogue_options) {
  namespace fs = std::filesystem;
  BuildOptions options = catalogue_options;
  options.zero_aware = catalogue.zero_aware;
  std::error_code ec;
  if (fs::create_directories(out_dir, ec); ec)
    return Error{out_dir, 0, "cannot create the directory: " + ec.message()};
  if (!fs::is_directory(out_dir, ec)) return Error{out_dir, 0, "not a directory"};
  if (const std::string why = write_problem(out_dir); !why.empty()) return Error{out_dir, 0, why};
  remove_stale_temporaries(catalogue, out_dir);
  // A table's name that is a directory is refused before any build, not after it.
  for (size_t g = 0; g < catalogue.groups.size(); ++g) {
    const std::string path =
        (fs::path(out_dir) / table_file_name(catalogue.stem, static_cast<int>(g))).string();
    if (files::is_directory(path))
      return Error{path, 0, std::string("cannot write: ") + std::strerror(EISDIR)};
  }
  std::vector<std::string> written;
  for (size_t g = 0; g < catalogue.groups.size(); ++g) {
    const std::string path =
        (fs::path(out_dir) / table_file_name(catalogue.stem, static_cast<int>(g))).string();
    if (options.reuse) {
      const std::shared_ptr<const Table> same =
          same_table_in(out_dir, catalogue.side, catalogue.groups[g], catalogue.blank,
                        catalogue.zero_aware, path);
      if (same && (!options.force_value8 || same->encoding() == Encoding::Value8)) {
        Expected<bool> ok = same->write(path, catalogue.blank);
        if (!ok) return ok.error();
        if (options.reused) options.reused(static_cast<int>(g), same->path());
        written.push_back(path);
        continue;
      }
    }
    Expected<std::shared_ptr<Table>> table = build_group(
        catalogue.side, catalogue.groups[g], catalogue.blank, options, static_cast<int>(g));
    if (!table) {
      Error e = table.error();
      e.source = catalogue.source;
      e.line = catalogue.group_lines[g];
      return e;
    }
    Expected<bool> ok = (*table)->write(path);
    if (!ok) return ok.error();
    written.push_back(path);
  }
  const fs::path copy = fs::path(out_dir) / (catalogue.stem + ".cat");
  if (!files::present(copy.string())) {
    const std::string_view pieces[] = {catalogue.text};
    if (std::optional<Error> bad = files::write_whole(copy.string(), pieces, false)) return *bad;
    written.push_back(copy.string());
  }
  return written;
}

}  // namespace taquin::pdb
