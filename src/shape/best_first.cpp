// The shaped best-first searches (A*, uniform-cost, greedy) on boards of any size, over StateStore.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "search/limit_watch.hpp"
#include "shape/pdb_cache.hpp"
#include "shape/search.hpp"
#include "shape/shape_tables.hpp"
#include "shape/state_store.hpp"

namespace taquin::shape {

namespace {

// A heuristic on a working board of any size: full evaluation, and a child's value from its
// parent's by recounting what one move changes.
class WideHeuristic {
 public:
  // `kind` Hamming, Manhattan or Linear, or any with `pdb` (then the databases); `zero`: h ≡ 0
  // (uniform-cost).
  WideHeuristic(const ShapeTables& shape, HeuristicKind kind, bool zero, const ShapePdb* pdb)
      : shape_(shape), kind_(kind), zero_(zero), pdb_(pdb) {}

  int value(const Grid& b) const {
    if (zero_) return 0;
    if (pdb_) return pdb_value(b);
    int h = 0;
    for (int c = 0; c < b.size(); ++c)
      if (c != b.blank) h += piece(b.cells[c], c);
    if (kind_ == HeuristicKind::Linear) h += all_line_conflicts(b.cells.data(), shape_);
    return h;
  }

  // Slides the piece on `to` into the blank of `b`, whose value is `h`; returns the new value.
  // Of the lines the piece leaves and enters across its move, only its goal line (if it is one)
  // changes conflicts (see CompactLinearConflict).
  int slide(Grid& b, int to, int h) const {
    const int from = to, onto = b.blank;
    const int label = b.cells[to];
    if (zero_ || pdb_) {
      b.slide(to);
      return zero_ ? 0 : pdb_value(b);
    }
    const bool along_row = shape_.goal_row[from] == shape_.goal_row[onto];
    int line = -1;  // goal column (along a row) or row of the piece, when it changes conflicts
    if (kind_ == HeuristicKind::Linear) {
      const auto& home = along_row ? shape_.goal_col : shape_.goal_row;
      if (home[from] == home[label] || home[onto] == home[label]) line = home[label];
    }
    if (line >= 0) h -= along_row ? column(b.cells.data(), line) : row(b.cells.data(), line);
    b.slide(to);
    h += piece(label, onto) - piece(label, from);
    if (line >= 0) h += along_row ? column(b.cells.data(), line) : row(b.cells.data(), line);
    return h;
  }

 private:
  // The databases' value of `b` (at most kMaxPdbCells cells).
  int pdb_value(const Grid& b) const {
    uint8_t where[kMaxPdbCells];
    for (int c = 0; c < b.size(); ++c) where[b.cells[c]] = static_cast<uint8_t>(c);
    return pdb_->value(where);
  }

  // The cost of `label` on `cell`.
  int piece(int label, int cell) const {
    if (kind_ == HeuristicKind::Hamming) return label != cell;
    return std::abs(shape_.goal_row[label] - shape_.goal_row[cell]) +
           std::abs(shape_.goal_col[label] - shape_.goal_col[cell]);
  }

  int row(const uint16_t* cells, int r) const {
    return line_conflicts(cells + r * shape_.cols, 1, shape_.cols, r, shape_.blank_goal,
                          shape_.goal_row.data(), shape_.goal_col.data());
  }
  int column(const uint16_t* cells, int c) const {
    return line_conflicts(cells + c, shape_.cols, shape_.rows, c, shape_.blank_goal,
                          shape_.goal_col.data(), shape_.goal_row.data());
  }

  const ShapeTables& shape_;
  HeuristicKind kind_;
  bool zero_;
  const ShapePdb* pdb_;
};

// The open list's entry: smaller key first.
struct Entry {
  uint64_t key;
  uint32_t index;
  uint32_t g;  // g when queued: stale when the node has since got a smaller g
};

// One best-first search, its buffers and counters.
class Search {
 public:
  Search(const Grid& start, Algorithm algorithm, HeuristicKind kind, const Limits& limits,
         const ShapePdb* pdb)
      : shape_(start.rows, start.cols, start.blank_goal()),
        algorithm_(algorithm),
        heuristic_(shape_, kind, algorithm == Algorithm::Uniform, pdb),
        codec_(start.size()),
        store_(codec_.words(), limits.max_memory_bytes),
        watch_(limits, detail::kBestFirstCheckInterval),
        work_(start),
        packed_(static_cast<size_t>(codec_.words())),
        goal_(static_cast<size_t>(codec_.words())) {
    const Grid goal = Grid::identity(start.rows, start.cols, start.blank_goal());
    codec_.pack(goal.cells.data(), goal_.data());
    start_h_ = heuristic_.value(start);
  }

