// libFuzzer target: the board parser (every format, batches, comments) and the goal parser, on
// any bytes. Each parsed board must satisfy what the parser promises.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

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
    const taquin::Shape shape = board.shape;
    require(!taquin::shape_problem(shape));
    require(board.tiles.size() == static_cast<size_t>(shape.cells()));
    std::vector<bool> seen(board.tiles.size(), false);  // a permutation of 0 .. cells-1
    for (const taquin::Tile tile : board.tiles) {
      require(tile < board.tiles.size() && !seen[tile]);
      seen[tile] = true;
    }
    // Printed and parsed again (its size line first), the board is the same.
    const std::string text_again =
        taquin::format_board(board.tiles, shape, taquin::BoardFormat::FortyTwo);
    const auto again = taquin::parse_instances(text_again, "fuzz-again");
    require(again && again->size() == 1 && (*again)[0].tiles == board.tiles &&
            (*again)[0].shape == shape);
    (void)taquin::is_solvable(board.tiles, taquin::Goal::standard(shape));
  }
  // Goal names and inline boards only: a word that names no goal is not opened as a file.
  if (text.find('/') == std::string_view::npos && text.find('.') == std::string_view::npos)
    (void)taquin::parse_goal_spec(text, "--goal");
  return 0;
}
