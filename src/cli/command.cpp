// Shared CLI plumbing: the subcommand registry, input loading, errors and JSON lines.
#include "command.hpp"

#include <signal.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "memory_size.hpp"
#include "taquin/pdb/pdb_set.hpp"
#include "taquin/solvability.hpp"
#include "taquin/tables.hpp"

namespace taquin::cli {
namespace {

std::vector<std::pair<int, CommandSetup>>& registry() {
  static std::vector<std::pair<int, CommandSetup>> all;
  return all;
}

}  // namespace

RegisterCommand::RegisterCommand(int order, CommandSetup setup) {
  registry().emplace_back(order, setup);
}

std::vector<CommandSetup> registered_commands() {
  auto all = registry();
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<CommandSetup> out;
  for (const auto& [order, setup] : all) out.push_back(setup);
  return out;
}

void add_goal_option(CLI::App* sub, std::string& goal) {
  sub->add_option(
         "--goal", goal,
         "Goal: standard (1..N²-1 then blank), zero-first, snail, an inline board, or a file")
      ->capture_default_str();
}

void add_input_options(CLI::App* sub, InputOptions& options) {
  sub->add_option("files", options.files,
                  "Board files (42 format, one-line or batch); '-' = stdin");
  // An empty --board is no board, not a request to read standard input ('-' is that): refused
  // by the empty-value rule (refuse_empty_values).
  sub->add_option("--board", options.board, "A board given inline, e.g. \"1 2 3 4 5 6 7 0 8\"");
  add_goal_option(sub, options.goal);
  add_shard_option(sub, options.shard);
}

Expected<Shard> parse_shard(const std::string& text, const std::string& option) {
  const Error bad{option, 0,
                  "'" + text + "' is not K/N with 0 <= K < N (the instances whose 0-based index " +
                      "is K mod N)"};
  const size_t slash = text.find('/');
  if (slash == std::string::npos) return bad;
  Shard shard;
  const auto whole = [](std::string_view digits, uint64_t& value) {
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return !digits.empty() && ec == std::errc() && end == digits.data() + digits.size();
  };
  const std::string_view view(text);
  if (!whole(view.substr(0, slash), shard.index) || !whole(view.substr(slash + 1), shard.count) ||
      shard.count == 0 || shard.index >= shard.count)
    return bad;
  return shard;
}

void add_shard_option(CLI::App* sub, std::string& shard) {
  sub->add_option("--shard", shard,
                  "Take only the instances whose 0-based index is K mod N (K/N, e.g. 0/4); ids "
                  "stay those of the whole batch ('taquin merge' joins the shards' JSON lines)");
}

namespace {

bool blank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// Puts the blank-value check first among the validators of every option of `app` that takes a
// value, and of its subcommands', so that no other check or conversion sees a blank value.
void add_blank_rule(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size() == 0) continue;  // a flag
    const bool positional = option->get_lnames().empty() && option->get_snames().empty();
    option->transform(CLI::Validator(
        [positional](std::string& value) {
          if (!blank(value)) return std::string();
          return std::string(positional ? "an empty name (give a file, or '-' for standard input)"
                                        : "an empty value (give one, or leave the option out)");
        },
        "", "not blank"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) add_blank_rule(*sub);
}

}  // namespace

void refuse_empty_values(CLI::App& app) {
  add_blank_rule(app);
}

CLI::Validator seed_value() {
  return CLI::Validator(
      [](const std::string& text) {
        uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
          return c >= '0' && c <= '9';
        });
        if (digits && ptr == end && ec == std::errc()) return std::string();
        return "'" + text + "' is not a seed (a whole number from 0 to 18446744073709551615)";
      },
      "", "seed");
}

void add_seed_option(CLI::App* sub, std::optional<uint64_t>& seed, const std::string& help) {
  sub->add_option("--seed", seed, help)->check(seed_value());
}

Expected<Goal> goal_for_size(int size, const std::string& goal) {
  if (size < kMinSide || size > kMaxSide)
    return Error{"--size", 0,
                 "side " + std::to_string(size) + " is out of range (" + std::to_string(kMinSide) +
                     " to " + std::to_string(kMaxSide) + ")"};
  Expected<GoalSpec> spec = parse_goal_spec(goal, "--goal");
  if (!spec) return spec.error();
  return Goal::for_side(*spec, size);
}