  SearchResult run();

 private:
  uint64_t key_of(uint32_t g, int h) const {
    switch (algorithm_) {
      case Algorithm::AStar:
        return (uint64_t(g + static_cast<uint32_t>(h)) << 32) | (0xFFFFFFFFu - g);
      case Algorithm::Greedy:
        return (uint64_t(h) << 32) | g;
      default:
        return uint64_t(g) << 32;
    }
  }
  int h_of(const Entry& e) const {
    if (algorithm_ == Algorithm::AStar) return static_cast<int>((e.key >> 32) - e.g);
    if (algorithm_ == Algorithm::Greedy) return static_cast<int>(e.key >> 32);
    return 0;
  }
  bool is_goal(const uint64_t* state) const {
    return std::equal(goal_.begin(), goal_.end(), state);
  }
  uint64_t open_bytes() const { return uint64_t(open_.capacity()) * sizeof(Entry); }
  bool push(const Entry& e);
  bool expand(const Entry& e, Outcome& stop, uint32_t& found);
  SearchResult finish(Outcome outcome, uint32_t goal_index = StateStore::kNone);

  const ShapeTables shape_;
  const Algorithm algorithm_;
  const WideHeuristic heuristic_;
  const StateCodec codec_;
  StateStore store_;
  detail::LimitWatch watch_;
  Grid work_;                        // the board under expansion, then its children in turn
  std::vector<uint64_t> packed_;     // a child's packed state
  std::vector<uint64_t> goal_;       // the goal's packed state
  std::vector<Entry> open_;          // binary heap
  uint64_t expanding_ = UINT64_MAX;  // key of the node under expansion
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

SearchResult Search::finish(Outcome outcome, uint32_t goal_index) {
  result_.outcome = outcome;
  if (outcome == Outcome::Solved) {
    result_.moves = store_.path_to(goal_index, shape_.cols);
    result_.optimal = algorithm_ != Algorithm::Greedy;
  } else if (outcome != Outcome::Unsolvable) {
    // A node of an optimal path is open (or under expansion) with its least g; its f (A*) or g
    // (uniform) is at most the solution's length.
    const uint64_t least = std::min(expanding_, open_.empty() ? UINT64_MAX : open_.front().key);
    result_.lower_bound = algorithm_ == Algorithm::Greedy || least == UINT64_MAX
                              ? start_h_
                              : static_cast<int>(least >> 32);
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
    ++stats.states_selected;
    if (is_goal(store_.state(e.index))) return finish(Outcome::Solved, e.index);
    expanding_ = e.key;
    if (stats.nodes_expanded >= watch_.next_check())
      if (const auto stop = watch_.check(stats.nodes_expanded)) return finish(*stop);
    ++stats.nodes_expanded;
    if (e.g + 1 == UINT32_MAX) return finish(Outcome::MemoryLimit);
    codec_.unpack(store_.state(e.index), work_.cells.data());
    work_.blank = static_cast<int>(store_.node(e.index).blank);
    Outcome stop = Outcome::Solved;
    uint32_t found = StateStore::kNone;
    if (!expand(e, stop, found)) return finish(stop, found);
  }
  return finish(Outcome::Unsolvable);  // every reachable state seen without the goal
}

}  // namespace

SearchResult best_first_search(const Grid& start, Algorithm algorithm, HeuristicKind h,
                               const Limits& limits) {
  if (algorithm != Algorithm::AStar && algorithm != Algorithm::Greedy &&
      algorithm != Algorithm::Uniform)
    throw std::invalid_argument("shaped best-first search: astar, greedy or uniform");
  if (h != HeuristicKind::Pdb || algorithm == Algorithm::Uniform)
    return Search(start, algorithm, h, limits, nullptr).run();
  const auto pdb = shared_default_pdb(start.rows, start.cols, start.blank_goal());
  if (!pdb) throw std::invalid_argument("shaped best-first search: " + pdb.error().describe());
  return Search(start, algorithm, h, limits, pdb->get()).run();
}

}  // namespace taquin::shape
