// `taquin serve`'s requests: the body read as JSON, its board and goal read as the CLI reads them,
// and the answer to an error (an ApiError raised inside a handler).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/job_stream.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"

namespace taquin::cli {

// An answer other than 200, raised inside a handler: its HTTP status and its one-line message.
struct ApiError {
  int status;
  std::string message;
};

// Most rows and columns of a board the server takes: its answers (every board of a solution's
// path) stay small enough to send whole.
inline constexpr int kServeMaxDim = 10;

// Raises ApiError 400 with `message`.
[[noreturn]] void bad(std::string message);

// The request's body as a JSON object ({} when empty); 400 when it is not one (malformed JSON,
// bytes that are not UTF-8, a number out of range, another value).
nlohmann::json parse_body(std::string_view text);

// The string field `key` of `body`, `fallback` when absent or null; 400 when not a string.
std::string string_field(const nlohmann::json& body, const char* key, std::string fallback);

// The request's "size": a side N (a number or "N") or "RxC", 3 when absent or null; 400 when not a
// shape or over kServeMaxDim rows or columns.
Shape read_shape(const nlohmann::json& body);

// The one board of the request's "board" (any format taquin reads); errors as the CLI words them,
// and 400 for a board over kServeMaxDim rows or columns.
Instance read_board(const nlohmann::json& body);

// The request's "goal" for `board`: a name (standard, zero-first, snail or 42) or a board's
// tiles; never a file name (a client may not make the server read its files). None or null: the
// board's own goal (default_goal_spec: the snail for a board in the 42 format).
Goal read_goal(const nlohmann::json& body, const Instance& board);

// The request's board and goal, as job 1.
Job read_job(const nlohmann::json& body);

// The fields `check --format json` prints for `job`, with the page's extras (goal_name, colours,
// note).
nlohmann::json check_record(const Job& job);

}  // namespace taquin::cli
