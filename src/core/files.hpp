// Files for io and pdb alike: opening to read without waiting on a FIFO or device, reading whole,
// writing whole or not at all (a temporary file renamed), and what is at a path.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "taquin/error.hpp"

namespace taquin::files {

// A file descriptor, closed when it goes out of scope unless it is not owned (standard input) or
// was released.
class Fd {
 public:
  Fd() = default;
  Fd(int fd, bool owned) : fd_(fd), owned_(owned) {}
  Fd(Fd&& other) noexcept : fd_(other.fd_), owned_(other.owned_) { other.owned_ = false; }
  Fd& operator=(Fd&& other) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { close(); }

  // The descriptor (-1 when none).
  int get() const { return fd_; }
  bool owned() const { return owned_; }
  // The descriptor, which the caller now closes.
  int release() {
    owned_ = false;
    return fd_;
  }

 private:
  void close();
  int fd_ = -1;
  bool owned_ = false;
};

// Why a file was not opened to read.
enum class OpenProblem {
  None,
  CannotOpen,  // open() failed (`error`)
  CannotStat,  // fstat() failed (`error`)
  NotRegular,  // a directory, FIFO, device or socket (`mode` says which)
};

// A file opened to read, or why not.
struct ReadFile {
  Fd fd;  // open when problem is None
  OpenProblem problem = OpenProblem::None;
  int error = 0;      // the errno of CannotOpen and CannotStat
  mode_t mode = 0;    // the file's type and mode, once its status is read
  uint64_t size = 0;  // its length in bytes, once its status is read
};

// Opens `path` read-only, without blocking (a FIFO without a writer must not wait), and keeps it
// open only if it is a regular file, so that a FIFO or device under a file's name is refused
// instead of waited on. With `dash_is_stdin`, "-" is standard input, whatever it is (not owned).
ReadFile open_to_read(const std::string& path, bool dash_is_stdin = false);

// The name of the input `path` in errors: "<stdin>" for "-", else `path`.
std::string source_name(const std::string& path);

// Opens the input `path` as open_to_read does, "-" being standard input. Fails, naming `source`:
// "cannot open: REASON", "cannot read: REASON" (its status), or "is KIND, not WHAT (give a regular
// file, or '-' for standard input)" (kind_of; `what` names what the file should be).
Expected<ReadFile> open_input(const std::string& path, const std::string& source,
                              std::string_view what);

// What a file of mode `mode` is, for the message that refuses it: "a directory", "a FIFO",
// "a character device", "a block device", "a socket", else "not a regular file".
const char* kind_of(mode_t mode);

// read(2) of up to `bytes` bytes into `data`, again after an interruption (EINTR): the bytes read,
// 0 at the end, -1 on a failure (errno set).
ssize_t read_some(int fd, char* data, size_t bytes);

// The bytes of `fd` from where it stands to its end. Fails, naming `source`, when a read fails
// ("cannot read: REASON") or there are more than `max_bytes` ("is over the limit of N bytes"; then
// no more than a block past max_bytes is read). `size_hint`: the bytes expected (memory reserved).
Expected<std::string> read_all(int fd, const std::string& source, size_t max_bytes,
                               uint64_t size_hint = 0);

// The temporary file write_whole writes beside `target` before renaming it over `target`:
// "<target>.tmp<pid>" (kTemporaryInfix then this process's id).
inline constexpr std::string_view kTemporaryInfix = ".tmp";
std::string temporary_for(const std::string& target);

// Writes the bytes of `pieces`, in order, to the file `path`: nothing there or a regular file is
// written whole or not at all (temporary_for(path), renamed over it; with `durable`, synced first;
// on a failure the temporary file is removed); a symbolic link is followed and its target written
// so (a dangling link creates its target); a character or block device, a FIFO or a socket is
// opened as it is (no creation, no truncation) and written to directly; a directory is refused.
// The Error names `path`: "cannot write: REASON" (the system's reason).
std::optional<Error> write_whole(const std::string& path, std::span<const std::string_view> pieces,
                                 bool durable);

// Whether something may be at `path` (following symbolic links), without throwing: false only
// when nothing is there, so that a path whose status cannot be read (a symbolic-link loop, a
// directory without search permission) is opened and its error reported.
bool present(const std::string& path);

// Whether something is at `path` (following symbolic links), without throwing: false when
// nothing is there and when its status cannot be read (a name too long, an unreadable directory).
bool exists(std::string_view path);

// Whether `path` is a directory (following symbolic links), without throwing: false when its
// status cannot be read.
bool is_directory(const std::string& path);

}  // namespace taquin::files
