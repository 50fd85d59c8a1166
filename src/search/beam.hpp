// Beam search: breadth-first layers, each cut to the states of least h; a short solution fast,
// not optimal (the anytime search's other worker).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/huge_pages.hpp"
#include "heuristic/concepts.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin::detail {

// The anytime searches' beam widths: from the first, doubling, up to the last.
inline constexpr size_t kFirstBeamWidth = 1024;
inline constexpr size_t kMaxBeamWidth = size_t{1} << 24;

// What a beam search ended with.
struct BeamEnd {
  std::vector<Dir> moves;       // the solution, when found
  std::optional<Outcome> stop;  // the limit that stopped it (MemoryLimit: `max_bytes`)
  bool found = false;           // false and no stop: the beam ran out of new states
};

// The bytes `v` holds once `more` elements are added: thrice its capacity when it must grow for
// them (the old buffer and its double side by side).
template <typename T>
uint64_t held_after(const std::vector<T>& v, size_t more) {
  return (v.size() + more > v.capacity() ? 3 : 1) * v.capacity() * sizeof(T);
}

// Cuts `keys` (rank << 32 | index in a layer) to the `width` least, then to their indices in
// increasing order: the states a beam keeps of its next layer, in the order generated.
inline void keep_least(std::vector<uint64_t>& keys, size_t width) {
  std::nth_element(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(width), keys.end());
  keys.resize(width);
  for (uint64_t& key : keys) key &= 0xFFFFFFFFu;
  std::sort(keys.begin(), keys.end());
}

// The moves of a beam from its start to the child of `link` (its parent's index in the last
// layer of `links` << 2 | the blank's move) of that layer; `links[d]` holds layer d's links, and
// layer 0 is the start.
inline std::vector<Dir> beam_path(const std::vector<std::vector<uint32_t>>& links, uint32_t link) {
  std::vector<Dir> moves{static_cast<Dir>(link & 3)};
  for (size_t d = links.size() - 1, at = link >> 2; d > 0; --d) {
    moves.push_back(static_cast<Dir>(links[d][at] & 3));
    at = links[d][at] >> 2;
  }
  std::reverse(moves.begin(), moves.end());
  return moves;
}

// A set of 64-bit board hashes (open addressing, at most half full). Two boards of equal hash
// count as one: the beam then skips a state it never saw, which costs length, never validity.
class HashSet {
 public:
  // Adds `hash`; false if present.
  bool insert(uint64_t hash) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    hash |= 1;  // 0 marks a free slot
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      if (slots_[i] == hash) return false;
      if (slots_[i] == 0) {
        slots_[i] = hash;
        ++used_;
        return true;
      }
    }
  }
  uint64_t bytes() const { return slots_.size() * sizeof(uint64_t); }
  // Whether inserting `more` new hashes may make it grow.
  bool grows_with(size_t more) const { return 2 * (used_ + more) > slots_.size(); }
  // Starts loading the slot that insert(hash) probes first.
  void prefetch(uint64_t hash) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[(hash | 1) & (slots_.size() - 1)]);
  }

 private:
  void grow() {
    std::vector<uint64_t> old;
    assign_on_huge_pages(old, std::max<size_t>(1024, 2 * slots_.size()), uint64_t{0});
    old.swap(slots_);
    used_ = 0;
    for (const uint64_t h : old)
      if (h != 0) insert(h);
  }
  std::vector<uint64_t> slots_;
  size_t used_ = 0;
};

// A beam's ranking, not an estimate (nor admissible): 2·a + b. With a = the tables and b = linear
// conflict, b adds the line conflicts between pieces of different groups, which the tables miss.
template <int N, IncrementalHeuristic<N> A, IncrementalHeuristic<N> B>
class BlendedRanking {
 public:
  struct State {
    typename A::State a;
    typename B::State b;
  };
  BlendedRanking(const A& a, const B& b) : a_(a), b_(b) {}
  State init(const Board<N>& board) const { return {a_.init(board), b_.init(board)}; }
  [[gnu::always_inline]] int value(const State& s) const {
    return 2 * a_.value(s.a) + b_.value(s.b);
  }
  [[gnu::always_inline]] void update(State& s, const Board<N>& after, int label, int from,
                                     int to) const {
    a_.update(s.a, after, label, from, to);
    b_.update(s.b, after, label, from, to);
  }

 private:
  const A& a_;
  const B& b_;
};

