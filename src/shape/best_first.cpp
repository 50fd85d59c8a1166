// The shaped best-first searches (A*, weighted A*, anytime with its beams, uniform-cost, greedy)
// on boards of any size, over StateStore.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "search/astar_budget.hpp"
#include "search/beam.hpp"
#include "search/limit_watch.hpp"
#include "search/weighted.hpp"
#include "shape/beam.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"
#include "shape/state_store.hpp"
#include "shape/wide_heuristic.hpp"

namespace taquin::shape {

namespace {

// The open list's entry: smaller key first.
struct Entry {
  uint64_t key;
  uint32_t index;
  uint32_t g;  // g when queued: stale when the node has since got a smaller g
};

// The best solution an anytime search holds, shared by its weighted A* runs.
struct Incumbent {
  int length = INT_MAX;
  std::vector<Dir> moves;
};

// How a weighted A* run of the anytime search works: its weight (thousandths), the solution to
// beat, whether it goes on after improving it (the run at weight 1, which proves), and the
// anytime search's start time and node count, which the limits span.
struct AnytimeRun {
  int weight = kWeightScale;
  Incumbent* best = nullptr;
  bool to_end = false;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::atomic<uint64_t>* nodes = nullptr;
};

// One best-first search, its buffers and counters. A* takes a weight (f = g + floor(W·h)); with
// an AnytimeRun it is a run of the anytime search: nodes that cannot beat the incumbent are
// pruned, a goal met is offered to it, and the result's lower bound is what the run proves.
class Search {
 public:
  Search(const Grid& start, Algorithm algorithm, HeuristicKind kind, const Limits& limits,
         const ShapePdb* pdb, const AnytimeRun& run = {})
      : shape_(start.rows, start.cols, start.blank_goal()),
        algorithm_(algorithm),
        heuristic_(shape_, kind, algorithm == Algorithm::Uniform, pdb),
        codec_(start.size()),
        store_(codec_.words(), limits.max_memory_bytes),
        watch_(limits, detail::kBestFirstCheckInterval, run.started, run.nodes),
        work_(start),
        packed_(static_cast<size_t>(codec_.words())),
        goal_(static_cast<size_t>(codec_.words())),
        weight_(run.weight),
        best_(run.best),
        to_end_(run.to_end) {
    const Grid goal = Grid::identity(start.rows, start.cols, start.blank_goal());
    codec_.pack(goal.cells.data(), goal_.data());
    start_h_ = heuristic_.value(start);
  }

  SearchResult run();

 private:
  uint64_t key_of(uint32_t g, int h) const {
    switch (algorithm_) {
      case Algorithm::AStar:
        return (uint64_t(g + scaled(h)) << 32) | (0xFFFFFFFFu - g);
      case Algorithm::Greedy:
        return (uint64_t(h) << 32) | g;
      default:
        return uint64_t(g) << 32;
    }
  }
  // floor(W·h): at least h, one more for each unit of h, so h_of recovers h from it.
  uint32_t scaled(int h) const {
    return static_cast<uint32_t>(uint64_t(h) * uint64_t(weight_) / kWeightScale);
  }
  int h_of(const Entry& e) const {
    if (algorithm_ == Algorithm::AStar) {
      const uint64_t s = (e.key >> 32) - e.g;
      return static_cast<int>((s * kWeightScale + uint64_t(weight_) - 1) / uint64_t(weight_));
    }
    if (algorithm_ == Algorithm::Greedy) return static_cast<int>(e.key >> 32);
    return 0;
  }
  bool is_goal(const uint64_t* state) const {
    return std::equal(goal_.begin(), goal_.end(), state);
  }
  // A solution through a node whose g + h is `f` cannot be shorter than the incumbent.
  bool hopeless(uint64_t f) const { return best_ && f + 1 >= uint64_t(best_->length); }
  uint64_t open_bytes() const { return uint64_t(open_.capacity()) * sizeof(Entry); }
  bool push(const Entry& e);
  int proven() const;
  bool expand(const Entry& e, Outcome& stop, uint32_t& found);
  SearchResult finish(Outcome outcome, uint32_t goal_index = StateStore::kNone);

