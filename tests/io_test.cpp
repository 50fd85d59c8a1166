// Tests of board parsing (every format, every bad input) and formatting round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

#include "taquin/io.hpp"

namespace taquin {
namespace {

std::vector<Tile> v(std::initializer_list<int> xs) {
  return std::vector<Tile>(xs.begin(), xs.end());
}

TEST(Io, FortyTwoFormatWithComments) {
  const char* text =
      "# This puzzle is solvable\n"
      "3   # size\n"
      "8 6 7 # first row\n"
      "2 5 4\n"
      "\n"
      "3 0 1   # last row\n";
  Expected<std::vector<Instance>> r = parse_instances(text, "a.txt");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].shape, Shape::square(3));
  EXPECT_EQ((*r)[0].line, 2);
  EXPECT_EQ((*r)[0].tiles, v({8, 6, 7, 2, 5, 4, 3, 0, 1}));
}

TEST(Io, OneLineAndBatch) {
  const char* text =
      "# batch\n"
      "1 2 3 0  # optimal 1\n"
      "\n"
      "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3  # optimal 57\n";
  Expected<std::vector<Instance>> r = parse_instances(text, "b.txt");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].shape, Shape::square(2));
  EXPECT_EQ((*r)[0].optimal_length, 1);
  EXPECT_EQ((*r)[1].shape, Shape::square(4));
  EXPECT_EQ((*r)[1].line, 4);
  EXPECT_EQ((*r)[1].optimal_length, 57);
}

TEST(Io, MixedFormatsInOneFile) {
  Expected<std::vector<Instance>> r = parse_instances("2\n1 2\n3 0\n1 2 0 3\n", "m");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[1].tiles, v({1, 2, 0, 3}));
}

// N lines of N numbers holding 0 to N²-1 once are one NxN board: never N one-line boards, since
// a 2x2 one-line board repeats 0 to 3.
TEST(Io, GridWithoutTheSizeLineIsOneBoard) {
  Expected<std::vector<Instance>> r =
      parse_instances("# no size line\n8 6 7\n2 5 4  # optimal 31\n3 0 1\n", "g");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].shape, Shape::square(3));
  EXPECT_EQ((*r)[0].line, 2);
  EXPECT_EQ((*r)[0].tiles, v({8, 6, 7, 2, 5, 4, 3, 0, 1}));
  EXPECT_EQ((*r)[0].optimal_length, 31);
  // A 4x4 grid whose first row alone is also a valid 2x2 board.
  r = parse_instances("0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n", "g");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].shape, Shape::square(4));
  EXPECT_EQ((*r)[0].tiles[15], 15);
  // Four 2x2 one-line boards stay four boards.
  r = parse_instances("1 2 3 0\n1 2 0 3\n0 1 2 3\n3 1 2 0\n", "b");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 4u);
  EXPECT_EQ((*r)[3].shape, Shape::square(2));
  // A 2x2 grid, then a 42-format board.
  r = parse_instances("1 2\n3 0\n3\n1 2 3\n4 5 6\n7 8 0\n", "m");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].tiles, v({1, 2, 3, 0}));
  EXPECT_EQ((*r)[1].line, 3);
}

