// The subcommand registry: each subcommand registers itself, `taquin --help` lists them in order.
#include "cli/command.hpp"

#include <algorithm>
#include <utility>
#include <vector>

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

}  // namespace taquin::cli
