// A*+IDA*'s frontier (Bu & Korf, IJCAI 2019): a memory-bounded A* from the start, whose open list,
// sorted by f then h, is the frontier the depth-first iterations sweep.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "heuristic/concepts.hpp"
#include "search/deepening.hpp"
#include "search/frontier.hpp"
#include "search/limit_watch.hpp"
#include "search/move_automaton.hpp"
#include "search/pruned_moves.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin::detail {

// A* from the start, each state stored once at the least g found (an open-addressing table of
// xxHash3 keys), grown to a node target at a time and never past `max_nodes` states; its open
// nodes, sorted by (f, h, order of first generation), are the frontier (deepest()). Children come
// in move order, the inverse of the stored last move skipped (it leads to the parent); a closed
// state met again at a smaller g is reopened, so an inconsistent heuristic keeps A*'s answer.
// The frontier's nodes start their searches in MoveAutomaton::restart(last move): A* keeps a
// shortest path to each state, not the lexicographically least one that the move automaton
// never prunes, so the automaton's memory of the moves above the frontier is dropped.
template <int N, IncrementalHeuristic<N> H>
class AStarFrontier {
 public:
  using Node = FrontierNode<N, H>;
  using State = typename H::State;

 private:
  struct Stored {
    Board<N> board;
    State state;
    uint32_t parent;  // kNone for the start
    uint16_t g;
    uint8_t prev;  // the move from the parent (kNoMove for the start)
    bool closed;
  };
  struct Link {
    uint32_t parent;
    uint8_t prev;
  };

 public:
  // Bytes per stored state that a budget pays for: the state, its open list entry, its share of
  // the table (at most half full, doubled by copy), its copy in the frontier, its link.
  static constexpr uint64_t kBytesPerNode =
      sizeof(Stored) + sizeof(uint64_t) + 6 * sizeof(uint32_t) + sizeof(Node) + sizeof(Link);

  enum class Grown {
    Frontier,  // the target reached: deepest() is the frontier
    Full,      // max_nodes reached: deepest() is the last frontier; it grows no more
    Goal,      // the goal selected: goal_path() gives the moves (optimal)
    Nothing,   // the open list ran empty: the goal is not in the space
    Stopped,   // a limit stopped it (why)
  };

  // A* from `start` (heuristic state `state`) with `heuristic`, towards its identity goal, storing
  // at most `max_nodes` states (at least the start and its children).
  AStarFrontier(const Board<N>& start, const State& state, const H& heuristic, uint64_t max_nodes)
      : heuristic_(heuristic),
        start_(start),
        goal_(Board<N>::identity(start.blank_label())),
        max_nodes_(std::clamp<uint64_t>(max_nodes, 8, kMaxId)) {
    nodes_.reserve(max_nodes_);  // (address space: pages are touched as states are stored)
    open_.reserve(max_nodes_);
    nodes_.push_back({start, state, kNone, 0, kNoMove, false});
    slots_.assign(64, 0);
    insert_slot(0);
    push(0);
  }

  // Expands states, least (f, h, first generation) first, until `target` states are stored (or
  // max_nodes), the goal is selected, or `watch` (checked with the nodes expanded so far, adds to
  // `expanded` and `generated`) says stop (`why`). Then rebuilds deepest().
  Grown grow_to(uint64_t target, LimitWatch& watch, uint64_t& expanded, uint64_t& generated,
                Outcome& why) {
    target = std::min(target, max_nodes_);
    std::vector<Node>().swap(frontier_);
    while (nodes_.size() + 4 <= target && open_.size() + 4 <= max_nodes_) {
      if (expanded >= watch.next_check())
        if (const std::optional<Outcome> stop = watch.check(expanded)) {
          why = *stop;
          return Grown::Stopped;
        }
      if (open_.empty()) return Grown::Nothing;
      const uint32_t id = pop();
      if (nodes_[id].closed) continue;
      if (nodes_[id].board == goal_) {
        goal_id_ = id;
        return Grown::Goal;
      }
      expand(id, expanded, generated);
    }
    const bool full = nodes_.size() + 4 > max_nodes_ || open_.size() + 4 > max_nodes_;
    collect();
    if (!full) return Grown::Frontier;
    release();
    return Grown::Full;
  }

  // The board the search starts from, and the states stored.
  const Board<N>& start() const { return start_; }
  uint64_t seen() const { return stored_; }
  // Whether it may grow (not Full).
  bool growing() const { return !slots_.empty(); }

  // The frontier: the open states in (f, h, first generation) order (a node's parent: its index
  // in the store).
  const std::vector<Node>& deepest() const { return frontier_; }
  // The frontier's nodes of f within `bound` (a prefix), and the least f above it (kNoBound: none).
  size_t within(int bound) const {
    return static_cast<size_t>(
        std::partition_point(frontier_.begin(), frontier_.end(),
                             [&](const Node& n) { return f_of(n) <= bound; }) -
        frontier_.begin());
  }
  int f_at(size_t i) const {
    return i < frontier_.size() ? f_of(frontier_[i]) : BoundEnd::kNoBound;
  }
  // The frontier is already in the order it is handed out.
  std::vector<uint32_t> visit_order(const H&, ChildOrder) const { return {}; }

