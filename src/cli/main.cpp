// taquin: the command-line entry point; wires the registered subcommands with CLI11.
#include <iostream>

#include "command.hpp"

int main(int argc, char** argv) {
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
    // Usage errors are one line, like every other error; --help shows the options.
    std::cerr << "taquin: " << e.what() << " (see taquin --help)\n";
    return taquin::cli::kExitBadInput;
  }
  return exit_code;
}
