// Tests of solve's views through the built binary: --show-path as a grid, --color, and the picture
// files (--svg and --animate rendered by rsvg-convert and read back as pixels, --animate also
// played by headless chromium, --gif decoded by giflib).
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "core/replay.hpp"
#include "picture_read.hpp"
#include "render/render.hpp"
#include "taquin/goal.hpp"

namespace taquin {
namespace {

using namespace picture;
using testing::CliRun;
using testing::field;
using testing::lines_of;
using testing::numbers;
using testing::run_taquin;
using testing::temp_file;
using testing::unquote;

// A 31-move 8-puzzle (one of the two hardest).
const std::string kBoard = "8 6 7 2 5 4 3 0 1";

struct Solution {
  std::vector<Dir> moves;
  std::vector<std::vector<Tile>> path;  // replayed here, independently of the pictures
};

// Solves `board` on side `side` (standard goal) with `extra` options, and replays its moves.
Solution solve(const std::string& board, int side, const std::string& extra) {
  const CliRun run = run_taquin("solve --format json -j 1 --board '" + board + "' " + extra);
  EXPECT_EQ(run.status, 0) << run.err;
  Solution s;
  s.moves = parse_moves(unquote(field(run.out, "moves"))).value();
  s.path = replay_solution(numbers(field(run.out, "board")), s.moves, Goal::standard(side)).value();
  return s;
}

TEST(PictureCli, SvgFigureShowsEveryStepLeftToRightThenTopToBottom) {
  const std::string svg = temp_file("figure.svg", "");
  const Solution s = solve(kBoard, 3, "--svg " + svg);
  ASSERT_EQ(s.path.size(), 32u);
  const Image image = render_svg(svg);
  const int columns = svg_figure_columns(3, s.path.size());
  const int board_w = 3 * kPictureCell + 2 * kPictureMargin, board_h = board_w + 24;
  ASSERT_EQ(image.width, columns * board_w);
  ASSERT_EQ(image.height, static_cast<int>((s.path.size() + columns - 1) / columns) * board_h);
  // The start, the goal, and one in between (on another row).
  for (size_t i : {size_t{0}, static_cast<size_t>(columns) + 1, s.path.size() - 1})
    expect_board(image, static_cast<int>(i % columns) * board_w + kPictureMargin,
                 static_cast<int>(i / columns) * board_h + 24 + kPictureMargin, s.path[i],
                 Goal::standard(3), "step " + std::to_string(i));
  // Each board is under its step number and move.
  const std::string text = read_all(svg);
  EXPECT_NE(text.find(">0</text>"), std::string::npos);
  EXPECT_NE(text.find(">31 " + std::string(1, dir_letter(s.moves.back())) + "</text>"),
            std::string::npos);
}

TEST(PictureCli, AnimatedSvgStartsOnTheBoardAndEndsOnTheGoalThenLoops) {
  const std::string svg = temp_file("animation.svg", "");
  const Solution s = solve(kBoard, 3, "--animate " + svg);
  const Goal goal = Goal::standard(3);
  // A renderer without animation shows the start.
  expect_board(render_svg(svg), kPictureMargin, kPictureMargin, s.path.front(), goal, "start");
  // The same picture with each tile put where its animation ends shows the goal.
  const std::string text = read_all(svg);
  const std::regex tile(
      R"re(<g transform="translate\(([0-9]+,[0-9]+)\)">(.*?)<animateTransform ([^>]*)values="([^"]*)" keyTimes="([^"]*)"/>)re");
  std::string at_end;
  size_t animated = 0, last = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tile); it != std::sregex_iterator();
       ++it, ++animated) {
    const std::smatch& m = *it;
    const std::string values = m[4], times = m[5];
    const std::string final_value = values.substr(values.rfind(';') + 1);
    // Held on the goal to the end of the loop: the last two values agree, the last time is 1.
    const std::string before_last = values.substr(0, values.rfind(';'));
    EXPECT_EQ(before_last.substr(before_last.rfind(';') + 1), final_value);
    EXPECT_EQ(times.substr(times.rfind(';') + 1), "1");
    EXPECT_NE(m[3].str().find("repeatCount=\"indefinite\""), std::string::npos);
    at_end += text.substr(last, m.position(0) - last) + "<g transform=\"translate(" + final_value +
              ")\">" + m[2].str();
    last = m.position(0) + m.length(0);
  }
  at_end += text.substr(last);
  EXPECT_EQ(animated, 8u);  // every tile of this board moves
  const std::string goal_svg = temp_file("animation_end.svg", at_end);
  expect_board(render_svg(goal_svg), kPictureMargin, kPictureMargin, s.path.back(), goal, "goal");
}

