// The CLI's view options: terminal colours and width, the --show-path grid, picture files.
#include "cli/view.hpp"

#include "cli/command.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>

#include "taquin/solve.hpp"

namespace taquin::cli {

void add_view_options(CLI::App* sub, ViewOptions& options, bool pictures) {
  sub->add_option("--color", options.color,
                  "Colour the boards by goal cell: auto (on a terminal, unless NO_COLOR is set), "
                  "always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  sub->add_option("--notation", options.notation,
                  "Name moves in text by where the blank goes (blank) or where the tile goes "
                  "(tile); JSON keeps the blank's letters")
      ->check(CLI::IsMember({"blank", "tile"}))
      ->capture_default_str();
  if (!pictures) return;
  sub->add_option("--svg", options.svg,
                  "Write each solution as an SVG figure of its boards (several inputs: FILE-ID); "
                  "over 100000 cells (boards x cells) only its start and goal");
  sub->add_option("--animate", options.animate,
                  "Write each solution as an animated SVG, its tiles sliding, looping (refused "
                  "over 1000000 cells)");
  sub->add_option("--gif", options.gif,
                  "Write each solution as an animated GIF, a frame a board (refused over 100000 "
                  "cells)");
}

TermColour output_colour(const std::string& color) {
  if (color == "never") return TermColour::None;
  if (color == "auto") {
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    if (!::isatty(STDOUT_FILENO) || (no_color && *no_color) || (term && !std::strcmp(term, "dumb")))
      return TermColour::None;
  }
  const char* colorterm = std::getenv("COLORTERM");
  if (colorterm && (!std::strcmp(colorterm, "truecolor") || !std::strcmp(colorterm, "24bit")))
    return TermColour::TrueColour;
  return TermColour::Ansi256;
}

int output_columns() {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0 && value <= 100000)
      return static_cast<int>(value);
  }
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

MoveNotation output_notation(const ViewOptions& options) {
  return options.notation == "tile" ? MoveNotation::Tile : MoveNotation::Blank;
}

std::string path_grid(const std::vector<std::vector<Tile>>& path, std::span<const Dir> moves,
                      const Goal& goal, TermColour colour, MoveNotation notation, int columns) {
  std::vector<TextBlock> blocks;
  blocks.reserve(path.size());
  for (size_t i = 0; i < path.size(); ++i) {
    TextBlock block = board_block(path[i], goal, colour);
    block.lines.insert(block.lines.begin(), step_label(i, moves, notation));
    blocks.push_back(std::move(block));
  }
  return side_by_side(blocks, columns);
}

namespace {

// FILE for one input; FILE with "-ID" before its extension for several.
std::string picture_path(const std::string& file, int id, size_t count) {
  if (count <= 1) return file;
  const std::filesystem::path path(file);
  std::filesystem::path numbered = path;
  numbered.replace_filename(path.stem().string() + "-" + std::to_string(id) +
                            path.extension().string());
  return numbered.string();
}

// Writes `bytes` to `file` by the output contract's rule (write_output_file).
std::optional<Error> write_whole(const std::string& file, std::string_view bytes) {
  const std::string_view pieces[] = {bytes};
  return write_output_file(file, pieces);
}

}  // namespace

std::optional<Error> write_pictures(const ViewOptions& options, int id, size_t count,
                                    const std::vector<std::vector<Tile>>& path,
                                    std::span<const Dir> moves, const Goal& goal) {
  const size_t boards = moves.size() + 1, cells = boards * goal.tiles().size();
  const bool kept = path.size() == boards;
  const std::string held = "the solution's " + std::to_string(boards) + " boards hold " +
                           std::to_string(cells) + " cells";
  // The first file refused, and why; the files after it that are refused too.
  std::optional<Error> refused;
  const auto refuse = [&](const std::string& file, size_t limit, const char* what) {
    if (refused) {
      refused->message += "; " + file + " not drawn either";
      return;
    }
    refused =
        Error{file, 0,
              !kept ? "not drawn: the boards were not kept (" + held + ", over " +
                          std::to_string(kMaxPathTiles) + ")"
                    : "not drawn: " + held + ", over the " + std::to_string(limit) + " " + what};
  };
  if (!options.svg.empty()) {
    if (!kept) {
      refuse(options.svg, kMaxPathTiles, "");
    } else if (cells <= kMaxFigureCells) {
      if (auto bad = write_whole(picture_path(options.svg, id, count),
                                 svg_figure(path, moves, goal, output_notation(options))))
        return bad;
    } else {
      // Too many boards to draw them all: the start and the goal.
      const std::vector<std::vector<Tile>> ends = {path.front(), path.back()};
      const size_t steps[] = {0, moves.size()};
      if (auto bad = write_whole(picture_path(options.svg, id, count),
                                 svg_figure(ends, moves, goal, output_notation(options), steps)))
        return bad;
    }
  }
  if (!options.animate.empty()) {
    if (!kept || cells > kMaxPictureCells) {
      refuse(options.animate, kMaxPictureCells, "an animated SVG draws");
    } else if (auto bad = write_whole(picture_path(options.animate, id, count),
                                      svg_animation(path, goal))) {
      return bad;
    }
  }
  if (!options.gif.empty()) {
    if (!kept || cells > kMaxGifCells) {
      refuse(options.gif, kMaxGifCells, "an animated GIF draws");
    } else {
      Expected<std::vector<uint8_t>> gif = gif_animation(path, goal);
      if (!gif) return Error{options.gif, 0, gif.error().message};
      const std::string_view bytes(reinterpret_cast<const char*>(gif->data()), gif->size());
      if (auto bad = write_whole(picture_path(options.gif, id, count), bytes)) return bad;
    }
  }
  return refused;
}

