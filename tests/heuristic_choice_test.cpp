// Which heuristic serves a board: choose_heuristic, the places searched, built-in catalogues, and
// the CLI's notices and errors when the pattern databases are missing or damaged.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "cli_run.hpp"
#include "core/embedded.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "pdb/builder.hpp"
#include "temp_dir.hpp"

namespace taquin {
namespace {

namespace fs = std::filesystem;

using testing::TempDir;

// Builds the small 3x3 catalogue "small" (two groups) into `dir`.
void build_small(const std::string& dir) {
  auto cat = pdb::parse_catalogue("side 3\n0 1 2\n3 4 5\n", "small.cat", "small");
  ASSERT_TRUE(cat.ok());
  auto written = pdb::build_catalogue(*cat, dir);
  ASSERT_TRUE(written.ok()) << written.error().describe();
}

// Flips one payload byte of `file`: its checksum no longer matches.
void damage(const std::string& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(sizeof(pdb::FileHeader) + 3);
  const char c = static_cast<char>(f.get());
  f.seekp(sizeof(pdb::FileHeader) + 3);
  f.put(static_cast<char>(c ^ 1));
}

HeuristicRequest searching(std::vector<std::string> dirs, std::string default_dir) {
  HeuristicRequest request;
  request.paths.search = std::move(dirs);
  request.paths.default_dir = std::move(default_dir);
  return request;
}

TEST(DefaultPdbDir, TaquinPdbDirThenXdgDataHomeThenHome) {
  EXPECT_EQ(pdb::default_pdb_dir("/p", "/x", "/h"), "/p");
  EXPECT_EQ(pdb::default_pdb_dir(nullptr, "/x", "/h"), "/x/taquin");
  EXPECT_EQ(pdb::default_pdb_dir("", "/x", "/h"), "/x/taquin");
  EXPECT_EQ(pdb::default_pdb_dir(nullptr, nullptr, "/h"), "/h/.local/share/taquin");
  EXPECT_EQ(pdb::default_pdb_dir("", "", "/h"), "/h/.local/share/taquin");
  EXPECT_EQ(pdb::default_pdb_dir(nullptr, nullptr, nullptr), "");
}

TEST(BuiltinCatalogues, EmbeddedTextIsTheSourceTreesAndBuildsByName) {
  ASSERT_EQ(pdb::builtin_catalogues(),
            (std::vector<std::string>{"7-8", "7-8-centre", "7-8-edge", "6-6-3", "5-5-5", "7-8-max",
                                      "6-6-6-6-max", "6-6-6-6", "6x6-5", "6x6-5-centre", "7x7-5",
                                      "7x7-5-centre"}));
  for (const std::string& stem : pdb::builtin_catalogues()) {
    std::stringstream file;
    file << std::ifstream(std::string(TAQUIN_SOURCE_DIR) + "/pdb/" + stem + ".cat").rdbuf();
    EXPECT_EQ(embedded::find_catalogue(stem), file.str()) << stem;
    for (const std::string& name : {stem, stem + ".cat"}) {
      Expected<pdb::Catalogue> cat = pdb::builtin_catalogue(name);
      ASSERT_TRUE(cat.ok()) << cat.error().describe();
      EXPECT_EQ(cat->stem, stem);
      EXPECT_TRUE(pdb::is_builtin(*cat));
    }
  }
  // Instance sets and catalogues do not share names.
  EXPECT_FALSE(embedded::find("7-8").has_value());
  EXPECT_FALSE(embedded::find_catalogue("korf100").has_value());
  Expected<pdb::Catalogue> unknown = pdb::find_catalogue("7-9");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().describe(),
            "7-9: no such catalogue file, nor a built-in catalogue (built in: 7-8, 7-8-centre, "
            "7-8-edge, 6-6-3, 5-5-5, 7-8-max, 6-6-6-6-max, 6-6-6-6, 6x6-5, 6x6-5-centre, 7x7-5, "
            "7x7-5-centre)");
  // A path is a file, never a name.
  Expected<pdb::Catalogue> path = pdb::find_catalogue("./7-8.cat");
  ASSERT_FALSE(path.ok());
  EXPECT_NE(path.error().message.find("cannot open the catalogue"), std::string::npos);
}

TEST(BuiltinCatalogues, BuildCommandNamesTheOutputOnlyWhenNeeded) {
  Expected<pdb::Catalogue> builtin = pdb::builtin_catalogue("7-8");
  ASSERT_TRUE(builtin.ok());
  EXPECT_EQ(pdb::build_command(*builtin, "/d/", "/d"), "taquin pdb build 7-8");
  EXPECT_EQ(pdb::build_command(*builtin, "pdb", "/d"), "taquin pdb build 7-8 -o pdb");
  EXPECT_EQ(pdb::build_command(*builtin, "pdb", ""), "taquin pdb build 7-8 -o pdb");
  Expected<pdb::Catalogue> file = pdb::parse_catalogue("side 3\n0 1\n", "x/my.cat", "my");
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(pdb::build_command(*file, "x", "/d"), "taquin pdb build x/my.cat");
  EXPECT_EQ(pdb::build_command(*file, "/d", "/d"), "taquin pdb build x/my.cat -o /d");
}

TEST(ChooseHeuristic, AskedHeuristicIsUsedAsIs) {
  TempDir dir{"taquin_choice"};
  build_small(dir.path().string());
  HeuristicRequest request = searching({dir.path().string()}, "");
  request.asked = HeuristicKind::Manhattan;
  Expected<HeuristicChoice> choice = choose_heuristic(Goal::standard(3), request);
  ASSERT_TRUE(choice.ok()) << choice.error().describe();
  EXPECT_EQ(choice->kind, HeuristicKind::Manhattan);
  EXPECT_EQ(choice->databases, nullptr);
  EXPECT_EQ(choice->notice, "");
  EXPECT_EQ(choice->label(), "manhattan");
}

TEST(ChooseHeuristic, DefaultTakesTheFirstDirectoryThatServesTheGoal) {
  TempDir dir{"taquin_choice"};
  const std::string empty = dir / "empty", full = dir / "full";
  fs::create_directories(empty);
  build_small(full);
  const HeuristicRequest request = searching({dir / "absent", empty, full}, "");
  Expected<HeuristicChoice> choice = choose_heuristic(Goal::standard(3), request);
  ASSERT_TRUE(choice.ok()) << choice.error().describe();
  EXPECT_EQ(choice->kind, HeuristicKind::Pdb);
  ASSERT_NE(choice->databases, nullptr);
  EXPECT_EQ(choice->databases->dir, full);
  EXPECT_EQ(choice->label(), "pdb small");
  EXPECT_EQ(choice->notice, "");
  // The small catalogue leaves the blank on cell 8: zero-first (blank on 0) is served by a
  // symmetry; a goal with the blank on an edge cell is not, and 3x3 has no built-in catalogue,
  // so linear conflict is the strongest there, without a notice.
  EXPECT_EQ(choose_heuristic(Goal::zero_first(3), request)->kind, HeuristicKind::Pdb);
  const std::vector<Tile> edge = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  Expected<HeuristicChoice> other = choose_heuristic(Goal::custom(3, edge, "edge"), request);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->kind, HeuristicKind::Linear);
  EXPECT_EQ(other->notice, "");
}

