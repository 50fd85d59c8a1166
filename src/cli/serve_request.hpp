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

// Raises ApiError 400 with `message`.
[[noreturn]] void bad(std::string message);

// The request's body as a JSON object ({} when empty); 400 when it is not one (malformed JSON,
// bytes that are not UTF-8, a number out of range, another value).
nlohmann::json parse_body(std::string_view text);

// The string field `key` of `body`, `fallback` when absent or null; 400 when not a string.
std::string string_field(const nlohmann::json& body, const char* key, std::string fallback);

// The one board of the request's "board" (any format taquin reads); errors as the CLI words them.
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