// Beam search from the canonical board `start` to its identity goal with heuristic `h`: each
// layer holds at most `width` states, the children of the last layer's of least h (ties: first
// generated), never a state of an earlier layer, so the first layer to reach the goal gives a
// solution of that many moves. `check(expanded)` (a limit's Outcome, or none) is asked every
// `interval` expansions; the buffers stay within `max_bytes` (0: no bound), checked before any
// grows. Adds to `stats`.
template <int N, IncrementalHeuristic<N> H, typename Check>
BeamEnd beam_search(const Board<N>& start, const H& h, size_t width, uint64_t max_bytes,
                    uint64_t interval, Check&& check, Stats& stats) {
  struct Node {
    Board<N> board;
    typename H::State state;
    uint32_t parent;  // index in the previous layer << 2 | the move from it
  };
  struct Child {  // a child before its probe
    Board<N> board;
    uint64_t hash;
    uint32_t link;  // as Node::parent
    uint8_t label, from, to;
  };
  constexpr uint32_t kBlock = 16;
  std::array<Child, 4 * kBlock> block;
  BeamEnd end;
  const Board<N> goal = Board<N>::identity(start.blank_label());
  if (start == goal) {
    end.found = true;
    return end;
  }
  std::vector<std::vector<uint32_t>> parents;  // per layer: each state's parent << 2 | move
  std::vector<Node> layer{{start, h.init(start), 0}}, next;
  std::vector<uint64_t> keys;  // h << 32 | index into `next`
  HashSet seen;
  seen.insert(start.hash());
  uint64_t kept = 0, next_check = stats.nodes_expanded + interval;
  const uint64_t cap = max_bytes ? max_bytes : UINT64_MAX;
  // The bytes held once `more` children are added, a buffer that must grow for them counted
  // thrice (the old one and its double side by side).
  auto peak = [&](size_t more) {
    return seen.bytes() * (seen.grows_with(more) ? 3 : 1) + held_after(next, more) +
           layer.capacity() * sizeof(Node) + kept * sizeof(uint32_t) +
           keys.capacity() * sizeof(uint64_t);
  };
  while (!layer.empty()) {
    std::vector<uint32_t>& links = parents.emplace_back();
    links.reserve(layer.size());
    for (const Node& n : layer) links.push_back(n.parent);
    kept += layer.size();
    next.clear();
    // Blocks of parents: their children's hashes first, each slot of the set prefetched, then
    // the probes, whose cache misses overlap.
    for (uint32_t first = 0; first < layer.size(); first += kBlock) {
      const uint32_t last = std::min<uint32_t>(first + kBlock, static_cast<uint32_t>(layer.size()));
      stats.nodes_expanded += last - first;
      if (stats.nodes_expanded >= next_check) {
        next_check = stats.nodes_expanded + interval;
        if ((end.stop = check(stats.nodes_expanded))) return end;
      }
      if (peak(4 * (last - first)) > cap) {
        end.stop = Outcome::MemoryLimit;
        return end;
      }
      size_t count = 0;
      for (uint32_t i = first; i < last; ++i) {
        const Node& node = layer[i];
        const int blank = node.board.blank();
        for (int k = 0; k < kMoves<N>.count[blank]; ++k) {
          const int to = kMoves<N>.target[blank][k];
          const Dir move = blank_move<N>(blank, to);
          if (parents.size() > 1 && move == opposite(static_cast<Dir>(node.parent & 3))) continue;
          Child& c = block[count++];
          c.board = node.board;
          c.label = c.board.at(to);
          c.board.slide(to);
          c.link = i << 2 | static_cast<uint32_t>(move);
          c.from = static_cast<uint8_t>(blank);
          c.to = static_cast<uint8_t>(to);
          c.hash = c.board.hash();
          seen.prefetch(c.hash);
        }
      }
      for (size_t k = 0; k < count; ++k) {
        const Child& c = block[k];
        ++stats.nodes_generated;
        if (!seen.insert(c.hash)) continue;
        Node child{c.board, layer[c.link >> 2].state, c.link};
        h.update(child.state, child.board, c.label, c.to, c.from);
        next.push_back(child);
        if (child.board == goal) {
          end.moves = beam_path(parents, c.link);
          end.found = true;
          return end;
        }
      }
    }
    if (next.size() > width) {  // keep the `width` least (h, index), in index order
      if (peak(0) + next.size() * sizeof(uint64_t) > cap) {
        end.stop = Outcome::MemoryLimit;
        return end;
      }
      keys.clear();
      for (uint32_t i = 0; i < next.size(); ++i)
        keys.push_back(uint64_t(static_cast<uint32_t>(h.value(next[i].state))) << 32 | i);
      keep_least(keys, width);
      for (size_t j = 0; j < width; ++j) next[j] = next[keys[j]];
      next.resize(width);
    }
    layer.swap(next);
  }
  return end;
}

}  // namespace taquin::detail
