// IDA* spread over the ranks of an MPI communicator: each rank takes frontier subtrees from a
// shared counter.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <tbb/task_arena.h>

#include "core/solvability.hpp"
#include "mpi/mpi_messenger.hpp"
#include "search/frontier.hpp"
#include "search/ida.hpp"
#include "search/parallel_ida.hpp"
#include "search/subtree_search.hpp"
#include "taquin/board.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace detail::mpi {

// Nodes a range of subtrees is meant to hold at most (a few milliseconds' search): enough that a
// range outlasts the fetch of the next, few enough that the ranks sweep the frontier in order
// together, as the threads do, and the last iteration reaches its first solution about as many
// times sooner as there are ranks.
inline constexpr uint64_t kRangeNodes = uint64_t{1} << 14;
// The most nodes an iteration rank 0 tries alone may take (the others wait): past it, the
// iteration is abandoned and tried again by every rank. On the 80-move 15-puzzles with the 7-8
// tables, parallel_ida_search's 2^18 left rank 1 idle for a tenth of the run, mostly while rank
// 0 searched iterations it then abandoned (262,144 nodes each, searched again by both ranks).
inline constexpr uint64_t kRankZeroIterationNodes = uint64_t{1} << 15;

// A ticket counter in a window on rank 0 of a communicator, from which any rank takes the next
// ticket by an atomic fetch-and-add (MPI_Rget_accumulate in a passive-target epoch): no answer
// from rank 0's threads is needed (on one node the add is an atomic in shared memory; across
// nodes the network's atomics, or Open MPI's progress, which rank 0's message loop drives).
// Every rank of `comm` constructs and destroys it together; one thread calls it at a time.
class TicketCounter {
 public:
  explicit TicketCounter(MPI_Comm comm) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    void* base = nullptr;
    MPI_Win_allocate(rank == 0 ? sizeof(uint64_t) : 0, sizeof(uint64_t), MPI_INFO_NULL, comm, &base,
                     &window_);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
    if (rank == 0) {  // zeroed before any rank takes a ticket
      const uint64_t zero = 0;
      MPI_Accumulate(&zero, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T, MPI_REPLACE, window_);
      MPI_Win_flush(0, window_);
    }
    MPI_Request barrier;
    MPI_Ibarrier(comm, &barrier);
    wait_quietly(barrier);
  }
  ~TicketCounter() {
    MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
  }
  TicketCounter(const TicketCounter&) = delete;
  TicketCounter& operator=(const TicketCounter&) = delete;

  // Asks for the next ticket (at most one asked and not taken at a time); take() returns it.
  void ask() {
    MPI_Rget_accumulate(&one_, 1, MPI_UINT64_T, &ticket_, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T,
                        MPI_SUM, window_, &request_);
  }
  uint64_t take() {
    wait_quietly(request_);
    return ticket_;
  }

 private:
  MPI_Win window_ = MPI_WIN_NULL;
  MPI_Request request_ = MPI_REQUEST_NULL;
  const uint64_t one_ = 1;
  uint64_t ticket_ = 0;
};

// What the searches of a run share on every rank of `comm`: one ticket counter, the tickets
// taken from it so far (every rank knows the same count: the next iteration's first ticket), and
// the worker threads of every rank (oneTBB's at construction). Every rank of `comm` constructs it
// together (a collective call, without spinning) and destroys it together, with no search under
// way; one search uses it at a time.
struct SearchTeam {
  explicit SearchTeam(MPI_Comm team_comm) : comm(team_comm), counter(team_comm) {
    const int threads = tbb::this_task_arena::max_concurrency();
    MPI_Request request;
    MPI_Iallreduce(&threads, &all_threads, 1, MPI_INT, MPI_SUM, comm, &request);
    wait_quietly(request);
  }
  MPI_Comm comm;
  TicketCounter counter;
  uint64_t tickets_taken = 0;
  int all_threads = 1;
};

// The ranges of subtrees an iteration hands out, in frontier order, as their ends: range k is
// [ends[k - 1], ends[k]) (ends[-1] = 0). Each is an even share of the subtrees left over twice
// `workers` (all ranks' threads), so ranges shrink to single subtrees as the iteration ends, and
// holds at most `cap` subtrees. Every rank computes the same from the same arguments.
inline std::vector<size_t> range_ends(size_t subtrees, size_t workers, size_t cap) {
  std::vector<size_t> ends;
  for (size_t at = 0; at < subtrees;) {
    at += std::clamp<size_t>((subtrees - at) / (2 * workers), 1, cap);
    ends.push_back(at);
  }
  return ends;
}

}  // namespace detail::mpi