TEST(ChooseHeuristic, MissingDatabasesGiveLinearAndABuildCommandForTheGoal) {
  TempDir dir{"taquin_choice"};
  const std::string home = dir / "share";
  const HeuristicRequest request = searching({"pdb", home}, home);
  Expected<HeuristicChoice> standard = choose_heuristic(Goal::standard(4), request);
  ASSERT_TRUE(standard.ok());
  EXPECT_EQ(standard->kind, HeuristicKind::Linear);
  EXPECT_EQ(standard->notice,
            "using linear conflict, not pattern databases: no pattern database for 4x4 goal "
            "standard in pdb or " +
                home + "; build one with `taquin pdb build 7-8`");
  Expected<HeuristicChoice> snail = choose_heuristic(Goal::snail(4), request);
  ASSERT_TRUE(snail.ok());
  EXPECT_NE(snail->notice.find("build one with `taquin pdb build 7-8-centre`"), std::string::npos)
      << snail->notice;
  // Without a default directory the command names one that is searched.
  Expected<HeuristicChoice> no_home = choose_heuristic(Goal::standard(4), searching({"pdb"}, ""));
  ASSERT_TRUE(no_home.ok());
  EXPECT_NE(no_home->notice.find("`taquin pdb build 7-8 -o pdb`"), std::string::npos);
  // Asked for, they must load.
  HeuristicRequest asked = request;
  asked.asked = HeuristicKind::Pdb;
  Expected<HeuristicChoice> refused = choose_heuristic(Goal::standard(4), asked);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().describe(), "no pattern database for 4x4 goal standard in pdb or " +
                                            home + "; build one with `taquin pdb build 7-8`");
}