  const ShapeTables shape_;
  const Algorithm algorithm_;
  const WideHeuristic heuristic_;
  const StateCodec codec_;
  StateStore store_;
  detail::LimitWatch watch_;
  Grid work_;                     // the board under expansion, then its children in turn
  std::vector<uint64_t> packed_;  // a child's packed state
  std::vector<uint64_t> goal_;    // the goal's packed state
  std::vector<Entry> open_;       // binary heap
  const int weight_;
  Incumbent* const best_;              // anytime: the solution to beat
  const bool to_end_;                  // anytime: go on after improving it
  bool improved_ = false;              // anytime: this run improved it
  uint64_t expanding_ = UINT64_MAX;    // key of the node under expansion
  uint64_t expanding_f_ = UINT64_MAX;  // its g + h
  int start_h_ = 0;
  SearchResult result_;
};

bool later(const Entry& a, const Entry& b) {
  return a.key > b.key;
}

bool Search::push(const Entry& e) {
  if (open_.size() == open_.capacity()) {
    const size_t grown = std::max<size_t>(64, open_.capacity() + open_.capacity() / 2);
    if (!store_.may_grow(open_bytes(), grown * sizeof(Entry))) return false;
    open_.reserve(grown);
  }
  open_.push_back(e);
  std::push_heap(open_.begin(), open_.end(), later);
  return true;
}

// Anytime: no solution is shorter than the least g + h open or under expansion, nor than the
// incumbent unless through such a node.
int Search::proven() const {
  uint64_t least = expanding_f_;
  for (const Entry& e : open_)
    if (store_.node(e.index).g == e.g) least = std::min<uint64_t>(least, e.g + h_of(e));
  return static_cast<int>(std::min<uint64_t>(least, uint64_t(best_->length)));
}

SearchResult Search::finish(Outcome outcome, uint32_t goal_index) {
  result_.outcome = outcome;
  if (best_) {  // Solved: the incumbent improved; Unsolvable: nothing left can beat it
    watch_.flush(result_.stats.nodes_expanded);
    result_.lower_bound = outcome == Outcome::Unsolvable ? best_->length : proven();
  } else if (outcome == Outcome::Solved) {
    result_.moves = store_.path_to(goal_index, shape_.cols);
    result_.optimal = algorithm_ != Algorithm::Greedy && weight_ == kWeightScale;
  } else if (outcome != Outcome::Unsolvable) {
    // A node of an optimal path is open (or under expansion) with its least g; its f (A*) or g
    // (uniform) is at most the solution's length; weighted, its g + floor(W·h) at most W times
    // that length.
    const uint64_t least = std::min(expanding_, open_.empty() ? UINT64_MAX : open_.front().key);
    const uint64_t f = least >> 32;
    result_.lower_bound =
        algorithm_ == Algorithm::Greedy || least == UINT64_MAX
            ? start_h_
            : std::max(start_h_, static_cast<int>((f * kWeightScale + uint64_t(weight_) - 1) /
                                                  uint64_t(weight_)));
  }
  result_.stats.max_states_in_memory = store_.size();
  result_.stats.seconds = watch_.seconds();
  return result_;
}

// Generates the children of the node of `e` (its board in work_) and queues the new or
// shortened ones. False when the search ends: `stop` says why, `found` the goal's node (greedy).
bool Search::expand(const Entry& e, Outcome& stop, uint32_t& found) {
  const StateStore::Node parent = store_.node(e.index);
  const int back =
      parent.parent == StateStore::kNone ? -1 : static_cast<int>(store_.node(parent.parent).blank);
  const int blank = work_.blank;
  const int h = h_of(e);
  const uint32_t g = e.g + 1;
  for (int d = 0; d < 4; ++d) {
    const int to = shape_.neighbour[blank][d];
    if (to < 0 || to == back) continue;
    ++result_.stats.nodes_generated;
    const int child_h = heuristic_.slide(work_, to, h);
    codec_.pack(work_.cells.data(), packed_.data());
    work_.slide(blank);
    if (best_) {
      if (is_goal(packed_.data())) {
        if (static_cast<int>(g) < best_->length) {
          best_->moves = store_.path_to(e.index, shape_.cols);
          best_->moves.push_back(move_between(blank, to, shape_.cols));
          best_->length = static_cast<int>(g);
          improved_ = true;
        }
        continue;
      }
      if (hopeless(uint64_t(g) + child_h)) continue;
    }
    if (!store_.reserve_one(open_bytes())) {
      stop = Outcome::MemoryLimit;
      return false;
    }
    uint32_t& slot = store_.slot(packed_.data(), store_.hash(packed_.data()));
    uint32_t index;
    if (slot == StateStore::kNone) {
      index = slot = store_.add(packed_.data(), e.index, g, to);
    } else if (algorithm_ != Algorithm::Greedy && g < store_.node(slot).g) {
      index = slot;
      store_.node(index).g = g;
      store_.node(index).parent = e.index;
    } else {
      continue;
    }
    if (algorithm_ == Algorithm::Greedy && is_goal(packed_.data())) {
      stop = Outcome::Solved;
      found = index;
      return false;
    }
    if (!push({key_of(g, child_h), index, g})) {
      stop = Outcome::MemoryLimit;
      return false;
    }
  }
  return true;
}

SearchResult Search::run() {
  if (!solvable(work_)) return finish(Outcome::Unsolvable);
  codec_.pack(work_.cells.data(), packed_.data());
  if (!store_.reserve_one(0)) return finish(Outcome::MemoryLimit);
  const uint32_t root = store_.slot(packed_.data(), store_.hash(packed_.data())) =
      store_.add(packed_.data(), StateStore::kNone, 0, work_.blank);
  if (algorithm_ == Algorithm::Greedy && is_goal(packed_.data())) {
    ++result_.stats.states_selected;
    return finish(Outcome::Solved, root);
  }
  if (!push({key_of(0, start_h_), root, 0})) return finish(Outcome::MemoryLimit);
  Stats& stats = result_.stats;
  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), later);
    const Entry e = open_.back();
    open_.pop_back();
    if (store_.node(e.index).g != e.g) continue;  // superseded by a shorter path
    if (hopeless(uint64_t(e.g) + h_of(e))) continue;
    ++stats.states_selected;
    if (!best_ && is_goal(store_.state(e.index))) return finish(Outcome::Solved, e.index);
    expanding_ = e.key;
    expanding_f_ = uint64_t(e.g) + h_of(e);
    if (stats.nodes_expanded >= watch_.next_check())
      if (const auto stop = watch_.check(stats.nodes_expanded)) return finish(*stop);
    ++stats.nodes_expanded;
    if (e.g + 1 == UINT32_MAX) return finish(Outcome::MemoryLimit);
    codec_.unpack(store_.state(e.index), work_.cells.data());
    work_.blank = static_cast<int>(store_.node(e.index).blank);
    Outcome stop = Outcome::Solved;
    uint32_t found = StateStore::kNone;
    if (!expand(e, stop, found)) return finish(stop, found);
    if (improved_ && !to_end_) return finish(Outcome::Solved);
  }
  expanding_f_ = UINT64_MAX;
  return finish(Outcome::Unsolvable);  // every reachable state seen without the goal (anytime:
                                       // without one shorter than the incumbent)
}

