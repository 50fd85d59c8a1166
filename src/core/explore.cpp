// Exhaustive BFS from the goal: a rank-indexed array for sides 2 and 3, sorted frontiers above.
#include "core/explore.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

namespace taquin {
namespace {

// User tiles of the canonical board of rank `rank`.
template <int N>
std::vector<Tile> tiles_of_rank(const Goal& goal, uint64_t rank) {
  return goal.tiles_of<N>(board_of_rank<N>(rank, goal.blank_cell()));
}

// Sides 2 and 3: the full distance array, then its histogram (cut at max_depth when given).
template <int N>
ExploreResult explore_array(const Goal& goal, const ExploreOptions& options) {
  const std::vector<uint8_t> dist = all_distances<N>(goal);
  ExploreResult out;
  int deepest = 0;
  for (uint8_t d : dist)
    if (d != kUnreached && d > deepest) deepest = d;
  const int last = options.max_depth >= 0 ? std::min(options.max_depth, deepest) : deepest;
  out.count_by_depth.assign(last + 1, 0);
  for (uint64_t r = 0; r < dist.size(); ++r) {
    const uint8_t d = dist[r];
    if (d == kUnreached || d > last) continue;
    ++out.count_by_depth[d];
    if (d == last) {
      ++out.farthest_count;
      if (out.farthest.size() < options.keep_farthest)
        out.farthest.push_back(tiles_of_rank<N>(goal, r));
    }
  }
  for (uint64_t c : out.count_by_depth) out.total += c;
  if (options.on_layer) options.on_layer(last, out.total);
  out.greatest_depth = last;
  out.complete = last == deepest;
  out.peak_bytes = dist.size();
  return out;
}

// A canonical board from its packed words; the blank is the cell holding `blank_label`.
template <int N>
Board<N> board_of_words(const typename Board<N>::Words& words, int blank_label) {
  std::array<uint8_t, N * N> cells{};
  int blank = 0;
  for (int c = 0; c < N * N; ++c) {
    const auto shift = Board<N>::kBits * (c % Board<N>::kPerWord);
    cells[c] = static_cast<uint8_t>((words[c / Board<N>::kPerWord] >> shift) & Board<N>::kMask);
    if (cells[c] == blank_label) blank = c;
  }
  return Board<N>::from_cells(cells, blank);
}

// Any side, bounded by max_depth: layer d+1 = sorted, deduplicated successors of layer d minus
// layer d-1 (the graph is bipartite, so no successor lies in layer d itself).
template <int N>
ExploreResult explore_frontier(const Goal& goal, const ExploreOptions& options) {
  using Words = typename Board<N>::Words;
  const int blank_label = goal.blank_cell();
  ExploreResult out;
  std::vector<Words> previous, layer{Board<N>::identity(blank_label).words()}, next, fresh;
  out.count_by_depth.push_back(1);
  int depth = 0;
  uint64_t reached = 1;
  if (options.on_layer) options.on_layer(0, reached);
  bool exhausted = false;
  while (depth < options.max_depth) {
    uint64_t successors = 0;
    for (const Words& w : layer)
      successors += kMoves<N>.count[board_of_words<N>(w, blank_label).blank()];
    // previous + layer + next + fresh (at most next's size) must fit.
    const uint64_t bytes = (previous.size() + layer.size() + 2 * successors) * sizeof(Words);
    if (options.max_bytes && bytes > options.max_bytes) {
      out.memory_limit = true;
      break;
    }
    out.peak_bytes = std::max(out.peak_bytes, bytes);
    next.clear();
    next.reserve(successors);
    for (const Words& w : layer) {
      const Board<N> b = board_of_words<N>(w, blank_label);
      for (int k = 0; k < kMoves<N>.count[b.blank()]; ++k) {
        Board<N> child = b;
        child.slide(kMoves<N>.target[b.blank()][k]);
        next.push_back(child.words());
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    fresh.clear();
    std::set_difference(next.begin(), next.end(), previous.begin(), previous.end(),
                        std::back_inserter(fresh));
    if (fresh.empty()) {  // every reachable state seen
      exhausted = true;
      break;
    }
    previous.swap(layer);
    layer.swap(fresh);
    ++depth;
    out.count_by_depth.push_back(layer.size());
    reached += layer.size();
    if (options.on_layer) options.on_layer(depth, reached);
  }
  for (uint64_t c : out.count_by_depth) out.total += c;
  out.greatest_depth = depth;
  out.farthest_count = layer.size();
  out.complete = exhausted;
  for (size_t i = 0; i < layer.size() && i < options.keep_farthest; ++i)
    out.farthest.push_back(goal.tiles_of<N>(board_of_words<N>(layer[i], blank_label)));
  return out;
}

}  // namespace

std::vector<uint8_t> small_board_distances(const Goal& goal) {
  if (!goal.shape().is_square() || goal.side() > 3) return {};
  return with_side(goal.side(), [&]<int N>() {
    if constexpr (N <= 3) return all_distances<N>(goal);
    return std::vector<uint8_t>{};
  });
}

int distance_of(const std::vector<uint8_t>& distances, const Goal& goal,
                std::span<const Tile> tiles) {
  if (!goal.shape().is_square() || goal.side() > 3) return kUnreached;
  return with_side(goal.side(), [&]<int N>() -> int {
    if constexpr (N <= 3) return distances[board_rank(goal.canonical<N>(tiles))];
    return kUnreached;
  });
}

std::string reachable_states_text(int side) {
  const int n = side * side;
  if (n <= 34) {  // 34! < 2^128
    __extension__ typedef unsigned __int128 Wide;
    Wide f = 1;
    for (int i = 2; i <= n; ++i) f *= static_cast<unsigned>(i);
    f /= 2;
    std::string digits;
    do {
      digits += static_cast<char>('0' + static_cast<int>(f % 10));
      f /= 10;
    } while (f != 0);
    return std::string(digits.rbegin(), digits.rend());
  }
  const double log10_count = std::lgamma(n + 1.0) / std::log(10.0) - std::log10(2.0);
  const double exponent = std::floor(log10_count);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3fe%d", std::pow(10.0, log10_count - exponent),
                static_cast<int>(exponent));
  return buf;
}

Expected<ExploreResult> explore(const Goal& goal, const ExploreOptions& options) {
  const int side = goal.side();
  if (side > 3 && options.max_depth < 0) {
    const std::string size = std::to_string(side) + "x" + std::to_string(side);
    return Error{"explore", 0,
                 "a " + size + " board has " + reachable_states_text(side) + " reachable states (" +
                     std::to_string(side * side) +
                     "!/2), too many to visit; bound the search with --max-depth"};
  }
  return with_side(side, [&]<int N>() -> ExploreResult {
    if constexpr (N <= 3) {
      if (options.use_frontier) return explore_frontier<N>(goal, options);
      return explore_array<N>(goal, options);
    } else {
      return explore_frontier<N>(goal, options);
    }
  });
}

}  // namespace taquin