IterationProgress::IterationProgress(bool lines)
    : lines_(lines), terminal_(::isatty(STDERR_FILENO) != 0) {}

std::function<void(const IterationReport&)> IterationProgress::callback() {
  if (!lines_ && !terminal_) return {};
  return [this](const IterationReport& r) { report(r); };
}

std::function<void(const IterationReport&)> IterationProgress::board_callback(int id) const {
  if (!lines_) return {};
  return [id](const IterationReport& r) {
    std::fprintf(stderr,
                 "taquin: instance %d: IDA* bound %d searched: %llu nodes expanded, %.0f nodes/s, "
                 "%.2f s\n",
                 id, r.bound, static_cast<unsigned long long>(r.nodes_expanded),
                 per_second(r.nodes_expanded, r.seconds), r.seconds);
  };
}

void IterationProgress::report(const IterationReport& r) {
  if (!lines_ && r.seconds < 1.0) return;  // the redrawn line: only for a long search
  std::fprintf(stderr,
               "%staquin: IDA* bound %d searched: %llu nodes expanded, %.0f nodes/s, %.2f s%s",
               lines_ ? "" : "\r\x1b[K", r.bound, static_cast<unsigned long long>(r.nodes_expanded),
               per_second(r.nodes_expanded, r.seconds), r.seconds, lines_ ? "\n" : "");
  std::fflush(stderr);
  drawn_ = !lines_;
}

void IterationProgress::finish() {
  if (!drawn_) return;
  std::fputs("\n", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

ProgressBar::ProgressBar(bool lines) : lines_(lines), terminal_(::isatty(STDERR_FILENO) != 0) {}

void ProgressBar::update(std::string_view label, uint64_t done, uint64_t total,
                         std::string_view detail) {
  if (!shown()) return;
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double share =
      total ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 1.0;
  const std::string after = detail.empty() ? "" : ", " + std::string(detail);
  char counts[64];
  std::snprintf(counts, sizeof counts, "%llu/%llu", static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(total));
  char text[96];
  if (lines_) {
    const int tenth = static_cast<int>(share * 10);
    if (tenth == last_tenth_) return;
    last_tenth_ = tenth;
    std::snprintf(text, sizeof text, " (%.1f%%)", 100 * share);
    std::string line = "taquin: " + std::string(label) + ": " + counts + text + after;
    std::snprintf(text, sizeof text, ", %.2f s\n", seconds);
    std::fputs((line + text).c_str(), stderr);
  } else {
    if (done < total && drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    const bool complete = total != 0 && done >= total;
    if (complete && complete_drawn_) return;  // the finished bar is drawn once
    complete_drawn_ = complete;
    last_draw_ = now;
    constexpr int kWidth = 30;
    std::string bar(static_cast<size_t>(share * kWidth + 0.5), '#');
    bar.resize(kWidth, '.');
    std::snprintf(text, sizeof text, "] %5.1f%% ", 100 * share);
    std::string line = "\r\x1b[K" + std::string(label) + " [" + bar + text + counts + after;
    std::snprintf(text, sizeof text, ", %.1f s", seconds);
    std::fputs((line + text).c_str(), stderr);
    drawn_ = true;
  }
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!std::exchange(drawn_, false)) return;
  std::fputs("\n", stderr);
  std::fflush(stderr);
}

}  // namespace taquin::cli
