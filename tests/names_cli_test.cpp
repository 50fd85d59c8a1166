// CLI tests of file names that hold newlines, control characters or bytes that are not UTF-8:
// errors stay one line, JSON stays valid.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"

namespace taquin::testing {
namespace {

// A file under a fresh directory whose name is `name` (any bytes but '/' and NUL).
std::string file_named(const std::string& name, const std::string& content) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("taquin_names_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / name;
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// True when `text` is well-formed UTF-8 with no control character but the final newlines.
bool is_clean_utf8_line(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n' && i + 1 == text.size()) return true;
    if (c < 0x20 || c == 0x7F) return false;
    const size_t length = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

TEST(NamesCli, ErrorsNamingAnOddFileStayOneLine) {
  for (const std::string& name : {std::string("two\nlines.txt"), std::string("bell\a\x1b[31m.txt"),
                                  std::string("latin1-\xe9t\xe9.txt")}) {
    const std::string bad = file_named(name, "1 2 3\n");
    const CliRun run = run_taquin("solve '" + bad + "'");
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(lines_of(run.err).size(), 1u) << run.err;
    EXPECT_TRUE(is_clean_utf8_line(run.err)) << run.err;
    const CliRun missing = run_taquin("check '" + bad + ".missing'");
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(lines_of(missing.err).size(), 1u) << missing.err;
    EXPECT_TRUE(is_clean_utf8_line(missing.err)) << missing.err;
  }
  const std::string newline = file_named("new\nline.txt", "1 2 3\n");
  EXPECT_NE(run_taquin("solve '" + newline + "'").err.find("new\\nline.txt:1: "),
            std::string::npos);
}

TEST(NamesCli, JsonOfAFileNamedInLatin1IsValidUtf8) {
  const std::string good = file_named("\xe9t\xe9\n.txt", "1 2 3 4 5 6 7 0 8\n");
  for (const char* command : {"solve", "check"}) {
    const CliRun run = run_taquin(std::string(command) + " --format json '" + good + "'");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(is_clean_utf8_line(run.out)) << run.out;
    // Each byte that is not UTF-8 is written \ufffd, which reads back as U+FFFD.
    EXPECT_NE(run.out.find("\\ufffdt\\ufffd\\n.txt\""), std::string::npos) << run.out;
    EXPECT_NE(field(run.out, "source").find("\xef\xbf\xbdt\xef\xbf\xbd\\n.txt\""),
              std::string::npos)
        << run.out;
  }
}

}  // namespace
}  // namespace taquin::testing
