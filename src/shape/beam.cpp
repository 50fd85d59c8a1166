// The shaped beam search (beam.hpp): layers of packed boards with their h, blank and parent link,
// the hashes of every board generated, and each layer's parent links, kept to rebuild the path.
#include "shape/beam.hpp"

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <vector>

#include "search/limit_watch.hpp"
#include "shape/state_store.hpp"

namespace taquin::shape {

namespace {

// Parents whose children are hashed, their slots of the set prefetched, before any probe.
constexpr uint32_t kBlock = 16;
// The widest beam taken (a state's index in a layer, and its children's, fits 30 bits).
constexpr size_t kWidestBeam = size_t{1} << 28;

// What a layer keeps of a board besides its packed cells.
struct Meta {
  uint32_t link;  // its parent's index in the previous layer << 2 | the blank's move from it
  uint32_t h;
  uint32_t blank;
};

// A layer of the beam: each board's packed cells (`words` words each) and its Meta.
struct Layer {
  std::vector<uint64_t> cells;
  std::vector<Meta> meta;

  size_t size() const { return meta.size(); }
  uint64_t bytes() const {
    return cells.capacity() * sizeof(uint64_t) + meta.capacity() * sizeof(Meta);
  }
  void clear() {
    cells.clear();
    meta.clear();
  }
  void swap(Layer& other) {
    cells.swap(other.cells);
    meta.swap(other.meta);
  }
};

// One beam search (beam_search's contract): its layers, set, limits and counters.
class Beam {
 public:
  Beam(const Grid& start, const WideHeuristic& h, size_t width, uint64_t max_bytes,
       const Limits& limits, std::chrono::steady_clock::time_point started,
       std::atomic<uint64_t>* nodes, Stats& stats)
      : h_(h),
        shape_(h.shape()),
        codec_(start.size()),
        words_(static_cast<size_t>(codec_.words())),
        bits_(codec_.bits_per_cell()),
        width_(std::min(std::max<size_t>(width, 1), kWidestBeam)),
        cap_(max_bytes ? max_bytes : UINT64_MAX),
        watch_(limits, detail::kBestFirstCheckInterval, started, nodes),
        stats_(stats),
        work_(start),
        goal_(words_),
        block_cells_(4 * kBlock * words_) {
    const Grid goal = Grid::identity(start.rows, start.cols, start.blank_goal());
    codec_.pack(goal.cells.data(), goal_.data());
  }

  detail::BeamEnd run() {
    search();
    watch_.flush(expanded_);
    stats_.nodes_expanded += expanded_;
    return std::move(end_);
  }

 private:
  void search();
  bool expand(uint32_t first, uint32_t last, size_t& count);
  bool probe(size_t count);
  bool cut();

  // The bytes held once `more` children are added to the next layer.
  uint64_t peak(size_t more) const {
    return seen_.bytes() * (seen_.grows_with(more) ? 3 : 1) +
           detail::held_after(next_.cells, more * words_) + detail::held_after(next_.meta, more) +
           layer_.bytes() + kept_ * sizeof(uint32_t) + keys_.capacity() * sizeof(uint64_t) +
           block_cells_.capacity() * sizeof(uint64_t);
  }

  // Flips the bits of cell `cell` in the packed `state` by `v`.
  void flip(uint64_t* state, int cell, uint64_t v) const {
    const int bit = cell * bits_, word = bit >> 6, shift = bit & 63;
    state[word] ^= v << shift;
    if (shift + bits_ > 64) state[word + 1] ^= v >> (64 - shift);
  }

