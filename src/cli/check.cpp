// `taquin check`: solvability of every input board against the goal, in input order.
#include <iostream>

#include "cli/command.hpp"
#include "core/solvability.hpp"

namespace taquin::cli {
namespace {

struct CheckOptions {
  InputOptions input;
  std::string format = "text";
  bool strict = false;
};

int run_check(const CheckOptions& options) {
  // Bad inputs are reported in their place and the others checked; --strict stops at the first.
  Expected<JobStream> jobs = JobStream::open(options.input, options.strict);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  int status = kExitOk;
  uint64_t boards = 0, solvable_boards = 0;
  const RecordFormat records(options.format, {"id", "size", "rows", "cols", "board", "goal",
                                              "solvable", "source", "line", "optimal_length"});
  std::cout << records.header();
  while (std::optional<Expected<Job>> next = jobs->next()) {
    std::cout.flush();  // stdout and stderr keep the input order
    if (!*next) {
      print_error(next->error());
      status = worse_status(status, kExitBadInput);
      if (options.strict) break;  // met only in a pipe, which the first pass could not read
      continue;
    }
    Job& job = **next;
    print_notice(job);
    const int id = job.id;
    const Instance& inst = job.instance;
    const bool solvable = is_solvable(inst.tiles, job.goal);
    if (!solvable) status = worse_status(status, kExitUnsolved);
    ++boards;
    solvable_boards += solvable ? 1 : 0;
    const std::string size = shape_name(inst.shape);
    if (options.format != "text") {
      JsonLine line;
      line.add("id", id);
      if (inst.shape.is_square())
        line.add("size", inst.shape.rows);
      else
        line.add_null("size");
      line.add("rows", inst.shape.rows)
          .add("cols", inst.shape.cols)
          .add("board", inst.tiles)
          .add("goal", job.goal.tiles());
      line.add("solvable", solvable).add("source", inst.source).add("line", inst.line);
      if (inst.optimal_length)
        line.add("optimal_length", *inst.optimal_length);
      else
        line.add_null("optimal_length");
      std::cout << records.line(line);
    } else {
      std::cout << id << ' ' << size << ' ' << (solvable ? "solvable" : "unsolvable") << "  "
                << format_board(inst.tiles, inst.shape, BoardFormat::OneLine)
                << (solvable ? "" : snail_note(job)) << '\n';
    }
  }
  // A batch (a generated one mixes both kinds) ends with its count.
  if (options.format == "text" && boards > 1)
    std::cout << "solvable: " << solvable_boards << " of " << boards << '\n';
  return status;
}

void setup_check(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand("check", "Tell whether each board can reach the goal");
  add_input_options(sub, options->input);
  add_format_option(sub, options->format);
  add_strict_option(sub, options->strict);
  sub->callback([options, &exit_code] { exit_code = run_check(*options); });
}

const RegisterCommand registered_check(10, setup_check);

}  // namespace
}  // namespace taquin::cli
