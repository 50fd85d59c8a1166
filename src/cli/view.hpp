// The CLI's view options (--color, --notation, --svg, --animate, --gif): the terminal's colours
// and width, the grid of boards of --show-path, and the picture files of a solution.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "render/render.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/search/result.hpp"

namespace taquin::cli {

struct ViewOptions {
  std::string color = "auto";      // auto, always, never
  std::string notation = "blank";  // blank, tile
  std::string svg;                 // --svg FILE: the figure of the solution
  std::string animate;             // --animate FILE: the animated SVG
  std::string gif;                 // --gif FILE: the animated GIF
};

// Adds --color and --notation to `sub`, and with `pictures` also --svg, --animate and --gif.
void add_view_options(CLI::App* sub, ViewOptions& options, bool pictures);

// The colours of standard output: none for --color never, or when auto and standard output is
// not a terminal, NO_COLOR is set and not empty, or TERM is dumb; else 24-bit when COLORTERM says
// truecolor or 24bit, and 256 colours otherwise.
TermColour output_colour(const std::string& color);

// The width of standard output in columns: COLUMNS when it is a positive number, else the
// terminal's width, else 80.
int output_columns();

// The notation --notation names.
MoveNotation output_notation(const ViewOptions& options);

// The boards of `path` side by side in `columns`, each under its step label (step_label).
std::string path_grid(const std::vector<std::vector<Tile>>& path, std::span<const Dir> moves,
                      const Goal& goal, TermColour colour, MoveNotation notation, int columns);

// The most cells (boards × cells a board) an animated SVG draws, and an animated GIF (its frames
// are whole pictures).
inline constexpr size_t kMaxPictureCells = 1'000'000;
inline constexpr size_t kMaxGifCells = 100'000;
// The most cells an SVG figure draws every board of; over it, the figure shows the start and the
// goal only.
inline constexpr size_t kMaxFigureCells = 100'000;

// Writes the picture files asked for (--svg, --animate, --gif) of the solution `path` of input
// `id` among `count` inputs: FILE itself for one input, FILE with "-ID" before its extension for
// several. Each file is written whole or not at all (a temporary file renamed); the Error names
// the file. The figure of a solution over kMaxFigureCells cells shows its start and goal only; an
// animation over its limit (kMaxPictureCells, kMaxGifCells), and any picture of a solution whose
// path was not kept, is not drawn: one Error names the first such file and says why (and the
// other files are written).
std::optional<Error> write_pictures(const ViewOptions& options, int id, size_t count,
                                    const std::vector<std::vector<Tile>>& path,
                                    std::span<const Dir> moves, const Goal& goal);

// Progress of IDA* searches on stderr: with `lines` (--progress), each iteration as a line; else,
// when stderr is a terminal, once a search has run a second, one line redrawn in place. Each
// report: the bound searched, the nodes expanded, nodes per second, seconds.
class IterationProgress {
 public:
  explicit IterationProgress(bool lines);
  // The callback for Limits::on_iteration; empty when nothing is to be shown. It must not
  // outlive this object.
  std::function<void(const IterationReport&)> callback();
  // For boards searched at once: with `lines`, a callback printing each iteration of board `id`
  // as one line "taquin: instance ID: IDA* bound ..." (whole lines, from any thread); else empty
  // (no redrawn line: several searches would share it).
  std::function<void(const IterationReport&)> board_callback(int id) const;
  // Ends the redrawn line, if one is shown (call when a search returns, before printing).
  void finish();

 private:
  void report(const IterationReport& report);
  bool lines_;
  bool terminal_;
  bool drawn_ = false;  // a redrawn line waits for its end
};

// The progress of a long task on stderr, never on stdout. On a terminal: one line redrawn in place,
// "LABEL [#####.........]  42.0% DONE/TOTAL, DETAIL, S s" (S: seconds since the bar was made),
// at most ten times a second. With `lines` (--progress): a line "taquin: LABEL: DONE/TOTAL (P%),
// DETAIL, S s" at each tenth of the task and at its end. Else (stderr not a terminal) nothing.
class ProgressBar {
 public:
  explicit ProgressBar(bool lines);
  // Whether update() shows anything: on a terminal, or with `lines`.
  bool shown() const { return lines_ || terminal_; }
  // Shows that `done` of `total` are done (`detail`, if any, after the counts).
  void update(std::string_view label, uint64_t done, uint64_t total, std::string_view detail = {});
  // Ends the redrawn line, if one is shown (call when the task ends, before printing results).
  void finish();

 private:
  bool lines_;
  bool terminal_;
  bool drawn_ = false;           // a redrawn line waits for its end
  bool complete_drawn_ = false;  // the last drawing showed DONE = TOTAL
  int last_tenth_ = -1;          // the last tenth a line was printed for
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace taquin::cli