// The frames of a GIF file, decoded by giflib, as colours.
// The animated SVG `svg_text` as headless chromium shows it `seconds` into its loop: the SVG put
// inline in a page whose script pauses the document's SMIL timeline and sets it to `seconds`
// (setCurrentTime: a chosen time, not the machine's speed), then a screenshot read back. The page
// is 400x400, the SVG at its top-left corner.
Image browser_frame(const std::string& svg_text, double seconds, const std::string& name) {
  const std::string svg_element = svg_text.substr(svg_text.find("<svg"));
  const std::string page = temp_file(
      name + ".html", "<!DOCTYPE html><html><head><style>body{margin:0}</style></head><body>" +
                          svg_element +
                          "<script>const s = document.querySelector('svg'); s.pauseAnimations(); "
                          "s.setCurrentTime(" +
                          std::to_string(seconds) + ");</script></body></html>\n");
  const std::string png = page + ".png";
  std::filesystem::remove(png);
  const std::string profile = temp_file(name + ".profile/keep", "");
  const std::string command =
      "chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --user-data-dir='" +
      std::filesystem::path(profile).parent_path().string() +
      "' --virtual-time-budget=500 --force-device-scale-factor=1 --hide-scrollbars "
      "--window-size=400,400 --screenshot='" +
      png + "' 'file://" + page + "' >/dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::filesystem::remove_all(std::filesystem::path(profile).parent_path());
  return read_png(png);
}

TEST(PictureCli, AnimatedSvgPlaysInABrowserAtChosenTimes) {
  // Not skipped when chromium is missing: cmake/setup.sh installs it.
  ASSERT_EQ(std::system("command -v chromium >/dev/null 2>&1"), 0)
      << "chromium is not installed (cmake/setup.sh installs it: apt-get install chromium)";
  const std::string svg = temp_file("played.svg", "");
  const Solution s = solve(kBoard, 3, "--animate " + svg);
  ASSERT_EQ(s.path.size(), 32u);
  const std::string text = read_all(svg);
  const Goal goal = Goal::standard(3);
  // The timing svg_animation documents: 1 s on the start, 0.3 s a move, 2 s on the goal.
  const double start_pause = 1.0, move = 0.3, total = 1.0 + move * 31 + 2.0;
  // Mid-solution, just after move 15 ended: every tile at rest in its cell of step 15 (the next
  // slide has gone 1/30 of its way), the blank's cell white.
  const size_t k = 15;
  const Image rest = browser_frame(text, start_pause + move * k + 0.01, "played_rest");
  ASSERT_GE(rest.width, 140);
  expect_board(rest, kPictureMargin, kPictureMargin, s.path[k], goal, "step 15 in chromium");
  // At the goal, held there to the end of the loop.
  const Image end = browser_frame(text, total - 1.0, "played_goal");
  expect_board(end, kPictureMargin, kPictureMargin, s.path.back(), goal, "goal in chromium");
  // Halfway through move 16: its tile straddles its two cells, so points 10 pixels either side of
  // their common edge (12 off the line of the move, clear of the digit) are both its colour;
  // at rest, the one in the blank's cell was white.
  const Image mid = browser_frame(text, start_pause + move * k + move / 2, "played_mid");
  const auto blank_of = [](const std::vector<Tile>& tiles) {
    return static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
  };
  const int from = blank_of(s.path[k + 1]), to = blank_of(s.path[k]);
  const int tile = s.path[k][from];
  const auto centre = [](int cell) {
    return std::pair{kPictureMargin + (cell % 3) * kPictureCell + kPictureCell / 2,
                     kPictureMargin + (cell / 3) * kPictureCell + kPictureCell / 2};
  };
  const auto [fx, fy] = centre(from);
  const auto [tx, ty] = centre(to);
  const int mx = (fx + tx) / 2, my = (fy + ty) / 2;          // the common edge's middle
  const int ax = fx == tx ? 12 : 0, ay = fy == ty ? 12 : 0;  // off the line of the move
  const int ux = (tx - fx) / kPictureCell, uy = (ty - fy) / kPictureCell;  // the move's way
  const Rgb colour = tile_colour(goal.cell_of(static_cast<uint8_t>(tile)), 9);
  for (const int side : {-1, 1}) {
    const int x = mx + side * 10 * ux + ax, y = my + side * 10 * uy + ay;
    const Rgb got = mid.at(x, y);
    EXPECT_TRUE(near(got, colour)) << "mid-slide of tile " << tile << " at (" << x << "," << y
                                   << "): " << int(got.r) << "," << int(got.g) << "," << int(got.b);
    EXPECT_EQ(near(rest.at(x, y), kBlankColour), side == 1)
        << "at rest, only the blank's side of the edge is white (" << x << "," << y << ")";
  }
}

