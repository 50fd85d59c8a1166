// `taquin play`: the puzzle in the terminal. Keys slide tiles; h shows the next move of an optimal
// solution, s plays the rest, u undoes, n deals a new board, q or Ctrl-C quits (terminal restored).
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/view.hpp"
#include "core/generate.hpp"
#include "core/solvability.hpp"
#include "render/render.hpp"
#include "taquin/solve.hpp"

namespace taquin::cli {
namespace {

struct PlayOptions {
  InputOptions input;
  PdbChoice pdb;
  std::string size = "3";        // the shape of the boards dealt when none is given
  std::optional<uint64_t> seed;  // unset: drawn
  std::string color = "auto";
};

// Raw keys from the terminal while it lives (no echo, no line buffering, Ctrl-C read as a key);
// the settings before are restored when it ends.
class RawTerminal {
 public:
  RawTerminal() {
    if (::tcgetattr(STDIN_FILENO, &saved_) != 0) return;
    termios raw = saved_;
    raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    active_ = ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0;
  }
  ~RawTerminal() {
    if (active_) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_);
  }
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;
  bool active() const { return active_; }

 private:
  termios saved_{};
  bool active_ = false;
};

enum class Key { None, Up, Down, Left, Right, Hint, Solve, Undo, New, Quit };

// The keys as the screen lists them (read_key reads exactly these): lower-case h and s are hint
// and solve, so those two moves are upper-case only.
constexpr std::string_view kKeyLegend =
    "arrows, W A S D or H J K L slide a tile (w a d j k l too); h hint, s solve, u undo, "
    "n new board, q quit";
// The keys of a board without hints (hints_for is false).
constexpr std::string_view kKeyLegendNoHints =
    "arrows, W A S D or H J K L slide a tile (w a d j k l too); u undo, n new board, q quit";

// Whether play offers hints on boards of `shape`: where an optimal search is quick, up to 12 cells
// and the 4x4 square.
bool hints_for(Shape shape) {
  return shape.cells() <= 12 || shape == Shape::square(4);
}

// Lines the screen takes for boards of `shape` in `columns` columns: the title, the board between
// empty lines, the moves, the keys (wrapped) and the message.
int screen_lines(Shape shape, int columns) {
  const int legend = static_cast<int>((hints_for(shape) ? kKeyLegend : kKeyLegendNoHints).size());
  return shape.rows + 5 + (legend + columns - 1) / std::max(1, columns);
}

// The next key: arrows (ESC [ A..D), w a s d ... as documented; Key::Quit at the end of input.
Key read_key() {
  char c = 0;
  if (::read(STDIN_FILENO, &c, 1) != 1) return Key::Quit;
  if (c == '\x1b') {
    char seq[2] = {0, 0};
    pollfd in{STDIN_FILENO, POLLIN, 0};
    if (::poll(&in, 1, 50) <= 0 || ::read(STDIN_FILENO, &seq[0], 1) != 1) return Key::None;
    if (seq[0] != '[' || ::read(STDIN_FILENO, &seq[1], 1) != 1) return Key::None;
    switch (seq[1]) {
      case 'A':
        return Key::Up;
      case 'B':
        return Key::Down;
      case 'C':
        return Key::Right;
      case 'D':
        return Key::Left;
    }
    return Key::None;
  }
  switch (c) {
    case 'w':
    case 'W':
    case 'k':
    case 'K':
      return Key::Up;
    case 'S':
    case 'j':
    case 'J':
      return Key::Down;
    case 'a':
    case 'A':
    case 'H':
      return Key::Left;
    case 'd':
    case 'D':
    case 'l':
    case 'L':
      return Key::Right;
    case 'h':
    case '?':
      return Key::Hint;
    case 's':
      return Key::Solve;
    case 'u':
      return Key::Undo;
    case 'n':
      return Key::New;
    case 'q':
    case 'Q':
    case 3:  // 3: Ctrl-C
      return Key::Quit;
  }
  return Key::None;
}

// The game: the board, the moves made, and an optimal solution of the board as it stands.
class Game {
 public:
  Game(const PlayOptions& options, std::vector<Tile> tiles, Goal goal)
      : options_(options), goal_(std::move(goal)), tiles_(std::move(tiles)) {}

