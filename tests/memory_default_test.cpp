// The default memory budget computed from given limits (RLIMIT_AS, RLIMIT_DATA, cgroup v1 and v2
// files), without changing this process's own: runs under every sanitizer.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/memory_size.hpp"
#include "temp_dir.hpp"

namespace taquin::cli {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kGiB = uint64_t{1} << 30;

// A directory laid out like /sys/fs/cgroup, removed at the end of the test.
class CgroupRoot : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(root_ / "memory"); }
  void v2(const std::string& text) const { std::ofstream(root_ / "memory.max") << text; }
  void v1(const std::string& text) const {
    std::ofstream(root_ / "memory" / "memory.limit_in_bytes") << text;
  }
  MemoryFacts facts(uint64_t physical = 16 * kGiB, rlim_t as = RLIM_INFINITY,
                    rlim_t data = RLIM_INFINITY) const {
    return memory_facts(physical, as, data, root_.string());
  }
  testing::TempDir scratch_{"taquin_cgroup"};
  const fs::path& root_ = scratch_.path();
};

TEST(MemoryDefault, CgroupTextIsANumberOrNoLimit) {
  EXPECT_EQ(parse_cgroup_limit("1073741824\n"), kGiB);
  EXPECT_EQ(parse_cgroup_limit("4096"), 4096u);
  EXPECT_EQ(parse_cgroup_limit("max\n"), 0u);
  EXPECT_EQ(parse_cgroup_limit(""), 0u);
  EXPECT_EQ(parse_cgroup_limit("9223372036854771712\n"), 0u);  // cgroup v1's "no limit"
  // Malformed texts set no limit (an earlier reader took "12abc" for 12 bytes).
  for (const char* bad : {"12abc\n", "-1\n", "0x100000\n", " 4096", "1e9", "4096 4096",
                          "99999999999999999999999\n", "\n"})
    EXPECT_EQ(parse_cgroup_limit(bad), 0u) << bad;
}

TEST(MemoryDefault, NoLimitAtAllGivesOneGiB) {
  EXPECT_EQ(default_memory_limit(MemoryFacts{}), kGiB);
}

TEST(MemoryDefault, HalfOfTheLeastLimit) {
  EXPECT_EQ(default_memory_limit({16 * kGiB, 0, 0, 0}), 8 * kGiB);
  EXPECT_EQ(default_memory_limit({16 * kGiB, 300000 * uint64_t{1024}, 0, 0}),
            150000 * uint64_t{1024});
  EXPECT_EQ(default_memory_limit({16 * kGiB, 4 * kGiB, 2 * kGiB, 3 * kGiB}), kGiB);
  EXPECT_EQ(default_memory_limit({0, 0, 0, 6 * kGiB}), 3 * kGiB);
  EXPECT_EQ(default_memory_limit({0, 0, 1000, 0}), 1024u);  // never below 1 KiB
}

TEST_F(CgroupRoot, ResourceLimitsAreTakenAsGiven) {
  const MemoryFacts none = facts();
  EXPECT_EQ(none.address_space, 0u);
  EXPECT_EQ(none.data, 0u);
  EXPECT_EQ(none.cgroup, 0u);  // no cgroup file at all
  EXPECT_EQ(default_memory_limit(none), 8 * kGiB);
  const MemoryFacts limited = facts(16 * kGiB, 300000 * 1024, 2 * kGiB);
  EXPECT_EQ(limited.address_space, 300000u * 1024);
  EXPECT_EQ(limited.data, 2 * kGiB);
  EXPECT_EQ(default_memory_limit(limited), 150000u * 1024);
}

TEST_F(CgroupRoot, CgroupV2LimitIsRead) {
  v2("2147483648\n");
  EXPECT_EQ(facts().cgroup, 2 * kGiB);
  EXPECT_EQ(default_memory_limit(facts()), kGiB);
  v2("max\n");
  EXPECT_EQ(facts().cgroup, 0u);
  EXPECT_EQ(default_memory_limit(facts()), 8 * kGiB);
}

TEST_F(CgroupRoot, CgroupV1LimitIsReadWhenV2SetsNone) {
  v1("1073741824\n");
  EXPECT_EQ(facts().cgroup, kGiB);
  v2("max\n");  // a v2 file without a limit leaves v1's
  EXPECT_EQ(facts().cgroup, kGiB);
  v2("536870912\n");
  EXPECT_EQ(facts().cgroup, kGiB / 2);
  v2("");
  v1("9223372036854771712\n");  // v1 without a limit
  EXPECT_EQ(facts().cgroup, 0u);
  EXPECT_EQ(default_memory_limit(facts(0)), kGiB);
}

TEST_F(CgroupRoot, MalformedCgroupFilesSetNoLimit) {
  v2("12abc\n");
  v1("garbage");
  EXPECT_EQ(facts().cgroup, 0u);
  EXPECT_EQ(default_memory_limit(facts()), 8 * kGiB);
  v2("-1\n");
  EXPECT_EQ(facts().cgroup, 0u);
}

}  // namespace
}  // namespace taquin::cli
