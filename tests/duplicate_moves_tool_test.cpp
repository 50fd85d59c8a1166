// The duplicate-move generator (tests/generate_duplicate_moves.cpp) reproduces the shipped
// src/search/duplicate_moves.inc and duplicate_moves_14.inc byte for byte.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "temp_dir.hpp"

namespace taquin {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs the generator for `length` into a temporary file and compares it with the shipped `file`.
void expect_generator_reproduces(const std::string& length, const std::string& file) {
  const testing::TempDir dir("taquin_duplicate_moves");
  const std::string out = dir / file;
  const testing::CliRun run = testing::run_program(TAQUIN_GENERATOR, length + " " + out);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  const std::string shipped = read_file(std::string(TAQUIN_SOURCE_DIR) + "/src/search/" + file);
  ASSERT_FALSE(shipped.empty()) << file;
  // (Compared as booleans: a mismatch would otherwise print two files of thousands of lines.)
  EXPECT_TRUE(read_file(out) == shipped)
      << "to regenerate: build/tests/generate_duplicate_moves " << length << " src/search/" << file;
}

TEST(DuplicateMovesTool, ReproducesTheTwelveMoveFile) {
  expect_generator_reproduces("12", "duplicate_moves.inc");
}

// Labelled `slow` in tests/CMakeLists.txt.
TEST(DuplicateMovesTool, ReproducesTheFourteenMoveFile) {
  if (!std::getenv("TAQUIN_SLOW_TESTS"))
    GTEST_SKIP() << "finding the 14-move strings takes a minute or two: set TAQUIN_SLOW_TESTS=1";
  expect_generator_reproduces("14", "duplicate_moves_14.inc");
}

TEST(DuplicateMovesTool, RefusesAnotherLengthAndWritesNothing) {
  const testing::TempDir dir("taquin_duplicate_moves");
  const testing::CliRun run = testing::run_program(TAQUIN_GENERATOR, "13 " + (dir / "out.inc"));
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "usage: generate_duplicate_moves 12|14 FILE\n");
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace
}  // namespace taquin
