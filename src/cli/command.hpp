// The subcommand registry and the exit statuses; it includes the plumbing every subcommand shares:
// options, the job stream, limits, interrupts, records and diagnostics (one header each).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/diagnostics.hpp"
#include "cli/interrupt.hpp"
#include "cli/job_stream.hpp"
#include "cli/limits.hpp"
#include "cli/options.hpp"
#include "cli/records.hpp"
#include "taquin/error.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::pdb {
struct PdbSet;
}

namespace taquin::cli {

// Exit statuses: the CLI's contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolved = 1;  // some instance unsolvable or not solved within limits
inline constexpr int kExitBadInput = 2;  // bad input or usage
inline constexpr int kExitInternal = 3;  // a bug: a solution that fails its replay, an exception
// A run stopped by a signal exits 128 + its number: 129 (SIGHUP), 130 (SIGINT, Ctrl-C), 143
// (SIGTERM).

// The status of a run that met both `a` and `b`: internal beats bad input beats unsolved beats ok.
inline int worse_status(int a, int b) {
  return a > b ? a : b;
}

// A subcommand adds itself to `app` and sets `exit_code` when it runs.
using CommandSetup = void (*)(CLI::App& app, int& exit_code);

// Registers a subcommand at static-initialisation time; `order` sorts `taquin --help`.
struct RegisterCommand {
  RegisterCommand(int order, CommandSetup setup);
};

// Registered subcommands, sorted by order.
std::vector<CommandSetup> registered_commands();

}  // namespace taquin::cli