JobStream::JobStream(GoalSpec spec, Shard shard, std::vector<Input> inputs)
    : spec_(std::move(spec)), shard_(shard), inputs_(std::move(inputs)) {}

Expected<JobStream> JobStream::open(const InputOptions& options, bool all_or_nothing) {
  if (all_or_nothing)
    if (std::optional<Error> bad = first_bad_input(options)) return *bad;
  Expected<GoalSpec> spec = parse_goal_spec(options.goal, "--goal");
  if (!spec) return spec.error();
  Shard shard;
  if (!options.shard.empty()) {
    Expected<Shard> parsed = parse_shard(options.shard, "--shard");
    if (!parsed) return parsed.error();
    shard = *parsed;
  }
  std::vector<Input> inputs;
  for (const std::string& file : options.files) inputs.push_back({file, false});
  if (options.files.empty() && options.board.empty()) inputs.push_back({"-", false});
  if (!options.board.empty()) inputs.push_back({options.board, true});
  return JobStream(std::move(*spec), shard, std::move(inputs));
}

std::optional<Error> JobStream::first_bad_input(const InputOptions& options) {
  Expected<JobStream> stream = open(options);
  if (!stream) return stream.error();
  stream->checking_ = true;
  while (std::optional<Expected<Job>> job = stream->next())
    if (!*job) return job->error();
  return std::nullopt;
}

std::optional<Expected<Job>> JobStream::next() {
  for (;;) {
    if (!reader_) {
      if (next_input_ == inputs_.size()) return std::nullopt;
      const Input& input = inputs_[next_input_++];
      reader_ = input.is_board ? BoardReader::of_text(input.text, "--board")
                               : BoardReader::open(input.text);
      // A pipe cannot be read twice: the checking pass leaves it to the stream.
      if (checking_ && input.text == "-" && !input.is_board && !reader_->rewind()) reader_.reset();
      continue;
    }
    std::optional<Expected<Instance>> board = reader_->next();
    if (!board) {
      if (checking_) reader_->rewind();  // standard input stays at its start for the stream
      reader_.reset();
      continue;
    }
    if (!*board) return Expected<Job>(board->error());
    Expected<Goal> goal = Goal::for_side(spec_, (*board)->side);
    if (!goal) {
      Error error = goal.error();
      error.message += " (" + (*board)->source + ":" + std::to_string((*board)->line) + ")";
      return Expected<Job>(std::move(error));
    }
    if (shard_.takes(boards_++))
      return Expected<Job>(Job{std::move(**board), std::move(*goal), static_cast<int>(boards_)});
  }
}

Expected<std::vector<Job>> load_jobs(const InputOptions& options) {
  Expected<JobStream> stream = JobStream::open(options);
  if (!stream) return stream.error();
  std::vector<Job> jobs;
  while (std::optional<Expected<Job>> job = stream->next()) {
    if (!*job) return job->error();
    jobs.push_back(std::move(**job));
  }
  return jobs;
}

std::string snail_note(const Job& job) {
  const Goal snail = Goal::snail(job.instance.side);
  if (job.goal.tiles() == snail.tiles() || !is_solvable(job.instance.tiles, snail)) return "";
  return " (it can reach the snail goal: --goal snail)";
}

void add_strict_option(CLI::App* sub, bool& strict) {
  sub->add_flag("--strict", strict,
                "Stop at the first bad input, before any board is handled (from a pipe: after the "
                "boards before it) (default: report it, go on with the others, exit 2 at the end)");
}

void print_error(const Error& error) {
  std::cerr << "taquin: " << printable(error.describe()) << '\n';
}

void print_usage_error(const Error& error, std::string_view command) {
  std::cerr << "taquin: " << printable(error.describe()) << " (run 'taquin " << command
            << " --help')\n";
}

void add_format_option(CLI::App* sub, std::string& format,
                       const std::vector<std::string>& choices) {
  std::string help = "Output: ";
  for (size_t i = 0; i < choices.size(); ++i)
    help += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  if (std::find(choices.begin(), choices.end(), "json") != choices.end())
    help +=
        " (json: one object a line; csv: a header line, then one row a record; fields in "
        "docs/output.md)";
  format = choices.front();
  sub->add_option("--format", format, help)->check(CLI::IsMember(choices))->capture_default_str();
}

