// `taquin solve`: a solution of every input board by the chosen algorithm and heuristic, replayed
// against the goal before it is printed, with the search's statistics (text or JSON lines).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <deque>
#include <iomanip>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "cli/command.hpp"
#include "cli/limits.hpp"
#include "cli/memory_size.hpp"
#include "cli/pdb_choice.hpp"
#include "cli/solve_report.hpp"
#include "cli/view.hpp"
#include "core/solvability.hpp"
#include "shape/dispatch.hpp"
#include "taquin/heuristic.hpp"
#include "taquin/search/result.hpp"
#include "taquin/search/solver.hpp"
#include "taquin/solve.hpp"

#ifdef TAQUIN_MPI
#include "cli/mpi_solve.hpp"
#endif

namespace taquin::cli {
namespace {

// What solving one board gives, ready to print in input order.
struct Record {
  std::string output;          // the text or JSON record (stdout)
  std::string warning;         // stderr lines printed before it
  std::optional<Error> error;  // an internal error printed in its place (no record)
  int status = kExitOk;
  bool interrupted = false;  // the signal stopped its search: the run ends there
  CheckedResult result;
  std::vector<uint64_t> rank_expanded;  // an MPI search's nodes, by rank
};

// One input of a batch on its way to stdout: a job and then its record, or a bad input reported
// in its place.
struct BatchEntry {
  std::optional<Job> job;
  HeuristicChoice choice;  // the job's heuristic
  std::optional<Error> bad_input;
  bool head_shown = false;  // its text's head was printed before its search (Batch::announce)
  Record record;
};

// The entries of a batch in flight at once (read, searched or waiting to be printed), per thread.
constexpr size_t kEntriesInFlightPerThread = 8;

// The threads an IDA* search (or a batch) uses: --threads, or all cores.
int ida_threads(const SolveCliOptions& options) {
  return options.threads > 0 ? options.threads
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// The plan of the options: algorithm, heuristic (each goal's choice replaces it), threads (IDA*
// searches a board on every thread; the other algorithms a board on one) and limits; a usage
// error for a name, thread count or limit that is wrong, or a heuristic named for a search that
// uses none (refused, not dropped).
Expected<SearchPlan> plan_of(const SolveCliOptions& options) {
  SearchPlan plan;
  // No --algorithm: IDA* here, and each board its own default (Batch::plan_for).
  const std::optional<Algorithm> algorithm =
      parse_algorithm(options.algorithm.empty() ? "ida" : options.algorithm);
  const std::optional<HeuristicKind> heuristic =
      options.heuristic.empty() ? HeuristicKind::Linear : parse_heuristic(options.heuristic);
  if (!algorithm || !heuristic) return Error{"--algorithm/--heuristic", 0, "unknown name"};
  plan.algorithm = *algorithm;
  plan.heuristic = *heuristic;
  if (std::optional<Error> bad = check_threads(options.threads)) return *bad;
  if (!options.heuristic.empty() && !uses_heuristic(plan.algorithm))
    return Error{"--heuristic", 0,
                 options.algorithm +
                     " uses no heuristic (leave --heuristic out, or choose --algorithm ida, astar "
                     "or greedy)"};
  plan.threads = plan.algorithm == Algorithm::Ida || plan.algorithm == Algorithm::Anytime
                     ? ida_threads(options)
                     : 1;
  if (plan.algorithm == Algorithm::Anytime) plan.weight = kAnytimeWeight;
  if (!options.weight.empty()) {
    if (options.algorithm.empty() || !takes_weight(plan.algorithm))
      return Error{"--weight", 0,
                   "only --algorithm astar, ida and anytime take a weight (choose one of them)"};
    Expected<double> weight = parse_weight(options.weight, "--weight");
    if (!weight) return weight.error();
    plan.weight = *weight;
  }
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  if (!limits) return limits.error();
  plan.limits = *limits;
  plan.astar = parse_astar_phase(options.astar);
  return plan;
}

#ifdef TAQUIN_MPI
// Ranks other than 0: search the boards rank 0 hands over (with the same options: mpirun gives
// every rank the same command line) and print nothing.
int serve_rank(const SolveCliOptions& options) {
  Expected<Limits> limits =
      parse_limits(options.max_memory, options.max_nodes, options.max_seconds);
  HeuristicCache heuristics(asked_heuristic(options.heuristic), options.pdb);
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                        static_cast<size_t>(ida_threads(options)));
  // mpirun ends an interrupted job with SIGTERM to every rank: this one then stops its share of
  // the search, so that every rank leaves the board together and exits, as rank 0 does.
  InterruptWatch interrupt;
  Limits rank_limits = limits ? *limits : Limits{};
  rank_limits.cancel = interrupt.flag();
  const int status = mpi::serve(heuristics, rank_limits);
  return interrupt.signal() ? interrupt.exit_status() : status;
}
#endif

// A batch of `taquin solve`: its boards read from the stream with their goal's heuristic, each
// solved and its record written in input order, a bad input reported in its place.
class Batch {
 public:
  Batch(const SolveCliOptions& options, SearchPlan plan, JobStream jobs)
      : options_(options),
        plan_(std::move(plan)),
        jobs_(std::move(jobs)),
        heuristics_(asked_heuristic(options.heuristic), options.pdb),
        records_(options.format, solve_csv_columns(options.show_path)),
        progress_(options.progress) {}