TEST(PictureCli, GifHasOneFramePerPositionWithTheBlankWhite) {
  const std::string file = temp_file("solution.gif", "");
  const Solution s = solve(kBoard, 3, "--gif " + file);
  const Gif gif = decode_gif(file);
  ASSERT_EQ(gif.frames.size(), s.path.size());
  EXPECT_TRUE(gif.loops);
  const Goal goal = Goal::standard(3);
  for (size_t i = 0; i < gif.frames.size(); ++i) {
    Image image{gif.width, gif.height, {}};
    for (const Rgb& c : gif.frames[i]) image.rgba.insert(image.rgba.end(), {c.r, c.g, c.b, 255});
    expect_board(image, kPictureMargin, kPictureMargin, s.path[i], goal,
                 "frame " + std::to_string(i));
  }
}

// The board of side `side` two moves from the standard goal (the blank up, then left).
std::string two_moves_away(int side) {
  std::vector<int> tiles(side * side);
  for (int c = 0; c + 1 < side * side; ++c) tiles[c] = c + 1;
  int blank = side * side - 1;
  for (int target : {blank - side, blank - side - 1}) {
    std::swap(tiles[blank], tiles[target]);
    blank = target;
  }
  std::string text;
  for (int t : tiles) {
    if (!text.empty()) text += ' ';
    text += std::to_string(t);
  }
  return text;
}

TEST(PictureCli, EverySideFromTwoToEightDrawsItsBoards) {
  for (int side = 2; side <= 8; ++side) {
    const std::string tag = std::to_string(side);
    const std::string svg = temp_file("side" + tag + ".svg", "");
    const std::string gif_file = temp_file("side" + tag + ".gif", "");
    const Solution s = solve(two_moves_away(side), side, "--svg " + svg + " --gif " + gif_file);
    ASSERT_EQ(s.path.size(), 3u) << side;
    const Goal goal = Goal::standard(side);
    const Image figure = render_svg(svg);
    const int board_w = side * kPictureCell + 2 * kPictureMargin;
    for (size_t i = 0; i < 3; ++i)
      expect_board(figure, static_cast<int>(i) * board_w + kPictureMargin, 24 + kPictureMargin,
                   s.path[i], goal, "side " + tag + " step " + std::to_string(i));
    const Gif gif = decode_gif(gif_file);
    ASSERT_EQ(gif.frames.size(), 3u);
    Image last{gif.width, gif.height, {}};
    for (const Rgb& c : gif.frames.back()) last.rgba.insert(last.rgba.end(), {c.r, c.g, c.b, 255});
    expect_board(last, kPictureMargin, kPictureMargin, s.path.back(), goal, "side " + tag + " gif");
  }
}

// The board of shape `shape` two moves from the standard goal (the blank up, then left), as a
// file's text: its "R C" size line, then its rows.
std::string two_moves_away(Shape shape) {
  std::vector<int> tiles(shape.cells());
  for (int c = 0; c + 1 < shape.cells(); ++c) tiles[c] = c + 1;
  int blank = shape.cells() - 1;
  for (int target : {blank - shape.cols, blank - shape.cols - 1}) {
    std::swap(tiles[blank], tiles[target]);
    blank = target;
  }
  std::string text = std::to_string(shape.rows) + " " + std::to_string(shape.cols) + "\n";
  for (int c = 0; c < shape.cells(); ++c)
    text += std::to_string(tiles[c]) + ((c + 1) % shape.cols ? " " : "\n");
  return text;
}

