// `taquin serve`'s requests: the body, its board and goal (serve_request.hpp).
#include "cli/serve_request.hpp"

#include <algorithm>
#include <cstdio>

#include "cli/command.hpp"
#include "cli/serve_guard.hpp"
#include "core/solvability.hpp"
#include "render/render.hpp"

namespace taquin::cli {

using json = nlohmann::json;

void bad(std::string message) {
  throw ApiError{400, std::move(message)};
}

// The request's body as a JSON object ({} when empty).
json parse_body(std::string_view text) {
  if (text.empty()) return json::object();
  json body;
  try {
    body = json::parse(text);
  } catch (const json::exception& e) {  // a syntax error, bytes not UTF-8, a number out of range
    bad("request: malformed JSON: " + clip_text(e.what(), 200));
  }
  if (!body.is_object()) bad("request: the body must be a JSON object");
  return body;
}

// The string field `key` of `body`, `fallback` when absent or null.
std::string string_field(const json& body, const char* key, std::string fallback) {
  const auto at = body.find(key);
  if (at == body.end() || at->is_null()) return fallback;
  if (!at->is_string()) bad(std::string(key) + ": a string is expected");
  return at->get<std::string>();
}

namespace {

// A board or a goal given as text, as an array of numbers (one line), or as an array of rows (a
// grid, any rectangle), as text.
std::string board_text(const json& value, const char* key) {
  if (value.is_string()) return value.get<std::string>();
  if (!value.is_array()) bad(std::string(key) + ": a string or an array of numbers is expected");
  const auto line = [key](const json& numbers) {
    std::string text;
    for (const json& v : numbers) {
      if (!v.is_number_integer())
        bad(std::string(key) + ": an array of whole numbers (or of rows of them) is expected");
      text += (text.empty() ? "" : " ") + std::to_string(v.get<int64_t>());
    }
    return text;
  };
  if (value.empty() || !value.front().is_array()) return line(value);
  // Its size line first: a bare grid of two columns would read as one.
  std::string text =
      std::to_string(value.size()) + " " + std::to_string(value.front().size()) + "\n";
  for (const json& row : value) {
    if (!row.is_array()) bad(std::string(key) + ": every row must be an array of numbers");
    text += line(row) + "\n";
  }
  return text;
}

// "#rrggbb" of each tile (index: the tile, 0 the blank) on `goal`'s board, as the CLI's pictures
// colour it: by the tile's goal cell.
json tile_colours(const Goal& goal) {
  const int cells = goal.shape().cells();
  json colours = json::array();
  for (int tile = 0; tile < cells; ++tile) {
    const Rgb rgb = tile == 0 ? kBlankColour : tile_colour(goal.cell_of(tile), goal.shape());
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb.r, rgb.g, rgb.b);
    colours.push_back(buf);
  }
  return colours;
}

// 400 when `shape` (of the request's `key`) has more than kServeMaxDim rows or columns.
void check_serve_shape(Shape shape, const char* key) {
  if (shape.rows <= kServeMaxDim && shape.cols <= kServeMaxDim) return;
  bad(std::string(key) + ": a " + shape_name(shape) + " board is over the server's limit of " +
      std::to_string(kServeMaxDim) + " rows and " + std::to_string(kServeMaxDim) + " columns");
}

}  // namespace

// The request's "size": a side N or "RxC", 3 when absent or null.
Shape read_shape(const json& body) {
  const auto at = body.find("size");
  if (at == body.end() || at->is_null()) return Shape::square(3);
  std::string text;
  if (at->is_number_integer())
    text = std::to_string(at->get<int64_t>());
  else if (at->is_string())
    text = at->get<std::string>();
  else
    bad("size: a side N (2 to " + std::to_string(kServeMaxDim) + ") or \"RxC\" is expected");
  Expected<Shape> shape = parse_shape(text, "size");
  if (!shape) bad(shape.error().describe());
  check_serve_shape(*shape, "size");
  return *shape;
}

// The one board of the request's "board" (any format taquin reads); errors as the CLI words them.
Instance read_board(const json& body) {
  const auto at = body.find("board");
  if (at == body.end() || at->is_null())
    bad("board: missing (give the tiles in any format taquin reads, or an array)");
  BoardReader reader = BoardReader::of_text(board_text(*at, "board"), "board");
  std::optional<Expected<Instance>> first = reader.next();
  if (!first) bad("board: no board found");
  if (!*first) bad(first->error().describe());
  if (reader.next()) bad("board: one board a request, found more");
  check_serve_shape((*first)->shape, "board");
  return std::move(**first);
}

// The request's "goal" for `board`: a name (standard, zero-first, snail or 42) or a board's
// tiles; never a file name (a client may not make the server read its files). None or null: the
// board's own goal (default_goal_spec: the snail for a board in the 42 format).
Goal read_goal(const json& body, const Instance& board) {
  const auto at = body.find("goal");
  Expected<GoalSpec> spec = Error{};
  if (at == body.end() || at->is_null()) {
    spec = default_goal_spec(board);
  } else if (const std::string text = board_text(*at, "goal");
             text.find_first_of("0123456789") == std::string::npos || text == "42") {
    std::string word = text;
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word != "standard" && word != "zero-first" && word != "snail" && word != "42" &&
        !word.empty())
      bad("goal: unknown goal '" + clip_text(text, 40) +
          "' (a goal is standard, zero-first, snail or 42, or the tiles of a board)");
    spec = parse_goal_spec(word, "goal");
  } else {
    Expected<std::vector<Instance>> parsed = parse_instances(text, "goal");
    if (!parsed) bad(parsed.error().describe());
    if (parsed->size() != 1)
      bad("goal: a goal must be exactly one board, found " + std::to_string(parsed->size()));
    GoalSpec custom;
    custom.kind = GoalSpec::Kind::Custom;
    custom.custom_shape = (*parsed)[0].shape;
    custom.custom_tiles = (*parsed)[0].tiles;
    custom.name = format_board(custom.custom_tiles, custom.custom_shape, BoardFormat::OneLine);
    spec = custom;
  }
  if (!spec) bad(spec.error().describe());
  Expected<Goal> goal = Goal::for_shape(*spec, board.shape);
  if (!goal) bad("goal: " + goal.error().message);
  return *goal;
}

// The request's board and goal.
Job read_job(const json& body) {
  Instance instance = read_board(body);
  Goal goal = read_goal(body, instance);
  return Job{std::move(instance), std::move(goal), 1};
}

// The fields `check --format json` prints for `job`, with the page's extras.
json check_record(const Job& job) {
  const Instance& inst = job.instance;
  const bool solvable = is_solvable(inst.tiles, job.goal);
  json out = {{"id", job.id},
              {"size", inst.shape.is_square() ? json(inst.shape.rows) : json(nullptr)},
              {"rows", inst.shape.rows},
              {"cols", inst.shape.cols},
              {"board", inst.tiles},
              {"goal", job.goal.tiles()},
              {"solvable", solvable},
              {"source", inst.source},
              {"line", inst.line},
              {"optimal_length", nullptr},
              {"goal_name", job.goal.name()},
              {"colours", tile_colours(job.goal)}};
  if (inst.optimal_length) out["optimal_length"] = *inst.optimal_length;
  if (!solvable) out["note"] = snail_note(job);
  return out;
}

}  // namespace taquin::cli
