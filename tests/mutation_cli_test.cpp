// CLI mutation test: random mutations of valid board and database files (a fixed seed, so the
// same cases every run) never crash taquin: the status is 0, 1 or 2, never a signal, and a status
// of 2 comes with exactly one line on stderr.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin::testing {
namespace {

// One random edit of `text`: a byte changed, inserted, deleted or duplicated, a line repeated or
// dropped, a number changed.
std::string mutate(std::string text, std::mt19937_64& random) {
  const auto below = [&](size_t n) { return n == 0 ? size_t{0} : random() % n; };
  static const std::string kBytes = std::string("0123456789 \n\t#-+,.xX\r\xff") + '\0';
  const size_t at = below(text.size());
  switch (random() % 7) {
    case 0:
      if (!text.empty()) text[at] = kBytes[below(kBytes.size())];
      break;
    case 1:
      text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), kBytes[below(kBytes.size())]);
      break;
    case 2:
      if (!text.empty()) text.erase(at, 1 + below(8));
      break;
    case 3:
      text.insert(at, text.substr(below(text.size()), below(32)));
      break;
    case 4: {  // a line repeated
      const size_t start = text.rfind('\n', at), end = text.find('\n', at);
      const size_t from = start == std::string::npos ? 0 : start + 1;
      text.insert(from,
                  text.substr(from, end == std::string::npos ? std::string::npos : end - from + 1));
      break;
    }
    case 5:  // cut short
      text.resize(at);
      break;
    default:  // a number made large
      text.insert(at, std::to_string(random() % 100000));
  }
  return text;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Checks one run: no signal, a status taquin documents, one stderr line with status 2.
void expect_behaved(const CliRun& run, const std::string& what, const std::string& input) {
  EXPECT_TRUE(run.status == 0 || run.status == 1 || run.status == 2)
      << what << " exited " << run.status << " on:\n"
      << input << "\nstderr: " << run.err;
  if (run.status == 2) {
    EXPECT_EQ(lines_of(run.err).size(), 1u) << what << " on:\n" << input << "\nstderr: " << run.err;
  }
}

TEST(MutationCli, MutatedBoardFilesNeverCrash) {
  const std::vector<std::string> valid = {
      "3\n1 2 3\n4 5 6\n7 0 8\n", "# optimal 31\n8 6 7 2 5 4 3 0 1\n6 4 7 8 5 0 3 2 1\n",
      "# a batch\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 "
      "14 0 15\n",
      "2\n1 2\n0 3\n"};
  std::mt19937_64 random(20261125);
  for (int i = 0; i < 120; ++i) {
    std::string text = valid[static_cast<size_t>(i) % valid.size()];
    for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits)
      text = mutate(text, random);
    const std::string file = temp_file("mutated" + std::to_string(i) + ".txt", text);
    expect_behaved(run_taquin("check --strict " + file), "check", text);
    expect_behaved(run_taquin("solve --strict -H linear -j 1 --max-nodes 20000 " + file), "solve",
                   text);
  }
}

TEST(MutationCli, MutatedDatabaseFilesNeverCrash) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("taquin_mutation_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string catalogue = temp_file("small.cat", "side 3\nblank 8\n0 1 2\n3 4 5 6 7\n");
  ASSERT_EQ(run_taquin("pdb build " + catalogue + " -o " + dir.string()).status, 0);
  const std::string table = read_file(dir / "small.1.pdb");
  ASSERT_FALSE(table.empty());
  std::mt19937_64 random(7);
  for (int i = 0; i < 60; ++i) {
    std::string bytes = table;
    for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits)
      bytes = mutate(bytes, random);
    const std::filesystem::path file = dir / ("mutated" + std::to_string(i) + ".pdb");
    std::ofstream(file, std::ios::binary) << bytes;
    expect_behaved(run_taquin("pdb info " + file.string()), "pdb info", "(table bytes)");
    expect_behaved(run_taquin("pdb verify " + file.string()), "pdb verify", "(table bytes)");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace taquin::testing