// Solves the board file `file` of shape `shape` (standard goal) with `extra` options; replays it.
Solution solve_file(const std::string& file, Shape shape, const std::string& extra) {
  const CliRun run = run_taquin("solve --format json -j 1 " + file + " " + extra);
  EXPECT_EQ(run.status, 0) << run.err;
  Solution s;
  s.moves = parse_moves(unquote(field(run.out, "moves"))).value();
  s.path =
      replay_solution(numbers(field(run.out, "board")), s.moves, Goal::standard(shape)).value();
  return s;
}

// Rectangles are drawn cols wide and rows high, every tile in its cell and colour: the figure,
// every GIF frame, the animated SVG's start.
TEST(PictureCli, RectanglesDrawTheirBoards) {
  for (const Shape shape : {Shape{2, 3}, Shape{3, 4}, Shape{4, 2}}) {
    const std::string tag = shape_name(shape);
    const std::string board = temp_file("rect" + tag + ".txt", two_moves_away(shape));
    const std::string svg = temp_file("rect" + tag + ".svg", "");
    const std::string animated = temp_file("rect" + tag + "a.svg", "");
    const std::string gif_file = temp_file("rect" + tag + ".gif", "");
    const Solution s =
        solve_file(board, shape, "--svg " + svg + " --animate " + animated + " --gif " + gif_file);
    ASSERT_EQ(s.path.size(), 3u) << tag;
    const Goal goal = Goal::standard(shape);
    const int board_w = shape.cols * kPictureCell + 2 * kPictureMargin;
    const int board_h = shape.rows * kPictureCell + 2 * kPictureMargin;
    const Image figure = render_svg(svg);
    EXPECT_EQ(figure.width, 3 * board_w) << tag;
    EXPECT_EQ(figure.height, board_h + 24) << tag;
    for (size_t i = 0; i < 3; ++i)
      expect_board(figure, static_cast<int>(i) * board_w + kPictureMargin, 24 + kPictureMargin,
                   s.path[i], goal, tag + " step " + std::to_string(i));
    const Image start = render_svg(animated);
    EXPECT_EQ(start.width, board_w) << tag;
    EXPECT_EQ(start.height, board_h) << tag;
    expect_board(start, kPictureMargin, kPictureMargin, s.path.front(), goal, tag + " animated");
    const Gif gif = decode_gif(gif_file);
    ASSERT_EQ(gif.frames.size(), 3u) << tag;
    EXPECT_EQ(gif.width, board_w) << tag;
    EXPECT_EQ(gif.height, board_h) << tag;
    for (size_t i = 0; i < 3; ++i)
      expect_board(gif_frame(gif, i), kPictureMargin, kPictureMargin, s.path[i], goal,
                   tag + " frame " + std::to_string(i));
  }
}

// A 17x17 board's labels reach 288: cells of 52 pixels hold three digits of the SVG's font (a
// digit of DejaVu Sans is 0.64 em, 18 pixels) and of the GIF's (10 pixels and 2 apart); the GIF
// palette's gradient steps stay within the colours' tolerance.
TEST(PictureCli, SeventeenSquaredLabelsFitAndTheirColoursHold) {
  const Shape shape = Shape::square(17);
  const int k = picture_cell(shape);
  EXPECT_GE(k - 2, 3 * 0.64 * 18 + 4);
  EXPECT_GE(k - 2, 3 * 12 - 2 + 4);
  EXPECT_GE(picture_cell(Shape::square(32)) - 2, 4 * 0.64 * 18 + 4);
  EXPECT_GE(picture_cell(Shape::square(100)) - 2, 4 * 12 - 2 + 4);
  const std::string board = temp_file("near17.txt", two_moves_away(shape));
  const std::string animated = temp_file("near17a.svg", "");
  const std::string gif_file = temp_file("near17.gif", "");
  const Solution s = solve_file(board, shape, "--animate " + animated + " --gif " + gif_file);
  const Goal goal = Goal::standard(shape);
  expect_board(render_svg(animated), kPictureMargin, kPictureMargin, s.path.front(), goal,
               "17x17 animated");
  const Gif gif = decode_gif(gif_file);
  ASSERT_EQ(gif.frames.size(), s.path.size());
  EXPECT_EQ(gif.width, 17 * k + 2 * kPictureMargin);
  expect_board(gif_frame(gif, gif.frames.size() - 1), kPictureMargin, kPictureMargin, s.path.back(),
               goal, "17x17 gif");
}