  // Plays until q, Ctrl-C or the end of input. Returns the exit status.
  int run(Random& random) {
    const TermColour colour = output_colour(options_.color);
    if (hints_ && !prepare_solver()) return kExitBadInput;
    for (;;) {
      draw(colour);
      const Key key = read_key();
      message_.clear();
      switch (key) {
        case Key::Quit:
          std::cout << "\n";
          return kExitOk;
        case Key::Up:
        case Key::Down:
        case Key::Left:
        case Key::Right:
          // A key names where a tile slides: the blank goes the other way.
          slide(opposite(key == Key::Up     ? Dir::Up
                         : key == Key::Down ? Dir::Down
                         : key == Key::Left ? Dir::Left
                                            : Dir::Right));
          break;
        case Key::Hint:
          if (!hints_) {
            message_ = no_hints();
          } else if (solved()) {
            message_ = "solved";
          } else {
            const Dir next = solution().front();
            message_ = std::string("hint: slide a tile ") + direction_word(opposite(next)) + " (" +
                       move_letter(next, MoveNotation::Tile) + ")";
          }
          break;
        case Key::Solve:
          if (!hints_) message_ = no_hints();
          while (hints_ && !solved()) {
            slide(solution().front());
            draw(colour);
            std::this_thread::sleep_for(std::chrono::milliseconds(120));
          }
          break;
        case Key::Undo:
          if (!history_.empty()) {
            const Dir back = opposite(history_.back());
            history_.pop_back();
            apply(back);
            invalidate();
          }
          break;
        case Key::New:
          tiles_ = random_board(random, goal_, Solvability::Solvable);
          history_.clear();
          invalidate();
          break;
        case Key::None:
          break;
      }
    }
  }

 private:
  static const char* direction_word(Dir d) {
    return d == Dir::Up ? "up" : d == Dir::Down ? "down" : d == Dir::Left ? "left" : "right";
  }

  std::string no_hints() const {
    return "no hints on a " + shape_name(goal_.shape()) +
           " board: an optimal search is quick up to 12 cells";
  }

  bool prepare_solver() {
    HeuristicRequest request;
    request.paths = pdb_paths(options_.pdb);
    Expected<HeuristicChoice> choice = choose_heuristic(goal_, request);
    if (!choice) {
      print_error(choice.error());
      return false;
    }
    heuristic_ = *choice;
    return true;
  }

  bool solved() const { return tiles_ == goal_.tiles(); }

  // Moves the blank by `d` if it can; a move kept in the history, the solution kept when the
  // move is its next.
  void slide(Dir d) {
    if (!apply(d)) return;
    history_.push_back(d);
    if (solution_ && !solution_->empty() && solution_->front() == d)
      solution_->erase(solution_->begin());
    else
      invalidate();
    if (solved()) message_ = "solved in " + std::to_string(history_.size()) + " moves";
  }

  // The blank's move `d` on the tiles; false when it would leave the board.
  bool apply(Dir d) {
    const Shape shape = goal_.shape();
    int blank = 0;
    while (tiles_[blank] != 0) ++blank;
    const int r = blank / shape.cols, c = blank % shape.cols;
    const int nr = r + (d == Dir::Down) - (d == Dir::Up),
              nc = c + (d == Dir::Right) - (d == Dir::Left);
    if (nr < 0 || nr >= shape.rows || nc < 0 || nc >= shape.cols) return false;
    std::swap(tiles_[blank], tiles_[nr * shape.cols + nc]);
    return true;
  }

  void invalidate() { solution_.reset(); }

  // An optimal solution of the board as it stands (searched when the board changed otherwise).
  const std::vector<Dir>& solution() {
    if (!solution_) {
      SearchPlan plan;
      plan.algorithm = Algorithm::Ida;
      plan.heuristic = heuristic_.kind;
      plan.threads = 1;
      Expected<CheckedResult> result = solve(tiles_, goal_, plan, heuristic_.databases.get());
      // A solution that does not replay is a bug: main reports it (status 3), the terminal
      // restored on the way.
      if (!result) throw std::runtime_error(result.error().describe());
      solution_ = std::move(result->moves);
    }
    return *solution_;
  }