  // Moves from the start to frontier node `i`, and to the goal after Goal.
  std::vector<Dir> path_to_deepest(uint32_t i) const { return path_from(frontier_[i].parent); }
  std::vector<Dir> goal_path() const { return path_from(goal_id_); }

 private:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  static constexpr uint64_t kMaxId = (uint64_t{1} << 31) - 1;

  int f_of(const Node& n) const { return n.g + heuristic_.value(n.state); }
  // The open list's key: f, then h, then the index (the order of first generation).
  uint64_t key(uint32_t id) const {
    const int h = heuristic_.value(nodes_[id].state);
    return (uint64_t(nodes_[id].g + h) << 48) | (uint64_t(h) << 40) | id;
  }
  void push(uint32_t id) {
    open_.push_back(key(id));
    std::push_heap(open_.begin(), open_.end(), std::greater<>());
  }
  uint32_t pop() {
    std::pop_heap(open_.begin(), open_.end(), std::greater<>());
    const uint32_t id = static_cast<uint32_t>(open_.back() & 0xFFFFFFFFFFu);
    open_.pop_back();
    return id;
  }

  // Closes `id` and stores or improves its children.
  void expand(uint32_t id, uint64_t& expanded, uint64_t& generated) {
    nodes_[id].closed = true;
    ++expanded;
    const Stored node = nodes_[id];
    const int blank = node.board.blank();
    const auto& list = kPrunedMoves<N>.at[blank][node.prev];
    for (int k = 0; k < list.count; ++k) {
      Stored child{node.board,
                   node.state,
                   id,
                   static_cast<uint16_t>(node.g + 1),
                   static_cast<uint8_t>(list.dir[k]),
                   false};
      const int to = list.target[k];
      const int label = child.board.at(to);
      child.board.slide(to);
      ++generated;
      uint32_t& slot = find_slot(child.board);
      if (slot != 0) {
        Stored& old = nodes_[slot - 1];
        if (old.g <= child.g) continue;
        old.g = child.g;  // a shorter path: reopened (same board, same h)
        old.parent = id;
        old.prev = child.prev;
        old.closed = false;
        push(slot - 1);
        continue;
      }
      heuristic_.update(child.state, child.board, label, to, blank);
      const uint32_t child_id = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back(child);
      slot = child_id + 1;
      push(child_id);
      if (2 * nodes_.size() > slots_.size()) rehash();
    }
  }

  // The slot of `board` in the table: its index + 1, or 0 (free) where it would go.
  uint32_t& find_slot(const Board<N>& board) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = board.hash() & mask;; i = (i + 1) & mask)
      if (slots_[i] == 0 || nodes_[slots_[i] - 1].board == board) return slots_[i];
  }
  void insert_slot(uint32_t id) { find_slot(nodes_[id].board) = id + 1; }
  void rehash() {
    slots_.assign(slots_.size() * 2, 0);
    for (uint32_t id = 0; id < nodes_.size(); ++id) insert_slot(id);
  }

  // Rebuilds the frontier from the open states.
  void collect() {
    std::vector<uint64_t> keys;
    for (uint32_t id = 0; id < nodes_.size(); ++id)
      if (!nodes_[id].closed) keys.push_back(key(id));
    std::sort(keys.begin(), keys.end());
    const MoveAutomatonFor<N>& automaton = MoveAutomatonFor<N>::standard();
    frontier_.reserve(keys.size());
    for (const uint64_t k : keys) {
      const uint32_t id = static_cast<uint32_t>(k & 0xFFFFFFFFFFu);
      const Stored& s = nodes_[id];
      frontier_.push_back({s.board, s.state, s.g, s.prev, id,
                           s.prev == kNoMove ? MoveAutomatonFor<N>::kStart
                                             : automaton.restart(static_cast<Dir>(s.prev))});
    }
    stored_ = nodes_.size();
  }

  // Full: keeps only the links of the paths (the frontier holds the rest).
  void release() {
    links_.reserve(nodes_.size());
    for (const Stored& s : nodes_) links_.push_back({s.parent, s.prev});
    std::vector<Stored>().swap(nodes_);
    std::vector<uint32_t>().swap(slots_);
    std::vector<uint64_t>().swap(open_);
  }

  std::vector<Dir> path_from(uint32_t id) const {
    std::vector<Dir> path;
    for (; id != kNone; id = parent_of(id))
      if (prev_of(id) != kNoMove) path.push_back(static_cast<Dir>(prev_of(id)));
    std::reverse(path.begin(), path.end());
    return path;
  }
  uint32_t parent_of(uint32_t id) const {
    return links_.empty() ? nodes_[id].parent : links_[id].parent;
  }
  int prev_of(uint32_t id) const { return links_.empty() ? nodes_[id].prev : links_[id].prev; }

  const H& heuristic_;
  const Board<N> start_;
  const Board<N> goal_;
  const uint64_t max_nodes_;
  std::vector<Stored> nodes_;    // every state stored, by index (order of first generation)
  std::vector<uint32_t> slots_;  // the table: index + 1, or 0
  std::vector<uint64_t> open_;   // the open list (a heap of keys; stale keys skipped)
  std::vector<Node> frontier_;   // the open states, sorted
  std::vector<Link> links_;      // after Full: the stored states' links alone
  uint64_t stored_ = 1;
  uint32_t goal_id_ = kNone;
};

}  // namespace taquin::detail