// A long solution (a 17x17 board's constructive one: thousands of boards) draws its start and
// goal only, the goal's caption saying which steps are left out; its animations are refused in
// one line (status 2) and not written.
TEST(PictureCli, LongSolutionsDrawTheStartAndTheGoalAndRefuseAnimations) {
  const CliRun generated = run_taquin("generate --size 17 --solvable --seed 1");
  ASSERT_EQ(generated.status, 0);
  const Shape shape = Shape::square(17);
  const std::string board = temp_file("long17.txt", generated.out);
  const std::string svg = temp_file("long17.svg", "");
  const std::string animated = temp_file("long17a.svg", "");
  const std::string gif_file = temp_file("long17.gif", "");
  std::filesystem::remove(animated);
  std::filesystem::remove(gif_file);
  const CliRun run = run_taquin("solve --format json -j 1 " + board + " --svg " + svg +
                                " --animate " + animated + " --gif " + gif_file);
  EXPECT_EQ(run.status, 2);
  const size_t moves = unquote(field(run.out, "moves")).size();
  ASSERT_GT((moves + 1) * 289, size_t{1'000'000});
  const std::vector<std::string> errors = lines_of(run.err);
  ASSERT_EQ(errors.size(), 2u) << run.err;  // the constructive notice, then the refusal
  EXPECT_EQ(errors[1], "taquin: " + animated + ": not drawn: the solution's " +
                           std::to_string(moves + 1) + " boards hold " +
                           std::to_string((moves + 1) * 289) +
                           " cells, over the 1000000 an animated SVG draws; " + gif_file +
                           " not drawn either");
  EXPECT_FALSE(std::filesystem::exists(animated));
  EXPECT_FALSE(std::filesystem::exists(gif_file));
  const std::string text = read_all(svg);
  EXPECT_LT(text.size(), 200'000u);
  EXPECT_NE(text.find("(steps 1 to " + std::to_string(moves - 1) + " not drawn)</text>"),
            std::string::npos);
  const Image figure = render_svg(svg);
  const int board_w = 17 * picture_cell(shape) + 2 * kPictureMargin, board_h = board_w + 24;
  ASSERT_EQ(figure.width, board_w);
  ASSERT_EQ(figure.height, 2 * board_h);
  const Goal goal = Goal::standard(shape);
  expect_board(figure, kPictureMargin, 24 + kPictureMargin, numbers(field(run.out, "board")), goal,
               "17x17 start");
  expect_board(figure, kPictureMargin, board_h + 24 + kPictureMargin, goal.tiles(), goal,
               "17x17 goal");
}

// A 100x100 solution's boards are not kept: its picture is refused in one line, status 2.
TEST(PictureCli, AHundredSquaredPictureIsRefusedInOneLine) {
  const CliRun generated = run_taquin("generate --size 100 --solvable --seed 1");
  ASSERT_EQ(generated.status, 0);
  const std::string board = temp_file("huge100.txt", generated.out);
  const std::string svg = temp_file("huge100.svg", "");
  std::filesystem::remove(svg);
  const CliRun run = run_taquin("solve -j 1 " + board + " --svg " + svg);
  EXPECT_EQ(run.status, 2);
  const std::vector<std::string> errors = lines_of(run.err);
  ASSERT_EQ(errors.size(), 2u) << run.err;
  EXPECT_EQ(errors[1].rfind("taquin: " + svg + ": not drawn: the boards were not kept (", 0), 0u)
      << errors[1];
  EXPECT_FALSE(std::filesystem::exists(svg));
}

TEST(PictureCli, SeveralBoardsWriteOneFileEachAndAnUnwritableFileIsOneLine) {
  const std::string boards = temp_file("two.txt", "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n");
  const std::string dir = std::filesystem::path(boards).parent_path().string();
  const CliRun run = run_taquin("solve " + boards + " -j 1 --svg " + dir + "/many.svg");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(dir + "/many-1.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/many-2.svg"));
  EXPECT_FALSE(std::filesystem::exists(dir + "/many.svg"));

  const CliRun bad = run_taquin("solve --board '1 2 3 4 5 6 7 0 8' --gif /nonexistent/dir/x.gif");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "taquin: /nonexistent/dir/x.gif: cannot write: No such file or directory\n");
  // Written whole or not at all: no temporary file is left beside the pictures.
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
}

