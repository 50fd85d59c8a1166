// The bytes of the CLI's JSON and CSV records (src/cli/records.cpp): the escapes of file names,
// the replacement of bytes that are not UTF-8, the form of numbers, CSV's fields; each expected
// line is what taquin has always written (docs/output.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/records.hpp"

namespace taquin::cli {
namespace {

std::string json_of(const std::string& text) {
  return JsonLine().add("source", text).str();
}

TEST(Records, StringsAreEscapedAsJson) {
  EXPECT_EQ(json_of("plain.txt"), R"({"source":"plain.txt"})");
  EXPECT_EQ(json_of("q\"q back\\slash"), R"({"source":"q\"q back\\slash"})");
  EXPECT_EQ(json_of("\n\r\t\b\f\x01\x1f\x7f"),
            "{\"source\":\"\\n\\r\\t\\u0008\\u000c\\u0001\\u001f\x7f\"}");
  // Well-formed UTF-8 as it is, the replacement character too.
  EXPECT_EQ(json_of("été 😀 \xef\xbf\xbd"), "{\"source\":\"été 😀 \xef\xbf\xbd\"}");
}

TEST(Records, EachByteThatIsNotUtf8IsAReplacementCharacter) {
  // Latin-1, a sequence cut short before an ASCII byte and at the end, an overlong form, a
  // surrogate, past U+10FFFF, a stray continuation byte: one \ufffd a byte.
  EXPECT_EQ(json_of("\xe9t\xe9\n.txt"), R"({"source":"\ufffdt\ufffd\n.txt"})");
  EXPECT_EQ(json_of("\xe2\x82"
                    "A\xe2\x82"),
            R"({"source":"\ufffd\ufffdA\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xc0\x80"), R"({"source":"\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xed\xa0\x80"), R"({"source":"\ufffd\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\xf4\x90\x80\x80"), R"({"source":"\ufffd\ufffd\ufffd\ufffd"})");
  EXPECT_EQ(json_of("\x80"
                    "a"),
            R"({"source":"\ufffda"})");
  // CSV keeps the bytes as they are.
  JsonLine line;
  line.add("source", "\xe9,t");
  EXPECT_EQ(RecordFormat("csv", {"source"}).line(line), "\"\xe9,t\"\n");
}

TEST(Records, NumbersKeepTheirForm) {
  JsonLine line;
  line.add("a", 0.0).add("b", 3.0).add("c", 1.5e-5).add("d", 0.000123456789);
  line.add("e", 999999.0).add("f", 12345678.9).add("g", std::nan(""));
  line.add("h", std::numeric_limits<double>::infinity()).add_fixed("i", 1.5, 6);
  line.add("j", std::numeric_limits<int64_t>::min());
  line.add("k", std::numeric_limits<uint64_t>::max()).add("l", -1).add("m", true);
  line.add_null("n");
  EXPECT_EQ(line.str(),
            R"({"a":0,"b":3,"c":1.5e-05,"d":0.000123457,"e":999999,"f":1.23457e+07,"g":null,)"
            R"("h":null,"i":1.500000,"j":-9223372036854775808,"k":18446744073709551615,"l":-1,)"
            R"("m":true,"n":null})");
}

TEST(Records, ArraysInJsonAndCsv) {
  const std::vector<uint8_t> board = {1, 2, 3, 0};
  const std::vector<uint64_t> counts = {0, std::numeric_limits<uint64_t>::max()};
  const std::vector<std::vector<uint8_t>> path = {{1, 2}, {}, {3}};
  JsonLine line;
  line.add("id", 7).add("board", std::span<const uint8_t>(board));
  line.add("counts", std::span<const uint64_t>(counts));
  line.add("path", std::span<const std::vector<uint8_t>>(path)).add("seconds", 0.25);
  EXPECT_EQ(line.str(), R"({"id":7,"board":[1,2,3,0],"counts":[0,18446744073709551615],)"
                        R"("path":[[1,2],[],[3]],"seconds":0.25})");
  const RecordFormat csv("csv", {"id", "board", "counts", "path", "seconds", "missing"});
  EXPECT_EQ(csv.header(), "id,board,counts,path,seconds,missing\n");
  EXPECT_EQ(csv.line(line), "7,1 2 3 0,0 18446744073709551615,1 2;;3,0.25,\n");
  EXPECT_EQ(RecordFormat("json", {}).line(line), line.str() + "\n");
  EXPECT_EQ(JsonLine().str(), "{}");
}

TEST(Records, AFieldTwiceOrOutsideTheColumnsIsABug) {
  JsonLine line;
  line.add("id", 1);
  EXPECT_THROW(line.add("id", 2), std::logic_error);
  EXPECT_THROW(RecordFormat("csv", {"other"}).line(line), std::logic_error);
}

}  // namespace
}  // namespace taquin::cli
