// Opening pattern-database files without waiting on a FIFO or device.
#include "pdb/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace taquin::pdb {

OpenedFile open_regular_file(const std::string& path) {
  OpenedFile file;
  file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (file.fd < 0) {
    file.problem = OpenProblem::CannotOpen;
    return file;
  }
  struct stat st {};
  if (fstat(file.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(file.fd);
    file.fd = -1;
    file.problem = OpenProblem::NotRegular;
    return file;
  }
  file.size = static_cast<uint64_t>(st.st_size);
  return file;
}

bool path_present(const std::string& path) {
  std::error_code ec;
  return std::filesystem::status(path, ec).type() != std::filesystem::file_type::not_found;
}

bool is_directory_path(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

}  // namespace taquin::pdb
