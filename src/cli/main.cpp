// taquin: the command-line entry point; wires the registered subcommands with CLI11.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <iostream>
#include <streambuf>
#include <string>

#include <signal.h>
#include <unistd.h>

#include "cli/command.hpp"
#include "pdb/direct_table.hpp"
#ifdef TAQUIN_MPI
#include "cli/mpi_solve.hpp"
#endif

namespace {

// What the command line names: the subcommand path ("pdb build"), and the first word that names
// no subcommand where one was expected ("" when none).
struct Named {
  std::string path;
  std::string unknown;
};

Named named_command(const CLI::App& app, int argc, char** argv) {
  Named named;
  const CLI::App* at = &app;
  const auto all = [](const CLI::App*) { return true; };
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;
    const std::vector<const CLI::App*> choices = at->get_subcommands(all);
    if (choices.empty()) break;  // a command's own arguments from here
    const auto match = std::find_if(choices.begin(), choices.end(),
                                    [&](const CLI::App* c) { return c->check_name(argv[i]); });
    if (match == choices.end()) {
      named.unknown = argv[i];
      break;
    }
    at = *match;
    named.path += (named.path.empty() ? "" : " ") + at->get_name();
  }
  return named;
}

int run(int argc, char** argv) {
  CLI::App app{"taquin: optimal sliding-tile puzzle solver (8-, 15-, 24-puzzle and up to 8x8)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "taquin 0.1.0");
  int exit_code = taquin::cli::kExitOk;
  for (taquin::cli::CommandSetup setup : taquin::cli::registered_commands()) setup(app, exit_code);
  taquin::cli::refuse_empty_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Usage errors are one line, like every other error, and point to the help that lists the
    // options: the subcommand's when one was named.
    const Named named = named_command(app, argc, argv);
    const std::string help = "taquin " + named.path + (named.path.empty() ? "" : " ") + "--help";
    if (!named.unknown.empty())
      std::cerr << "taquin: unknown command '" << taquin::cli::printable(named.unknown)
                << "' (run '" << help << "' for the list)\n";
    else
      std::cerr << "taquin: " << taquin::cli::printable(e.what()) << " (run '" << help << "')\n";
    return taquin::cli::kExitBadInput;
  }
  return exit_code;
}

// Standard output for std::cout: buffered writes to descriptor 1 that remember the first failed
// write's errno (stdio loses it once a flush has failed), so that the end of main can report it.
class CheckedOutput : public std::streambuf {
 public:
  CheckedOutput() { setp(buffer_, buffer_ + sizeof buffer_); }
  // The errno of the first failed write, 0 when every write succeeded.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  int sync() override {
    const char* at = pbase();
    while (at < pptr() && error_ == 0) {
      const ssize_t wrote = ::write(STDOUT_FILENO, at, static_cast<size_t>(pptr() - at));
      if (wrote >= 0)
        at += wrote;
      else if (errno != EINTR)
        error_ = errno;
    }
    setp(buffer_, buffer_ + sizeof buffer_);  // what could not be written is dropped
    return error_ == 0 ? 0 : -1;
  }

 private:
  char buffer_[64 * 1024];
  int error_ = 0;
};

// The status of a run that ended with `status`, once standard output is flushed: a failed write
// (a full disk, a closed pipe) lost results, so it is reported in one line and the status is at
// least kExitBadInput, like an unreadable input.
int flush_output(CheckedOutput& output, int status) {
  std::cout.flush();
  if (output.error() == 0) return status;
  std::cerr << "taquin: cannot write the output: " << std::strerror(output.error()) << '\n';
  return taquin::cli::worse_status(status, taquin::cli::kExitBadInput);
}

// A memory-mapped database file that shrinks under a running search (another process truncates
// or rewrites it) raises SIGBUS at the next read of a lost page: reported in one line with status
// 3 instead of a silent death. Only async-signal-safe calls in the handler.
extern "C" void on_bus_error(int) {
  static const char kMessage[] =
      "taquin: internal error: a pattern database file was truncated while in use (SIGBUS); "
      "rebuild it with 'taquin pdb build'\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(taquin::cli::kExitInternal);
}

void report_bus_errors() {
  struct sigaction action {};
  action.sa_handler = on_bus_error;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
#ifdef TAQUIN_MPI
  const taquin::cli::mpi::Session mpi_session(argc, argv);
#endif
  report_bus_errors();
  // A direct file refused costs seconds at each start, not the result: said, then expanded.
  taquin::pdb::DirectTable::on_refused([](const taquin::Error& e) {
    std::cerr << "taquin: note: " << taquin::cli::printable(e.describe())
              << "; its table is expanded in memory instead (`taquin pdb build` writes the file "
                 "anew)\n";
  });
  CheckedOutput output;
  std::streambuf* const standard_output = std::cout.rdbuf(&output);
  int status = taquin::cli::kExitInternal;
  // The last resort: an exception nothing else caught is a bug, reported in one line.
  try {
    status = run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "taquin: internal error: " << taquin::cli::printable(e.what()) << '\n';
  } catch (...) {
    std::cerr << "taquin: internal error: unknown exception\n";
  }
  status = flush_output(output, status);
  std::cout.rdbuf(standard_output);  // `output` dies with main
  return status;
}