// Each board records the form it came in; one in the 42 format (after the 42 generator's comment
// line, its numbers right-aligned) means the snail goal, any other the standard one.
TEST(Io, FormatIsRecordedAndChoosesTheDefaultGoal) {
  Expected<std::vector<Instance>> r = parse_instances(
      "# This puzzle is solvable\n3\n 1 2 3\n 8 0 4\n 7 6 5\n1 2 3 4 5 6 7 0 8\n1 2\n0 3\n", "m");
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->size(), 3u);
  EXPECT_EQ((*r)[0].format, BoardFormat::FortyTwo);
  EXPECT_EQ((*r)[0].line, 2);
  EXPECT_EQ((*r)[0].tiles, Goal::snail(3).tiles());
  EXPECT_EQ((*r)[1].format, BoardFormat::OneLine);
  EXPECT_EQ((*r)[2].format, BoardFormat::Grid);
  EXPECT_EQ(default_goal_spec((*r)[0]).kind, GoalSpec::Kind::Snail);
  EXPECT_EQ(default_goal_spec((*r)[0]).name, "snail");
  EXPECT_EQ(default_goal_spec((*r)[1]).kind, GoalSpec::Kind::Standard);
  EXPECT_EQ(default_goal_spec((*r)[2]).kind, GoalSpec::Kind::Standard);
  EXPECT_EQ(default_goal_spec(Instance{}).kind, GoalSpec::Kind::Standard);
}

TEST(Io, FormatRoundTrips) {
  const std::vector<Tile> tiles = {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3};
  for (BoardFormat f : {BoardFormat::OneLine, BoardFormat::FortyTwo}) {
    Expected<std::vector<Instance>> r = parse_instances(format_board(tiles, 4, f), "x");
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ((*r)[0].tiles, tiles);
  }
  EXPECT_EQ(format_board(v({1, 2, 3, 0}), 2, BoardFormat::Grid), "1 2\n3 .\n");
  EXPECT_EQ(format_board(v({1, 2, 3, 0}), 2, BoardFormat::FortyTwo), "2\n1 2\n3 0\n");
}

// Each bad input: an error naming the source and line, with the expected words.
struct BadCase {
  std::string text;
  int line;
  std::string words;
};

