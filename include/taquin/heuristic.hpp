// The heuristics a search may be asked for, by kind and by name. (The heuristics themselves and
// their interface are the engine's inside: src/heuristic/.)
#pragma once

#include <optional>
#include <string_view>

namespace taquin {

enum class HeuristicKind { Hamming, Manhattan, Linear, Pdb };

// "hamming", "manhattan", "linear", "pdb" -> kind; nullopt otherwise.
constexpr std::optional<HeuristicKind> parse_heuristic(std::string_view name) {
  if (name == "hamming") return HeuristicKind::Hamming;
  if (name == "manhattan") return HeuristicKind::Manhattan;
  if (name == "linear") return HeuristicKind::Linear;
  if (name == "pdb") return HeuristicKind::Pdb;
  return std::nullopt;
}

constexpr std::string_view heuristic_name(HeuristicKind kind) {
  switch (kind) {
    case HeuristicKind::Hamming:
      return "hamming";
    case HeuristicKind::Manhattan:
      return "manhattan";
    case HeuristicKind::Linear:
      return "linear";
    case HeuristicKind::Pdb:
      return "pdb";
  }
  return "?";
}

}  // namespace taquin
