// IDA* spread over the ranks of an MPI communicator: rank 0 hands out frontier subtrees on request.
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

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "taquin/board.hpp"
#include "taquin/search/ida.hpp"
#include "taquin/search/parallel_ida.hpp"
#include "taquin/search/result.hpp"
#include "taquin/solvability.hpp"

namespace taquin {

namespace detail::mpi {

// Message tags of the search. To rank 0: kRequest (a rank wants subtrees), kReport (it found the
// goal or met a limit: every rank stops), kNodes (its node count, under a node limit), kDone (its
// iteration is over); each carries the sender's node count. From rank 0: kChunk (a range of
// subtrees, empty when none is left), kStop (stop this iteration). kPath: the solution's moves,
// from the rank that found them to rank 0.
enum Tag : int { kRequest = 101, kReport, kNodes, kDone, kChunk, kStop, kPath };
// How long a thread that waits on messages sleeps between two looks: kIdlePause while this rank
// has no search running (its core is free), kBusyPause beside a running search, whose core the
// look takes for a moment (a rank's next range is asked for before it is needed, so a
// half-millisecond's answer costs it nothing; a stop waits at most a millisecond).
inline constexpr auto kIdlePause = std::chrono::microseconds(100);
inline constexpr auto kBusyPause = std::chrono::microseconds(500);
// Nodes a range of subtrees is meant to hold at most (a few milliseconds' search): enough that a
// range outlasts the answer to the request for the next, few enough that the ranks sweep the
// frontier in order together, as the threads do, and the last iteration reaches its first
// solution about as many times sooner as there are ranks.
inline constexpr uint64_t kRangeNodes = uint64_t{1} << 14;

// Completes `request`, sleeping between tests: Open MPI's blocking calls spin, and a rank that
// waits must leave the core to the ranks that search.
inline void wait_quietly(MPI_Request& request) {
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kIdlePause);
  }
}

}  // namespace detail::mpi

