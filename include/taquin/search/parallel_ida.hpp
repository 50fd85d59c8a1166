// Parallel IDA* on oneTBB: a breadth-first frontier of subtrees searched as tasks, bound by bound.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_set>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "taquin/board.hpp"
#include "taquin/search/ida.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"
#include "taquin/solvability.hpp"

namespace taquin {

namespace detail {

// Frontier size the breadth-first expansion of the root aims for: enough subtrees to balance
// the threads, few enough that the frontier costs nothing next to the search. After serial
// iterations, the target is a sixteenth of the last one's nodes, within [kFrontierMin,
// kFrontierTarget]: building the frontier then costs a few percent of the next iteration, which is
// several times larger, even when the whole search takes a millisecond.
inline constexpr size_t kFrontierTarget = 4096;
inline constexpr size_t kFrontierMin = 64;
// Deepest frontier level, so huge boards never expand the root for long.
inline constexpr int kFrontierMaxDepth = 24;
// Bounds are first tried by one thread, without a frontier, until an iteration needs more nodes
// than this: it is then abandoned and tried again in parallel. A search whose every iteration
// fits (a few milliseconds) is the serial search, node for node, so its statistics are the same
// from run to run. An iteration is not tried serially when the one before it, times
// kIterationGrowth, exceeds this: only an iteration that grows faster than that is abandoned,
// and wastes at most this many nodes, one thread's few milliseconds.
inline constexpr uint64_t kSerialIterationNodes = uint64_t{1} << 18;
// How many times more nodes an IDA* iteration is taken to need than the one before (the bound
// grows by 2; the 15-puzzle's iterations grow some 4 to 8 times with linear conflict).
inline constexpr uint64_t kIterationGrowth = 8;

template <int N, typename H>
struct FrontierNode {
  Board<N> board;
  typename H::State state;
  int g = 0;
  int prev = kNoMove;   // the move that reached it (its last move from the start)
  uint32_t parent = 0;  // index of its parent in the previous level
  uint32_t automaton = MoveAutomatonFor<N>::kStart;  // after the moves from the start
};

// The breadth-first frontier the parallel searches (threads, MPI ranks) split: levels of nodes
// from the start, each knowing its parent so that the moves to any node can be rebuilt; a board
// seen at a shallower level is dropped.
template <int N, typename H>
class Frontier {
 public:
  using Node = FrontierNode<N, H>;
  enum class Grown { Level, Goal, Nothing };

  Frontier(const Board<N>& start, const typename H::State& state) : seen_{start} {
    levels_.push_back({Node{start, state, 0, kNoMove, 0, MoveAutomatonFor<N>::kStart}});
  }

  // The deepest level, its depth, and how many boards have been seen in all.
  const std::vector<Node>& deepest() const { return levels_.back(); }
  size_t depth() const { return levels_.size() - 1; }
  size_t levels() const { return levels_.size(); }
  uint64_t seen() const { return seen_.size(); }

  // Expands the deepest level into a new one (children in move order), adding to `expanded` and
  // `generated`. Goal: a child is `goal`, the new level's last node (met breadth-first: optimal).
  // Nothing: every child was seen before (no level added: the goal is not in the space).
  Grown grow(const H& heuristic, const Board<N>& goal, uint64_t& expanded, uint64_t& generated) {
    const MoveAutomatonFor<N>& automaton = MoveAutomatonFor<N>::standard();
    std::vector<Node> next;
    next.reserve(levels_.back().size() * 3);
    const std::vector<Node>& level = levels_.back();
    for (uint32_t i = 0; i < level.size(); ++i) {
      const Node& node = level[i];
      ++expanded;
      const int blank = node.board.blank();
      const auto& list = kPrunedMoves<N>.at[blank][node.prev];
      for (int k = 0; k < list.count; ++k) {
        const uint32_t child_automaton = automaton.next(node.automaton, list.dir[k]);
        if (child_automaton == MoveAutomatonFor<N>::kDead) continue;
        Node child{node.board, node.state,     node.g + 1, static_cast<int>(list.dir[k]),
                   i,          child_automaton};
        const int to = list.target[k];
        const int label = child.board.at(to);
        child.board.slide(to);
        ++generated;
        if (!seen_.insert(child.board).second) continue;
        heuristic.update(child.state, child.board, label, to, blank);
        next.push_back(child);
        if (child.board == goal) {
          levels_.push_back(std::move(next));
          return Grown::Goal;
        }
      }
    }
    if (next.empty()) return Grown::Nothing;
    levels_.push_back(std::move(next));
    return Grown::Level;
  }

