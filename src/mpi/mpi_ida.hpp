// IDA* spread over the ranks of an MPI communicator: each rank takes frontier subtrees from a
// shared counter.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "heuristic/concepts.hpp"
#include "mpi/mpi_messenger.hpp"
#include "mpi/rank_sweep.hpp"
#include "mpi/tickets.hpp"
#include "search/deepening.hpp"
#include "search/frontier.hpp"
#include "search/parallel_ida.hpp"
#include "taquin/board.hpp"
#include "taquin/search/order.hpp"
#include "taquin/search/result.hpp"

namespace taquin {

namespace detail::mpi {

// The most nodes an iteration rank 0 tries alone may take (the others wait): past it, the
// iteration is abandoned and tried again by every rank, which would otherwise wait while rank 0
// searches iterations it then abandons.
inline constexpr uint64_t kRankZeroIterationNodes = uint64_t{1} << 15;

// The small bounds swept in place on rank 0 alone, the others waiting without spinning (they
// would only wait for each other's ranges): parallel_ida_search's serial start. Every rank
// learns the outcome if the search ended there (else nullopt), the bound to go on with (into
// `bound`) and rank 0's nodes (into `serial_nodes`); rank 0's `result` holds its moves and
// statistics. A collective call.
template <int N, IncrementalHeuristic<N> H>
std::optional<Outcome> rank_zero_start(MPI_Comm comm, const Board<N>& start,
                                       const typename H::State& start_state, const H& heuristic,
                                       const Limits& limits, ChildOrder order,
                                       std::chrono::steady_clock::time_point started,
                                       SearchResult& result, int& bound, uint64_t& serial_nodes) {
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  int64_t serial[3] = {-1, 0, 0};  // the outcome (-1: none), the next bound, the nodes
  if (rank == 0) {
    if (const std::optional<Outcome> ended =
            serial_start(start, start_state, heuristic, limits, order, started,
                         kRankZeroIterationNodes, result, bound))
      serial[0] = static_cast<int64_t>(*ended);
    serial[1] = bound;
    serial[2] = static_cast<int64_t>(result.stats.nodes_expanded);
  }
  if (ranks > 1) {
    MPI_Request request;
    MPI_Ibcast(serial, 3, MPI_INT64_T, 0, comm, &request);
    wait_quietly(request);
  }
  bound = static_cast<int>(serial[1]);
  serial_nodes = static_cast<uint64_t>(serial[2]);
  if (serial[0] < 0) return std::nullopt;
  return static_cast<Outcome>(serial[0]);
}

// The moves `solution` of rank `found_rank`, sent from it to rank 0 (a no-op when rank 0 found
// them). Every rank of `comm` calls it.
inline void send_solution_to_root(MPI_Comm comm, int rank, int found_rank,
                                  std::vector<Dir>& solution) {
  if (found_rank == 0) return;
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

// Every rank's counts of one search, summed on rank 0 (meaningful there only).
struct RankCounts {
  uint64_t expanded = 0;
  uint64_t generated = 0;
  uint64_t deepest = 0;            // the deepest bound any rank's threads searched
  std::vector<uint64_t> per_rank;  // the nodes each rank expanded
};

// This rank's counts (`expanded`, `generated`, `deepest`), gathered on rank 0 with every rank's.
// A collective call.
inline RankCounts gather_counts(MPI_Comm comm, int ranks, uint64_t expanded, uint64_t generated,
                                uint64_t deepest) {
  const uint64_t own[3] = {expanded, generated, deepest};
  std::vector<uint64_t> all(3 * static_cast<size_t>(ranks));
  MPI_Request gathering;
  MPI_Igather(own, 3, MPI_UINT64_T, all.data(), 3, MPI_UINT64_T, 0, comm, &gathering);
  wait_quietly(gathering);
  RankCounts counts;
  for (size_t at = 0; at < all.size(); at += 3) {
    counts.expanded += all[at];
    counts.generated += all[at + 1];
    counts.deepest = std::max(counts.deepest, all[at + 2]);
    counts.per_rank.push_back(all[at]);
  }
  return counts;
}

}  // namespace detail::mpi

// Optimal solution of the canonical board `start`, searched by every rank of `team` (each with
// the threads oneTBB allows it): every rank calls it with the same board, heuristic and limits.
// Rank 0 alone tries the small bounds in place (parallel_ida_search's serial start, up to
// kRankZeroIterationNodes an iteration; the other ranks wait without spinning); then every rank
// builds the same breadth-first frontier of subtrees (as parallel_ida_search does) and each
// further bound is swept over the ranks (RankSweep), every rank taking the next range of
// subtrees from a counter on rank 0 that it updates itself (TicketCounter: no rank waits for
// another's answer). Each rank calls limits.on_iteration after each bound swept without a
// solution, with every rank's nodes. The result is meaningful on rank 0 only: the moves (sent to it
// by the rank that found them), the nodes summed over the ranks. `rank_expanded` (rank 0, optional)
// receives the nodes each rank expanded. The node limit counts every rank's nodes (as reported to
// rank 0, so it may be passed by some subtrees' worth).
template <int N, IncrementalHeuristic<N> H>
SearchResult mpi_ida_search(const Board<N>& start, const H& heuristic, const Limits& limits,
                            detail::mpi::SearchTeam& team,
                            std::vector<uint64_t>* rank_expanded = nullptr,
                            SearchOrder order = {}) {
  using namespace detail::mpi;
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

  bound = heuristic.value(start_state);
  uint64_t serial_expanded = 0;  // rank 0's, on every rank
  if (const std::optional<Outcome> ended =
          rank_zero_start(comm, start, start_state, heuristic, limits, order.child, started, result,
                          bound, serial_expanded)) {
    SearchResult done = finish(*ended);
    if (rank_expanded) (*rank_expanded)[0] = serial_expanded;
    return done;
  }
  const uint64_t serial_generated = stats.nodes_generated;  // rank 0's, else 0

  // The frontier, level by level, the same on every rank (level order, children in move order),
  // as many subtrees as the threaded search splits a large search into. Rank 0 counts the serial
  // and the frontier's nodes (every rank built the frontier; the sum counts it once).
  detail::Frontier<N, H> tree(start, start_state);
  uint64_t frontier_expanded = 0;
  uint64_t frontier_generated = 0;
  const bool goal_in_frontier =
      tree.grow_to(detail::kFrontierTarget, heuristic, goal, frontier_expanded, frontier_generated);
  const uint64_t own_frontier_expanded = rank == 0 ? serial_expanded + frontier_expanded : 0;
  const uint64_t own_frontier_generated = rank == 0 ? serial_generated + frontier_generated : 0;

  RankSweep<N, H> over_ranks(team, heuristic, tree, order, limits, started, own_frontier_expanded,
                             serial_expanded + frontier_expanded, serial_expanded);
  detail::BoundEnd end = detail::BoundEnd::found();
  int found_rank = 0;  // the least rank that found the goal
  std::vector<Dir> solution;
  if (goal_in_frontier) {  // met breadth-first: optimal, and the same on every rank
    solution = tree.goal_path();
  } else {
    bound = std::max(bound, over_ranks.least_f());
    end = detail::deepen(over_ranks, bound, stats.iterations, limits, started);
    found_rank = over_ranks.found_rank();
    solution = over_ranks.take_solution();
  }
  if (end.kind == detail::BoundEnd::Kind::Found)
    send_solution_to_root(comm, rank, found_rank, solution);

  // Nodes: each rank's, gathered on rank 0 and summed (rank 0's serial nodes are in its share).
  const auto& subtrees = over_ranks.subtrees();
  const RankCounts counts = gather_counts(comm, ranks, own_frontier_expanded + subtrees.expanded(),
                                          own_frontier_generated + subtrees.generated(),
                                          static_cast<uint64_t>(subtrees.deepest()));
  stats.nodes_expanded = counts.expanded;
  stats.nodes_generated = counts.generated;
  stats.max_states_in_memory =
      std::max<uint64_t>(tree.seen(), tree.deepest().size() + counts.deepest + 1);
  Outcome outcome = Outcome::Unsolvable;
  if (end.kind == detail::BoundEnd::Kind::Found) {
    result.moves = std::move(solution);
    result.optimal = true;
    outcome = Outcome::Solved;
  } else if (end.kind == detail::BoundEnd::Kind::Stopped) {
    outcome = end.stop;
  }
  SearchResult done = finish(outcome);
  if (rank_expanded) *rank_expanded = counts.per_rank;
  return done;
}

}  // namespace taquin
