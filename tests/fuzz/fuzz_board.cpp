// libFuzzer target: the board parser (every format, batches, comments) and the goal parser, on
// any bytes. Each parsed board must satisfy what the parser promises.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/solvability.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

#include "fuzz_support.hpp"

using taquin::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const taquin::Expected<taquin::Instance>& parsed :
       taquin::parse_each_instance(text, "fuzz")) {
    if (!parsed) {
      require(!parsed.error().message.empty());
      continue;
    }
    const taquin::Instance& board = *parsed;
    require(board.side >= taquin::kMinSide && board.side <= taquin::kMaxSide);
    require(board.tiles.size() == static_cast<size_t>(board.side * board.side));
    uint64_t seen = 0;  // a permutation of 0 .. side²-1
    for (const uint8_t tile : board.tiles) {
      require(tile < board.tiles.size() && !(seen >> tile & 1));
      seen |= uint64_t{1} << tile;
    }
    // Printed and parsed again, the board is the same.
    const std::string line =
        taquin::format_board(board.tiles, board.side, taquin::BoardFormat::OneLine);
    const auto again = taquin::parse_instances(line, "fuzz-again");
    require(again && again->size() == 1 && (*again)[0].tiles == board.tiles);
    (void)taquin::is_solvable(board.tiles, taquin::Goal::standard(board.side));
  }
  // Goal names and inline boards only: a word that names no goal is not opened as a file.
  if (text.find('/') == std::string_view::npos && text.find('.') == std::string_view::npos)
    (void)taquin::parse_goal_spec(text, "--goal");
  return 0;
}