// The databases of `start`'s shape when `h` is Pdb, else null; throws as best_first_search.
std::shared_ptr<const ShapePdb> databases_for(const Grid& start, HeuristicKind h) {
  if (h != HeuristicKind::Pdb) return nullptr;
  auto pdb = shared_shape_pdb(start.rows, start.cols, start.blank_goal());
  if (!pdb) throw std::invalid_argument("shaped best-first search: " + pdb.error().describe());
  return *pdb;
}

// `bound` raised to the parity of the solutions of `start` (the blank's distance to its goal).
int with_grid_parity(const Grid& start, int bound) {
  const int goal = start.blank_goal();
  const int parity = (std::abs(start.row(start.blank) - start.row(goal)) +
                      std::abs(start.col(start.blank) - start.col(goal))) &
                     1;
  return bound + ((bound - parity) & 1);
}

// The anytime schedule's weight after `w` (thousandths): 1 + (W - 1)·decay, down to 1.
int next_weight(int w) {
  constexpr double kDecay = 0.6;
  constexpr int kLastStep = 20;
  const int next = kWeightScale + static_cast<int>((w - kWeightScale) * kDecay);
  return next - kWeightScale < kLastStep ? kWeightScale : next;
}

// Boards of at least this many cells (every one the anytime search takes by default) take beam
// searches alone after the anytime search's first solution (as the square anytime search does
// from side 6): weights near 1 are out of reach within its budget.
constexpr int kBeamsOnlyCells = 26;

// The beam searches of the anytime search (beam.hpp): widths from detail::kFirstBeamWidth,
// doubling, up to detail::kMaxBeamWidth or the first that passes the memory bound
// (limits.max_memory_bytes, or a quarter of the memory available when each starts if none is set);
// the time and node limits span the anytime search's start and node count.
class AnytimeBeams {
 public:
  AnytimeBeams(const Grid& start, const WideHeuristic& h, const Limits& limits,
               std::chrono::steady_clock::time_point started, std::atomic<uint64_t>* nodes)
      : start_(start), h_(h), limits_(limits), started_(started), nodes_(nodes) {}

