// Tests of the shape pattern databases on disk (shape/pdb_file.hpp) and of their cache
// (shape/pdb_cache.hpp): a round trip, each damage refused with its reason, a bad file rebuilt.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "shape/partition.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/pdb_file.hpp"

namespace taquin::shape {
namespace {

namespace fs = std::filesystem;

class ShapePdbFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("taquin-shape-pdb-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string bytes(const fs::path& path) const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void write(const fs::path& path, const std::string& content) const {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
  }

  // The error of loading `path` for `p`, "" when it loads.
  static std::string load_error(const fs::path& path, const Partition& p) {
    auto pdb = load_shape_pdb(path.string(), p);
    return pdb ? "" : pdb.error().describe();
  }

  fs::path dir_;
};

const Partition kThreeByThree{3, 3, 8, {{0, 1, 2, 3}, {4, 5, 6, 7}}, true};

TEST_F(ShapePdbFile, RoundTripKeepsEveryTable) {
  for (bool per_cell : {false, true}) {
    Partition p = kThreeByThree;
    p.per_blank_cell = per_cell;
    auto built = ShapePdb::build(p);
    ASSERT_TRUE(built.ok());
    const fs::path path = dir_ / shape_pdb_file_name(p);
    ASSERT_FALSE(save_shape_pdb(path.string(), *built).has_value());
    auto loaded = load_shape_pdb(path.string(), p);
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    ASSERT_EQ(loaded->groups(), built->groups());
    for (int g = 0; g < built->groups(); ++g) EXPECT_EQ(loaded->table(g), built->table(g));
    EXPECT_EQ(loaded->partition().per_blank_cell, per_cell);
  }
  Partition plain = kThreeByThree;
  plain.per_blank_cell = false;
  EXPECT_NE(shape_pdb_file_name(plain), shape_pdb_file_name(kThreeByThree));
}

TEST_F(ShapePdbFile, DamagedFilesAreRefusedWithTheirReason) {
  auto built = ShapePdb::build(kThreeByThree);
  ASSERT_TRUE(built.ok());
  const fs::path path = dir_ / "t.spdb";
  ASSERT_FALSE(save_shape_pdb(path.string(), *built).has_value());
  const std::string good = bytes(path);
  ASSERT_EQ(load_error(path, kThreeByThree), "");

  std::string flipped = good;
  flipped[good.size() - 100] ^= 1;
  write(path, flipped);
  EXPECT_NE(load_error(path, kThreeByThree).find("checksum"), std::string::npos);

  write(path, good.substr(0, good.size() - 1));
  EXPECT_NE(load_error(path, kThreeByThree).find("truncated"), std::string::npos);

  write(path, good + "x");
  EXPECT_NE(load_error(path, kThreeByThree).find("past its tables"), std::string::npos);

  write(path, "TQSHPDB\n");
  EXPECT_NE(load_error(path, kThreeByThree).find("version"), std::string::npos);

  write(path, "not a database at all");
  EXPECT_NE(load_error(path, kThreeByThree).find("not a shape database"), std::string::npos);

  write(path, good);
  Partition other = kThreeByThree;
  std::swap(other.groups[0][0], other.groups[1][0]);
  EXPECT_NE(load_error(path, other).find("another partition"), std::string::npos);

  EXPECT_NE(load_error(dir_ / "absent.spdb", kThreeByThree).find("cannot read"), std::string::npos);
}

TEST_F(ShapePdbFile, CacheWritesThenReadsAndRebuildsADamagedFile) {
  const char* before = std::getenv("TAQUIN_PDB_DIR");
  const std::string saved = before ? before : "";
  ::setenv("TAQUIN_PDB_DIR", dir_.c_str(), 1);
  EXPECT_EQ(shape_pdb_cache_dir(), dir_.string());
  // 2x3 with the blank's goal on cell 1: a key no other test of this binary asks for.
  auto partition = default_partition(2, 3, 1);
  ASSERT_TRUE(partition.ok());
  const fs::path path = dir_ / shape_pdb_file_name(*partition);
  write(path, "damaged");
  auto pdb = shared_default_pdb(2, 3, 1);
  ASSERT_TRUE(pdb.ok());
  // The damaged file was replaced by the build, which reads back whole.
  auto reread = load_shape_pdb(path.string(), *partition);
  ASSERT_TRUE(reread.ok()) << reread.error().describe();
  EXPECT_EQ(reread->table(0), (*pdb)->table(0));
  // A directory that does not exist is no cache and is not created.
  ::setenv("TAQUIN_PDB_DIR", (dir_ / "absent").c_str(), 1);
  EXPECT_EQ(shape_pdb_cache_dir(), "");
  if (before)
    ::setenv("TAQUIN_PDB_DIR", saved.c_str(), 1);
  else
    ::unsetenv("TAQUIN_PDB_DIR");
}

}  // namespace
}  // namespace taquin::shape
