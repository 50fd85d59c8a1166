// `taquin solve` over MPI (TAQUIN_MPI builds): rank 0 reads and prints, every rank searches.
#pragma once

#include <cstdint>
#include <vector>

#include "cli/pdb_choice.hpp"
#include "taquin/goal.hpp"
#include "taquin/io.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"

namespace taquin::cli::mpi {

// MPI for the process's lifetime: MPI_Init_thread (serialized calls from several threads) on
// construction, MPI_Finalize on destruction. A process not started by mpirun is one rank.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

// This process's rank in MPI_COMM_WORLD, and how many ranks there are.
int rank();
int ranks();

// Whether a search of `algorithm` on a board of `shape` is spread over the ranks: IDA* when there
// are several ranks, on the square sides the MPI search is built for (3 to 5). Others run on rank
// 0.
bool spreads(Algorithm algorithm, Shape shape);

// Rank 0: solves `instance` (a solvable board of `goal`) by IDA* on every rank (each other rank
// in serve()), with heuristic `kind` (`databases` as for run_search) and `limits`. The other
// ranks' oneTBB threads are theirs (solve's --threads on each). `rank_expanded` receives the nodes
// each rank expanded. Needs spreads(Algorithm::Ida, instance.shape).
SearchResult solve_on_ranks(const Instance& instance, const Goal& goal, HeuristicKind kind,
                            const pdb::PdbSet* databases, const Limits& limits,
                            std::vector<uint64_t>& rank_expanded);

// Rank 0, before it chooses the heuristic of the run's first board, before any search: lets the
// other ranks load the databases that serve `goal` meanwhile (HeuristicCache::preload). Later
// goals are not told (they are read while searches make MPI calls): does nothing after the first.
void prepare(const Goal& goal);

// Rank 0: tells the other ranks that no board follows (their serve() returns). Call it once, on
// every path out of solve, after the last solve_on_ranks.
void finish_serving();

// Ranks other than 0: loads what serves each goal rank 0 names (prepare) and searches each board
// rank 0 hands over with solve_on_ranks, its heuristic from `heuristics` (the same options as
// rank 0's) and `limits`, until finish_serving. Returns the exit status of this rank (kExitOk;
// kExitInternal if its databases would not load).
int serve(HeuristicCache& heuristics, const Limits& limits);

}  // namespace taquin::cli::mpi