  // The deepest level's nodes (indexes into deepest()) in the order a serial IDA* whose children
  // are searched in `order` meets them (`heuristic` ranks them): for ChildOrder::Moves, level order
  // (returned empty: the identity); for CheapestFirst, each node's children by f (ties in move
  // order), after those of the nodes its parent's level meets first. The parallel searches hand out
  // the subtrees in this order, so the last iteration reaches the goal about where the serial
  // search does.
  std::vector<uint32_t> visit_order(const H& heuristic, ChildOrder order) const {
    std::vector<uint32_t> sorted;
    if (order == ChildOrder::Moves) return sorted;
    std::vector<uint32_t> rank{0};  // of each node of the level above, in the serial order
    for (size_t d = 1; d < levels_.size(); ++d) {
      const std::vector<Node>& level = levels_[d];
      std::vector<int> h(level.size());
      sorted.resize(level.size());
      for (uint32_t i = 0; i < level.size(); ++i) {
        sorted[i] = i;
        h[i] = heuristic.value(level[i].state);  // (one level: one g)
      }
      std::stable_sort(sorted.begin(), sorted.end(), [&](uint32_t a, uint32_t b) {
        const uint32_t ra = rank[level[a].parent], rb = rank[level[b].parent];
        return ra != rb ? ra < rb : h[a] < h[b];
      });
      rank.assign(level.size(), 0);
      for (uint32_t j = 0; j < sorted.size(); ++j) rank[sorted[j]] = j;
    }
    return sorted;
  }

  // Moves from the start to node `i` of level `depth`.
  std::vector<Dir> path_to(size_t depth, uint32_t i) const {
    std::vector<Dir> path(depth);
    for (size_t d = depth; d > 0; --d) {
      const Node& node = levels_[d][i];
      path[d - 1] = static_cast<Dir>(node.prev);
      i = node.parent;
    }
    return path;
  }