TEST(Io, BadInputsNameLineAndProblem) {
  const std::vector<BadCase> cases = {
      {"1 2 3 4 5 6 7 8\n", 1, "not a square"},
      {"1 2 3\n", 1, "not a square"},
      {"1 2 3\n4 5 6\n", 1, "3x3 grid without its size line (only 2 rows)"},
      {"1 2 3\n4 5 6\n7 8 8\n", 1, "(duplicate tile 8; missing blank (0))"},
      {"1 2 3\n4 5 6 7\n8 0 9\n", 1, "(line 2 has 4 values)"},
      {"1 2 3\n4 5 6\n7 x 0\n", 1, "(non-numeric token 'x')"},
      {"# c\n1 2 3 4 5 6 7 7 0\n", 2, "duplicate tile 7; missing tile 8"},
      {"1 2 3 4 5 6 7 8\n", 1, "missing blank (0)"},
      {"3\n1 2 3\n4 5 6\n7 0 0\n", 1, "duplicate blank (0); missing tile 8"},
      {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0\n", 1, "missing tile 15"},
      {"1 2 3 4 5 6 7 9 0\n", 1, "out of range"},
      {"1 2 3 4 5 6 7 -8 0\n", 1, "negative value -8"},
      {"1 2 3 4 5 6 7 x 0\n", 1, "non-numeric token 'x'"},
      {"3\n1 2 3\n4 5 6\n", 3, "only 2 follow"},
      {"3\n1 2 3\n4 5 6 7\n8 0 9\n", 3, "row has 4 values"},
      {"2\n1 2 3\n0 4 5\n", 2, "row has 3 values"},
      {"", 0, "empty"},
      {"# only comments\n\n", 0, "empty"},
      {"1\n0\n", 1, "side 1 is out of range"},
      {"101\n", 1, "side 101 is out of range"},
      {"3 101\n", 1, "columns 101 is out of range"},
      {"0 4\n", 1, "rows 0 is out of range"},
      {"2 3\n1 2 3\n4 5\n", 3, "row has 2 values but the size line says 2x3"},
      {"2 3\n1 2 3\n4 5 5\n", 1, "duplicate tile 5; missing blank (0)"},
      {std::string("1 2 3\0 0", 8), 1, "binary data"},
      {std::string(kMaxLineBytes + 10, '1'), 1, "over the limit"},
      {"1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 99999999999999\n", 1, "out of range"},
  };
  for (const BadCase& c : cases) {
    Expected<std::vector<Instance>> r = parse_instances(c.text, "bad.txt");
    ASSERT_FALSE(r.ok()) << c.words;
    EXPECT_EQ(r.error().source, "bad.txt");
    EXPECT_EQ(r.error().line, c.line) << r.error().describe();
    EXPECT_NE(r.error().message.find(c.words), std::string::npos) << r.error().describe();
    EXPECT_EQ(r.error().describe().find('\n'), std::string::npos);
  }
}

TEST(Io, EachBoardOrItsErrorInPlace) {
  // Good; a duplicate; a 42 board with a bad row (its last row is not parsed as a board); good.
  const char* text =
      "1 2 3 0\n"
      "1 2 2 0\n"
      "3\n1 2 3\n4 5 6 7\n8 0\n"
      "0 1 2 3  # optimal 3\n";
  std::vector<Expected<Instance>> each = parse_each_instance(text, "b.txt");
  ASSERT_EQ(each.size(), 4u);
  ASSERT_TRUE(each[0].ok());
  EXPECT_EQ(each[0]->tiles, v({1, 2, 3, 0}));
  ASSERT_FALSE(each[1].ok());
  EXPECT_EQ(each[1].error().line, 2);
  ASSERT_FALSE(each[2].ok());
  EXPECT_EQ(each[2].error().line, 5);
  ASSERT_TRUE(each[3].ok());
  EXPECT_EQ(each[3]->line, 7);
  EXPECT_EQ(each[3]->optimal_length, 3);
  // parse_instances is its first error.
  Expected<std::vector<Instance>> first = parse_instances(text, "b.txt");
  ASSERT_FALSE(first.ok());
  EXPECT_EQ(first.error().line, 2);
  BoardReader missing = BoardReader::open("/nonexistent/boards.txt");
  std::optional<Expected<Instance>> only = missing.next();
  ASSERT_TRUE(only && !only->ok());
  EXPECT_EQ(only->error().source, "/nonexistent/boards.txt");
  EXPECT_FALSE(missing.next());
}

TEST(Io, MissingAndUnreadableFiles) {
  Expected<std::vector<Instance>> r = read_instances("/nonexistent/board.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().source, "/nonexistent/board.txt");
  EXPECT_NE(r.error().message.find("cannot open"), std::string::npos);
  Expected<std::vector<Instance>> d = read_instances("/");
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.error().message.find("directory"), std::string::npos);
}

// A fresh file of `bytes` bytes (a board, then comment lines) in the temporary directory.
std::string file_of_size(size_t bytes) {
  const std::string path =
      (std::filesystem::temp_directory_path() /
       ("taquin_io_" + std::to_string(::getpid()) + "_" + std::to_string(bytes)))
          .string();
  std::string text = "1 2 3 0\n";
  while (text.size() < bytes) text += text.size() + 10 <= bytes ? "#comment\n" : "#";
  text.resize(bytes);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(Io, ReadTextStopsAtItsLimit) {
  const std::string at_limit = file_of_size(4096), over = file_of_size(4097);
  Expected<std::string> whole = read_text(at_limit, 4096);
  ASSERT_TRUE(whole.ok()) << whole.error().describe();
  EXPECT_EQ(whole->size(), 4096u);
  Expected<std::string> refused = read_text(over, 4096);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().describe(), over + ": is over the limit of 4096 bytes");
  // The same limit through the board reader.
  EXPECT_TRUE(read_instances(at_limit, 4096).ok());
  EXPECT_FALSE(read_instances(over, 4096).ok());
  std::filesystem::remove(at_limit);
  std::filesystem::remove(over);
}

TEST(Io, ReadTextRefusesWhatIsNotARegularFile) {
  // An endless device: refused before any read, whatever the limit.
  Expected<std::string> zero = read_text("/dev/zero", kMaxBatchBytes);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().describe(),
            "/dev/zero: is a character device, not a board file (give a regular file, or '-' for "
            "standard input)");
  Expected<std::string> directory = read_text("/", kMaxBatchBytes);
  ASSERT_FALSE(directory.ok());
  EXPECT_NE(directory.error().message.find("is a directory"), std::string::npos);
}