  void draw(TermColour colour) {
    std::string screen = "\x1b[H\x1b[2J";
    screen += "taquin play: " + shape_name(goal_.shape()) + ", goal " + goal_.name() + "\r\n\r\n";
    for (const std::string& row : board_block(tiles_, goal_, colour).lines)
      screen += "  " + row + "\r\n";
    screen += "\r\nmoves: " + std::to_string(history_.size());
    screen += hints_ ? "   optimal distance: " + std::to_string(solution().size())
                     : "   (no hints: over 12 cells)";
    screen += "\r\n" + std::string(hints_ ? kKeyLegend : kKeyLegendNoHints) + "\r\n";
    screen += message_ + "\r\n";
    std::cout << screen << std::flush;
  }

  const PlayOptions& options_;
  Goal goal_;
  bool hints_ = hints_for(goal_.shape());  // an optimal solution is searched
  std::vector<Tile> tiles_;
  std::vector<Dir> history_;                  // blank moves made, for undo
  std::optional<std::vector<Dir>> solution_;  // an optimal solution from tiles_, when known
  HeuristicChoice heuristic_;
  std::string message_;
};

// Why boards of `shape` do not fit the terminal on standard output (80x24 when it says not), or
// nullopt.
std::optional<std::string> does_not_fit(const Goal& goal) {
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) {
    size.ws_col = 80;
    size.ws_row = 24;
  }
  const Shape shape = goal.shape();
  const int columns = size.ws_col, lines = size.ws_row;
  // The coloured board is the widest: each label with a space either side, two spaces in.
  const int width = 2 + board_block(goal.tiles(), goal, TermColour::Ansi256).width;
  const int height = screen_lines(shape, columns);
  if (width <= columns && height <= lines) return std::nullopt;
  return "a " + shape_name(shape) + " board needs a terminal of " + std::to_string(width) +
         " columns and " + std::to_string(height) + " lines; this one has " +
         std::to_string(columns) + " and " + std::to_string(lines);
}

int run_play(const PlayOptions& options) {
  Expected<Shape> shape = parse_shape(options.size, "--size");
  if (!shape) {
    print_usage_error(shape.error(), "play");
    return kExitBadInput;
  }
  const uint64_t seed = options.seed ? *options.seed : std::random_device{}();
  Random random(seed);
  std::vector<Tile> tiles;
  std::optional<Goal> goal;
  if (options.input.files.empty() && options.input.board.empty()) {
    Expected<Goal> dealt = goal_for_size(*shape, options.input.goal);
    if (!dealt) {
      print_usage_error(dealt.error(), "play");
      return kExitBadInput;
    }
    goal = *dealt;
    tiles = random_board(random, *goal, Solvability::Solvable);
  } else {
    Expected<std::vector<Job>> jobs = load_jobs(options.input);
    if (!jobs) {
      print_error(jobs.error());
      return kExitBadInput;
    }
    Job& job = jobs->front();
    print_notice(job);
    if (!is_solvable(job.instance.tiles, job.goal)) {
      print_error({job.instance.source, job.instance.line,
                   "this board cannot reach the goal (parity)" + snail_note(job)});
      return kExitUnsolved;
    }
    goal = job.goal;
    tiles = job.instance.tiles;
  }
  if (!::isatty(STDIN_FILENO)) {
    print_error({"play", 0, "standard input is not a terminal (play reads keys)"});
    return kExitBadInput;
  }
  if (std::optional<std::string> why = does_not_fit(*goal)) {
    print_error({"play", 0, *why});
    return kExitBadInput;
  }
  const RawTerminal terminal;
  Game game(options, std::move(tiles), *goal);
  return game.run(random);
}

void setup_play(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* sub = app.add_subcommand(
      "play",
      "Play the puzzle in the terminal (hints and solutions from an optimal search, up to 12 "
      "cells and on 4x4)");
  add_input_options(sub, options->input);
  add_pdb_options(sub, options->pdb);
  sub->add_option("--size", options->size,
                  "Shape of the boards dealt when no board is given: a side (3) or rows x "
                  "columns (3x4), as the terminal fits; hints up to 12 cells and on 4x4")
      ->capture_default_str();
  add_seed_option(sub, options->seed, "Seed of the boards dealt (default: drawn)");
  sub->add_option("--color", options->color, "auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  sub->callback([options, &exit_code] { exit_code = run_play(*options); });
}

const RegisterCommand registered_play(38, setup_play);

}  // namespace
}  // namespace taquin::cli