 private:
  std::vector<std::vector<Node>> levels_;
  std::unordered_set<Board<N>, BoardHash<N>> seen_;
};

// The serial start of a parallel search: bounds from `bound` up tried by one thread, without a
// frontier (ida_search's iterations, node for node), until an iteration needs more than
// `serial_nodes` nodes; that one is abandoned (its nodes still counted). Returns the outcome when
// the search ended there (the moves and result.stats filled). Else nullopt: `bound` is the first
// bound to try in parallel, `frontier_target` the subtrees to split it into, and result.stats
// counts the serial nodes. `limits` apply as in ida_search (a node limit exactly).
template <int N, IncrementalHeuristic<N> H>
std::optional<Outcome> serial_iterations(const Board<N>& start,
                                         const typename H::State& start_state, const H& heuristic,
                                         const Limits& limits, ChildOrder order,
                                         std::chrono::steady_clock::time_point started,
                                         uint64_t serial_nodes, SearchResult& result, int& bound,
                                         size_t& frontier_target) {
  using Worker = IdaWorker<N, H>;
  Stats& stats = result.stats;
  Worker serial(heuristic, start.blank_label(), LimitWatch(limits, kIdaCheckInterval, started),
                order);
  const auto go_parallel = [&] {
    frontier_target =
        static_cast<size_t>(std::clamp<uint64_t>(serial_nodes / 16, kFrontierMin, kFrontierTarget));
  };
  for (;;) {
    ++stats.iterations;
    const uint64_t before = serial.expanded();
    const int r = serial.search(start, start_state, 0, kNoMove, bound, MoveAutomatonFor<N>::kStart,
                                serial_nodes);
    if (r == Worker::kOverBudget) {  // too large for one thread: tried again in parallel
      --stats.iterations;
      go_parallel();
      break;
    }
    if (r == Worker::kFound || r == Worker::kStopped || r == Worker::kInfinity) {
      stats.nodes_expanded = serial.expanded();
      stats.nodes_generated = serial.generated();
      stats.max_states_in_memory =
          static_cast<uint64_t>(r == Worker::kFound ? serial.solution_length() : serial.deepest()) +
          1;
      if (r == Worker::kFound) {
        result.moves = serial.path();
        result.optimal = true;
        return Outcome::Solved;
      }
      return r == Worker::kStopped ? serial.stop_reason() : Outcome::Unsolvable;
    }
    if (limits.on_iteration)
      limits.on_iteration({bound, serial.expanded(), seconds_since(started)});
    bound = r;
    // The next iteration would likely outgrow the budget: parallel at once, rather than tried
    // serially and abandoned.
    if ((serial.expanded() - before) * kIterationGrowth > serial_nodes) {
      go_parallel();
      break;
    }
  }
  stats.nodes_expanded = serial.expanded();
  stats.nodes_generated = serial.generated();
  return std::nullopt;
}

}  // namespace detail

// Optimal solution of the canonical board `start`, like ida_search, searched by every thread
// oneTBB may use (set the count with tbb::global_control). Bounds are tried serially until an
// iteration needs more than `serial_nodes` nodes (0: none is tried serially): that iteration is
// abandoned, and tried again in parallel. Until then the search is ida_search, with the same
// statistics (so the same from run to run). Then the root is expanded
// breadth-first to some distinct subtrees, more for a larger search (kFrontierMin to
// kFrontierTarget, deepened as iterations grow; states seen at a shallower level dropped: no
// optimal path goes through them; children in move order from parents in level order, so the
// path kept to each state is its lexicographically least shortest one, which the move automaton
// never prunes); each further bound is tried on all subtrees in parallel, the
// next bound is the least f that exceeded it, and the first subtree that reaches the goal stops
// the others. `order`: each subtree's child order, and the order the subtrees are handed out in.
// The length is optimal whatever the thread count; node counts of the parallel
// iterations vary from run to run. Limits stop it as they stop ida_search, the node limit within
// about kIdaCheckInterval nodes per thread once the iterations are parallel (exactly before).
template <int N, IncrementalHeuristic<N> H>
SearchResult parallel_ida_search(const Board<N>& start, const H& heuristic,
                                 const Limits& limits = {}, SearchOrder order = {},
                                 uint64_t serial_nodes = detail::kSerialIterationNodes) {
  using Node = detail::FrontierNode<N, H>;
  using Worker = detail::IdaWorker<N, H>;
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  Stats& stats = result.stats;
  // The bound of the iteration under way: no solution is shorter (the lower bound of a stop).
  int bound = 0;
  auto finish = [&](Outcome outcome) {
    result.outcome = outcome;
    if (outcome != Outcome::Solved && outcome != Outcome::Unsolvable) result.lower_bound = bound;
    stats.states_selected = stats.nodes_expanded;
    stats.seconds = detail::seconds_since(started);
    return result;
  };
  if (!is_solvable(start)) return finish(Outcome::Unsolvable);

  const Board<N> goal = Board<N>::identity(start.blank_label());
  const typename H::State start_state = heuristic.init(start);
  if (start == goal) {
    result.optimal = true;
    stats.max_states_in_memory = 1;
    return finish(Outcome::Solved);
  }

  // Small iterations, one thread.
  bound = heuristic.value(start_state);
  size_t frontier_target = detail::kFrontierTarget;
  if (serial_nodes > 0)
    if (const std::optional<Outcome> ended =
            detail::serial_iterations(start, start_state, heuristic, limits, order.child, started,
                                      serial_nodes, result, bound, frontier_target))
      return finish(*ended);

  // Breadth-first expansion of the deepest level until it holds `target` subtrees; a goal met on
  // the way is optimal (fewest moves): it fills result and returns true.
  detail::Frontier<N, H> frontier(start, start_state);
  uint64_t frontier_states = 1;
  const auto deepen = [&](size_t target) {
    while (frontier.deepest().size() < target &&
           static_cast<int>(frontier.levels()) <= detail::kFrontierMaxDepth) {
      const auto grown =
          frontier.grow(heuristic, goal, stats.nodes_expanded, stats.nodes_generated);
      if (grown == detail::Frontier<N, H>::Grown::Goal) {
        result.moves = frontier.path_to(frontier.depth(),
                                        static_cast<uint32_t>(frontier.deepest().size() - 1));
        result.optimal = true;
        stats.max_states_in_memory = frontier.seen();
        return true;
      }
      if (grown == detail::Frontier<N, H>::Grown::Nothing) break;  // the goal is not in the space
      frontier_states = std::max<uint64_t>(frontier_states, frontier.seen());
    }
    return false;
  };
  if (deepen(frontier_target)) return finish(Outcome::Solved);

  std::atomic<uint64_t> shared_nodes{stats.nodes_expanded};
  std::atomic<bool> found{false};
  std::atomic<int> stop_reason{-1};
  std::mutex solution_mutex;
  const int threads = tbb::this_task_arena::max_concurrency();
  tbb::enumerable_thread_specific<Worker> workers([&] {
    return Worker(heuristic, start.blank_label(),
                  detail::LimitWatch(limits, detail::kIdaCheckInterval, started, &shared_nodes,
                                     &found, threads),
                  order.child);
  });

  int least_f = Worker::kInfinity;
  for (const Node& node : frontier.deepest())
    least_f = std::min(least_f, node.g + heuristic.value(node.state));
  bound = std::max(bound, least_f);
  uint64_t searched = 0;  // nodes of the workers after the last iteration
  for (;;) {
    ++stats.iterations;
    const std::vector<Node>& level = frontier.deepest();
    const size_t frontier_depth = frontier.depth();
    std::atomic<int> next_bound{Worker::kInfinity};
    // Each thread takes the next subtree in level order, or in the serial search's order
    // (visit_order) if the split order says so, so the threads sweep the frontier together and
    // the last iteration reaches the first solution about as many times sooner as there are
    // threads.
    const std::vector<uint32_t> visits = order.split == SplitOrder::Serial
                                             ? frontier.visit_order(heuristic, order.child)
                                             : std::vector<uint32_t>{};
    std::atomic<size_t> next_node{0};
    tbb::parallel_for(0, threads, 1, [&](int) {
      Worker& worker = workers.local();
      for (;;) {
        const size_t taken = next_node.fetch_add(1, std::memory_order_relaxed);
        if (taken >= level.size()) return;
        const size_t i = visits.empty() ? taken : visits[taken];
        if (found.load(std::memory_order_relaxed) || stop_reason.load() >= 0) return;
        const Node& node = level[i];
        const int f = node.g + heuristic.value(node.state);
        int r = f;
        if (f <= bound)
          r = worker.search(node.board, node.state, node.g, node.prev, bound, node.automaton);
        if (r == Worker::kFound) {
          std::lock_guard lock(solution_mutex);
          if (!found.load()) {
            result.moves = frontier.path_to(frontier_depth, static_cast<uint32_t>(i));
            const std::vector<Dir> below = worker.path();
            result.moves.insert(result.moves.end(), below.begin(), below.end());
            found.store(true);
          }
          return;
        }
        if (r == Worker::kStopped) {
          if (worker.stop_reason() != Outcome::Cancelled || !found.load()) {
            int expected = -1;
            stop_reason.compare_exchange_strong(expected, static_cast<int>(worker.stop_reason()));
          }
          return;
        }
        int seen_bound = next_bound.load(std::memory_order_relaxed);
        while (r < seen_bound && !next_bound.compare_exchange_weak(seen_bound, r)) {
        }
      }
    });
    if (found.load()) break;
    if (stop_reason.load() >= 0) break;
    if (next_bound.load() == Worker::kInfinity) break;
    // A frontier built small for a search that has since grown is made deeper, so the threads
    // keep enough subtrees to share.
    uint64_t total = 0;
    for (const Worker& worker : workers) total += worker.expanded();
    if (limits.on_iteration)
      limits.on_iteration({bound, stats.nodes_expanded + total, detail::seconds_since(started)});
    bound = next_bound.load();
    const uint64_t iteration_nodes = total - searched;
    searched = total;
    if (level.size() < detail::kFrontierTarget && iteration_nodes / 16 > 4 * level.size() &&
        deepen(std::min<size_t>(iteration_nodes / 16, detail::kFrontierTarget))) {
      found.store(true);  // the goal lies within the new levels: met breadth-first, optimal
      break;
    }
  }

  int deepest = 0;
  for (Worker& worker : workers) {
    worker.flush_nodes();
    stats.nodes_expanded += worker.expanded();
    stats.nodes_generated += worker.generated();
    deepest = std::max(deepest, worker.deepest());
  }
  stats.max_states_in_memory = std::max<uint64_t>(
      frontier_states, frontier.deepest().size() + static_cast<uint64_t>(deepest) + 1);
  if (found.load()) {
    result.optimal = true;
    return finish(Outcome::Solved);
  }
  if (stop_reason.load() >= 0) return finish(static_cast<Outcome>(stop_reason.load()));
  return finish(Outcome::Unsolvable);
}

}  // namespace taquin