// What a reader yields, one line each: "line N: tiles" for a board, "error: SOURCE:LINE: MESSAGE".
std::vector<std::string> yields(BoardReader& reader) {
  std::vector<std::string> out;
  while (std::optional<Expected<Instance>> board = reader.next()) {
    if (!*board) {
      out.push_back("error: " + board->error().describe());
      continue;
    }
    std::string line = "line " + std::to_string((*board)->line) + ":";
    for (uint8_t t : (*board)->tiles) line += " " + std::to_string(t);
    if ((*board)->optimal_length) line += " optimal " + std::to_string(*(*board)->optimal_length);
    out.push_back(line);
  }
  return out;
}

// A fresh temporary file holding `text`.
std::string file_with(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("taquin_io_" + std::to_string(::getpid()) + "_" + name))
                               .string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// Comment lines of `bytes` bytes in all (at least 2): padding that puts what follows at an offset.
std::string padding(size_t bytes) {
  std::string out;
  while (bytes - out.size() > 80) out += "#" + std::string(78, '-') + "\n";
  out += "#" + std::string(bytes - out.size() - 2, '.') + "\n";
  return out;
}

// A file is read a 64 KiB block at a time: boards whose lines straddle a block's end (a one-line
// board cut in a number, a 42-format board cut between rows and inside a row, an error, a comment
// with its "# optimal") come out as from the whole text, with their line numbers.
TEST(Io, BoardsAcrossBlockBoundariesComeOutWhole) {
  const size_t block = 64 * 1024;
  std::string text;
  std::vector<std::string> expected;
  int line = 0;
  const auto count_lines = [&](const std::string& piece) {
    line += static_cast<int>(std::count(piece.begin(), piece.end(), '\n'));
  };
  // A one-line board whose "15" is cut after its "1".
  const std::string one = "2 3 4 5 6 7 8 9 10 11 12 13 14 15 1 0  # optimal 52\n";
  std::string pad = padding(block - text.size() - one.find("15") - 1);
  text += pad, count_lines(pad);
  text += one, count_lines(one);
  expected.push_back("line " + std::to_string(line) +
                     ": 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1 0 optimal 52");
  // A 42-format board whose second row is cut in the middle, at the second block's end.
  const std::string rows = "3  # optimal 5\n1 2 3\n4 5 6\n7 0 8\n";
  pad = padding(2 * block - text.size() - rows.find("4 5") - 2);
  text += pad, count_lines(pad);
  text += rows;
  expected.push_back("line " + std::to_string(line + 1) + ": 1 2 3 4 5 6 7 0 8 optimal 5");
  count_lines(rows);
  // A bad board (a duplicate) cut at the third block's end, then a good one on the next line.
  const std::string bad = "1 2 3 4 5 6 7 7 0\n8 1 2 3 4 5 6 7 0\n";
  pad = padding(3 * block - text.size() - 4);
  text += pad, count_lines(pad);
  text += bad;
  expected.push_back("error: blocks.txt:" + std::to_string(line + 1) +
                     ": duplicate tile 7; missing tile 8");
  expected.push_back("line " + std::to_string(line + 2) + ": 8 1 2 3 4 5 6 7 0");
  count_lines(bad);
  // A grid without its size line, whose last row ends the file without a newline.
  text += "1 2\n3 0";
  expected.push_back("line " + std::to_string(line + 1) + ": 1 2 3 0");
  ASSERT_GT(text.size(), 3 * block);

  const std::string path = file_with("blocks.txt", text);
  BoardReader file = BoardReader::open(path);
  std::vector<std::string> got = yields(file);
  for (std::string& entry : got)  // the file's path, as the text's source
    if (const size_t at = entry.find(path); at != std::string::npos)
      entry.replace(at, path.size(), "blocks.txt");
  EXPECT_EQ(got, expected);
  BoardReader whole = BoardReader::of_text(text, "blocks.txt");
  EXPECT_EQ(yields(whole), expected);
  // A regular file reads again from its start.
  ASSERT_TRUE(file.rewind());
  EXPECT_EQ(yields(file).size(), expected.size());
  std::filesystem::remove(path);
}

