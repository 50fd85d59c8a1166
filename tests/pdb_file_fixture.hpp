// The pattern-database file tests' fixture: a small 3x3 catalogue built into a scratch directory,
// and readers of its first table's bytes and errors.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pdb/builder.hpp"
#include "pdb/catalogue.hpp"
#include "pdb/table.hpp"
#include "temp_dir.hpp"

namespace taquin::pdb::file_test {

namespace fs = std::filesystem;

namespace fs = std::filesystem;

class PdbFile : public ::testing::Test {
 protected:
  void SetUp() override {
    // Every cell but the blank's in a group, as `taquin pdb build` wants.
    auto cat =
        parse_catalogue("side 3\n0 1 2\n3 4 5\n6 7\n", (dir_ / "small.cat").string(), "small");
    ASSERT_TRUE(cat.ok());
    catalogue_ = *cat;
    std::ofstream(dir_ / "small.cat") << catalogue_.text;
    auto written = build_catalogue(catalogue_, dir_.string());
    ASSERT_TRUE(written.ok()) << written.error().describe();
    path_ = (dir_ / "small.1.pdb").string();
  }

  std::string bytes() const {
    std::stringstream s;
    s << std::ifstream(path_, std::ios::binary).rdbuf();
    return s.str();
  }
  void put(const std::string& data) const { std::ofstream(path_, std::ios::binary) << data; }
  // The error opening the damaged file (empty if it opened).
  std::string open_error() const {
    auto t = Table::open(path_);
    return t.ok() ? std::string() : t.error().describe();
  }
  // The error reading only the damaged file's header (empty if it was accepted).
  std::string header_error() const {
    auto h = read_header(path_);
    return h.ok() ? std::string() : h.error().describe();
  }

  testing::TempDir scratch_{"taquin_pdb_file"};
  const fs::path& dir_ = scratch_.path();
  Catalogue catalogue_;
  std::string path_;
};

}  // namespace taquin::pdb::file_test