  // Reads ahead to the second job: a lone job is searched with every thread (its progress shown),
  // and pictures are numbered only when there are several. A usage error when --threads asks for
  // a lone board's search on several threads with an algorithm that has none.
  std::optional<Error> read_ahead();

  // Solves every board and writes its record, in input order. Returns the exit status.
  int run();

 private:
  SearchPlan plan_for(const Job& job) const;
  std::optional<BatchEntry> read_entry();
  std::optional<BatchEntry> take_entry();
  Expected<CheckedResult> search(const Job& job, const HeuristicChoice& choice,
                                 const SearchPlan& job_plan, Record& record);
  Record solve(const Job& job, const HeuristicChoice& choice, bool head_shown);
  void write(const Job& job, const HeuristicChoice& choice, const SearchPlan& job_plan,
             bool head_shown, Record& record) const;
  void announce(BatchEntry& entry);
  void print(BatchEntry& entry);
  void solve_in_order();
  void solve_in_pipeline();

  const SolveCliOptions& options_;
  SearchPlan plan_;
  JobStream jobs_;
  // The heuristic of each goal (choose_heuristic, once per goal), resolved as its first board is
  // read: one that cannot serve its goal ends the batch there.
  HeuristicCache heuristics_;
  const RecordFormat records_;
  // IDA*'s iterations on stderr, for a batch searched one board at a time.
  IterationProgress progress_;
  // Held while a heuristic is chosen (its notice, a build's progress) or a record is printed, so
  // that their stderr lines never mix.
  std::mutex output_mutex_;
  bool input_ended_ = false;
  std::set<std::pair<int, int>> shapes_told_;  // shapes whose default algorithm was said
  std::deque<BatchEntry> ahead_;               // entries read ahead, not yet taken
  size_t jobs_ahead_ = 0;                      // jobs among the entries read ahead (2: two or more)
  // IDA* searches a board on every thread; the other algorithms search one board on one thread,
  // and a batch on --threads T runs T boards at once.
  int batch_threads_ = 1;
  bool one_at_a_time_ = true;  // boards searched one after the other (else a pipeline)
  TermColour colour_ = TermColour::None;
  std::optional<InterruptWatch> interrupt_;  // while the boards are solved
  int status_ = kExitOk;
  int interrupted_status_ = 0;  // a signal, or a database changed under the search: stop there
  std::atomic<bool> stop_reading_{false};  // set with interrupted_status_: read no more boards
};

// The plan of `job`: the batch's, with the board's default algorithm (shape::default_algorithm)
// when --algorithm is not given.
SearchPlan Batch::plan_for(const Job& job) const {
  if (!options_.algorithm.empty()) return plan_;
  return shape::with_default_algorithm(plan_, job.instance.shape);
}

// The next entry of the batch in input order, or nullopt after the last: a bad input, or a job
// with its goal's heuristic (chosen here, once per goal).
std::optional<BatchEntry> Batch::read_entry() {
  std::optional<Expected<Job>> next = input_ended_ ? std::nullopt : jobs_.next();
  if (!next) {
    input_ended_ = true;
    return std::nullopt;
  }
  BatchEntry entry;
  if (!*next) {
    entry.bad_input = next->error();
    input_ended_ = options_.strict;  // met only in a pipe, which the first pass could not read
    return entry;
  }
  entry.choice = HeuristicChoice{plan_.heuristic, {}, {}};
  Job& job = **next;
  const SearchPlan job_plan = plan_for(job);
  if (job_plan.algorithm != plan_.algorithm &&
      shapes_told_.insert({job.instance.shape.rows, job.instance.shape.cols}).second)
    job.notice += "taquin: " +
                  printable(Error{job.instance.source, job.instance.line,
                                  shape::default_algorithm_reason(job.instance.shape,
                                                                  job_plan.limits.max_seconds)}
                                .describe()) +
                  "\n";
  if (uses_heuristic(job_plan.algorithm) && is_solvable(job.instance.tiles, job.goal)) {
#ifdef TAQUIN_MPI
    // The other ranks load the goal's databases while this one does.
    if (mpi::spreads(plan_.algorithm, job.instance.shape)) mpi::prepare(job.goal);
#endif
    std::lock_guard lock(output_mutex_);
    // Isolated: a thread that waits inside a database build never takes up a record to print,
    // which would wait for this lock.
    std::optional<Expected<HeuristicChoice>> choice;
    tbb::this_task_arena::isolate([&] { choice = heuristics_.get(job.goal); });
    if (!*choice) {
      entry.bad_input = choice->error();
      input_ended_ = true;
      return entry;
    }
    entry.choice = **choice;
  }
  // A board the plan cannot search (IDA* on a board too large for it): bad input, in its place.
  SearchPlan checked = job_plan;
  checked.heuristic = entry.choice.kind;
  if (is_solvable(job.instance.tiles, job.goal))
    if (std::optional<Error> bad = check_solve_input(job.instance.tiles, job.goal, checked,
                                                     entry.choice.databases.get())) {
      entry.bad_input = Error{job.instance.source, job.instance.line, bad->message};
      return entry;
    }
  entry.job = std::move(**next);
  return entry;
}

std::optional<BatchEntry> Batch::take_entry() {
  if (ahead_.empty()) return read_entry();
  BatchEntry entry = std::move(ahead_.front());
  ahead_.pop_front();
  return entry;
}

std::optional<Error> Batch::read_ahead() {
  batch_threads_ = options_.threads > 0 ? options_.threads : plan_.threads;
  while (jobs_ahead_ < 2) {
    std::optional<BatchEntry> entry = read_entry();
    if (!entry) break;
    jobs_ahead_ += entry->job ? 1 : 0;
    ahead_.push_back(std::move(*entry));
  }
  if (plan_.algorithm != Algorithm::Ida && plan_.algorithm != Algorithm::Anytime &&
      batch_threads_ > 1 && jobs_ahead_ < 2)
    return Error{"--threads", 0,
                 "only --algorithm ida searches one board on several threads (a batch of boards "
                 "runs that many boards at once with any algorithm)"};
  return std::nullopt;
}

// The search of `job` with `job_plan`: an unsolvable board (parity) gets no search; a board the
// MPI ranks share is searched on them (its nodes by rank in `record`), then replayed; any other
// by taquin::solve.
Expected<CheckedResult> Batch::search(const Job& job, const HeuristicChoice& choice,
                                      const SearchPlan& job_plan, Record& record) {
  const Instance& inst = job.instance;
  if (!is_solvable(inst.tiles, job.goal)) {
    CheckedResult unsolvable;
    unsolvable.outcome = Outcome::Unsolvable;
    return unsolvable;
  }
#ifdef TAQUIN_MPI
  if (mpi::spreads(job_plan.algorithm, inst.shape))
    return check_result(
        inst.tiles, job.goal,
        mpi::solve_on_ranks(inst, job.goal, job_plan.heuristic, choice.databases.get(),
                            job_plan.limits, record.rank_expanded));
#else
  (void)record;
#endif
  Expected<CheckedResult> result =
      taquin::solve(inst.tiles, job.goal, job_plan, choice.databases.get());
  progress_.finish();
  return result;
}

// Solves `job` with the heuristic `choice` into its record (without its text's head when
// `head_shown`); run by several threads at once in a batch.
Record Batch::solve(const Job& job, const HeuristicChoice& choice, bool head_shown) {
  SearchPlan job_plan = plan_for(job);
  job_plan.heuristic = choice.kind;
  // Boards searched at once: each iteration a line naming its board (--progress).
  if (!one_at_a_time_) job_plan.limits.on_iteration = progress_.board_callback(job.id);
  Record record;
  Expected<CheckedResult> result = search(job, choice, job_plan, record);
  if (!result) {
    record.error =
        Error{job.instance.source, job.instance.line, "internal error: " + result.error().message};
    record.status = kExitInternal;
    return record;
  }
  record.result = std::move(*result);
  // A search the signal stopped; one that finished as it came is printed, and the next stops.
  if (interrupt_->signal() && record.result.outcome == Outcome::Cancelled) {
    record.interrupted = true;
    return record;
  }
  write(job, choice, job_plan, head_shown, record);
  return record;
}

// Writes `record`'s text (its result's text or JSON record, its warnings, its pictures) and
// status.
void Batch::write(const Job& job, const HeuristicChoice& choice, const SearchPlan& job_plan,
                  bool head_shown, Record& record) const {
  const Instance& inst = job.instance;
  const CheckedResult& result = record.result;
  std::ostringstream err;
  if (result.outcome == Outcome::Solved) {
    if (result.optimal && inst.optimal_length &&
        static_cast<int>(result.moves.size()) != *inst.optimal_length)
      err << "taquin: " << inst.source << ":" << inst.line << ": warning: optimal length "
          << result.moves.size() << " differs from the file's '# optimal " << *inst.optimal_length
          << "' (is it meant for another goal?)\n";
    if (job_plan.algorithm == Algorithm::Anytime && !result.optimal && result.lower_bound > 0)
      err << "taquin: " << inst.source << ":" << inst.line << ": anytime: " << result.moves.size()
          << " moves in " << std::fixed << std::setprecision(1) << result.stats.seconds
          << " s, at most " << std::setprecision(2)
          << static_cast<double>(result.moves.size()) / result.lower_bound
          << "x the shortest (at least " << result.lower_bound << ")\n";
  } else {
    record.status = kExitUnsolved;
  }
  if (options_.verbose)
    for (size_t r = 0; r < record.rank_expanded.size(); ++r)
      err << "taquin: instance " << job.id << ": rank " << r << " expanded "
          << record.rank_expanded[r] << " nodes\n";
  record.warning = err.str();
  const std::string heuristic = choice.label();
  std::ostringstream out;
  if (options_.format != "text")
    out << records_.line(
        solve_record(solve_facts(job.id, job, options_, job_plan, heuristic, result, result.path)));
  else
    print_text(out, job.id, job, options_, job_plan, heuristic, result, result.path, colour_,
               head_shown);
  record.output = out.str();
  if (result.outcome == Outcome::Solved) {
    if (std::optional<Error> bad = write_pictures(options_.view, job.id, jobs_ahead_, result.path,
                                                  result.moves, job.goal)) {
      record.warning += "taquin: " + printable(bad->describe()) + "\n";
      record.status = worse_status(record.status, kExitBadInput);
    }
  }
}

// Before the search of a board searched alone: its notice, and in text the head of its report
// (the goal, the grid, the algorithm), so that a long search shows what it searches at once.
void Batch::announce(BatchEntry& entry) {
  std::lock_guard lock(output_mutex_);
  print_notice(*entry.job);
  const Job& job = *entry.job;
  if (options_.format != "text" || !is_solvable(job.instance.tiles, job.goal)) return;
  SearchPlan job_plan = plan_for(job);
  job_plan.heuristic = entry.choice.kind;
  print_text_head(std::cout, job.id, job, job_plan, entry.choice.label(), colour_);
  std::cout.flush();
  entry.head_shown = true;
}

// Prints `entry` (its record, or its bad input) once those before it are; after a signal or a
// database changed under the search, prints nothing more.
void Batch::print(BatchEntry& entry) {
  std::lock_guard lock(output_mutex_);
  if (interrupted_status_) return;
  if (entry.bad_input) {
    print_error(*entry.bad_input);
    status_ = worse_status(status_, kExitBadInput);
    return;
  }
  print_notice(*entry.job);
  const Record& ready = entry.record;
  if (ready.interrupted) {
    print_interrupted(interrupt_->signal(), entry.job->instance, ready.result);
    interrupted_status_ = interrupt_->exit_status();
    stop_reading_.store(true);
    return;
  }
  if (std::optional<Error> changed = databases_changed(entry.choice.databases.get())) {
    print_error(*changed);
    interrupted_status_ = kExitInternal;
    stop_reading_.store(true);
    return;
  }
  if (ready.error) print_error(*ready.error);
  std::cerr << ready.warning;
  std::cout << ready.output;
  std::cout.flush();
  status_ = worse_status(status_, ready.status);
}

// One board after the other, each searched with the plan's threads.
void Batch::solve_in_order() {
  plan_.limits.on_iteration = progress_.callback();
  while (!interrupted_status_) {
    std::optional<BatchEntry> entry = take_entry();
    if (!entry) break;
    if (entry->job) {
      announce(*entry);
      entry->record = solve(*entry->job, entry->choice, entry->head_shown);
    }
    print(*entry);
  }
}

// A batch on several threads: a window of entries in flight, read and printed in input order,
// each board searched with the plan's threads (oneTBB lends a lone large search the idle
// threads). Memory holds the window, not the batch.
void Batch::solve_in_pipeline() {
  using Token = std::unique_ptr<BatchEntry>;
  const auto read = [&](tbb::flow_control& flow) -> Token {
    std::optional<BatchEntry> entry;
    if (!interrupt_->signal() && !stop_reading_.load()) entry = take_entry();
    if (!entry) {
      flow.stop();
      return nullptr;
    }
    return std::make_unique<BatchEntry>(std::move(*entry));
  };
  // Isolated: a thread that waits inside a board's parallel search never takes up another
  // board, which would hold this board's record back.
  const auto search = [&](Token entry) {
    tbb::this_task_arena::isolate([&] {
      if (entry->job) entry->record = solve(*entry->job, entry->choice, false);
    });
    return entry;
  };
  const auto print_in_order = [&](Token entry) { print(*entry); };
  tbb::parallel_pipeline(
      static_cast<size_t>(batch_threads_) * kEntriesInFlightPerThread,
      tbb::make_filter<void, Token>(tbb::filter_mode::serial_in_order, read) &
          tbb::make_filter<Token, Token>(tbb::filter_mode::parallel, search) &
          tbb::make_filter<Token, void>(tbb::filter_mode::serial_in_order, print_in_order));
}

int Batch::run() {
  if (options_.progress && plan_.algorithm != Algorithm::Ida)
    std::cerr << "taquin: --progress: only IDA* reports its progress (its iterations); "
              << options_.algorithm << " prints none\n";
  one_at_a_time_ = jobs_ahead_ < 2 || batch_threads_ <= 1;
#ifdef TAQUIN_MPI
  if (mpi::ranks() > 1) one_at_a_time_ = true;  // the ranks search one board at a time, in order
#endif
  // Boards searched at once by one-thread searches share the memory budget.
  if (!one_at_a_time_ && plan_.algorithm != Algorithm::Ida)
    plan_.limits.max_memory_bytes /= static_cast<uint64_t>(batch_threads_);
  std::optional<tbb::global_control> parallelism;
  if (std::max(plan_.threads, batch_threads_) > 1)
    parallelism.emplace(tbb::global_control::max_allowed_parallelism,
                        std::max(plan_.threads, batch_threads_));
  colour_ = output_colour(options_.view.color);
  interrupt_.emplace();
  plan_.limits.cancel = interrupt_->flag();
  // Records are printed in input order, each as soon as those before it are.
  std::cout << records_.header();
  if (one_at_a_time_)
    solve_in_order();
  else
    solve_in_pipeline();
  if (interrupted_status_) return interrupted_status_;
  return interrupt_->signal() ? interrupt_->exit_status() : status_;
}

}  // namespace

// `taquin solve`: the plan, the stream of boards, then each board solved and its record written.
int run_solve(const SolveCliOptions& options) {
#ifdef TAQUIN_MPI
  if (mpi::rank() != 0) return serve_rank(options);
  // Whichever way rank 0's solve ends, the other ranks learn that no board follows.
  struct FinishServing {
    ~FinishServing() { mpi::finish_serving(); }
  } finish_serving;
#endif
  Expected<SearchPlan> plan = plan_of(options);
  if (!plan) {
    print_usage_error(plan.error(), "solve");
    return kExitBadInput;
  }
  // Bad inputs are reported in their place and the others solved; --strict stops at the first.
  Expected<JobStream> jobs = JobStream::open(options.input, options.strict);
  if (!jobs) {
    print_error(jobs.error());
    return kExitBadInput;
  }
  Batch batch(options, std::move(*plan), std::move(*jobs));
  if (std::optional<Error> bad = batch.read_ahead()) {
    print_usage_error(*bad, "solve");
    return kExitBadInput;
  }
  return batch.run();
}

}  // namespace taquin::cli
