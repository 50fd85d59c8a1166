// `taquin serve`'s page in a real browser: headless chromium driven through the DevTools protocol
// (over --remote-debugging-pipe). Types a board, presses Solve, waits for the animation's end and
// checks the board shown is the goal and the length the optimum (the library's BFS); presses
// Stop on a long search; fills the compare table; plays a move. Fails when chromium is missing.
// With TAQUIN_SERVE_SHOTS=DIR, also saves screenshots of the page there (before, during, after).
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "cli_run.hpp"
#include "serve_server.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/solver.hpp"

namespace taquin {
namespace {

using json = nlohmann::json;
using testing::ServeProcess;

// Headless chromium with the DevTools protocol on a pipe: commands on its fd 3, answers and
// events on its fd 4, each a JSON message ending with a NUL byte.
class Chromium {
 public:
  explicit Chromium(const std::string& profile) {
    int to[2], from[2];
    if (::pipe(to) != 0 || ::pipe(from) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(to[0], 3);
      ::dup2(from[1], 4);
      for (int fd : {to[0], to[1], from[0], from[1]})
        if (fd > 4) ::close(fd);
      if (!std::getenv("TAQUIN_CHROMIUM_STDERR")) {
        FILE* null = std::freopen("/dev/null", "w", stderr);
        (void)null;
      }
      const std::string dir = "--user-data-dir=" + profile;
      ::execlp("chromium", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--remote-debugging-pipe", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--disable-extensions",
               "--hide-scrollbars", "--force-device-scale-factor=1", dir.c_str(), "about:blank",
               static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(to[0]);
    ::close(from[1]);
    in_ = to[1];
    out_ = from[0];
  }
  ~Chromium() {
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Chromium(const Chromium&) = delete;
  Chromium& operator=(const Chromium&) = delete;

  // Sends `method` with `params` (to the page's session when attached) and returns the answer's
  // "result"; a protocol error or no answer in 30 s fails the test (an empty object).
  json call(const std::string& method, json params = json::object()) {
    json message = {{"id", ++last_id_}, {"method", method}, {"params", std::move(params)}};
    if (!session_.empty()) message["sessionId"] = session_;
    const std::string text = message.dump() + '\0';
    if (::write(in_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
      ADD_FAILURE() << "cannot write to chromium";
      return json::object();
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      const size_t end = buffer_.find('\0');
      if (end == std::string::npos) {
        pollfd p{out_, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) continue;
        char buf[65536];
        const ssize_t n = ::read(out_, buf, sizeof buf);
        if (n <= 0) break;
        buffer_.append(buf, static_cast<size_t>(n));
        continue;
      }
      const json answer = json::parse(buffer_.substr(0, end), nullptr, false);
      buffer_.erase(0, end + 1);
      if (!answer.is_object() || answer.value("id", 0) != last_id_) continue;  // an event
      if (answer.contains("error")) {
        ADD_FAILURE() << method << ": " << answer["error"].dump();
        return json::object();
      }
      return answer["result"];
    }
    ADD_FAILURE() << method << ": no answer from chromium";
    return json::object();
  }

  // Opens `url` in a new page and attaches to it: later calls go to that page.
  void open(const std::string& url) {
    const json target = call("Target.createTarget", {{"url", url}});
    const json attached = call("Target.attachToTarget",
                               {{"targetId", target.value("targetId", "")}, {"flatten", true}});
    session_ = attached.value("sessionId", "");
  }

  // The value of the expression `js` in the page (awaited when a promise).
  json eval(const std::string& js) {
    const json r = call("Runtime.evaluate",
                        {{"expression", js}, {"returnByValue", true}, {"awaitPromise", true}});
    if (r.contains("exceptionDetails")) ADD_FAILURE() << js << ": " << r["exceptionDetails"].dump();
    return r.contains("result") ? r["result"].value("value", json()) : json();
  }

  // Waits (at most `seconds`) until `js` is true in the page.
  bool wait_for(const std::string& js, int seconds = 60) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      if (eval(js) == json(true)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  // A real mouse click (pressed, released) on the centre of the element `selector`.
  void click(const std::string& selector) {
    const json at = eval("(() => { const e = document.querySelector('" + selector +
                         "'); e.scrollIntoView({block: 'center'}); const r = "
                         "e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / "
                         "2]; })()");
    ASSERT_TRUE(at.is_array()) << selector;
    for (const char* type : {"mousePressed", "mouseReleased"})
      call("Input.dispatchMouseEvent",
           {{"type", type}, {"x", at[0]}, {"y", at[1]}, {"button", "left"}, {"clickCount", 1}});
  }

  // Types `text` into the focused element, as a keyboard would insert it.
  void type(const std::string& text) { call("Input.insertText", {{"text", text}}); }

  // A key press (keyDown, keyUp) of the key named `key` ("ArrowLeft").
  void press(const std::string& key, int code) {
    for (const char* type : {"rawKeyDown", "keyUp"})
      call("Input.dispatchKeyEvent",
           {{"type", type}, {"key", key}, {"code", key}, {"windowsVirtualKeyCode", code}});
  }

  // Saves a screenshot of the page as DIR/name.png when TAQUIN_SERVE_SHOTS=DIR.
  void shot(const std::string& name) {
    const char* dir = std::getenv("TAQUIN_SERVE_SHOTS");
    if (!dir) return;
    const json r =
        call("Page.captureScreenshot", {{"format", "png"}, {"captureBeyondViewport", true}});
    std::ofstream(std::string(dir) + "/" + name + ".png", std::ios::binary)
        << base64_decode(r.value("data", ""));
  }

 private:
  static std::string base64_decode(const std::string& in) {
    std::string out;
    int bits = 0, value = 0;
    for (char c : in) {
      int d = c >= 'A' && c <= 'Z'   ? c - 'A'
              : c >= 'a' && c <= 'z' ? c - 'a' + 26
              : c >= '0' && c <= '9' ? c - '0' + 52
              : c == '+'             ? 62
              : c == '/'             ? 63
                                     : -1;
      if (d < 0) continue;
      value = value << 6 | d;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += static_cast<char>((value >> bits) & 0xff);
      }
    }
    return out;
  }

  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  int last_id_ = 0;
  std::string session_;
  std::string buffer_;
};

// The board as the page shows it: each tile element's place on screen, read back into cells.
constexpr const char* kShownBoard = R"((() => {
  const board = document.getElementById('board');
  const b = board.getBoundingClientRect();
  const side = Number(board.dataset.side);
  const cell = b.width / side;
  const tiles = new Array(side * side).fill(-1);
  for (const el of board.children) {
    const r = el.getBoundingClientRect();
    const c = Math.round((r.x - b.x) / cell), row = Math.round((r.y - b.y) / cell);
    tiles[row * side + c] = Number(el.dataset.tile);
  }
  return tiles;
})())";

class ServeBrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    // Not skipped when chromium is missing: cmake/setup.sh installs it.
    ASSERT_EQ(std::system("command -v chromium >/dev/null 2>&1"), 0)
        << "chromium is not installed (cmake/setup.sh installs it: apt-get install chromium)";
    profile_ = std::filesystem::temp_directory_path() /
               ("taquin_serve_chromium_" + std::to_string(::getpid()));
    std::filesystem::create_directories(profile_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(profile_, ignored);
  }
  std::filesystem::path profile_;
};

// Loads the page at `url` in a window of `width` x `height`, and waits for its first board.
void load_page(Chromium& browser, const std::string& url, int width, int height) {
  browser.open("about:blank");
  browser.call(
      "Emulation.setDeviceMetricsOverride",
      {{"width", width}, {"height", height}, {"deviceScaleFactor", 1}, {"mobile", width < 600}});
  browser.call("Page.navigate", {{"url", url}});
  ASSERT_TRUE(
      browser.wait_for("document.readyState === 'complete' && "
                       "document.getElementById('board').children.length === 9 && "
                       "document.getElementById('verdict').textContent.length > 0"))
      << "the page did not draw its first board";
}

// Types `board` into the page's text box (opening it), replacing its text; does not load it.
void type_board_text(Chromium& browser, const std::string& board) {
  browser.eval("document.getElementById('edit').open = false");
  browser.click("#edit summary");
  // (Under load the page may not have laid the opened box out when the click lands: the click
  // is repeated until the text box has the focus, and the typing checked.)
  ASSERT_TRUE(browser.wait_for("document.getElementById('edit').open", 10));
  const char* focused = "document.activeElement === document.getElementById('board-text')";
  for (int attempt = 0; attempt < 20 && browser.eval(focused) != json(true); ++attempt) {
    browser.click("#board-text");
    browser.wait_for(focused, 1);
  }
  ASSERT_EQ(browser.eval(focused), json(true)) << "the board's text box never had the focus";
  browser.eval("document.getElementById('board-text').select()");
  browser.type(board);
  ASSERT_TRUE(
      browser.wait_for("document.getElementById('board-text').value === " + json(board).dump(), 10))
      << browser.eval("document.getElementById('board-text').value").dump();
}

// Types `board` into the page's text box and presses "Use this board".
void type_board(Chromium& browser, const std::string& board) {
  ASSERT_NO_FATAL_FAILURE(type_board_text(browser, board));
  browser.click("#load");
}

TEST_F(ServeBrowser, SolvesAnimatesStopsComparesAndPlays) {
  ServeProcess server({"--threads", "1", "--max-searches", "2"});
  ASSERT_GT(server.port(), 0) << "the server printed no URL";
  Chromium browser(profile_.string());
  ASSERT_NO_FATAL_FAILURE(load_page(browser, server.url(), 1000, 1150));

  // A board typed in the 42 format; its optimum from the library's BFS.
  const std::vector<Tile> tiles = {8, 6, 7, 2, 5, 4, 3, 0, 1};
  const Goal goal = Goal::standard(3);
  SearchPlan plan;
  plan.algorithm = Algorithm::Bfs;
  const SearchResult bfs = run_search<3>(goal.canonical<3>(tiles), plan, nullptr);
  ASSERT_EQ(bfs.outcome, Outcome::Solved);
  ASSERT_NO_FATAL_FAILURE(type_board(browser, "3\n8 6 7\n2 5 4\n3 0 1\n"));
  ASSERT_TRUE(browser.wait_for(std::string(kShownBoard) + ".join(' ') === '8 6 7 2 5 4 3 0 1'", 10))
      << browser.eval(kShownBoard).dump();
  EXPECT_NE(browser.eval("document.getElementById('verdict').textContent")
                .get<std::string>()
                .find("solvable"),
            std::string::npos);
  browser.shot("1-before");

  // Solve at the fastest speed; the animation runs to the goal.
  browser.eval(
      "(() => { const s = document.getElementById('speed'); s.value = 20; "
      "s.dispatchEvent(new Event('input')); })()");
  browser.click("#solve");
  ASSERT_TRUE(browser.wait_for("document.body.dataset.player === 'playing'", 60));
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  browser.shot("2-during");
  ASSERT_TRUE(browser.wait_for("document.body.dataset.player === 'end'", 120));
  std::this_thread::sleep_for(std::chrono::milliseconds(400));  // the last slide's transition
  EXPECT_EQ(browser.eval(kShownBoard), json(goal.tiles()));
  EXPECT_EQ(browser.eval("document.getElementById('length').textContent"),
            std::to_string(bfs.moves.size()));
  EXPECT_EQ(browser.eval("document.getElementById('optimality').textContent"), "(optimal)");
  EXPECT_EQ(browser.eval("document.getElementById('step').textContent"),
            std::to_string(bfs.moves.size()));
  EXPECT_EQ(browser.eval("document.querySelectorAll('#moves span').length"), bfs.moves.size());
  EXPECT_EQ(browser.eval("[...document.querySelectorAll('#moves span')].findIndex("
                         "e => e.classList.contains('current'))"),
            bfs.moves.size() - 1);
  browser.shot("3-after");

  // Step back: the board before the last move.
  browser.click("#back");
  EXPECT_EQ(browser.eval("document.getElementById('step').textContent"),
            std::to_string(bfs.moves.size() - 1));

  // Compare: the table and the chart of every run.
  browser.click(".tabs button[data-tab=compare]");
  browser.click("#compare");
  ASSERT_TRUE(
      browser.wait_for("document.querySelectorAll('#compare-table tbody tr').length === 11 "
                       "&& !document.getElementById('compare').disabled",
                       120));
  EXPECT_EQ(browser.eval("document.querySelectorAll('#chart rect').length"), 11);
  browser.shot("4-compare");

  // Play: an arrow key slides a tile; the distance shown is the optimum from there.
  browser.click(".tabs button[data-tab=play]");
  ASSERT_TRUE(
      browser.wait_for("/^[0-9]+$/.test(document.getElementById('play-distance')"
                       ".textContent)",
                       30));
  EXPECT_EQ(browser.eval("document.getElementById('play-distance').textContent"),
            std::to_string(bfs.moves.size()));
  browser.press("ArrowLeft", 37);  // the tile right of the blank slides left
  EXPECT_TRUE(browser.wait_for(std::string(kShownBoard) + ".join(' ') === '8 6 7 2 5 4 3 1 0'", 5))
      << browser.eval(kShownBoard).dump();
  EXPECT_EQ(browser.eval("document.getElementById('play-moves').textContent"), "1");
  browser.click("#hint");
  EXPECT_NE(browser.eval("document.getElementById('play-message').textContent")
                .get<std::string>()
                .find("slide tile"),
            std::string::npos);
  browser.shot("5-play");

  // A long search: progress shows, Stop cancels it, the lower bound is kept. The board is typed
  // before the goal changes: the goal's answer (the shown board against the new goal) must not
  // erase the text being typed.
  browser.click(".tabs button[data-tab=solve]");
  browser.eval("document.getElementById('heuristic').value = 'manhattan'");
  const std::string long_board =
      "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13\n";
  ASSERT_NO_FATAL_FAILURE(type_board_text(browser, long_board));
  browser.eval(
      "(() => { const g = document.getElementById('goal'); g.value = 'zero-first'; "
      "g.dispatchEvent(new Event('change')); })()");
  ASSERT_TRUE(browser.wait_for(
      "document.getElementById('verdict').textContent.includes('zero-first')", 10));
  EXPECT_EQ(browser.eval("document.getElementById('board-text').value"), long_board);
  browser.click("#load");
  ASSERT_TRUE(
      browser.wait_for("document.getElementById('board').children.length === 25 && "
                       "document.getElementById('verdict').textContent.includes("
                       "'zero-first')",
                       10))
      << browser
             .eval(
                 "document.getElementById('verdict').textContent + ' | ' + "
                 "document.getElementById('board-text').value")
             .dump();
  browser.click("#solve");
  ASSERT_TRUE(
      browser.wait_for("!document.getElementById('progress').hidden && "
                       "/iteration ([3-9]|[0-9]{2})/.test("
                       "document.getElementById('progress').textContent)",
                       60));
  browser.shot("6-searching");
  browser.click("#stop");
  ASSERT_TRUE(browser.wait_for("document.body.dataset.solve === 'cancelled'", 60))
      << browser.eval("document.body.dataset.solve");
  EXPECT_GT(
      std::stoi(
          browser.eval("document.getElementById('lower-bound').textContent").get<std::string>()),
      0);
  EXPECT_TRUE(browser.eval("document.getElementById('progress').hidden").get<bool>());
  browser.shot("7-stopped");
  EXPECT_EQ(server.stop(), 130);
}

// Picks `rows` x `cols` in the page's choices (each change deals a board) and waits for the board.
void choose_shape(Chromium& browser, int rows, int cols) {
  for (const auto& [id, value] : {std::pair{"rows", rows}, std::pair{"cols", cols}})
    browser.eval("(() => { const s = document.getElementById('" + std::string(id) +
                 "'); s.value = '" + std::to_string(value) +
                 "'; s.dispatchEvent(new Event('change')); })()");
  const std::string shown =
      "(() => { const b = document.getElementById('board'); return "
      "b.dataset.rows === '" +
      std::to_string(rows) + "' && b.dataset.cols === '" + std::to_string(cols) +
      "' && b.children.length === " + std::to_string(rows * cols) + "; })()";
  ASSERT_TRUE(browser.wait_for(shown, 20)) << "no " << rows << "x" << cols << " board";
}

TEST_F(ServeBrowser, RectanglesUpToTenByTen) {
  ServeProcess server({"--threads", "1"});
  ASSERT_GT(server.port(), 0);
  Chromium browser(profile_.string());
  ASSERT_NO_FATAL_FAILURE(load_page(browser, server.url(), 1000, 1150));
  const char* text = "document.getElementById('board-text').value";
  const char* used = "document.getElementById('algorithm-used')";

  // 3x4: dealt, written with its "R C" line, solved optimally by IDA*.
  ASSERT_NO_FATAL_FAILURE(choose_shape(browser, 3, 4));
  EXPECT_EQ(browser.eval(text).get<std::string>().rfind("3 4\n", 0), 0u) << browser.eval(text);
  ASSERT_NO_FATAL_FAILURE(type_board(browser, "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n"));
  // The typed board shown (not the board dealt before it): the blank on cell 10, tile 11 on 11.
  ASSERT_TRUE(browser.wait_for(
      "(() => { const b = document.getElementById('board').children; return b.length === 12 && "
      "b[0].dataset.cell === '10' && b[11].dataset.cell === '11'; })()",
      10))
      << browser.eval(text);
  browser.click("#solve");
  ASSERT_TRUE(browser.wait_for(std::string(used) + " !== null", 60))
      << browser.eval("document.getElementById('solve-error').textContent");
  EXPECT_EQ(browser.eval(std::string(used) + ".textContent"), "ida");
  EXPECT_EQ(browser.eval("document.getElementById('length').textContent"), "1");
  EXPECT_EQ(browser.eval("document.getElementById('optimality').textContent"), "(optimal)");
  browser.shot("9-three-by-four");

  // 10x10: the constructive solver, named, not proven optimal, with its lower bound.
  ASSERT_NO_FATAL_FAILURE(choose_shape(browser, 10, 10));
  browser.click("#solve");
  ASSERT_TRUE(browser.wait_for(
      std::string(used) + " !== null && " + used + ".textContent === 'constructive'", 60));
  EXPECT_EQ(browser.eval("document.getElementById('optimality').textContent"),
            "(not proven optimal)");
  EXPECT_GT(
      std::stoi(
          browser.eval("document.getElementById('lower-bound').textContent").get<std::string>()),
      0);
  EXPECT_LE(
      browser.eval("document.getElementById('board').getBoundingClientRect().width").get<double>(),
      370.0);
  browser.shot("10-ten-by-ten");
}

TEST_F(ServeBrowser, FitsAPhone) {
  ServeProcess server({"--threads", "1"});
  ASSERT_GT(server.port(), 0);
  Chromium browser(profile_.string());
  ASSERT_NO_FATAL_FAILURE(load_page(browser, server.url(), 390, 844));
  // Nothing wider than the screen: no sideways scrolling.
  EXPECT_LE(browser.eval("document.documentElement.scrollWidth").get<int>(), 390);
  EXPECT_LE(
      browser.eval("document.getElementById('board').getBoundingClientRect().right").get<double>(),
      390.0);
  browser.shot("8-phone");
}

}  // namespace
}  // namespace taquin
