// `taquin solve`'s options: what each one means, its checks, and the command's registration.
#include <memory>

#include "cli/command.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/solve_report.hpp"
#include "cli/view.hpp"

namespace taquin::cli {
namespace {

void setup_solve(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SolveCliOptions>();
  CLI::App* sub = app.add_subcommand(
      "solve",
      "Solve each board (IDA*, A*, greedy, uniform-cost, BFS or constructive) and print "
      "statistics");
  add_input_options(sub, options->input);
  sub->add_option("--algorithm,-a", options->algorithm,
                  "ida, astar, greedy (fast, not optimal), uniform, bfs, constructive (a row or "
                  "column at a time: any size in real time, not optimal), or anytime (a first "
                  "solution fast, shortened until --max-seconds, --max-nodes, --max-memory or "
                  "Ctrl-C; squares 2x2 to 8x8); default: ida on boards of at most 25 cells, "
                  "constructive on larger ones (said on stderr)")
      ->check(
          CLI::IsMember({"ida", "astar", "greedy", "uniform", "bfs", "constructive", "anytime"}));
  sub->add_option("--weight,-w", options->weight,
                  "A* and IDA*: the heuristic times W (a number from 1, e.g. 1.5): a solution "
                  "within W times the shortest, found sooner (not proven optimal); anytime: its "
                  "first solution's weight (default 3)");
  sub->add_option("--heuristic,-H", options->heuristic,
                  "hamming, manhattan, linear (linear conflict) or pdb (pattern databases); "
                  "default: pdb on 4x4 and 5x5 when their databases are built, else linear")
      ->check(CLI::IsMember({"hamming", "manhattan", "linear", "pdb"}))
      ->capture_default_str();
  add_pdb_options(sub, options->pdb);
  add_format_option(sub, options->format);
  add_strict_option(sub, options->strict);
  sub->add_flag("--show-path", options->show_path,
                "Print every board on the way to the goal, side by side as the width allows");
  add_view_options(sub, options->view, true);
  sub->add_flag("--progress", options->progress,
                "Print each IDA* iteration on stderr as a line (bound, nodes, nodes/s, seconds; "
                "boards searched at once: each line names its board); on a terminal, searches "
                "past a second show it on one line anyway");
  sub->add_option("--max-memory", options->max_memory,
                  "Memory for A*, greedy, uniform and BFS, e.g. 512M or 2G (default: half the "
                  "physical memory and of the process's limits); the search stops cleanly when it "
                  "would need more");
  sub->add_option("--astar", options->astar,
                  "IDA* with linear conflict or pattern databases on 3x3 to 5x5: run an A* from "
                  "the start first, within --max-memory and half the memory available, and sweep "
                  "its open list (A*+IDA*): on, off, or auto (the default: off, as measured)")
      ->check(CLI::IsMember({"auto", "on", "off"}));
  sub->add_option("--max-nodes", options->max_nodes,
                  "Stop a search after about this many expanded nodes (1 or more; default: none)");
  sub->add_option("--max-seconds", options->max_seconds,
                  "Stop a search after this many seconds (above 0; default: none)");
  sub->add_option("--threads,-j", options->threads,
                  "Threads: IDA* and anytime search each board on them (0, the default: all "
                  "cores); with another algorithm, a batch solves that many boards at once "
                  "(default: 1)")
      ->capture_default_str();
#ifdef TAQUIN_MPI
  sub->add_flag("--verbose", options->verbose,
                "Under mpirun: print the nodes each rank expanded, per board, on stderr");
#endif
  sub->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

const RegisterCommand registered_solve(30, setup_solve);

}  // namespace
}  // namespace taquin::cli