// Runs `taquin ARGS` under `env -u COLUMNS -u NO_COLOR -u COLORTERM ENV` (ENV: NAME=VALUE words),
// standard output to a file; returns it. With `on_terminal`, through script(1) on a
// pseudo-terminal, whose lines end in "\r\n".
std::string run_with_env(const std::string& env, const std::string& args,
                         bool on_terminal = false) {
  static int counter = 0;
  const std::string out = temp_file("env" + std::to_string(counter++) + ".out", "");
  std::string command =
      "env -u COLUMNS -u NO_COLOR -u COLORTERM " + env + " " + TAQUIN_BINARY + " " + args;
  if (on_terminal) command = "script -qec \"" + command + "\" /dev/null";
  command += " > " + out + " 2>/dev/null </dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return read_all(out);
}

TEST(ViewCli, ShowPathLaysBoardsSideBySideInTheWidth) {
  const std::string solve = "solve -j 1 --show-path --board '" + kBoard + "'";
  // Not a terminal and no COLUMNS: 80 columns, (80 + 3) / (5 + 3) = 10 boards a row.
  const std::vector<std::string> lines = lines_of(run_with_env("", solve));
  const auto header = std::find(lines.begin(), lines.end(),
                                "0       1 U     2 U     3 L     4 D     5 D     6 R     7 R     "
                                "8 U     9 U");
  ASSERT_NE(header, lines.end());
  EXPECT_EQ(*(header + 1),
            "8 6 7   8 6 7   8 . 7   . 8 7   2 8 7   2 8 7   2 8 7   2 8 7   2 8 7   2 8 .");
  EXPECT_EQ(*(header + 4), "");
  EXPECT_EQ(*(header + 5),
            "10 L    11 D    12 L    13 D    14 R    15 R    16 U    17 U    18 L    19 D");
  for (auto line = header; line != lines.end() && line->rfind("states", 0) != 0; ++line)
    EXPECT_LE(line->size(), 80u) << *line;

  // COLUMNS=30: (30 + 3) / 8 = 4 a row; the tile notation names the tiles' moves, opposite.
  const std::vector<std::string> narrow =
      lines_of(run_with_env("COLUMNS=30", solve + " --notation tile"));
  EXPECT_NE(std::find(narrow.begin(), narrow.end(), "moves: DDRUULLDDRURULLDDRURULLDDRRUULL"),
            narrow.end());
  const auto first = std::find(narrow.begin(), narrow.end(), "0       1 D     2 D     3 R");
  ASSERT_NE(first, narrow.end());
  for (auto line = first; line != narrow.end() && line->rfind("states", 0) != 0; ++line)
    EXPECT_LE(line->size(), 30u) << *line;
}

TEST(ViewCli, ColourOnATerminalOrWhenAskedPlainInPipesAndUnderNoColor) {
  const std::string solve = "solve -j 1 --board '" + kBoard + "'";
  const std::string truecolour = "\x1b[48;2;", palette = "\x1b[48;5;";
  // A pipe: plain, whatever COLORTERM says; the board as format_board prints it.
  const std::string piped = run_with_env("COLORTERM=truecolor", solve);
  EXPECT_EQ(piped.find('\x1b'), std::string::npos);
  EXPECT_NE(piped.find("8 6 7\n2 5 4\n3 . 1\n"), std::string::npos);
  // --color always: 24-bit with COLORTERM=truecolor, else 256 colours; NO_COLOR does not undo it.
  EXPECT_NE(run_with_env("COLORTERM=truecolor", solve + " --color always").find(truecolour),
            std::string::npos);
  const std::string by256 = run_with_env("NO_COLOR=1", solve + " --color always");
  EXPECT_NE(by256.find(palette), std::string::npos);
  EXPECT_EQ(by256.find(truecolour), std::string::npos);
  // A terminal: coloured by default, plain with NO_COLOR, TERM=dumb or --color never.
  EXPECT_NE(run_with_env("TERM=xterm COLORTERM=24bit", solve, true).find(truecolour),
            std::string::npos);
  EXPECT_EQ(run_with_env("TERM=xterm NO_COLOR=1", solve, true).find('\x1b'), std::string::npos);
  EXPECT_EQ(run_with_env("TERM=dumb", solve, true).find('\x1b'), std::string::npos);
  EXPECT_EQ(run_with_env("TERM=xterm", solve + " --color never", true).find('\x1b'),
            std::string::npos);
  // JSON is never coloured.
  EXPECT_EQ(run_with_env("", solve + " --color always --format json").find('\x1b'),
            std::string::npos);
}

}  // namespace
}  // namespace taquin
