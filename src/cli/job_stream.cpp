// The boards of a batch as jobs, read one at a time, and the shard of the batch a run takes.
#include "cli/job_stream.hpp"

#include <charconv>
#include <iostream>
#include <string_view>
#include <utility>

#include "cli/diagnostics.hpp"
#include "core/solvability.hpp"

namespace taquin::cli {

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

JobStream::JobStream(std::optional<GoalSpec> spec, Shard shard, std::vector<Input> inputs)
    : spec_(std::move(spec)), shard_(shard), inputs_(std::move(inputs)) {}

Expected<JobStream> JobStream::open(const InputOptions& options, bool all_or_nothing) {
  if (all_or_nothing)
    if (std::optional<Error> bad = first_bad_input(options)) return *bad;
  std::optional<GoalSpec> spec;
  if (!options.goal.empty()) {
    Expected<GoalSpec> parsed = parse_goal_spec(options.goal, "--goal");
    if (!parsed) return parsed.error();
    spec = std::move(*parsed);
  }
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
  return JobStream(std::move(spec), shard, std::move(inputs));
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
    Expected<Goal> goal =
        Goal::for_shape(spec_ ? *spec_ : default_goal_spec(**board), (*board)->shape);
    if (!goal) {
      Error error = goal.error();
      error.message += " (" + (*board)->source + ":" + std::to_string((*board)->line) + ")";
      return Expected<Job>(std::move(error));
    }
    if (!shard_.takes(boards_++)) continue;
    Job job{std::move(**board), std::move(*goal), static_cast<int>(boards_), ""};
    if (!spec_ && !noticed_ && job.instance.format == BoardFormat::FortyTwo) {
      job.notice = forty_two_notice(job.instance);
      noticed_ = true;
    }
    return Expected<Job>(std::move(job));
  }
}

std::string forty_two_notice(const Instance& board) {
  const Error notice{board.source, board.line,
                     "boards in the 42 format (a size line before the rows) take the snail goal, "
                     "the 42 school's; --goal standard to change"};
  return "taquin: " + printable(notice.describe()) + "\n";
}

void print_notice(Job& job) {
  if (job.notice.empty()) return;
  std::cerr << job.notice;
  job.notice.clear();
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
  const Goal snail = Goal::snail(job.instance.shape);
  if (job.goal.tiles() == snail.tiles() || !is_solvable(job.instance.tiles, snail)) return "";
  return " (it can reach the snail goal: --goal snail)";
}

}  // namespace taquin::cli