double per_second(uint64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

Expected<uint64_t> parse_node_limit(const std::string& text, const std::string& option) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || text[0] == '-' || ptr != end || ec == std::errc::invalid_argument)
    return Error{option, 0, "'" + text + "' is not a node count (a whole number from 1)"};
  if (ec == std::errc::result_out_of_range)
    return Error{option, 0, text + " is past the largest node count, 2^64 - 1"};
  if (value == 0) return Error{option, 0, "0 is not a limit (leave the option out for no limit)"};
  return value;
}

Expected<double> parse_seconds_limit(const std::string& text, const std::string& option) {
  // Digits with an optional fraction, nothing else: no sign, exponent, hexadecimal, inf or nan.
  const size_t point = text.find('.');
  const auto digits = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string_view whole = std::string_view(text).substr(0, point);
  const std::string_view fraction =
      point == std::string::npos ? std::string_view() : std::string_view(text).substr(point + 1);
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
  if (!digits(whole) || !digits(fraction) || whole.size() + fraction.size() == 0 || ptr != end ||
      ec != std::errc() || !std::isfinite(value))
    return Error{option, 0,
                 "'" + text +
                     "' is not a number of seconds (digits with an optional fraction, "
                     "e.g. 30 or 0.5)"};
  if (value <= 0)
    return Error{option, 0,
                 text + " is not a limit: give seconds above 0 (leave the option out for none)"};
  return value;
}

Expected<Limits> parse_limits(const std::string& max_memory, const std::string& max_nodes,
                              const std::string& max_seconds) {
  Limits limits;
  limits.max_memory_bytes = default_memory_limit();
  if (!max_memory.empty()) {
    Expected<uint64_t> bytes = parse_memory_size(max_memory, "--max-memory");
    if (!bytes) return bytes.error();
    limits.max_memory_bytes = *bytes;
  }
  if (!max_nodes.empty()) {
    Expected<uint64_t> nodes = parse_node_limit(max_nodes, "--max-nodes");
    if (!nodes) return nodes.error();
    limits.max_nodes = *nodes;
  }
  if (!max_seconds.empty()) {
    Expected<double> seconds = parse_seconds_limit(max_seconds, "--max-seconds");
    if (!seconds) return seconds.error();
    limits.max_seconds = *seconds;
  }
  return limits;
}

std::optional<Error> check_threads(int threads) {
  if (threads >= 0 && threads <= 1024) return std::nullopt;
  return Error{"--threads", 0,
               std::to_string(threads) + " is not a thread count (0 = all cores, or 1 to 1024)"};
}

std::optional<Error> check_count(int count) {
  if (count >= 0) return std::nullopt;
  return Error{"--count", 0, std::to_string(count) + " is not a count (0 or more)"};
}

namespace {

std::atomic<bool> interrupted{false};
std::atomic<int> interrupt_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

extern "C" void on_interrupt(int signal) {
  interrupt_signal.store(signal, std::memory_order_relaxed);
  interrupted.store(true, std::memory_order_relaxed);
}

void set_handler(int signal, void (*handler)(int), int flags) {
  struct sigaction action {};
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
}

}  // namespace

InterruptWatch::InterruptWatch() {
  interrupted.store(false);
  interrupt_signal.store(0);
  // SA_RESETHAND: the handler runs once; a second signal takes the default action (exit).
  for (int s : {SIGINT, SIGTERM, SIGHUP}) set_handler(s, on_interrupt, SA_RESETHAND);
}

InterruptWatch::~InterruptWatch() {
  for (int s : {SIGINT, SIGTERM, SIGHUP}) set_handler(s, SIG_DFL, 0);
}

const std::atomic<bool>* InterruptWatch::flag() const {
  return &interrupted;
}

int InterruptWatch::signal() const {
  return interrupt_signal.load();
}

void print_interrupted(int signal, const Instance& instance, const SearchResult& result) {
  const Stats& s = result.stats;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", s.seconds);
  const char* name = signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "SIGINT";
  std::cerr << "taquin: interrupted by " << name << " while solving " << instance.source << ":"
            << instance.line << '\n'
            << "taquin: nodes expanded: " << s.nodes_expanded
            << ", nodes generated: " << s.nodes_generated << ", seconds: " << seconds
            << ", lower bound: " << result.lower_bound << '\n';
}

