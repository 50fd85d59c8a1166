// Tests of the files module: writing whole or not at all, opening without waiting, errors that
// name the file.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/files.hpp"
#include "temp_dir.hpp"

namespace taquin::files {
namespace {

namespace fs = std::filesystem;

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The names of the entries of `dir`, sorted.
std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(Files, WriteWholeWritesEveryPieceInOrder) {
  const testing::TempDir dir("taquin_files");
  const std::string path = dir / "out.txt";
  const std::string_view pieces[] = {"one ", "two ", "three\n"};
  EXPECT_FALSE(write_whole(path, pieces, false).has_value());
  EXPECT_EQ(contents(path), "one two three\n");
  const std::string_view again[] = {"four\n"};
  EXPECT_FALSE(write_whole(path, again, true).has_value());
  EXPECT_EQ(contents(path), "four\n");
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"out.txt"});
}

// A write that fails half-way (here: over the process's file size limit) leaves the file as it
// was and no temporary file beside it.
TEST(Files, WriteWholeLeavesNothingHalfWrittenOnFailure) {
  const testing::TempDir dir("taquin_files");
  const std::string path = dir / "table.pdb";
  const std::string_view old[] = {"old contents\n"};
  ASSERT_FALSE(write_whole(path, old, false).has_value());
  const std::string big(1 << 20, 'x');
  const std::string_view pieces[] = {big, big};
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit limit = saved;
  limit.rlim_cur = 1 << 20;  // the second piece is over it
  const sighandler_t previous = ::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
  const std::optional<Error> error = write_whole(path, pieces, true);
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, previous);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->describe(), path + ": cannot write: " + std::strerror(EFBIG));
  EXPECT_EQ(contents(path), "old contents\n");
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"table.pdb"});
}

TEST(Files, WriteWholeNamesThePathItCannotWrite) {
  const testing::TempDir dir("taquin_files");
  const std::string_view pieces[] = {"x"};
  const std::string missing = dir / "no/such/dir/out.txt";
  std::optional<Error> error = write_whole(missing, pieces, false);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->describe(), missing + ": cannot write: No such file or directory");
  error = write_whole(dir.path().string(), pieces, false);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->describe(), dir.path().string() + ": cannot write: Is a directory");
  EXPECT_TRUE(entries(dir.path()).empty());
}

TEST(Files, WriteWholeFollowsALinkAndWritesItsTarget) {
  const testing::TempDir dir("taquin_files");
  fs::create_symlink("target.txt", dir.path() / "link.txt");
  const std::string_view pieces[] = {"through the link\n"};
  EXPECT_FALSE(write_whole(dir / "link.txt", pieces, false).has_value());
  EXPECT_TRUE(fs::is_symlink(dir.path() / "link.txt"));
  EXPECT_EQ(contents(dir / "target.txt"), "through the link\n");
}

TEST(Files, TemporaryFileIsBesideItsTarget) {
  EXPECT_EQ(temporary_for("dir/a.pdb"), "dir/a.pdb.tmp" + std::to_string(::getpid()));
}

TEST(Files, OpenToReadKeepsOnlyARegularFile) {
  const testing::TempDir dir("taquin_files");
  const std::string path = dir / "a.txt";
  std::ofstream(path) << "12345";
  {
    ReadFile file = open_to_read(path);
    EXPECT_EQ(file.problem, OpenProblem::None);
    EXPECT_GE(file.fd.get(), 0);
    EXPECT_EQ(file.size, 5u);
    Expected<std::string> text = read_all(file.fd.get(), path, 100, file.size);
    ASSERT_TRUE(text.ok()) << text.error().describe();
    EXPECT_EQ(*text, "12345");
  }
  ReadFile missing = open_to_read(dir / "missing");
  EXPECT_EQ(missing.problem, OpenProblem::CannotOpen);
  EXPECT_EQ(missing.error, ENOENT);
  EXPECT_LT(missing.fd.get(), 0);
  ReadFile directory = open_to_read(dir.path().string());
  EXPECT_EQ(directory.problem, OpenProblem::NotRegular);
  EXPECT_STREQ(kind_of(directory.mode), "a directory");
  // A FIFO without a writer: refused at once, not waited on.
  const std::string fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ReadFile pipe = open_to_read(fifo);
  EXPECT_EQ(pipe.problem, OpenProblem::NotRegular);
  EXPECT_STREQ(kind_of(pipe.mode), "a FIFO");
}

TEST(Files, OpenInputErrorsNameTheFile) {
  const testing::TempDir dir("taquin_files");
  const std::string missing = dir / "missing.txt";
  Expected<ReadFile> file = open_input(missing, source_name(missing), "a board file");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().describe(), missing + ": cannot open: No such file or directory");
  file = open_input(dir.path().string(), dir.path().string(), "a JSON-lines file");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().describe(),
            dir.path().string() +
                ": is a directory, not a JSON-lines file (give a regular file, or '-' for "
                "standard input)");
  EXPECT_EQ(source_name("-"), "<stdin>");
  file = open_input("-", "<stdin>", "a board file");
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(file->fd.get(), STDIN_FILENO);
  EXPECT_FALSE(file->fd.owned());
}

TEST(Files, ReadAllStopsAtItsLimit) {
  const testing::TempDir dir("taquin_files");
  const std::string path = dir / "big.txt";
  std::ofstream(path) << std::string(1000, 'a');
  ReadFile file = open_to_read(path);
  ASSERT_EQ(file.problem, OpenProblem::None);
  Expected<std::string> text = read_all(file.fd.get(), "big", 999);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().describe(), "big: is over the limit of 999 bytes");
}

TEST(Files, FdClosesWhatItOwns) {
  const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  { const Fd owned(fd, true); }
  EXPECT_EQ(::fcntl(fd, F_GETFD), -1);
  const int kept = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(kept, 0);
  {
    Fd owned(kept, true);
    Fd moved = std::move(owned);
    EXPECT_EQ(moved.release(), kept);
  }
  EXPECT_NE(::fcntl(kept, F_GETFD), -1);
  ::close(kept);
}

TEST(Files, PresentAndExistsDifferOnAPathWhoseStatusFails) {
  const testing::TempDir dir("taquin_files");
  fs::create_symlink("loop", dir.path() / "loop");
  EXPECT_TRUE(present(dir / "loop"));  // opened, so that its error is reported
  EXPECT_FALSE(exists(dir / "loop"));  // names no file
  EXPECT_FALSE(present(dir / "nothing"));
  EXPECT_FALSE(exists(dir / "nothing"));
  EXPECT_TRUE(is_directory(dir.path().string()));
  EXPECT_FALSE(is_directory(dir / "loop"));
}

}  // namespace
}  // namespace taquin::files