  // The beams after a weighted A* run that improved `best`: the next width, or on boards of
  // kBeamsOnlyCells or more every width left, each solution kept in `best` when shorter, until
  // `best` meets `proven`. Returns the limit that stopped a beam (memory instead ends the
  // widths). Adds to `stats`.
  std::optional<Outcome> after_run(Incumbent& best, int proven, Stats& stats) {
    const bool all = start_.size() >= kBeamsOnlyCells;
    do {
      if (width_ > detail::kMaxBeamWidth || proven >= best.length) return std::nullopt;
      if (const auto stop = beam(best, stats)) return stop;
    } while (all);
    return std::nullopt;
  }

 private:
  // One beam of the next width.
  std::optional<Outcome> beam(Incumbent& best, Stats& stats) {
    const uint64_t max_bytes =
        limits_.max_memory_bytes ? limits_.max_memory_bytes : available_memory() / 4;
    detail::BeamEnd end =
        beam_search(start_, h_, width_, max_bytes, limits_, stats, started_, nodes_);
    width_ = end.stop == Outcome::MemoryLimit ? detail::kMaxBeamWidth + 1 : 2 * width_;
    if (end.found && static_cast<int>(end.moves.size()) < best.length) {
      best.length = static_cast<int>(end.moves.size());
      best.moves = std::move(end.moves);
    }
    return end.stop == Outcome::MemoryLimit ? std::nullopt : end.stop;
  }

  const Grid& start_;
  const WideHeuristic& h_;
  const Limits& limits_;
  const std::chrono::steady_clock::time_point started_;
  std::atomic<uint64_t>* const nodes_;
  size_t width_ = detail::kFirstBeamWidth;
};

}  // namespace

SearchResult best_first_search(const Grid& start, Algorithm algorithm, HeuristicKind h,
                               const Limits& limits, int weight) {
  if (algorithm != Algorithm::AStar && algorithm != Algorithm::Greedy &&
      algorithm != Algorithm::Uniform)
    throw std::invalid_argument("shaped best-first search: astar, greedy or uniform");
  const auto pdb =
      databases_for(start, algorithm == Algorithm::Uniform ? HeuristicKind::Linear : h);
  AnytimeRun plain;
  plain.weight = algorithm == Algorithm::AStar ? weight : kWeightScale;
  return Search(start, algorithm, h, limits, pdb.get(), plain).run();
}

SearchResult anytime_search(const Grid& start, HeuristicKind h, const Limits& limits, int first) {
  const auto started = std::chrono::steady_clock::now();
  SearchResult result;
  if (!solvable(start)) {
    result.outcome = Outcome::Unsolvable;
    return result;
  }
  const auto pdb = databases_for(start, h);
  const ShapeTables shape(start.rows, start.cols, start.blank_goal());
  const WideHeuristic heuristic(shape, h, false, pdb.get());
  int proven = with_grid_parity(start, heuristic.value(start));
  Incumbent best;
  if (start.cells == Grid::identity(start.rows, start.cols, start.blank_goal()).cells)
    best.length = 0;
  std::atomic<uint64_t> nodes{0};
  AnytimeBeams beams(start, heuristic, limits, started, &nodes);
  std::optional<Outcome> stop;
  for (int w = std::max(first, kWeightScale); best.length != 0 && proven < best.length;
       w = next_weight(w)) {
    const bool last = w == kWeightScale;
    const SearchResult run =
        Search(start, Algorithm::AStar, h, limits, pdb.get(), {w, &best, last, started, &nodes})
            .run();
    result.stats.nodes_expanded += run.stats.nodes_expanded;
    result.stats.nodes_generated += run.stats.nodes_generated;
    result.stats.max_states_in_memory =
        std::max(result.stats.max_states_in_memory, run.stats.max_states_in_memory);
    proven = std::max(proven, with_grid_parity(start, run.lower_bound));
    if (run.outcome == Outcome::Solved && !last) {  // improved: beams, then the next weight
      if ((stop = beams.after_run(best, proven, result.stats))) break;
      continue;
    }
    if (run.outcome != Outcome::Solved && run.outcome != Outcome::Unsolvable) stop = run.outcome;
    break;
  }
  result.stats.states_selected = result.stats.nodes_expanded;
  result.stats.seconds = detail::seconds_since(started);
  if (best.length == INT_MAX) {
    result.outcome = stop.value_or(Outcome::Unsolvable);
    result.lower_bound = proven;
    return result;
  }
  result.outcome = Outcome::Solved;
  result.moves = std::move(best.moves);
  result.lower_bound = std::min(proven, best.length);
  result.optimal = result.lower_bound >= best.length;
  return result;
}

}  // namespace taquin::shape