namespace {

// Length of the well-formed UTF-8 sequence at text[i] (1 to 4), or 0 when the bytes there are
// not one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
size_t utf8_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

}  // namespace

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    const size_t length = utf8_length(text, i);
    if (length == 0) {  // not UTF-8: the replacement character keeps the JSON valid
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t length = utf8_length(text, i);
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    if (c == '\n') {
      out += "\\n";
    } else if (length == 0 || c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

void JsonLine::key(std::string_view k, std::string csv) {
  if (body_.size() > 1) body_ += ',';
  body_ += json_quote(k);
  body_ += ':';
  csv_.emplace_back(std::string(k), std::move(csv));
}

namespace {

// The CSV text of an array of numbers: the numbers apart by single spaces.
template <typename Number>
std::string spaced(std::span<const Number> values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? " " : "") + std::to_string(static_cast<uint64_t>(values[i]));
  return out;
}

// The JSON text of an array of numbers.
template <typename Number>
std::string json_array(std::span<const Number> values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? "," : "") + std::to_string(static_cast<uint64_t>(values[i]));
  return out + "]";
}

}  // namespace

JsonLine& JsonLine::add(std::string_view k, std::string_view value) {
  key(k, std::string(value));
  body_ += json_quote(value);
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, bool value) {
  const char* text = value ? "true" : "false";
  key(k, text);
  body_ += text;
  return *this;
}
JsonLine& JsonLine::add(std::string_view k, int64_t value) {
  return add_raw(k, std::to_string(value), std::to_string(value));
}
JsonLine& JsonLine::add(std::string_view k, uint64_t value) {
  return add_raw(k, std::to_string(value), std::to_string(value));
}
JsonLine& JsonLine::add(std::string_view k, double value) {
  if (!std::isfinite(value)) return add_null(k);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  return add_raw(k, buf, buf);
}
JsonLine& JsonLine::add(std::string_view k, std::span<const uint8_t> values) {
  return add_raw(k, json_array(values), spaced(values));
}
JsonLine& JsonLine::add(std::string_view k, std::span<const uint64_t> values) {
  return add_raw(k, json_array(values), spaced(values));
}
JsonLine& JsonLine::add(std::string_view k, std::span<const std::vector<uint8_t>> arrays) {
  std::string json = "[", csv;
  for (size_t i = 0; i < arrays.size(); ++i) {
    json += (i ? "," : "") + json_array(std::span<const uint8_t>(arrays[i]));
    csv += (i ? ";" : "") + spaced(std::span<const uint8_t>(arrays[i]));
  }
  return add_raw(k, json + "]", csv);
}
JsonLine& JsonLine::add_null(std::string_view k) {
  return add_raw(k, "null", "");
}
JsonLine& JsonLine::add_raw(std::string_view k, std::string_view json, std::string_view csv) {
  key(k, std::string(csv));
  body_ += json;
  return *this;
}

std::string csv_quote(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

RecordFormat::RecordFormat(std::string format, std::vector<std::string> columns)
    : csv_(format == "csv"), columns_(std::move(columns)) {}

std::string RecordFormat::header() const {
  if (!csv_) return "";
  std::string out;
  for (size_t i = 0; i < columns_.size(); ++i) out += (i ? "," : "") + csv_quote(columns_[i]);
  return out + "\n";
}

std::string RecordFormat::line(const JsonLine& record) const {
  if (!csv_) return record.str() + "\n";
  std::vector<const std::string*> cells(columns_.size(), nullptr);
  for (const auto& [key, text] : record.csv_fields()) {
    const auto column = std::find(columns_.begin(), columns_.end(), key);
    if (column == columns_.end())
      throw std::logic_error("the CSV record has a field, " + key + ", that is not a column");
    cells[static_cast<size_t>(column - columns_.begin())] = &text;
  }
  std::string out;
  for (size_t i = 0; i < cells.size(); ++i)
    out += (i ? "," : "") + (cells[i] ? csv_quote(*cells[i]) : std::string());
  return out + "\n";
}

}  // namespace taquin::cli
