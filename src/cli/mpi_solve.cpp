// `taquin solve` over MPI: the session, rank 0's hand-over of each board, the other ranks' loop.
#include "cli/mpi_solve.hpp"

#include <mpi.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "cli/command.hpp"
#include "mpi/mpi_ida.hpp"
#include "mpi/search_on_ranks.hpp"

namespace taquin::cli::mpi {
namespace {

// What rank 0 broadcasts before each search: kBoard then side, heuristic kind, the goal's tiles
// and the board's tiles (row-major, as read), or kNoMoreBoards alone.
// kPrepare then side and the goal's tiles: load what serves that goal (see prepare).
enum Command : int32_t { kNoMoreBoards = 0, kBoard = 1, kPrepare = 2 };
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr int kMessageInts = 3 + 2 * kMaxCells;

// The search team of the run: made by every rank at its first board, freed by every rank when
// rank 0 says that no board follows.
std::optional<taquin::detail::mpi::SearchTeam>& search_team() {
  static std::optional<taquin::detail::mpi::SearchTeam> team;
  return team;
}

// The IDA* of every rank on `goal`'s canonical form of `tiles`, with the heuristic of `kind`.
SearchResult search_here(const std::vector<Tile>& tiles, const Goal& goal, HeuristicKind kind,
                         const pdb::PdbSet* databases, const Limits& limits,
                         std::vector<uint64_t>* rank_expanded) {
  if (!search_team()) search_team().emplace(MPI_COMM_WORLD);
  return search_on_ranks(tiles, goal, kind, databases, limits, *search_team(), rank_expanded);
}

// Rank 0's broadcast of `message` to every rank; the others wait without spinning.
void broadcast(std::vector<int32_t>& message) {
  MPI_Request request;
  MPI_Ibcast(message.data(), kMessageInts, MPI_INT32_T, 0, MPI_COMM_WORLD, &request);
  taquin::detail::mpi::wait_quietly(request);
}

}  // namespace

Session::Session(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
}

Session::~Session() {
  MPI_Finalize();
}

int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int ranks() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

bool spreads(Algorithm algorithm, Shape shape) {
  return algorithm == Algorithm::Ida && ranks() > 1 && shape.is_square() && shape.rows >= 3 &&
         shape.rows <= 5;
}

SearchResult solve_on_ranks(const Instance& instance, const Goal& goal, HeuristicKind kind,
                            const pdb::PdbSet* databases, const Limits& limits,
                            std::vector<uint64_t>& rank_expanded) {
  const int cells = instance.shape.cells();
  std::vector<int32_t> message(kMessageInts, 0);
  message[0] = kBoard;
  message[1] = instance.shape.rows;
  message[2] = static_cast<int32_t>(kind);
  std::copy(goal.tiles().begin(), goal.tiles().end(), message.begin() + 3);
  std::copy(instance.tiles.begin(), instance.tiles.end(), message.begin() + 3 + cells);
  broadcast(message);
  return search_here(instance.tiles, goal, kind, databases, limits, &rank_expanded);
}

void prepare(const Goal& goal) {
  // Only the first goal: later ones are read while a search is under way, whose threads make MPI
  // calls, and the run asks only for MPI_THREAD_SERIALIZED (the ranks then load them at the board).
  static bool told = false;  // (rank 0's one reading thread)
  if (ranks() < 2 || told) return;
  told = true;
  std::vector<int32_t> message(kMessageInts, 0);
  message[0] = kPrepare;
  message[1] = goal.side();
  std::copy(goal.tiles().begin(), goal.tiles().end(), message.begin() + 3);
  broadcast(message);
}

void finish_serving() {
  std::vector<int32_t> message(kMessageInts, 0);
  message[0] = kNoMoreBoards;
  broadcast(message);
  search_team().reset();
}

int serve(HeuristicCache& heuristics, const Limits& limits) {
  std::vector<int32_t> message(kMessageInts);
  for (;;) {
    broadcast(message);
    if (message[0] != kBoard && message[0] != kPrepare) {
      search_team().reset();
      return kExitOk;
    }
    const int side = message[1];
    const auto kind = static_cast<HeuristicKind>(message[2]);
    const int cells = side * side;
    const std::vector<Tile> goal_tiles(message.begin() + 3, message.begin() + 3 + cells);
    if (message[0] == kPrepare) {
      heuristics.preload(Goal::custom(side, goal_tiles, "rank 0's"));
      continue;
    }
    const std::vector<Tile> tiles(message.begin() + 3 + cells, message.begin() + 3 + 2 * cells);
    const Goal goal = Goal::custom(side, goal_tiles, "rank 0's");
    std::shared_ptr<const pdb::PdbSet> databases;
    if (kind == HeuristicKind::Pdb) {
      // The same options as rank 0's give the same databases; if they do not load here, this
      // rank cannot take part, and the run ends (every rank waits for every other).
      Expected<HeuristicChoice> choice = heuristics.get(goal);
      if (!choice || choice->kind != HeuristicKind::Pdb) {
        std::cerr << "taquin: internal error: rank " << rank()
                  << " cannot load the pattern databases rank 0 uses\n";
        MPI_Abort(MPI_COMM_WORLD, kExitInternal);
      }
      databases = choice->databases;
    }
    search_here(tiles, goal, kind, databases.get(), limits, nullptr);
  }
}

}  // namespace taquin::cli::mpi
