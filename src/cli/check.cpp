// `taquin check`: solvability of every input board against the goal, in input order.
#include <iostream>

#include "command.hpp"
#include "taquin/solvability.hpp"

namespace taquin::cli {
namespace {

struct CheckOptions {
  InputOptions input;
  std::string format = "text";
};

int run_check(const CheckOptions& options) {
  Expected<std::vector<Job>> jobs = load_jobs(options.input);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  int status = kExitOk;
  int id = 0;
  for (const Job& job : *jobs) {
    ++id;
    const Instance& inst = job.instance;
    const bool solvable = is_solvable(inst.tiles, job.goal);
    if (!solvable) status = kExitUnsolved;
    const std::string size = std::to_string(inst.side) + "x" + std::to_string(inst.side);
    if (options.format == "json") {
      JsonLine line;
      line.add("id", id)
          .add("size", inst.side)
          .add("board", inst.tiles)
          .add("goal", job.goal.tiles());
      line.add("solvable", solvable).add("source", inst.source).add("line", inst.line);
      if (inst.optimal_length) line.add("optimal_length", *inst.optimal_length);
      std::cout << line.str() << '\n';
    } else {
      std::cout << id << ' ' << size << ' ' << (solvable ? "solvable" : "unsolvable") << "  "
                << format_board(inst.tiles, inst.side, BoardFormat::OneLine) << '\n';
    }
  }
  return status;
}

void setup_check(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand("check", "Tell whether each board can reach the goal");
  add_input_options(sub, options->input);
  sub->add_option("--format", options->format, "Output: text or json (one object a line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub->callback([options, &exit_code] { exit_code = run_check(*options); });
}

const RegisterCommand registered(10, setup_check);

}  // namespace
}  // namespace taquin::cli