// Text that is not boards ends a file where it stands, even far past the first block: the boards
// before it, then its error (with the whole length of an overlong line), then nothing.
TEST(Io, BinaryDataOrAnOverlongLineEndsTheInputInPlace) {
  const std::string before = padding(200 * 1024) + "1 2 3 0\n";
  const int line = static_cast<int>(std::count(before.begin(), before.end(), '\n')) + 1;
  const std::string binary = file_with("binary.txt", before + "1 2\x01 3\n0 1 2 3\n");
  BoardReader reader = BoardReader::open(binary);
  EXPECT_EQ(yields(reader),
            (std::vector<std::string>{"line " + std::to_string(line - 1) + ": 1 2 3 0",
                                      "error: " + binary + ":" + std::to_string(line) +
                                          ": binary data (byte 0x01), not text"}));
  const std::string overlong =
      file_with("overlong.txt", before + std::string(300000, '7') + "\n0 1 2 3\n");
  reader = BoardReader::open(overlong);
  EXPECT_EQ(yields(reader),
            (std::vector<std::string>{"line " + std::to_string(line - 1) + ": 1 2 3 0",
                                      "error: " + overlong + ":" + std::to_string(line) +
                                          ": line is 300000 bytes long, over the limit of " +
                                          std::to_string(kMaxLineBytes)}));
  std::filesystem::remove(binary);
  std::filesystem::remove(overlong);
}

// Standard input from a pipe, written a few bytes at a time: the same boards, and no second pass.
TEST(Io, StandardInputFromAPipeIsReadAsItComes) {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += i % 7 == 3 ? "3\n1 2 3\n4 5 6\n7 8 0\n" : "1 2 3 0\n";
  text += "1 2 2 0\n";
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const int saved_stdin = ::dup(STDIN_FILENO);
  ASSERT_GE(saved_stdin, 0);
  ASSERT_EQ(::dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
  ::close(fds[0]);
  std::thread writer([&] {
    for (size_t at = 0; at < text.size(); at += 5)
      if (::write(fds[1], text.data() + at, std::min<size_t>(5, text.size() - at)) < 0) break;
    ::close(fds[1]);
  });
  BoardReader piped = BoardReader::open("-");
  EXPECT_FALSE(piped.rewind());
  std::vector<std::string> got = yields(piped);
  writer.join();
  ::dup2(saved_stdin, STDIN_FILENO);
  ::close(saved_stdin);
  BoardReader whole = BoardReader::of_text(text, "<stdin>");
  const std::vector<std::string> expected = yields(whole);
  ASSERT_EQ(expected.size(), 3001u);
  EXPECT_EQ(expected.back(), "error: <stdin>:" + std::to_string(3000 + 3 * (3000 / 7 + 1) + 1) +
                                 ": duplicate tile 2; missing tile 3");
  EXPECT_EQ(got, expected);
}

TEST(Io, MissingTileReported) {
  std::vector<int> values = {1, 2, 3, 3};
  auto err = validate_tiles(values, 2, "s", 4);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->message, "duplicate tile 3; missing blank (0)");
  values = {1, 2, 3, 0};
  EXPECT_FALSE(validate_tiles(values, 2, "s", 4).has_value());
}

}  // namespace
}  // namespace taquin
