// What an output path may be (docs/output.md, "Output files"): a regular file or nothing is
// written whole through a temporary file; a symbolic link is followed; a device, FIFO or socket is
// written to directly, never replaced by a file; a directory is refused. For the pictures
// (--svg, --animate, --gif) and the files of `pdb build` (tables, the catalogue's copy).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "temp_dir.hpp"

namespace taquin::testing {
namespace {

namespace fs = std::filesystem;

// One thread: the same solution, hence the same picture bytes, every run.
const std::string kBoard = "--board '8 6 7 2 5 4 3 0 1' -j 1";
const char* const kPictureOptions[] = {"--svg", "--animate", "--gif"};

std::string read_file(const std::string& path) {
  std::stringstream bytes;
  bytes << std::ifstream(path, std::ios::binary).rdbuf();
  return bytes.str();
}

// The bytes a picture option writes for kBoard into a regular file.
std::string regular_bytes(const TempDir& dir, const std::string& option) {
  const std::string path = dir / ("regular" + option.substr(2));
  const CliRun run = run_taquin("solve " + kBoard + " " + option + " " + path);
  EXPECT_EQ(run.status, 0) << run.err;
  return read_file(path);
}

// A temporary file of the run left beside `path`'s directory entries.
bool leaves_temporary(const TempDir& dir) {
  for (const auto& entry : fs::directory_iterator(dir.path()))
    if (entry.path().filename().string().find(".tmp") != std::string::npos) return true;
  return false;
}

TEST(OutputTargetsCli, RegularFileIsReplacedWhole) {
  TempDir dir("taquin_targets");
  for (const std::string option : kPictureOptions) {
    const std::string path = dir / ("old" + option.substr(2));
    std::ofstream(path) << "old contents";
    const CliRun run = run_taquin("solve " + kBoard + " " + option + " " + path);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(read_file(path) == regular_bytes(dir, option)) << option;
  }
  EXPECT_FALSE(leaves_temporary(dir));
}

// A symbolic link is followed: its target is written (created when missing), the link stays.
TEST(OutputTargetsCli, SymbolicLinkIsFollowed) {
  TempDir dir("taquin_targets");
  fs::create_directory(dir / "sub");
  for (const std::string option : kPictureOptions) {
    const std::string name = option.substr(2);
    const std::string link = dir / ("link." + name), target = dir / ("sub/target." + name);
    fs::create_symlink("sub/target." + name, link);  // relative, and dangling at first
    for (int round = 0; round < 2; ++round) {        // created, then replaced
      const CliRun run = run_taquin("solve " + kBoard + " " + option + " " + link);
      EXPECT_EQ(run.status, 0) << run.err;
      EXPECT_TRUE(fs::is_symlink(link)) << option << ": the link was replaced";
      EXPECT_TRUE(read_file(target) == regular_bytes(dir, option)) << option << " round " << round;
    }
  }
  EXPECT_FALSE(leaves_temporary(dir));
}

TEST(OutputTargetsCli, DirectoryIsRefused) {
  TempDir dir("taquin_targets");
  for (const std::string option : kPictureOptions) {
    const std::string path = dir / "a_directory";
    fs::create_directories(path);
    const CliRun run = run_taquin("solve " + kBoard + " " + option + " " + path);
    EXPECT_EQ(run.status, 2) << option;
    EXPECT_NE(run.err.find("taquin: " + path + ": cannot write: Is a directory\n"),
              std::string::npos)
        << run.err;
    EXPECT_TRUE(fs::is_directory(path));
    EXPECT_TRUE(fs::is_empty(path));
  }
}

// A FIFO is written to (its reader gets the picture), never replaced by a file.
TEST(OutputTargetsCli, FifoIsWrittenToDirectly) {
  TempDir dir("taquin_targets");
  for (const std::string option : kPictureOptions) {
    const std::string fifo = dir / "pipe", got = dir / "read_from_pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Through the shell, as the fault tests do: a reader of the FIFO in the background.
    const CliRun run =
        run_taquin("--version >/dev/null; { cat " + fifo + " > " + got + " & reader=$!; " +
                   TAQUIN_BINARY + " solve " + kBoard + " " + option + " " + fifo +
                   "; status=$?; wait $reader; exit $status; }");
    EXPECT_EQ(run.status, 0) << option << "\n" << run.err;
    struct stat info {};
    ASSERT_EQ(::lstat(fifo.c_str(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode)) << option << ": the FIFO was replaced";
    EXPECT_TRUE(read_file(got) == regular_bytes(dir, option)) << option;
    fs::remove(fifo);
  }
}

// A character device is written to: the "full" device (1, 7) fails the write with ENOSPC, one
// line naming the file and status 2, and stays a device. Made in the test's directory (mknod
// needs root), so that a taquin that replaces it harms no system file.
TEST(OutputTargetsCli, DeviceIsWrittenToDirectly) {
  TempDir dir("taquin_targets");
  const std::string device = dir / "full";
  if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  for (const std::string option : kPictureOptions) {
    const CliRun run = run_taquin("solve " + kBoard + " " + option + " " + device);
    EXPECT_EQ(run.status, 2) << option << "\n" << run.err;
    EXPECT_NE(run.err.find("taquin: " + device + ": cannot write: No space left on device\n"),
              std::string::npos)
        << option << "\n"
        << run.err;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
    struct stat info {};
    ASSERT_EQ(::lstat(device.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode)) << option << ": the device was replaced by a file";
  }
  // /dev/null takes the bytes and the run succeeds; it stays a device.
  const std::string null_device = dir / "null";
  ASSERT_EQ(::mknod(null_device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  const CliRun run = run_taquin("solve " + kBoard + " --svg " + null_device);
  EXPECT_EQ(run.status, 0) << run.err;
  struct stat info {};
  ASSERT_EQ(::lstat(null_device.c_str(), &info), 0);
  EXPECT_TRUE(S_ISCHR(info.st_mode));
}

// A 3x3 catalogue small enough to build in a moment.
const std::string kSmallCatalogue = "side 3\n0 1 2 3\n4 5 6 7\n";

// pdb build writes its tables and the catalogue's copy by the same rule: through a symbolic link
// (kept), and never over a directory (refused before any table is built).
TEST(OutputTargetsCli, PdbBuildFollowsLinksAndRefusesDirectories) {
  TempDir dir("taquin_targets");
  const std::string catalogue = dir / "small.cat";
  std::ofstream(catalogue) << kSmallCatalogue;
  const std::string out = dir / "out";
  fs::create_directories(out);
  fs::create_directories(dir / "elsewhere");
  fs::create_symlink(dir / "elsewhere/table1.pdb", out + "/small.1.pdb");
  fs::create_symlink(dir / "elsewhere/copy.cat", out + "/small.cat");
  const CliRun build = run_taquin("pdb build " + catalogue + " -o " + out);
  ASSERT_EQ(build.status, 0) << build.err;
  EXPECT_TRUE(fs::is_symlink(out + "/small.1.pdb"));
  EXPECT_TRUE(fs::is_regular_file(dir / "elsewhere/table1.pdb"));
  const CliRun info = run_taquin("pdb verify " + out + "/small.1.pdb");
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_TRUE(fs::is_regular_file(out + "/small.2.pdb"));
  EXPECT_TRUE(fs::is_symlink(out + "/small.cat"));
  EXPECT_EQ(read_file(dir / "elsewhere/copy.cat"), kSmallCatalogue);

  const std::string out2 = dir / "out2";
  fs::create_directories(out2 + "/small.2.pdb");
  const CliRun refused = run_taquin("pdb build " + catalogue + " -o " + out2);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err, "taquin: " + out2 + "/small.2.pdb: cannot write: Is a directory\n");
  EXPECT_FALSE(fs::exists(out2 + "/small.1.pdb")) << "a table was built before the refusal";
  EXPECT_TRUE(fs::is_directory(out2 + "/small.2.pdb"));
}

}  // namespace
}  // namespace taquin::testing