TEST(ChooseHeuristic, DamagedDatabaseGivesLinearWithTheRebuildCommand) {
  TempDir dir{"taquin_choice"};
  build_small(dir.path().string());
  damage(dir / "small.2.pdb");
  HeuristicRequest request = searching({dir.path().string()}, "");
  Expected<HeuristicChoice> choice = choose_heuristic(Goal::standard(3), request);
  ASSERT_TRUE(choice.ok());
  EXPECT_EQ(choice->kind, HeuristicKind::Linear);
  EXPECT_EQ(choice->notice, "using linear conflict, not pattern databases: " + dir / "small.2.pdb" +
                                ": corrupted payload (checksum mismatch); rebuild it with "
                                "`taquin pdb build " +
                                dir / "small.cat" + "`");
  request.asked = HeuristicKind::Pdb;
  EXPECT_FALSE(choose_heuristic(Goal::standard(3), request).ok());
  // A build is not a repair: the damaged file is reported, not rebuilt.
  request.build = true;
  bool built = false;
  request.building = [&](const pdb::Catalogue&, const std::string&) { built = true; };
  EXPECT_FALSE(choose_heuristic(Goal::standard(3), request).ok());
  EXPECT_FALSE(built);
}

TEST(ChooseHeuristic, MissingLocationIsAnErrorWhateverTheHeuristic) {
  TempDir dir{"taquin_choice"};
  for (std::optional<HeuristicKind> asked :
       {std::optional<HeuristicKind>(), std::optional(HeuristicKind::Linear)}) {
    HeuristicRequest request;
    request.asked = asked;
    request.paths.location = dir / "nowhere";
    Expected<HeuristicChoice> choice = choose_heuristic(Goal::standard(4), request);
    ASSERT_FALSE(choice.ok());
    EXPECT_EQ(choice.error().describe(), dir / "nowhere" + ": no such catalogue or directory");
  }
}

TEST(ChooseHeuristic, BuildMakesTheNamedCatalogueOnce) {
  TempDir dir{"taquin_choice"};
  std::ofstream(dir / "pair.cat") << "side 3\n0 1\n2 5\n3 4 6 7\n";
  HeuristicRequest request;
  request.paths.location = dir / "pair.cat";
  request.build = true;
  int builds = 0;
  request.building = [&](const pdb::Catalogue& catalogue, const std::string& out) {
    ++builds;
    EXPECT_EQ(catalogue.stem, "pair");
    EXPECT_EQ(out, dir.path().string());
  };
  for (int run = 0; run < 2; ++run) {
    Expected<HeuristicChoice> choice = choose_heuristic(Goal::standard(3), request);
    ASSERT_TRUE(choice.ok()) << choice.error().describe();
    EXPECT_EQ(choice->label(), "pdb pair");
  }
  EXPECT_EQ(builds, 1);
}

// The CLI, run in a scratch directory with its own HOME and no other database directory.
class ChoiceCli : public ::testing::Test {
 protected:
  void SetUp() override {
    old_cwd_ = fs::current_path();
    for (const char* name : {"HOME", "XDG_DATA_HOME", "TAQUIN_PDB_DIR"})
      if (const char* value = std::getenv(name)) saved_.emplace_back(name, value);
    fs::create_directories(dir_ / "home");
    fs::current_path(dir_.path());
    ::setenv("HOME", (dir_ / "home").c_str(), 1);
    ::unsetenv("XDG_DATA_HOME");
    ::unsetenv("TAQUIN_PDB_DIR");
  }
  void TearDown() override {
    fs::current_path(old_cwd_);
    for (const char* name : {"HOME", "XDG_DATA_HOME", "TAQUIN_PDB_DIR"}) ::unsetenv(name);
    for (const auto& [name, value] : saved_) ::setenv(name.c_str(), value.c_str(), 1);
  }
  std::string share() const { return dir_ / "home/.local/share/taquin"; }

  TempDir dir_{"taquin_choice"};
  fs::path old_cwd_;
  std::vector<std::pair<std::string, std::string>> saved_;
};

// A 4x4 board 10 moves from the standard goal.
const char* const kBoard = "--board \"1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15\"";

TEST_F(ChoiceCli, NoDatabaseSaysWhatIsUsedAndHowToBuildIt) {
  auto run = testing::run_taquin(std::string("solve --format json ") + kBoard);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err,
            "taquin: using linear conflict, not pattern databases: no pattern database for 4x4 "
            "goal standard in pdb or " +
                share() + "; build one with `taquin pdb build 7-8`\n");
  EXPECT_NE(run.out.find("\"heuristic\":\"linear\""), std::string::npos) << run.out;
  // One line per goal, not per board; none when a heuristic is asked for or on 3x3.
  auto two = testing::run_taquin(std::string("solve --format json ") + kBoard,
                                 "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n");
  EXPECT_EQ(testing::count_lines(two.err), 1) << two.err;
  EXPECT_EQ(testing::run_taquin(std::string("solve --heuristic linear ") + kBoard).err, "");
  EXPECT_EQ(testing::run_taquin("solve --board \"1 2 3 4 5 6 0 7 8\"").err, "");
  auto bench = testing::run_taquin("bench --set hardest8 --count 1");
  EXPECT_EQ(bench.err, "");
  auto korf = testing::run_taquin("bench --set korf100 --count 1 --threads 1");
  EXPECT_EQ(korf.status, 0);
  EXPECT_NE(korf.err.find("goal zero-first in pdb or " + share() +
                          "; build one with `taquin pdb build 7-8`"),
            std::string::npos)
      << korf.err;
  auto pdb = testing::run_taquin(std::string("solve --heuristic pdb ") + kBoard);
  EXPECT_EQ(pdb.status, 2);
  EXPECT_EQ(testing::count_lines(pdb.err), 1) << pdb.err;
}