  const WideHeuristic& h_;
  const ShapeTables& shape_;
  const StateCodec codec_;
  const size_t words_;
  const int bits_;
  const size_t width_;
  const uint64_t cap_;
  detail::LimitWatch watch_;
  Stats& stats_;
  uint64_t expanded_ = 0;
  Grid work_;                   // the parent under expansion
  std::vector<uint64_t> goal_;  // the goal, packed
  Layer layer_, next_;
  std::vector<std::vector<uint32_t>> links_;  // per layer: each state's Meta::link
  uint64_t kept_ = 0;                         // the links' count
  std::vector<uint64_t> keys_;                // h << 32 | index into next_, to cut it
  detail::HashSet seen_;
  struct Child {  // a child before its probe; its cells in block_cells_
    uint64_t hash;
    Meta meta;
  };
  std::array<Child, 4 * kBlock> block_;
  std::vector<uint64_t> block_cells_;
  detail::BeamEnd end_;
};

void Beam::search() {
  if (work_.cells == Grid::identity(work_.rows, work_.cols, work_.blank_goal()).cells) {
    end_.found = true;
    return;
  }
  layer_.cells.resize(words_);
  codec_.pack(work_.cells.data(), layer_.cells.data());
  layer_.meta.push_back(
      {0, static_cast<uint32_t>(h_.value(work_)), static_cast<uint32_t>(work_.blank)});
  seen_.insert(XXH3_64bits(layer_.cells.data(), words_ * sizeof(uint64_t)));
  while (layer_.size() > 0) {
    std::vector<uint32_t>& links = links_.emplace_back();
    links.reserve(layer_.size());
    for (const Meta& m : layer_.meta) links.push_back(m.link);
    kept_ += layer_.size();
    next_.clear();
    for (uint32_t first = 0; first < layer_.size(); first += kBlock) {
      const uint32_t last =
          std::min<uint32_t>(first + kBlock, static_cast<uint32_t>(layer_.size()));
      if (peak(4 * (last - first)) > cap_) {
        end_.stop = Outcome::MemoryLimit;
        return;
      }
      size_t count = 0;
      if (!expand(first, last, count) || probe(count)) return;
    }
    if (next_.size() > width_ && !cut()) return;
    layer_.swap(next_);
  }
}

// Generates the children of the layer's states [first, last) into the block, hashed, their slots
// prefetched; false when a limit stops the search (end_.stop).
bool Beam::expand(uint32_t first, uint32_t last, size_t& count) {
  const uint64_t blank_label = static_cast<uint64_t>(work_.blank_goal());
  for (uint32_t i = first; i < last; ++i) {
    if (expanded_ >= watch_.next_check())
      if ((end_.stop = watch_.check(expanded_))) return false;
    ++expanded_;
    const Meta parent = layer_.meta[i];
    const uint64_t* cells = layer_.cells.data() + i * words_;
    codec_.unpack(cells, work_.cells.data());
    const int blank = static_cast<int>(parent.blank);
    work_.blank = blank;
    for (int d = 0; d < 4; ++d) {
      const int to = shape_.neighbour[blank][d];
      if (to < 0) continue;
      if (links_.size() > 1 && static_cast<Dir>(d) == opposite(static_cast<Dir>(parent.link & 3)))
        continue;
      uint64_t* child = block_cells_.data() + count * words_;
      std::copy(cells, cells + words_, child);
      const uint64_t swap = work_.cells[to] ^ blank_label;
      flip(child, blank, swap);
      flip(child, to, swap);
      const int h = h_.slide(work_, to, static_cast<int>(parent.h));
      work_.slide(blank);
      Child& c = block_[count++];
      c.hash = XXH3_64bits(child, words_ * sizeof(uint64_t));
      c.meta = {i << 2 | static_cast<uint32_t>(d), static_cast<uint32_t>(h),
                static_cast<uint32_t>(to)};
      seen_.prefetch(c.hash);
    }
  }
  return true;
}

// Adds the block's children not seen before to the next layer; true when one is the goal (end_
// then holds the path).
bool Beam::probe(size_t count) {
  for (size_t k = 0; k < count; ++k) {
    const Child& c = block_[k];
    ++stats_.nodes_generated;
    if (!seen_.insert(c.hash)) continue;
    const uint64_t* child = block_cells_.data() + k * words_;
    next_.cells.insert(next_.cells.end(), child, child + words_);
    next_.meta.push_back(c.meta);
    if (c.meta.h == 0 && std::equal(goal_.begin(), goal_.end(), child)) {
      end_.moves = detail::beam_path(links_, c.meta.link);
      end_.found = true;
      return true;
    }
  }
  return false;
}

// Keeps the width_ states of least (h, index) of the next layer, in index order; false when the
// keys would pass the memory bound (end_.stop).
bool Beam::cut() {
  if (peak(0) + next_.size() * sizeof(uint64_t) > cap_) {
    end_.stop = Outcome::MemoryLimit;
    return false;
  }
  keys_.clear();
  for (uint32_t i = 0; i < next_.size(); ++i) keys_.push_back(uint64_t{next_.meta[i].h} << 32 | i);
  detail::keep_least(keys_, width_);
  for (size_t j = 0; j < width_; ++j) {  // keys_[j] ≥ j: each state moves down, or stays
    const size_t from = keys_[j];
    if (from == j) continue;
    std::copy_n(next_.cells.begin() + static_cast<std::ptrdiff_t>(from * words_), words_,
                next_.cells.begin() + static_cast<std::ptrdiff_t>(j * words_));
    next_.meta[j] = next_.meta[from];
  }
  next_.cells.resize(width_ * words_);
  next_.meta.resize(width_);
  return true;
}

}  // namespace

detail::BeamEnd beam_search(const Grid& start, const WideHeuristic& h, size_t width,
                            uint64_t max_bytes, const Limits& limits, Stats& stats,
                            std::chrono::steady_clock::time_point started,
                            std::atomic<uint64_t>* nodes) {
  return Beam(start, h, width, max_bytes, limits, started, nodes, stats).run();
}

}  // namespace taquin::shape
