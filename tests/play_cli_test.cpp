// Tests of `taquin play` driven through a pseudo-terminal: keys in, screen out, and the terminal's
// settings restored when it quits.
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace taquin {
namespace {

// `taquin play ARGS...` on a pseudo-terminal: write keys, wait for text on the screen.
class PlaySession {
 public:
  explicit PlaySession(const char* board)
      : PlaySession(std::vector<std::string>{"--board", board, "--color", "never"}) {}
  // `taquin play ARGS...` on a terminal of `columns` x `lines`.
  PlaySession(const std::vector<std::string>& args, int columns = 80, int lines = 24) {
    winsize size{};
    size.ws_row = static_cast<unsigned short>(lines);
    size.ws_col = static_cast<unsigned short>(columns);
    std::vector<std::string> words = {"taquin", "play"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    pid_ = ::forkpty(&master_, nullptr, nullptr, &size);
    if (pid_ == 0) {
      ::execv(TAQUIN_BINARY, argv.data());
      ::_exit(127);
    }
  }
  ~PlaySession() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }
  bool started() const { return pid_ > 0; }

  void press(const std::string& keys) {
    ASSERT_EQ(::write(master_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size()));
  }

  // Reads the screen until `text` appears after what was matched before (5 s at most).
  bool wait_for(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (;;) {
      const size_t at = screen_.find(text, seen_);
      if (at != std::string::npos) {
        seen_ = at + text.size();
        return true;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd in{master_, POLLIN, 0};
      if (::poll(&in, 1, static_cast<int>(left.count())) <= 0) return false;
      char buf[4096];
      const ssize_t n = ::read(master_, buf, sizeof buf);
      if (n <= 0) return false;
      screen_.append(buf, static_cast<size_t>(n));
    }
  }

  // Waits for the process to end; its exit status.
  int wait_exit() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
      char buf[4096];
      pollfd in{master_, POLLIN, 0};
      if (::poll(&in, 1, 10) > 0 && ::read(master_, buf, sizeof buf) > 0) continue;
      int raw = 0;
      if (::waitpid(pid_, &raw, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
      }
      ::usleep(10000);
    }
    return -1;
  }

  // The terminal's settings as the program left them.
  termios settings() const {
    termios t{};
    ::tcgetattr(master_, &t);
    return t;
  }

  const std::string& screen() const { return screen_; }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::string screen_;
  size_t seen_ = 0;
};

TEST(PlayCli, KeysMoveHintUndoSolveAndQuitRestoresTheTerminal) {
  PlaySession play("1 2 3 4 5 6 0 7 8");
  ASSERT_TRUE(play.started());
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  // The blank must go right: the tile on its right slides left.
  play.press("h");
  ASSERT_TRUE(play.wait_for("hint: slide a tile left (L)")) << play.screen();
  play.press("\x1b[D");  // the left arrow
  ASSERT_TRUE(play.wait_for("moves: 1   optimal distance: 1")) << play.screen();
  play.press("u");
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  play.press("d");  // a tile slides right: the blank's way is blocked at the left edge
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  play.press("s");
  ASSERT_TRUE(play.wait_for("solved in 2 moves")) << play.screen();
  play.press("n");
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: ")) << play.screen();
  play.press("q");
  EXPECT_EQ(play.wait_exit(), 0);
  const termios restored = play.settings();
  EXPECT_TRUE(restored.c_lflag & ICANON);
  EXPECT_TRUE(restored.c_lflag & ECHO);
  EXPECT_TRUE(restored.c_lflag & ISIG);
}

// Issue 28, friction 1: the screen's key legend is exactly what the keys do. Every key it names
// to slide a tile slides one (the blank in the centre: every way is open), h hints, s solves.
TEST(PlayCli, KeyLegendNamesTheKeysThatWork) {
  PlaySession play("1 2 3 4 0 5 7 8 6");
  ASSERT_TRUE(play.started());
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  ASSERT_TRUE(
      play.wait_for("arrows, W A S D or H J K L slide a tile (w a d j k l too); h hint, "
                    "s solve, u undo, n new board, q quit"))
      << play.screen();
  for (const std::string key : {"W", "A", "S", "D", "H", "J", "K", "L", "w", "a", "d", "j", "k",
                                "l", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"}) {
    play.press(key);
    ASSERT_TRUE(play.wait_for("moves: 1   optimal distance: "))
        << "key " << key << " moved nothing";
    play.press("u");
    ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  }
  play.press("h");
  ASSERT_TRUE(play.wait_for("hint: slide a tile ")) << play.screen();
  play.press("s");
  ASSERT_TRUE(play.wait_for("solved in 2 moves")) << play.screen();
  play.press("q");
  EXPECT_EQ(play.wait_exit(), 0);
}

TEST(PlayCli, CtrlCQuitsAndRestoresTheTerminal) {
  PlaySession play("1 2 3 4 5 6 7 0 8");
  ASSERT_TRUE(play.wait_for("optimal distance: 1")) << play.screen();
  play.press("\x03");
  EXPECT_EQ(play.wait_exit(), 0);
  EXPECT_TRUE(play.settings().c_lflag & ICANON);
  EXPECT_TRUE(play.settings().c_lflag & ECHO);
}

// Rectangles: a 2x3 board from a file (its "R C" size line) slides, hints and solves within its
// three columns and two rows.
TEST(PlayCli, RectangleFromAFileMovesHintsAndSolves) {
  const std::string board = testing::temp_file("play23.txt", "2 3\n1 2 3\n0 4 5\n");
  PlaySession play({board, "--color", "never"});
  ASSERT_TRUE(play.started());
  ASSERT_TRUE(play.wait_for("taquin play: 2x3, goal standard")) << play.screen();
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  play.press("\x1b[A");  // a tile slides up: the blank's way down is off the board
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: 2")) << play.screen();
  play.press("h");
  ASSERT_TRUE(play.wait_for("hint: slide a tile left (L)")) << play.screen();
  play.press("\x1b[D");
  ASSERT_TRUE(play.wait_for("moves: 1   optimal distance: 1")) << play.screen();
  play.press("\x1b[D");
  ASSERT_TRUE(play.wait_for("solved in 2 moves")) << play.screen();
  play.press("q");
  EXPECT_EQ(play.wait_exit(), 0);
}

TEST(PlayCli, DealtThreeByFourBoardsAreSolvedWithHints) {
  PlaySession play({"--size", "3x4", "--seed", "1", "--color", "always"});
  ASSERT_TRUE(play.wait_for("taquin play: 3x4, goal standard")) << play.screen();
  ASSERT_TRUE(play.wait_for("moves: 0   optimal distance: ")) << play.screen();
  play.press("s");
  ASSERT_TRUE(play.wait_for("solved in ")) << play.screen();
  play.press("q");
  EXPECT_EQ(play.wait_exit(), 0);
}

// Over 12 cells (but the 4x4), no optimal search: the screen says there are no hints, h says why.
TEST(PlayCli, LargerBoardsPlayWithoutHints) {
  PlaySession play({"--size", "5x6", "--seed", "2", "--color", "never"});
  ASSERT_TRUE(play.wait_for("taquin play: 5x6, goal standard")) << play.screen();
  ASSERT_TRUE(play.wait_for("moves: 0   (no hints: over 12 cells)")) << play.screen();
  ASSERT_TRUE(play.wait_for(
      "arrows, W A S D or H J K L slide a tile (w a d j k l too); u undo, n new board, q quit"))
      << play.screen();
  play.press("h");
  ASSERT_TRUE(play.wait_for("no hints on a 5x6 board: an optimal search is quick up to 12 cells"))
      << play.screen();
  play.press("q");
  EXPECT_EQ(play.wait_exit(), 0);
}

// A board the terminal cannot show is refused in one line (status 2), the terminal untouched.
TEST(PlayCli, ABoardLargerThanTheTerminalIsOneLine) {
  PlaySession play({"--size", "30"}, 80, 24);
  ASSERT_TRUE(
      play.wait_for("taquin: play: a 30x30 board needs a terminal of 152 columns and 37 "
                    "lines; this one has 80 and 24"))
      << play.screen();
  EXPECT_EQ(play.wait_exit(), 2);
  EXPECT_TRUE(play.settings().c_lflag & ICANON);
}

TEST(PlayCli, WithoutATerminalItSaysSoInOneLine) {
  const testing::CliRun run = testing::run_taquin("play --board '1 2 3 4 5 6 7 0 8'");
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(testing::count_lines(run.err), 1) << run.err;
}

}  // namespace
}  // namespace taquin
