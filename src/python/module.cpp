// The Python module `taquin` (pybind11): solve, solve_batch, check, replay, generate,
// load_databases over the stable C++ API, the GIL released and Ctrl-C honoured during searches.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <tbb/task_arena.h>

#include "cli/solve_record.hpp"
#include "core/generate.hpp"
#include "core/replay.hpp"
#include "core/solvability.hpp"
#include "heuristic/heuristic_choice.hpp"
#include "pdb/pdb_set.hpp"
#include "python/boards.hpp"
#include "shape/dispatch.hpp"
#include "taquin/taquin.hpp"

namespace py = pybind11;

namespace taquin::python {
namespace {

// ---- databases: loaded once per goal, shared by every search ----

struct Databases {
  taquin::Databases set;
  std::string catalogue() const { return set->catalogue.stem; }
  std::string dir() const { return set->dir; }
};

std::mutex databases_mutex;
std::vector<std::string> database_dirs;                 // load_databases' directories
std::map<std::vector<Tile>, taquin::Databases> loaded;  // by goal tiles; null: none serves

// The databases serving `goal` from the directories given to load_databases, then the default
// directory ($TAQUIN_PDB_DIR, $XDG_DATA_HOME/taquin, ~/.local/share/taquin); null when none.
taquin::Databases databases_for(const Goal& goal) {
  std::lock_guard lock(databases_mutex);
  const auto found = loaded.find(goal.tiles());
  if (found != loaded.end()) return found->second;
  pdb::PdbPaths paths;
  paths.search = database_dirs;
  paths.default_dir = pdb::default_pdb_dir(std::getenv("TAQUIN_PDB_DIR"),
                                           std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
  if (!paths.default_dir.empty()) paths.search.push_back(paths.default_dir);
  taquin::Databases set;
  if (Expected<pdb::PdbSet> read = pdb::load_pdb_set(paths, goal))
    set = std::make_shared<const pdb::PdbSet>(std::move(*read));
  loaded[goal.tiles()] = set;
  return set;
}

Databases load_databases(const std::string& dir, const py::object& goal, int size) {
  const Goal target = to_goal(goal, Shape::square(size));
  taquin::Databases set = value_or_raise(taquin::load_databases(dir, target));
  std::lock_guard lock(databases_mutex);
  if (std::find(database_dirs.begin(), database_dirs.end(), dir) == database_dirs.end())
    database_dirs.push_back(dir);
  loaded[target.tiles()] = set;
  return {set};
}

// ---- Ctrl-C: SIGINT stops the searches under way, then Python's handler runs ----

const CancelToken interrupt;  // the cancel token of every search the module runs
std::mutex interrupt_mutex;
int searches_watching = 0;
struct sigaction python_handler;
std::thread::id main_thread;

extern "C" void on_interrupt(int) {
  interrupt.cancel();  // a lock-free atomic store: safe in a handler
}

// While alive (on the main thread, where Python handles signals), SIGINT cancels `interrupt`,
// instead of waiting for Python's handler, which runs only between bytecodes. Leaving restores
// Python's handler and hands it the signal (KeyboardInterrupt).
class InterruptScope {
 public:
  InterruptScope() : active_(std::this_thread::get_id() == main_thread) {
    if (!active_) return;
    std::lock_guard lock(interrupt_mutex);
    if (searches_watching++ == 0) {
      struct sigaction action {};
      action.sa_handler = on_interrupt;
      sigemptyset(&action.sa_mask);
      ::sigaction(SIGINT, &action, &python_handler);
    }
  }
  // Restores the handler (the last scope out) and returns whether SIGINT came. Call once, with
  // the GIL held.
  bool leave() {
    if (!active_) return interrupt.cancelled();
    std::lock_guard lock(interrupt_mutex);
    const bool came = interrupt.cancelled();
    if (--searches_watching == 0) {
      ::sigaction(SIGINT, &python_handler, nullptr);
      interrupt.reset();
    }
    active_ = false;
    return came;
  }
  ~InterruptScope() {
    if (active_) leave();
  }

 private:
  bool active_;
};

// Python's own reaction to the SIGINT a search swallowed: KeyboardInterrupt by default.
[[noreturn]] void reraise_interrupt() {
  PyErr_SetInterrupt();
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

// ---- results ----

// `value` as a Python object, None when it is empty.
template <typename T>
py::object or_none(const std::optional<T>& value) {
  return value ? py::cast(*value) : py::object(py::none());
}

struct Result {
  CheckedResult checked;
  std::string algorithm, heuristic;
  int threads = 1;
  Shape shape;  // the board's rows and columns

  // The solve record's values (cli/solve_record.hpp), None for null.
  bool solved() const { return cli::record_solved(checked); }
  py::object length() const { return or_none(cli::record_length(checked)); }
  py::object moves() const { return or_none(cli::record_moves(checked)); }
  py::object lower_bound() const { return or_none(cli::record_lower_bound(checked)); }
  std::string repr() const {
    std::string out = "<taquin.Result " + std::string(outcome_name(checked.outcome));
    if (solved())
      out += " length=" + std::to_string(checked.moves.size()) +
             (checked.optimal ? " optimal" : " not proven optimal");
    return out + " nodes_expanded=" + std::to_string(checked.stats.nodes_expanded) + ">";
  }
};

// What solve's keyword arguments ask for, resolved against the goal.
struct Request {
  SolveOptions options;
  taquin::Databases databases;
  std::string algorithm, heuristic;
};

Request make_request(const Goal& goal, const std::string& algorithm, bool by_default,
                     const std::optional<std::string>& heuristic, int threads,
                     std::optional<double> max_seconds, std::optional<uint64_t> max_nodes,
                     const std::optional<Databases>& databases) {
  Request request;
  const std::optional<Algorithm> kind = parse_algorithm(algorithm);
  if (!kind)
    raise({"algorithm", 0,
           "'" + algorithm +
               "' is not one of ida, astar, greedy, uniform, bfs, constructive, anytime"});
  request.options.algorithm = *kind;
  request.algorithm = algorithm;
  if (threads < 0) raise({"threads", 0, "give 0 (all cores) or more"});
  const bool parallel = *kind == Algorithm::Ida || *kind == Algorithm::Anytime;
  if (threads > 1 && !parallel)
    raise({"threads", 0, "only algorithms ida and anytime search in parallel"});
  request.options.threads =
      threads > 0 ? threads : (parallel ? tbb::this_task_arena::max_concurrency() : 1);
  if (max_seconds) {
    if (!(*max_seconds > 0)) raise({"max_seconds", 0, "give a number of seconds above 0"});
    request.options.max_seconds = *max_seconds;
  } else if (by_default && *kind == Algorithm::Anytime) {
    request.options.max_seconds = shape::kAnytimeSeconds;  // the default's time budget
  }
  if (max_nodes) {
    if (*max_nodes < 1) raise({"max_nodes", 0, "give a node count of 1 or more"});
    request.options.max_nodes = *max_nodes;
  }
  if (heuristic) {
    const std::optional<HeuristicKind> h = parse_heuristic(*heuristic);
    if (!h)
      raise({"heuristic", 0, "'" + *heuristic + "' is not one of hamming, manhattan, linear, pdb"});
    request.options.heuristic = *h;
  }
  const bool wants_pdb =
      !request.options.heuristic || *request.options.heuristic == HeuristicKind::Pdb;
  if (uses_heuristic(*kind) && wants_pdb) {
    request.databases = databases ? databases->set : databases_for(goal);
    if (!request.databases && request.options.heuristic)
      raise({"heuristic", 0,
             "pdb needs pattern databases that serve this goal: load them with "
             "taquin.load_databases(dir) (build them with 'taquin pdb build')"});
  }
  request.options.heuristic = request.options.heuristic.value_or(
      request.databases ? HeuristicKind::Pdb : HeuristicKind::Linear);
  request.heuristic = cli::record_heuristic(
      *kind, heuristic_label(*request.options.heuristic, request.databases.get()));
  return request;
}

Result make_result(CheckedResult checked, const Request& request, Shape shape) {
  return {std::move(checked), request.algorithm, request.heuristic, request.options.threads, shape};
}

// The algorithm `algorithm` names, or None: the default of boards of `shape` (IDA* up to 25
// cells, the anytime search up to 64, else the constructive solver).
std::string algorithm_for(const std::optional<std::string>& algorithm, Shape shape) {
  return algorithm.value_or(algorithm_name(shape::default_algorithm(shape)));
}

// Runs `search` without the GIL, Ctrl-C stopping it; KeyboardInterrupt when it did.
template <typename Search>
auto search_interruptibly(Search&& search) {
  InterruptScope scope;
  std::optional<decltype(search())> out;
  {
    py::gil_scoped_release release;
    out.emplace(search());
  }
  if (scope.leave()) reraise_interrupt();
  return std::move(*out);
}

Expected<CheckedResult> solve_one(const Instance& board, const Goal& goal, const Request& request) {
  const SearchPlan plan = make_plan(request.options, request.databases, &interrupt);
  if (plan.threads > 1 && plan.threads < tbb::this_task_arena::max_concurrency()) {
    tbb::task_arena arena(plan.threads);
    return arena.execute([&] { return solve(board.tiles, goal, plan, request.databases.get()); });
  }
  return solve(board.tiles, goal, plan, request.databases.get());
}

Result py_solve(const py::object& board_value, const py::object& goal_value,
                const std::optional<std::string>& algorithm,
                const std::optional<std::string>& heuristic, int threads,
                std::optional<double> max_seconds, std::optional<uint64_t> max_nodes,
                const std::optional<Databases>& databases) {
  const Instance board = to_board(board_value);
  const Goal goal = goal_of(goal_value, board);
  const Request request = make_request(goal, algorithm_for(algorithm, board.shape), !algorithm,
                                       heuristic, threads, max_seconds, max_nodes, databases);
  Expected<CheckedResult> solved =
      search_interruptibly([&] { return solve_one(board, goal, request); });
  if (!solved) {
    if (solved.error().source == "replay")
      throw std::runtime_error("internal error: " + solved.error().message);
    raise(solved.error());
  }
  return make_result(std::move(*solved), request, board.shape);
}

py::list py_solve_batch(const py::iterable& boards_value, const py::object& goal_value,
                        const std::optional<std::string>& algorithm,
                        const std::optional<std::string>& heuristic, int threads,
                        std::optional<double> max_seconds, std::optional<uint64_t> max_nodes,
                        const std::optional<Databases>& databases) {
  std::vector<Instance> boards;
  for (const py::handle b : boards_value) boards.push_back(to_board(b));
  py::list out;
  if (boards.empty()) return out;
  const Goal goal = goal_of(goal_value, boards[0]);
  if (goal_value.is_none())
    for (size_t i = 1; i < boards.size(); ++i)
      if (default_goal_spec(boards[i]).kind != default_goal_spec(boards[0]).kind)
        raise({"goal", 0,
               "board " + std::to_string(i + 1) +
                   " takes another goal than the first (a board in the 42 format takes the "
                   "snail, the others the standard one): name the goal"});
  // Each board's search on one thread; the batch on `threads` (0: all cores).
  Request request = make_request(goal, algorithm_for(algorithm, goal.shape()), !algorithm,
                                 heuristic, 1, max_seconds, max_nodes, databases);
  for (size_t i = 1; i < boards.size(); ++i)
    if (boards[i].shape != goal.shape())
      raise({"board", 0, "board " + std::to_string(i + 1) + " has another shape than the first"});
  std::vector<Expected<CheckedResult>> results = search_interruptibly([&] {
    return solve_batch(boards, goal, request.options, request.databases, threads, &interrupt);
  });
  for (Expected<CheckedResult>& r : results) {
    if (!r) {
      if (r.error().source == "replay")
        throw std::runtime_error("internal error: " + r.error().message);
      raise(r.error());
    }
    out.append(py::cast(make_result(std::move(*r), request, goal.shape())));
  }
  return out;
}

bool py_check(const py::object& board_value, const py::object& goal_value) {
  const Instance board = to_board(board_value);
  return is_solvable(board.tiles, goal_of(goal_value, board));
}

py::list py_replay(const py::object& board_value, const std::string& moves,
                   const py::object& goal_value) {
  const Instance board = to_board(board_value);
  const Goal goal = goal_of(goal_value, board);
  const std::vector<Dir> dirs = value_or_raise(parse_moves(moves));
  return to_lists(value_or_raise(replay_solution(board.tiles, dirs, goal)));
}

py::list py_generate(const py::object& size, int count, std::optional<uint64_t> seed,
                     const py::object& goal_value, std::optional<bool> solvable,
                     std::optional<int> walk) {
  if (count < 0) raise({"count", 0, "give a count of 0 or more"});
  if (walk && (*walk < 0 || *walk > 1000000)) raise({"walk", 0, "give 0 to 1000000 moves"});
  const Shape shape = to_shape(size);
  const Goal goal = to_goal(goal_value, shape);
  Random random(seed.value_or((uint64_t{std::random_device{}()} << 32) ^ std::random_device{}()));
  const Solvability kind = !solvable   ? Solvability::Any
                           : *solvable ? Solvability::Solvable
                                       : Solvability::Unsolvable;
  py::list out;
  for (int i = 0; i < count; ++i) {
    const std::vector<Tile> tiles =
        walk ? random_walk(random, goal, *walk) : random_board(random, goal, kind);
    if (shape.is_square()) {
      out.append(py::cast(std::vector<int>(tiles.begin(), tiles.end())));
      continue;
    }
    py::list rows;  // a rectangle as its rows: a flat list reads back as a square
    for (int r = 0; r < shape.rows; ++r)
      rows.append(py::cast(
          std::vector<int>(tiles.begin() + r * shape.cols, tiles.begin() + (r + 1) * shape.cols)));
    out.append(rows);
  }
  return out;
}

}  // namespace
}  // namespace taquin::python

PYBIND11_MODULE(taquin, m) {
  using namespace taquin::python;
  namespace t = taquin;
  main_thread = std::this_thread::get_id();
  m.doc() = "taquin: optimal sliding-tile puzzle solver (IDA*, A*, pattern databases)";
  m.attr("__version__") = std::string(t::version());
  static py::exception<taquin::Error> error(m, "Error", PyExc_ValueError);
  error_type = error.ptr();

  py::class_<Result>(m, "Result", "A solve's outcome, solution (replayed) and statistics")
      .def_property_readonly("outcome",
                             [](const Result& r) { return t::outcome_name(r.checked.outcome); })
      .def_property_readonly("solved", &Result::solved)
      .def_property_readonly("solvable",
                             [](const Result& r) { return t::cli::record_solvable(r.checked); })
      .def_property_readonly("length", &Result::length)
      .def_property_readonly("moves", &Result::moves)
      .def_property_readonly("optimal",
                             [](const Result& r) { return t::cli::record_optimal(r.checked); })
      .def_property_readonly("lower_bound", &Result::lower_bound)
      .def_property_readonly("path", [](const Result& r) { return to_lists(r.checked.path); })
      .def_readonly("algorithm", &Result::algorithm)
      .def_readonly("heuristic", &Result::heuristic)
      .def_readonly("threads", &Result::threads)
      .def_property_readonly("rows", [](const Result& r) { return r.shape.rows; })
      .def_property_readonly("cols", [](const Result& r) { return r.shape.cols; })
      .def_property_readonly("states_selected",
                             [](const Result& r) { return r.checked.stats.states_selected; })
      .def_property_readonly("max_states_in_memory",
                             [](const Result& r) { return r.checked.stats.max_states_in_memory; })
      .def_property_readonly("nodes_expanded",
                             [](const Result& r) { return r.checked.stats.nodes_expanded; })
      .def_property_readonly("nodes_generated",
                             [](const Result& r) { return r.checked.stats.nodes_generated; })
      .def_property_readonly("iterations",
                             [](const Result& r) { return r.checked.stats.iterations; })
      .def_property_readonly("seconds", [](const Result& r) { return r.checked.stats.seconds; })
      .def("__repr__", &Result::repr);

  py::class_<Databases>(m, "Databases", "Pattern databases loaded once, shared by every solve")
      .def_property_readonly("catalogue", &Databases::catalogue)
      .def_property_readonly("dir", &Databases::dir)
      .def("__repr__", [](const Databases& d) {
        return "<taquin.Databases " + d.catalogue() + " in " + d.dir() + ">";
      });

  const auto board_doc =
      "board: N*N numbers (0 the blank) as a flat list, rows (any rectangle), a numpy array or "
      "text (an \"R C\" line then R rows for a rectangle)";
  m.def("solve", &py_solve,
        (std::string("Solves a board and returns a Result; algorithm None: IDA* (optimal) up to "
                     "25 cells, else constructive (not optimal: see optimal and lower_bound). ") +
         board_doc +
         "; goal: 'standard', 'zero-first', 'snail' (or '42'), a board, or None (the default: "
         "'snail' for text in the 42 format, else 'standard'); heuristic: hamming, manhattan, "
         "linear, pdb or None (pdb when loaded databases serve the goal, else linear); threads 0: "
         "all cores. The GIL is released during the search; Ctrl-C stops it.")
            .c_str(),
        py::arg("board"), py::arg("goal") = py::none(), py::arg("algorithm") = py::none(),
        py::arg("heuristic") = py::none(), py::arg("threads") = 0,
        py::arg("max_seconds") = py::none(), py::arg("max_nodes") = py::none(),
        py::arg("databases") = py::none());
  m.def("solve_batch", &py_solve_batch,
        "Solves many boards of one side, several at once (threads 0: all cores), each search on "
        "one thread; returns the Results in input order (goal None: the boards' own, one for all)",
        py::arg("boards"), py::arg("goal") = py::none(), py::arg("algorithm") = py::none(),
        py::arg("heuristic") = py::none(), py::arg("threads") = 0,
        py::arg("max_seconds") = py::none(), py::arg("max_nodes") = py::none(),
        py::arg("databases") = py::none());
  m.def("check", &py_check, "True when the board can reach the goal (parity)", py::arg("board"),
        py::arg("goal") = py::none());
  m.def("replay", &py_replay,
        "The boards met when the blank follows `moves` (U, D, L, R) from the board to the goal; "
        "raises taquin.Error when they leave the board or do not end on the goal",
        py::arg("board"), py::arg("moves"), py::arg("goal") = py::none());
  m.def("generate", &py_generate,
        "Random boards of `size` (N, \"RxC\" or (rows, cols)): a square's as flat lists, a "
        "rectangle's as lists of rows; uniform (solvable True/False: only those), or `walk` "
        "random moves from the goal; the same seed gives the CLI's boards",
        py::arg("size") = 3, py::arg("count") = 1, py::arg("seed") = py::none(),
        py::arg("goal") = "standard", py::arg("solvable") = py::none(),
        py::arg("walk") = py::none());
  m.def("load_databases", &load_databases,
        "Loads the pattern databases in `dir` that serve the goal of boards of `size` (once; "
        "later solves of any goal also look in `dir`) and returns them",
        py::arg("dir"), py::arg("goal") = "standard", py::arg("size") = 4);
}
