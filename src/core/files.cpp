// Files for io and pdb alike: opening to read, reading whole, writing by rename, path status.
#include "core/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace taquin::files {

Fd& Fd::operator=(Fd&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    owned_ = other.owned_;
    other.owned_ = false;
  }
  return *this;
}

void Fd::close() {
  if (owned_ && fd_ >= 0) ::close(fd_);
  owned_ = false;
}

ReadFile open_to_read(const std::string& path, bool dash_is_stdin) {
  ReadFile file;
  const bool is_stdin = dash_is_stdin && path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    file.problem = OpenProblem::CannotOpen;
    file.error = errno;
    return file;
  }
  Fd opened(fd, !is_stdin);
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    file.problem = OpenProblem::CannotStat;
    file.error = errno;
    return file;
  }
  file.mode = info.st_mode;
  file.size = static_cast<uint64_t>(info.st_size);
  if (!is_stdin && !S_ISREG(info.st_mode)) {
    file.problem = OpenProblem::NotRegular;
    return file;
  }
  file.fd = std::move(opened);
  return file;
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string source_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

Expected<ReadFile> open_input(const std::string& path, const std::string& source,
                              std::string_view what) {
  ReadFile file = open_to_read(path, true);
  switch (file.problem) {
    case OpenProblem::None:
      return file;
    case OpenProblem::CannotOpen:
      return Error{source, 0, std::string("cannot open: ") + std::strerror(file.error)};
    case OpenProblem::CannotStat:
      return Error{source, 0, std::string("cannot read: ") + std::strerror(file.error)};
    case OpenProblem::NotRegular:
      break;
  }
  return Error{source, 0,
               std::string("is ") + kind_of(file.mode) + ", not " + std::string(what) +
                   " (give a regular file, or '-' for standard input)"};
}

ssize_t read_some(int fd, char* data, size_t bytes) {
  ssize_t got;
  do {
    got = ::read(fd, data, bytes);
  } while (got < 0 && errno == EINTR);
  return got;
}

Expected<std::string> read_all(int fd, const std::string& source, size_t max_bytes,
                               uint64_t size_hint) {
  std::string text;
  if (size_hint > 0) text.reserve(std::min<uint64_t>(size_hint, max_bytes) + 1);
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = read_some(fd, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) return Error{source, 0, std::string("cannot read: ") + std::strerror(errno)};
    if (text.size() + static_cast<size_t>(got) > max_bytes)
      return Error{source, 0, "is over the limit of " + std::to_string(max_bytes) + " bytes"};
    text.append(buffer, static_cast<size_t>(got));
  }
  return text;
}

std::string temporary_for(const std::string& target) {
  return target + std::string(kTemporaryInfix) + std::to_string(::getpid());
}

namespace {

// Writes `pieces` to the descriptor `fd` whole; false (errno set) when a write fails.
bool write_all(int fd, std::span<const std::string_view> pieces) {
  for (std::string_view piece : pieces) {
    while (!piece.empty()) {
      const size_t chunk = std::min<size_t>(piece.size(), size_t{1} << 26);
      const ssize_t wrote = ::write(fd, piece.data(), chunk);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) {
        if (wrote == 0) errno = EIO;
        return false;
      }
      piece.remove_prefix(static_cast<size_t>(wrote));
    }
  }
  return true;
}

// The path a chain of symbolic links starting at `path` ends at (the path itself when it is no
// link; the last link's target when that does not exist), or the errno that stops the walk
// (ELOOP after 40 links).
std::string link_target(std::string path, int& error) {
  error = 0;
  for (int links = 0;; ++links) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return path;
    if (links == 40) {
      error = ELOOP;
      return path;
    }
    std::string target(static_cast<size_t>(info.st_size > 0 ? info.st_size : 4096) + 1, '\0');
    const ssize_t got = ::readlink(path.c_str(), target.data(), target.size());
    if (got < 0) {
      error = errno;
      return path;
    }
    target.resize(static_cast<size_t>(got));
    if (target.empty() || target[0] != '/') {
      const size_t slash = path.rfind('/');
      target = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + target;
    }
    path = std::move(target);
  }
}

// Writes `pieces` to the device, FIFO or socket `target`, opened as it is; the errno of a failure,
// else 0.
int write_in_place(const std::string& target, std::span<const std::string_view> pieces) {
  const int fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return errno;
  const bool ok = write_all(fd, pieces);
  const int saved = errno;
  if (::close(fd) != 0 && ok) return errno;
  return ok ? 0 : saved;
}

// Writes `pieces` to a temporary file beside `target`, then renames it over `target`; the errno
// of a failure (the temporary file then removed), else 0.
int write_by_rename(const std::string& target, std::span<const std::string_view> pieces,
                    bool durable) {
  const std::string temporary = temporary_for(target);
  ::unlink(temporary.c_str());
  const int fd =
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  bool ok = write_all(fd, pieces) && (!durable || ::fsync(fd) == 0);
  int saved = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && ::rename(temporary.c_str(), target.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (ok) return 0;
  ::unlink(temporary.c_str());
  return saved;
}

}  // namespace

std::optional<Error> write_whole(const std::string& path, std::span<const std::string_view> pieces,
                                 bool durable) {
  const auto fail = [&](int error) {
    return Error{path, 0, std::string("cannot write: ") + std::strerror(error)};
  };
  int error = 0;
  const std::string target = link_target(path, error);
  if (error) return fail(error);
  struct stat info {};
  const bool exists = ::stat(target.c_str(), &info) == 0;
  if (!exists && errno != ENOENT) return fail(errno);
  if (exists && S_ISDIR(info.st_mode)) return fail(EISDIR);
  // A device, FIFO or socket: written as it is, never replaced by a file.
  if (exists && !S_ISREG(info.st_mode))
    error = write_in_place(target, pieces);
  else
    error = write_by_rename(target, pieces, durable);
  if (error) return fail(error);
  return std::nullopt;
}

bool present(const std::string& path) {
  std::error_code ec;
  return std::filesystem::status(path, ec).type() != std::filesystem::file_type::not_found;
}

bool exists(std::string_view path) {
  std::error_code error;
  return std::filesystem::exists(std::filesystem::path(path), error) && !error;
}

bool is_directory(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

}  // namespace taquin::files