// Optimal solution of the canonical board `start`, searched by every rank of `comm` (each with
// the threads oneTBB allows it): every rank calls it with the same board, heuristic and limits.
// Rank 0 alone tries the small bounds serially (parallel_ida_search's serial_iterations; the other
// ranks wait without spinning); then every rank builds the same breadth-first frontier of
// subtrees (as parallel_ida_search does); each further bound is tried on all of them, rank 0
// handing out ranges of subtrees to whichever rank asks (guided: large ranges first, single
// subtrees at the end). A goal or a limit met on any rank stops every rank within a subtree's check
// interval; the next bound is the least f above the bound over all ranks. The result is meaningful
// on rank 0 only: the moves (sent to it by the rank that found them), the nodes summed over the
// ranks. `rank_expanded` (rank 0, optional) receives the nodes each rank expanded. The node limit
// counts every rank's nodes (as reported to rank 0, so it may be passed by some subtrees' worth).
template <int N, IncrementalHeuristic<N> H>
SearchResult mpi_ida_search(const Board<N>& start, const H& heuristic, const Limits& limits,
                            MPI_Comm comm, std::vector<uint64_t>* rank_expanded = nullptr) {
  using namespace detail::mpi;
  using Node = detail::FrontierNode<N, H>;
  using Worker = detail::IdaWorker<N, H>;
  const auto started = std::chrono::steady_clock::now();
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  SearchResult result;
  Stats& stats = result.stats;
  int bound = 0;
  auto finish = [&](Outcome outcome) {
    result.outcome = outcome;
    if (outcome != Outcome::Solved && outcome != Outcome::Unsolvable) result.lower_bound = bound;
    stats.states_selected = stats.nodes_expanded;
    stats.seconds = detail::seconds_since(started);
    if (rank_expanded) rank_expanded->assign(static_cast<size_t>(ranks), 0);
    return result;
  };
  // Every rank takes these early returns alike: they depend on the board only.
  if (!is_solvable(start)) return finish(Outcome::Unsolvable);
  const Board<N> goal = Board<N>::identity(start.blank_label());
  const typename H::State start_state = heuristic.init(start);
  if (start == goal) {
    result.optimal = true;
    stats.max_states_in_memory = 1;
    return finish(Outcome::Solved);
  }

  // The small bounds, on rank 0 alone: the others would only wait for each other's ranges. It
  // tells the others the outcome if the search ended there (else -1), the next bound and the
  // frontier's size.
  bound = heuristic.value(start_state);
  size_t frontier_target = detail::kFrontierTarget;
  int32_t serial[3] = {-1, 0, 0};
  if (rank == 0) {
    if (const std::optional<Outcome> ended = detail::serial_iterations(
            start, start_state, heuristic, limits, started, detail::kSerialIterationNodes, result,
            bound, frontier_target))
      serial[0] = static_cast<int32_t>(*ended);
    serial[1] = bound;
    serial[2] = static_cast<int32_t>(frontier_target);
  }
  if (ranks > 1) {
    MPI_Request request;
    MPI_Ibcast(serial, 3, MPI_INT32_T, 0, comm, &request);
    detail::mpi::wait_quietly(request);
  }
  bound = serial[1];
  frontier_target = static_cast<size_t>(serial[2]);
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
  // Subtrees are handed out in level order, or in the serial search's order if the heuristic asks
  // for it (ranges of this list; empty: level order).
  const SearchOrders orders = orders_of(heuristic);
  const std::vector<uint32_t> order = orders.split == SplitOrder::Serial
                                          ? tree.visit_order(heuristic, orders.child)
                                          : std::vector<uint32_t>{};

  std::atomic<uint64_t> shared_nodes{own_frontier_expanded};  // this rank's (rank 0: all ranks')
  std::atomic<bool> halt{false};  // stop every search of this rank (goal or limit anywhere)
  std::atomic<int> own_stop{-1};  // the limit this rank met (an Outcome), -1: none
  std::mutex mpi_mutex;           // one thread calls MPI at a time (MPI_THREAD_SERIALIZED)
  const int threads = tbb::this_task_arena::max_concurrency();
  tbb::enumerable_thread_specific<Worker> workers([&] {
    return Worker(heuristic, start.blank_label(),
                  detail::LimitWatch(limits, detail::kIdaCheckInterval, started, &shared_nodes,
                                     &halt, threads));
  });
  std::vector<Dir> solution;
  bool found_here = false;
  int found_rank = ranks;  // after an iteration: the least rank that found the goal, else ranks

  if (goal_in_frontier) {  // met breadth-first: optimal, and the same on every rank
    found_here = true;
    found_rank = 0;
    solution = tree.path_to(frontier_depth, static_cast<uint32_t>(frontier.size() - 1));
  } else {
    int least_f = Worker::kInfinity;
    for (const Node& node : frontier)
      least_f = std::min(least_f, node.g + heuristic.value(node.state));
    bound = std::max(bound, least_f);
  }
  // This rank's nodes so far, as told to rank 0 (the shared counter; workers add to it at checks).
  const auto nodes_so_far = [&] { return shared_nodes.load(std::memory_order_relaxed); };
  // Rank 0: the nodes of every rank before this iteration, and in the last one (the serial
  // iterations' for the first), from which it sizes this iteration's ranges.
  uint64_t nodes_before = nodes_so_far();
  uint64_t last_iteration_nodes = std::max<uint64_t>(serial_expanded, 1);
  while (found_rank == ranks && bound != Worker::kInfinity) {
    ++stats.iterations;
    // The most subtrees a range holds: about kRangeNodes at this iteration's expected size.
    const uint64_t expected_nodes = last_iteration_nodes * detail::kIterationGrowth;
    const size_t range_cap = static_cast<size_t>(
        std::clamp<uint64_t>(frontier.size() * kRangeNodes / expected_nodes, 1, frontier.size()));
    std::atomic<int> next_bound{Worker::kInfinity};
    std::atomic<bool> workers_done{false};
    // Rank 0's cursor over the frontier; this rank's current range [lo, hi).
    std::atomic<size_t> cursor{0};
    size_t lo = 0;
    size_t hi = 0;
    bool exhausted = false;
    bool asked = false;  // ranks other than 0: a request to rank 0 awaits its answer
    // A range of subtrees from rank 0's cursor: an even share of what is left, halved again, so
    // ranges shrink to single subtrees as the iteration ends, and at most range_cap.
    const auto take_range = [&](size_t& from, size_t& to) {
      size_t at = cursor.load();
      size_t count = 0;
      do {
        if (at >= frontier.size()) return false;
        count = std::clamp<size_t>((frontier.size() - at) / (2 * static_cast<size_t>(ranks) *
                                                             static_cast<size_t>(threads)),
                                   1, range_cap);
      } while (!cursor.compare_exchange_weak(at, at + count));
      from = at;
      to = at + count;
      return true;
    };
    // Ranks other than 0 (under mpi_mutex): ask rank 0 for a range; take its answer as the
    // current range (empty: the iteration's subtrees are all handed out).
    const auto ask = [&] {
      const uint64_t report[2] = {nodes_so_far(), 0};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kRequest, comm);
      asked = true;
    };
    const auto take_answer = [&] {
      uint64_t range[2];
      MPI_Request receiving;
      MPI_Irecv(range, 2, MPI_UINT64_T, 0, kChunk, comm, &receiving);
      wait_quietly(receiving);
      asked = false;
      lo = range[0];
      hi = range[1];
      exhausted = lo == hi;
    };
    // The next subtree this rank searches, or false when the iteration is over for it. A rank
    // other than 0 asks for its next range as soon as it has one, so that the answer comes while
    // it searches that one (double buffering: it waits only when a range's work is shorter than
    // rank 0's answer).
    const auto next_subtree = [&](size_t& index) {
      std::lock_guard lock(mpi_mutex);
      if (halt.load() || exhausted) return false;
      if (lo == hi) {
        if (rank == 0) {
          exhausted = !take_range(lo, hi);
        } else {
          if (!asked) ask();
          take_answer();
          if (!exhausted) ask();
        }
        if (exhausted) return false;
      }
      index = lo++;
      return true;
    };
    // Tells rank 0 that this rank found the goal (what = 1) or met a limit (what = 2).
    const auto report_to_root = [&](uint64_t what) {
      halt.store(true);
      if (rank == 0) return;  // rank 0's communication thread sees `halt`
      const uint64_t report[2] = {nodes_so_far(), what};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kReport, comm);
    };

    bool stop_sent = false;  // rank 0: kStop went to every other rank this iteration
    bool stop_received = false;
    std::thread communication;
    if (ranks > 1 && rank == 0) {
      communication = std::thread([&] {
        std::vector<uint64_t> reported(static_cast<size_t>(ranks), 0);
        int done = 0;
        for (;;) {
          if (!stop_sent && halt.load()) {
            for (int r = 1; r < ranks; ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, kStop, comm);
            stop_sent = true;
          }
          int waiting = 0;
          MPI_Status status;
          MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &waiting, &status);
          if (!waiting) {
            if (done == ranks - 1 && workers_done.load()) return;
            std::this_thread::sleep_for(workers_done.load() ? kIdlePause : kBusyPause);
            continue;
          }
          uint64_t message[2];
          MPI_Recv(message, 2, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, comm,
                   MPI_STATUS_IGNORE);
          const auto from = static_cast<size_t>(status.MPI_SOURCE);
          const uint64_t total =
              shared_nodes.fetch_add(message[0] - reported[from]) + message[0] - reported[from];
          reported[from] = message[0];
          if (limits.max_nodes && total >= limits.max_nodes && !halt.load()) {
            int none = -1;
            own_stop.compare_exchange_strong(none, static_cast<int>(Outcome::NodeLimit));
            halt.store(true);
          }
          if (status.MPI_TAG == kRequest) {
            uint64_t range[2] = {0, 0};
            size_t from_index = 0;
            size_t to_index = 0;
            if (!halt.load() && take_range(from_index, to_index)) {
              range[0] = from_index;
              range[1] = to_index;
            }
            MPI_Send(range, 2, MPI_UINT64_T, status.MPI_SOURCE, kChunk, comm);
          } else if (status.MPI_TAG == kReport) {
            halt.store(true);
          } else if (status.MPI_TAG == kDone) {
            ++done;
          }
        }
      });
    } else if (ranks > 1) {
      communication = std::thread([&] {
        uint64_t told = 0;  // the node count last sent to rank 0
        while (!workers_done.load()) {
          {
            std::lock_guard lock(mpi_mutex);
            // Under a node limit, rank 0 hears of this rank's nodes as they grow, not only when
            // it asks for subtrees, so the limit stops every rank near it.
            if (limits.max_nodes && nodes_so_far() >= told + detail::kIdaCheckInterval) {
              told = nodes_so_far();
              const uint64_t report[2] = {told, 0};
              MPI_Send(report, 2, MPI_UINT64_T, 0, kNodes, comm);
            }
            int waiting = 0;
            MPI_Iprobe(0, kStop, comm, &waiting, MPI_STATUS_IGNORE);
            if (waiting) {
              MPI_Recv(nullptr, 0, MPI_BYTE, 0, kStop, comm, MPI_STATUS_IGNORE);
              stop_received = true;
              halt.store(true);
              return;
            }
          }
          std::this_thread::sleep_for(kBusyPause);
        }
      });
    }

    tbb::parallel_for(0, threads, 1, [&](int) {
      Worker& worker = workers.local();
      size_t taken = 0;
      while (next_subtree(taken)) {
        const size_t i = order.empty() ? taken : order[taken];
        const Node& node = frontier[i];
        const int f = node.g + heuristic.value(node.state);
        int r = f;
        if (f <= bound)
          r = worker.search(node.board, node.state, node.g, node.prev, bound, node.automaton);
        if (r == Worker::kFound) {
          std::lock_guard lock(mpi_mutex);
          if (!found_here) {
            found_here = true;
            solution = tree.path_to(frontier_depth, static_cast<uint32_t>(i));
            const std::vector<Dir> below = worker.path();
            solution.insert(solution.end(), below.begin(), below.end());
            report_to_root(1);
          }
          return;
        }
        if (r == Worker::kStopped) {
          if (worker.stop_reason() != Outcome::Cancelled || !halt.load()) {
            std::lock_guard lock(mpi_mutex);
            int none = -1;
            own_stop.compare_exchange_strong(none, static_cast<int>(worker.stop_reason()));
            report_to_root(2);
          }
          return;
        }
        int seen_bound = next_bound.load(std::memory_order_relaxed);
        while (r < seen_bound && !next_bound.compare_exchange_weak(seen_bound, r)) {
        }
      }
    });
    workers_done.store(true);
    if (communication.joinable()) communication.join();
    // A range asked for ahead and not taken (the iteration stopped): its answer is received here,
    // before kDone, so that no answer is left for the next iteration.
    if (asked) take_answer();
    if (ranks > 1 && rank != 0) {
      const uint64_t report[2] = {nodes_so_far(), 0};
      MPI_Send(report, 2, MPI_UINT64_T, 0, kDone, comm);
    }

    // What every rank learnt: the least rank with the goal, the next bound, a limit met, and
    // whether rank 0 sent kStop (a rank that has not received it yet takes it now).
    int local[4] = {found_here ? rank : ranks, next_bound.load(),
                    own_stop.load() >= 0 ? own_stop.load() : INT_MAX, stop_sent ? -1 : 0};
    int global[4];
    MPI_Request reduction;
    MPI_Iallreduce(local, global, 4, MPI_INT, MPI_MIN, comm, &reduction);
    wait_quietly(reduction);
    if (rank != 0 && global[3] == -1 && !stop_received)
      MPI_Recv(nullptr, 0, MPI_BYTE, 0, kStop, comm, MPI_STATUS_IGNORE);
    found_rank = global[0];
    if (found_rank == ranks && global[2] != INT_MAX) {
      own_stop.store(global[2]);
      break;
    }
    bound = global[1];
    last_iteration_nodes = std::max<uint64_t>(nodes_so_far() - nodes_before, 1);
    nodes_before = nodes_so_far();
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
  uint64_t own[3] = {own_frontier_expanded, own_frontier_generated, 0};
  for (Worker& worker : workers) {
    own[0] += worker.expanded();
    own[1] += worker.generated();
    own[2] = std::max<uint64_t>(own[2], static_cast<uint64_t>(worker.deepest()));
  }
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