// Optimal solution of the canonical board `start`, searched by every rank of `team` (each with
// the threads oneTBB allows it): every rank calls it with the same board, heuristic and limits.
// Rank 0 alone tries the small bounds serially (parallel_ida_search's serial_iterations, up to
// kRankZeroIterationNodes an iteration; the other ranks wait without spinning); then every rank
// builds the same breadth-first frontier of subtrees (as parallel_ida_search does); each further
// bound is tried on all of them, every rank taking the next range of subtrees from a counter on
// rank 0 that it updates itself (TicketCounter: no rank waits for another's answer; guided: large
// ranges first, single subtrees at the end). A goal or a limit met on any rank stops every rank
// within a subtree's check interval; the next bound is the least f above the bound over all
// ranks. The result is meaningful on rank 0 only: the moves (sent to it by the rank that found
// them), the nodes summed over the ranks. `rank_expanded` (rank 0, optional) receives the nodes
// each rank expanded. The node limit counts every rank's nodes (as reported to rank 0, so it may
// be passed by some subtrees' worth).
template <int N, IncrementalHeuristic<N> H>
SearchResult mpi_ida_search(const Board<N>& start, const H& heuristic, const Limits& limits,
                            detail::mpi::SearchTeam& team,
                            std::vector<uint64_t>* rank_expanded = nullptr,
                            SearchOrder order = {}) {
  using namespace detail::mpi;
  using Node = detail::FrontierNode<N, H>;
  using Worker = detail::IdaWorker<N, H>;
  const auto started = std::chrono::steady_clock::now();
  const MPI_Comm comm = team.comm;
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  SearchResult result;
  Stats& stats = result.stats;
  int bound = 0;
  const auto finish = [&](Outcome outcome) {
    if (rank_expanded) rank_expanded->assign(static_cast<size_t>(ranks), 0);
    return detail::finish_search(result, outcome, bound, started);
  };
  // Every rank takes this early return alike: it depends on the board only.
  if (const std::optional<Outcome> ended = detail::trivial_outcome(start, result))
    return finish(*ended);
  const Board<N> goal = Board<N>::identity(start.blank_label());
  const typename H::State start_state = heuristic.init(start);

  // The small bounds, on rank 0 alone: the others would only wait for each other's ranges. It
  // tells the others the outcome if the search ended there (else -1), the next bound and the
  // frontier's size.
  bound = heuristic.value(start_state);
  size_t frontier_target = detail::kFrontierTarget;
  int32_t serial[3] = {-1, 0, 0};
  if (rank == 0) {
    if (const std::optional<Outcome> ended =
            detail::serial_iterations(start, start_state, heuristic, limits, order.child, started,
                                      kRankZeroIterationNodes, result, bound, frontier_target))
      serial[0] = static_cast<int32_t>(*ended);
    serial[1] = bound;
    serial[2] = static_cast<int32_t>(std::min<uint64_t>(stats.nodes_expanded, INT32_MAX));
  }
  if (ranks > 1) {
    MPI_Request request;
    MPI_Ibcast(serial, 3, MPI_INT32_T, 0, comm, &request);
    wait_quietly(request);
  }
  bound = serial[1];
  // As many subtrees as the threaded search splits a large search into (the smaller serial
  // budget would make serial_iterations ask for fewer).
  frontier_target = detail::kFrontierTarget;
  const uint64_t serial_expanded = stats.nodes_expanded;  // rank 0's, else 0
  const uint64_t serial_generated = stats.nodes_generated;
  if (serial[0] >= 0) {
    SearchResult ended = finish(static_cast<Outcome>(serial[0]));
    if (rank_expanded) (*rank_expanded)[0] = serial_expanded;
    return ended;
  }

  // The frontier, level by level, the same on every rank (level order, children in move order).
  detail::Frontier<N, H> tree(start, start_state);
  uint64_t frontier_expanded = 0;
  uint64_t frontier_generated = 0;
  bool goal_in_frontier = false;
  while (tree.deepest().size() < frontier_target &&
         static_cast<int>(tree.levels()) <= detail::kFrontierMaxDepth) {
    const auto grown = tree.grow(heuristic, goal, frontier_expanded, frontier_generated);
    goal_in_frontier = grown == detail::Frontier<N, H>::Grown::Goal;
    if (grown != detail::Frontier<N, H>::Grown::Level) break;  // goal met, or the space is seen
  }
  // Rank 0 counts the serial and the frontier's nodes (every rank built the frontier; the sum
  // counts it once).
  const uint64_t own_frontier_expanded = rank == 0 ? serial_expanded + frontier_expanded : 0;
  const uint64_t own_frontier_generated = rank == 0 ? serial_generated + frontier_generated : 0;
  const std::vector<Node>& frontier = tree.deepest();
  const size_t frontier_depth = tree.depth();
  TicketCounter& counter = team.counter;

  std::atomic<uint64_t> shared_nodes{own_frontier_expanded};  // this rank's (rank 0: all ranks')
  std::atomic<bool> halt{false};  // stop every search of this rank (goal or limit anywhere)
  std::atomic<int> own_stop{-1};  // the limit this rank met (an Outcome), -1: none
  std::mutex mpi_mutex;           // one thread calls MPI at a time (MPI_THREAD_SERIALIZED)
  detail::SubtreeSearch<N, H> subtrees(heuristic, tree, order, limits, started, shared_nodes, halt);
  std::vector<Dir> solution;
  bool found_here = false;
  int found_rank = ranks;  // after an iteration: the least rank that found the goal, else ranks

  if (goal_in_frontier) {  // met breadth-first: optimal, and the same on every rank
    found_here = true;
    found_rank = 0;
    solution = tree.path_to(frontier_depth, static_cast<uint32_t>(frontier.size() - 1));
  } else {
    bound = std::max(bound, subtrees.least_f());
  }
  // This rank's nodes so far, as told to rank 0 (the shared counter; workers add to it at checks).
  const auto nodes_so_far = [&] { return shared_nodes.load(std::memory_order_relaxed); };
  // Every rank's nodes in the last iteration (rank 0's serial ones for the first), from which
  // each rank sizes this iteration's ranges alike; the first ticket of this iteration.
  uint64_t last_iteration_nodes = std::max<int32_t>(serial[2], 1);
  uint64_t& first_ticket = team.tickets_taken;
  while (found_rank == ranks && bound != Worker::kInfinity) {
    ++stats.iterations;
    // The most subtrees a range holds: about kRangeNodes at this iteration's expected size.
    const uint64_t expected_nodes = last_iteration_nodes * detail::kIterationGrowth;
    const size_t range_cap = static_cast<size_t>(
        std::clamp<uint64_t>(frontier.size() * kRangeNodes / expected_nodes, 1, frontier.size()));
    const std::vector<size_t> ends =
        range_ends(frontier.size(), static_cast<size_t>(team.all_threads), range_cap);
    const uint64_t searched_before = subtrees.expanded();
    uint64_t tickets = 0;  // this rank took in this iteration
    // This rank's current range [lo, hi) of the frontier.
    size_t lo = 0;
    size_t hi = 0;
    bool exhausted = false;
    bool asked = false;  // a ticket asked for ahead awaits its taking
    // The next subtree this rank searches, or false when the iteration is over for it. The rank
    // asks for its next ticket as soon as it takes one, so that the ticket comes while it
    // searches that range (it waits only when a range's work is shorter than a fetch).
    const auto next_subtree = [&](size_t& index) {
      std::lock_guard lock(mpi_mutex);
      if (halt.load() || exhausted) return false;
      if (lo == hi) {
        if (!asked) {
          counter.ask();
          ++tickets;
        }
        const uint64_t range = counter.take() - first_ticket;
        asked = false;
        exhausted = range >= ends.size();
        if (exhausted) return false;
        lo = range == 0 ? 0 : ends[range - 1];
        hi = ends[range];
        counter.ask();
        ++tickets;
        asked = true;
      }
      index = lo++;
      return true;
    };
    IterationMessenger messenger(comm, rank, ranks, limits, mpi_mutex, halt, shared_nodes,
                                 own_stop);
    // Tells rank 0 that this rank found the goal (what = 1) or met a limit (what = 2); the
    // caller holds mpi_mutex.
    const auto report_to_root = [&](uint64_t what) {
      halt.store(true);
      if (rank == 0) {  // rank 0's messenger sends the stop
        messenger.wake();
        return;
      }
      const uint64_t report[2] = {nodes_so_far(), what};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kReport, comm);
    };
    const int next_bound = subtrees.iterate(
        bound, next_subtree,
        [&](std::vector<Dir> moves) {
          std::lock_guard lock(mpi_mutex);
          if (!found_here) {
            found_here = true;
            solution = std::move(moves);
            report_to_root(1);
          }
        },
        [&](Outcome reason) {
          if (reason != Outcome::Cancelled || !halt.load()) {
            std::lock_guard lock(mpi_mutex);
            int none = -1;
            own_stop.compare_exchange_strong(none, static_cast<int>(reason));
            report_to_root(2);
          }
        });
    messenger.finish();
    // A ticket asked for ahead and not taken (the iteration ended or stopped) completes here, so
    // that every ticket of this iteration is counted before the next one starts.
    if (asked) counter.take();
    if (ranks > 1 && rank != 0) {
      const uint64_t report[2] = {nodes_so_far(), 0};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kDone, comm);
    }

    // What every rank learnt: the least rank with the goal, the next bound, a limit met, and
    // whether rank 0 sent kStop (a rank that has not received it yet takes it now); and the sums
    // of the iteration's nodes and tickets, which size the next iteration's ranges and number
    // its first ticket alike on every rank.
    // One exchange (all ranks' values to every rank), each rank taking the minima and sums.
    constexpr size_t kMinima = 4;
    const int64_t own_values[kMinima + 2] = {
        found_here ? rank : ranks,
        next_bound,
        own_stop.load() >= 0 ? own_stop.load() : INT_MAX,
        messenger.stop_sent() ? -1 : 0,
        static_cast<int64_t>(subtrees.expanded() - searched_before),
        static_cast<int64_t>(tickets)};
    std::vector<int64_t> every_value(std::size(own_values) * static_cast<size_t>(ranks));
    MPI_Request exchange;
    MPI_Iallgather(own_values, std::size(own_values), MPI_INT64_T, every_value.data(),
                   std::size(own_values), MPI_INT64_T, comm, &exchange);
    wait_quietly(exchange);
    int64_t global[kMinima] = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
    uint64_t sums[2] = {0, 0};
    for (size_t at = 0; at < every_value.size(); at += std::size(own_values)) {
      for (size_t k = 0; k < kMinima; ++k) global[k] = std::min(global[k], every_value[at + k]);
      for (size_t k = 0; k < 2; ++k)
        sums[k] += static_cast<uint64_t>(every_value[at + kMinima + k]);
    }
    if (rank != 0 && global[3] == -1 && !messenger.stop_received()) {
      MPI_Request receiving;
      MPI_Irecv(nullptr, 0, MPI_BYTE, 0, kStop, comm, &receiving);
      wait_quietly(receiving);
    }
    first_ticket += sums[1];
    found_rank = static_cast<int>(global[0]);
    if (found_rank == ranks && global[2] != INT_MAX) {
      own_stop.store(static_cast<int>(global[2]));
      break;
    }
    bound = static_cast<int>(global[1]);
    last_iteration_nodes = std::max<uint64_t>(sums[0], 1);
  }

  // The solution's moves, from the rank that found them to rank 0.
  if (found_rank != ranks && found_rank != 0 && ranks > 1) {
    if (rank == found_rank) {
      std::vector<uint8_t> moves(solution.size());
      std::transform(solution.begin(), solution.end(), moves.begin(),
                     [](Dir d) { return static_cast<uint8_t>(d); });
      MPI_Send(moves.data(), static_cast<int>(moves.size()), MPI_UINT8_T, 0, kPath, comm);
    } else if (rank == 0) {
      MPI_Status status;
      MPI_Probe(found_rank, kPath, comm, &status);
      int count = 0;
      MPI_Get_count(&status, MPI_UINT8_T, &count);
      std::vector<uint8_t> moves(static_cast<size_t>(count));
      MPI_Recv(moves.data(), count, MPI_UINT8_T, found_rank, kPath, comm, MPI_STATUS_IGNORE);
      solution.assign(moves.size(), Dir{});
      std::transform(moves.begin(), moves.end(), solution.begin(),
                     [](uint8_t m) { return static_cast<Dir>(m); });
    }
  }

  // Nodes: each rank's, gathered on rank 0 and summed.
  const uint64_t own[3] = {own_frontier_expanded + subtrees.expanded(),
                           own_frontier_generated + subtrees.generated(),
                           static_cast<uint64_t>(subtrees.deepest())};
  std::vector<uint64_t> all(3 * static_cast<size_t>(ranks));
  MPI_Request gathering;
  MPI_Igather(own, 3, MPI_UINT64_T, all.data(), 3, MPI_UINT64_T, 0, comm, &gathering);
  wait_quietly(gathering);
  stats.nodes_expanded = 0;  // rank 0's serial nodes are in its share
  stats.nodes_generated = 0;
  uint64_t deepest = 0;
  for (int r = 0; r < ranks; ++r) {
    stats.nodes_expanded += all[3 * static_cast<size_t>(r)];
    stats.nodes_generated += all[3 * static_cast<size_t>(r) + 1];
    deepest = std::max(deepest, all[3 * static_cast<size_t>(r) + 2]);
  }
  stats.max_states_in_memory = std::max<uint64_t>(tree.seen(), frontier.size() + deepest + 1);
  const auto per_rank = [&] {
    if (!rank_expanded) return;
    rank_expanded->resize(static_cast<size_t>(ranks));
    for (int r = 0; r < ranks; ++r) (*rank_expanded)[static_cast<size_t>(r)] = all[3 * r];
  };
  SearchResult done;
  if (found_rank != ranks) {
    result.moves = std::move(solution);
    result.optimal = true;
    done = finish(Outcome::Solved);
  } else if (own_stop.load() >= 0) {
    done = finish(static_cast<Outcome>(own_stop.load()));
  } else {
    done = finish(Outcome::Unsolvable);
  }
  per_rank();
  return done;
}

}  // namespace taquin
