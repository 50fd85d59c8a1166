// Opening pattern-database files (tables and catalogues) without waiting on a FIFO or device.
#pragma once

#include <cstdint>
#include <string>

namespace taquin::pdb {

enum class OpenProblem { None, CannotOpen, NotRegular };

struct OpenedFile {
  int fd = -1;  // open (the caller closes it) when problem is None, else -1
  uint64_t size = 0;
  OpenProblem problem = OpenProblem::None;
};

// Opens `path` read-only and non-blocking, and keeps it open only if it is a regular file, so that
// a FIFO or device under a database's name is refused instead of waited on. On CannotOpen, errno
// is as open() left it.
OpenedFile open_regular_file(const std::string& path);

// Whether something may be at `path` (following symbolic links), without throwing: false only
// when nothing is there, so that a path whose status cannot be read (a symbolic-link loop, a
// directory without search permission) is opened and its error reported.
bool path_present(const std::string& path);

// Whether `path` is a directory (following symbolic links), without throwing: false when its
// status cannot be read.
bool is_directory_path(const std::string& path);

}  // namespace taquin::pdb