TEST_F(ChoiceCli, MissingPdbPathExitsTwo) {
  for (const char* heuristic : {"", "--heuristic linear ", "--heuristic pdb "}) {
    auto run = testing::run_taquin(std::string("solve ") + heuristic + "--pdb nowhere " + kBoard);
    EXPECT_EQ(run.status, 2) << heuristic;
    EXPECT_EQ(run.err, "taquin: --pdb: 'nowhere': no such catalogue or directory\n") << heuristic;
    EXPECT_EQ(run.out, "");
  }
  auto bench = testing::run_taquin("bench --set korf100 --count 1 --pdb nowhere");
  EXPECT_EQ(bench.status, 2);
  EXPECT_EQ(bench.err, "taquin: --pdb: 'nowhere': no such catalogue or directory\n");
}

TEST_F(ChoiceCli, BuiltByNameFromAnyDirectoryThenFoundThere) {
  auto build = testing::run_taquin("pdb build 5-5-5 --threads 2");
  ASSERT_EQ(build.status, 0) << build.err;
  EXPECT_EQ(build.out, share() + "/5-5-5.1.pdb\n" + share() + "/5-5-5.2.pdb\n" + share() +
                           "/5-5-5.3.pdb\n" + share() + "/5-5-5.cat\n");
  auto solve = testing::run_taquin(std::string("solve --format json ") + kBoard);
  EXPECT_EQ(solve.status, 0);
  EXPECT_EQ(solve.err, "");
  EXPECT_NE(solve.out.find("\"heuristic\":\"pdb"), std::string::npos) << solve.out;
  auto bench = testing::run_taquin("bench --set korf100 --count 1 --threads 1");
  EXPECT_EQ(bench.status, 0) << bench.err;
  EXPECT_NE(bench.out.find("heuristic: pdb 5-5-5"), std::string::npos) << bench.out;
  // ./pdb is searched first: a damaged copy there is reported (and linear used), not skipped.
  fs::create_directories("pdb");
  for (const auto& entry : fs::directory_iterator(share()))
    fs::copy_file(entry.path(), fs::path("pdb") / entry.path().filename());
  damage("pdb/5-5-5.3.pdb");
  auto damaged = testing::run_taquin(std::string("solve --format json ") + kBoard);
  EXPECT_EQ(damaged.status, 0);
  EXPECT_EQ(damaged.err,
            "taquin: using linear conflict, not pattern databases: pdb/5-5-5.3.pdb: corrupted "
            "payload (checksum mismatch); rebuild it with `taquin pdb build pdb/5-5-5.cat`\n");
  EXPECT_NE(damaged.out.find("\"heuristic\":\"linear\""), std::string::npos);
  // The advice works where it is printed.
  auto rebuilt = testing::run_taquin("pdb build pdb/5-5-5.cat --threads 2");
  EXPECT_EQ(rebuilt.status, 0) << rebuilt.err;
  EXPECT_EQ(testing::run_taquin(std::string("solve ") + kBoard).err, "");
}

TEST_F(ChoiceCli, DefaultDirectoryFollowsTheEnvironment) {
  ::setenv("XDG_DATA_HOME", (dir_ / "xdg").c_str(), 1);
  auto xdg = testing::run_taquin("pdb build 5-5-5 --threads 2");
  EXPECT_EQ(xdg.status, 0) << xdg.err;
  EXPECT_TRUE(fs::exists(dir_ / "xdg/taquin/5-5-5.1.pdb"));
  ::setenv("TAQUIN_PDB_DIR", (dir_ / "mine").c_str(), 1);
  auto mine = testing::run_taquin(std::string("solve ") + kBoard);
  EXPECT_NE(mine.err.find("in pdb or " + dir_ / "mine" + ";"), std::string::npos) << mine.err;
  auto unknown = testing::run_taquin("pdb build 5-5-6");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err,
            "taquin: 5-5-6: no such catalogue file, nor a built-in catalogue (built in: 7-8, "
            "7-8-centre, 7-8-edge, 6-6-3, 5-5-5, 7-8-max, 6-6-6-6-max, 6-6-6-6, 6x6-5, "
            "6x6-5-centre, 7x7-5, 7x7-5-centre)\n");
}

}  // namespace
}  // namespace taquin
