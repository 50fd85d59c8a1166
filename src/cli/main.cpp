// taquin: the command-line entry point; wires the registered subcommands with CLI11.
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>

#include "command.hpp"

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
      std::cerr << "taquin: unknown command '" << named.unknown << "' (run '" << help
                << "' for the list)\n";
    else
      std::cerr << "taquin: " << e.what() << " (run '" << help << "')\n";
    return taquin::cli::kExitBadInput;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  // The last resort: an exception nothing else caught is a bug, reported in one line.
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "taquin: internal error: " << e.what() << '\n';
  } catch (...) {
    std::cerr << "taquin: internal error: unknown exception\n";
  }
  return taquin::cli::kExitInternal;
}
