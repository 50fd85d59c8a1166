// Tests of the rendering core (render.hpp): gradient colours, text blocks, the side-by-side layout.
#include "render/render.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "taquin/io.hpp"

namespace taquin {
namespace {

TEST(Render, GradientRunsFromMagentaToYellowByGoalCell) {
  EXPECT_EQ(tile_colour(0, 9), (Rgb{255, 0, 255}));
  EXPECT_EQ(tile_colour(8, 9), (Rgb{255, 255, 0}));
  // Strictly rising green along the goal cells: every cell its own colour.
  for (int cells : {4, 9, 16, 64})
    for (int c = 1; c < cells; ++c)
      EXPECT_GT(tile_colour(c, cells).g, tile_colour(c - 1, cells).g) << cells << " " << c;
}

TEST(Render, NearestXtermColoursOfThePureColours) {
  EXPECT_EQ(xterm256_index({255, 0, 255}), 201);
  EXPECT_EQ(xterm256_index({255, 255, 0}), 226);
  EXPECT_EQ(xterm256_index({255, 255, 255}), 231);
  EXPECT_EQ(xterm256_index({0, 0, 0}), 16);
  EXPECT_EQ(xterm256_index({135, 175, 215}), 16 + 36 * 2 + 6 * 3 + 4);
}

TEST(Render, TileNotationNamesTheOppositeLetter) {
  const std::vector<Dir> moves = {Dir::Up, Dir::Left, Dir::Down, Dir::Right};
  EXPECT_EQ(moves_in_notation(moves, MoveNotation::Blank), "ULDR");
  EXPECT_EQ(moves_in_notation(moves, MoveNotation::Tile), "DRUL");
  EXPECT_EQ(step_label(0, moves, MoveNotation::Blank), "0");
  EXPECT_EQ(step_label(2, moves, MoveNotation::Blank), "2 L");
  EXPECT_EQ(step_label(2, moves, MoveNotation::Tile), "2 R");
}

// The 256-colour index of each cell of `goal`'s board shown in place (-1 for the blank), read
// back from board_block's escape sequences.
std::vector<int> palette_of_goal_board(const Goal& goal) {
  const TextBlock block = board_block(goal.tiles(), goal, TermColour::Ansi256);
  std::vector<int> indices;
  for (const std::string& line : block.lines) {
    for (size_t at = 0; at < line.size();) {
      const size_t escape = line.find("\x1b[48;5;", at);
      const size_t blank = line.find(" . ", at);
      if (blank != std::string::npos && (escape == std::string::npos || blank < escape)) {
        indices.push_back(-1);
        at = blank + 3;
      } else if (escape != std::string::npos) {
        indices.push_back(std::stoi(line.substr(escape + 7)));
        at = line.find("\x1b[0m", escape) + 4;
      } else {
        break;
      }
    }
  }
  return indices;
}

TEST(Render, Palette256GivesNeighbouringGoalCellsDistinctEntriesInGradientOrder) {
  for (int side = 2; side <= 8; ++side) {
    const int cells = side * side;
    // The standard goal shows every cell but the last; the zero-first goal every cell but the
    // first: together, the colour of every goal cell.
    const std::vector<int> standard = palette_of_goal_board(Goal::standard(side));
    const std::vector<int> zero_first = palette_of_goal_board(Goal::zero_first(side));
    ASSERT_EQ(standard.size(), static_cast<size_t>(cells)) << side;
    ASSERT_EQ(zero_first.size(), static_cast<size_t>(cells)) << side;
    std::vector<int> index(cells);
    for (int cell = 0; cell < cells; ++cell) {
      index[cell] = cell + 1 < cells ? standard[cell] : zero_first[cell];
      if (cell > 0 && cell + 1 < cells) {
        EXPECT_EQ(standard[cell], zero_first[cell]) << side;
      }
    }
    EXPECT_EQ(index.front(), 201) << side;  // magenta
    EXPECT_EQ(index.back(), 226) << side;   // yellow
    int last_green = 0;
    for (int cell = 0; cell < cells; ++cell) {
      const int cube = index[cell] - 16, red = cube / 36, green = cube / 6 % 6;
      EXPECT_EQ(red, 5) << side << " cell " << cell;  // on the gradient's face of the cube
      EXPECT_GE(green, last_green) << side << " cell " << cell << ": out of gradient order";
      last_green = green;
      const int row = cell / side, column = cell % side;
      if (column + 1 < side) {
        EXPECT_NE(index[cell], index[cell + 1]) << side << ": cells " << cell << ", " << cell + 1;
      }
      if (row + 1 < side) {
        EXPECT_NE(index[cell], index[cell + side])
            << side << ": cells " << cell << ", " << cell + side;
      }
    }
  }
}

TEST(Render, PlainBlockIsTheGridOfFormatBoard) {
  const std::vector<Tile> tiles = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  const TextBlock block = board_block(tiles, Goal::standard(3), TermColour::None);
  EXPECT_EQ(block.lines, (std::vector<std::string>{"1 2 3", "4 5 6", ". 7 8"}));
  EXPECT_EQ(block.width, 5);
  std::string joined;
  for (const std::string& line : block.lines) joined += line + "\n";
  EXPECT_EQ(joined, format_board(tiles, 3, BoardFormat::Grid));
}

TEST(Render, ColouredBlockColoursByGoalCellAndMarksMisplacedTilesWithoutColour) {
  const std::vector<Tile> tiles = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  const Goal goal = Goal::standard(3);
  const TextBlock block = board_block(tiles, goal, TermColour::TrueColour);
  ASSERT_EQ(block.lines.size(), 3u);
  EXPECT_EQ(block.width, 9);
  // Tile 1 is in place on cell 0 (magenta), plain weight; tile 7 (goal cell 6) is one cell off:
  // bold and underlined.
  EXPECT_NE(block.lines[0].find("\x1b[48;2;255;0;255m\x1b[30m 1 \x1b[0m"), std::string::npos)
      << block.lines[0];
  const Rgb seven = tile_colour(6, 9);
  const std::string seven_cell = "\x1b[48;2;255;" + std::to_string(seven.g) + ";" +
                                 std::to_string(seven.b) + "m\x1b[30;1;4m 7 \x1b[0m";
  EXPECT_EQ(block.lines[2], " . " + seven_cell + block.lines[2].substr(3 + seven_cell.size()));
  const TextBlock by256 = board_block(tiles, goal, TermColour::Ansi256);
  EXPECT_NE(by256.lines[0].find("\x1b[48;5;201m"), std::string::npos);
  // A block in a layout takes its visible width, escapes aside.
  const std::vector<TextBlock> two = {block, block};
  const std::string laid = side_by_side(two, 80, 2);
  const std::string first = laid.substr(0, laid.find('\n'));
  EXPECT_EQ(first, block.lines[0] + "  " + block.lines[0]);
}

// A rectangle's block has its rows and columns: plain, the grid of format_board; coloured, each
// row its columns of cells.
TEST(Render, RectangleBlocksHaveTheirRowsAndColumns) {
  const Goal goal = Goal::standard(Shape{2, 3});
  const std::vector<Tile> tiles = {1, 2, 3, 4, 0, 5};
  const TextBlock plain = board_block(tiles, goal, TermColour::None);
  EXPECT_EQ(plain.lines, (std::vector<std::string>{"1 2 3", "4 . 5"}));
  EXPECT_EQ(plain.width, 5);
  const TextBlock wide = board_block(Goal::standard(Shape{4, 2}).tiles(),
                                     Goal::standard(Shape{4, 2}), TermColour::TrueColour);
  ASSERT_EQ(wide.lines.size(), 4u);
  EXPECT_EQ(wide.width, 2 * 3);
  EXPECT_EQ(wide.lines[3].substr(wide.lines[3].size() - 3), " . ");
  // Three-digit labels on a 17x17 board: every cell four columns wide plus its spaces.
  const Goal big = Goal::standard(17);
  const TextBlock block = board_block(big.tiles(), big, TermColour::Ansi256);
  ASSERT_EQ(block.lines.size(), 17u);
  EXPECT_EQ(block.width, 17 * 5);
  EXPECT_NE(block.lines[16].find(" 288 \x1b[0m"), std::string::npos);
  EXPECT_NE(block.lines[0].find("   1 \x1b[0m"), std::string::npos);
}

// On squares, the shape's colours are the cell count's: the pictures of squares are unchanged.
TEST(Render, SquareShapesColourAsTheirCellCount) {
  for (int side = 2; side <= 12; ++side)
    for (int cell = 0; cell < side * side; ++cell) {
      EXPECT_EQ(tile_colour(cell, Shape::square(side)), tile_colour(cell, side * side));
    }
  EXPECT_EQ(picture_cell(Shape::square(10)), kPictureCell);
  EXPECT_EQ(picture_cell(Shape{3, 4}), kPictureCell);
  EXPECT_GT(picture_cell(Shape::square(11)), kPictureCell);
  EXPECT_GT(picture_cell(Shape::square(32)), picture_cell(Shape::square(17)));
}

TEST(Render, SideBySideFillsTheWidthThenWraps) {
  std::vector<TextBlock> blocks;
  for (int i = 0; i < 7; ++i) blocks.push_back({{"#" + std::to_string(i), "abcde"}, 5});
  // (20 + 3) / (5 + 3) = 2 a row: 4 rows of blocks, 3 empty lines between them.
  const std::string laid = side_by_side(blocks, 20, 3);
  EXPECT_EQ(laid,
            "#0      #1\nabcde   abcde\n\n#2      #3\nabcde   abcde\n\n#4      #5\nabcde   "
            "abcde\n\n#6\nabcde\n");
  // Too narrow for one: still one a row.
  EXPECT_EQ(side_by_side(std::span(blocks).first(2), 3, 3), "#0\nabcde\n\n#1\nabcde\n");
}

}  // namespace
}  // namespace taquin
