// The node store of the shaped best-first searches: boards of any size packed a few bits a cell,
// parent links and g, a hash index keyed by XXH3, and a byte count held under the memory limit.
#pragma once

#include <xxhash.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "shape/shape_tables.hpp"
#include "taquin/tables.hpp"

namespace taquin::shape {

// Packs the labels of a board of `cells` cells, bits_per_cell() bits each, into 64-bit words.
class StateCodec {
 public:
  explicit StateCodec(int cells)
      : cells_(cells),
        bits_(std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(cells - 1))))),
        words_((cells * bits_ + 63) / 64) {}

  int words() const { return words_; }
  int bits_per_cell() const { return bits_; }

  // `labels` (cells_ of them) into `out` (words() words).
  void pack(const uint16_t* labels, uint64_t* out) const {
    std::fill(out, out + words_, uint64_t{0});
    for (int c = 0; c < cells_; ++c) {
      const int bit = c * bits_, word = bit >> 6, shift = bit & 63;
      out[word] |= uint64_t{labels[c]} << shift;
      if (shift + bits_ > 64) out[word + 1] |= uint64_t{labels[c]} >> (64 - shift);
    }
  }

  // The labels packed in `in` into `labels`.
  void unpack(const uint64_t* in, uint16_t* labels) const {
    const uint64_t mask = (uint64_t{1} << bits_) - 1;
    for (int c = 0; c < cells_; ++c) {
      const int bit = c * bits_, word = bit >> 6, shift = bit & 63;
      uint64_t v = in[word] >> shift;
      if (shift + bits_ > 64) v |= in[word + 1] << (64 - shift);
      labels[c] = static_cast<uint16_t>(v & mask);
    }
  }

 private:
  int cells_;
  int bits_;
  int words_;
};

// Nodes: packed states in one vector (`words` words each), and per node its parent, g and blank
// cell; an open-addressing table (linear probing, at most 3/4 full; node index and the hash's
// high half a slot) finds a state's node, comparing whole states. Growth (nodes by 1.5, table
// by 2) is refused when the old and new buffers together, plus the caller's bytes, would pass
// `max_bytes`.
class StateStore {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Node {
    uint32_t parent;  // kNone for the start
    uint32_t g;
    uint32_t blank;
  };

  StateStore(int words, uint64_t max_bytes)
      : words_(static_cast<size_t>(words)), max_bytes_(max_bytes ? max_bytes : UINT64_MAX) {
    slots_.assign(256, Slot{});
  }

  size_t size() const { return nodes_.size(); }
  Node& node(uint32_t i) { return nodes_[i]; }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  const uint64_t* state(uint32_t i) const { return states_.data() + i * words_; }

  uint64_t hash(const uint64_t* state) const {
    return XXH3_64bits(state, words_ * sizeof(uint64_t));
  }

  uint64_t bytes() const {
    return nodes_.capacity() * sizeof(Node) + states_.capacity() * sizeof(uint64_t) +
           slots_.size() * sizeof(Slot);
  }

  // Whether a buffer of the caller may grow to `new_bytes` while its `old_bytes` still exist.
  bool may_grow(uint64_t old_bytes, uint64_t new_bytes) const {
    return bytes() + old_bytes + new_bytes <= max_bytes_;
  }

  // Room for one more node; false when growing would pass the limit (with `other_bytes`).
  bool reserve_one(uint64_t other_bytes) {
    if (nodes_.size() >= kNone - 1) return false;
    if ((nodes_.size() + 1) * 4 > slots_.size() * 3) {
      if (bytes() + other_bytes + 2 * slots_.size() * sizeof(Slot) > max_bytes_) return false;
      rehash(slots_.size() * 2);
    }
    if (nodes_.size() == nodes_.capacity()) {
      const size_t grown = std::max<size_t>(64, nodes_.capacity() + nodes_.capacity() / 2);
      const uint64_t more = grown * (sizeof(Node) + words_ * sizeof(uint64_t));
      if (bytes() + other_bytes + more > max_bytes_) return false;
      nodes_.reserve(grown);
      states_.reserve(grown * words_);
    }
    return true;
  }

  // The table entry of `state` (hash `h`): its node index, or kNone where to write a new one.
  uint32_t& slot(const uint64_t* state, uint64_t h) {
    const uint32_t tag = static_cast<uint32_t>(h >> 32);
    const size_t mask = slots_.size() - 1;
    size_t i = static_cast<size_t>(h) & mask;
    while (slots_[i].index != kNone &&
           (slots_[i].tag != tag ||
            std::memcmp(this->state(slots_[i].index), state, words_ * sizeof(uint64_t)) != 0))
      i = (i + 1) & mask;
    slots_[i].tag = tag;
    return slots_[i].index;
  }

  // Appends a node (after reserve_one); returns its index.
  uint32_t add(const uint64_t* state, uint32_t parent, uint32_t g, int blank) {
    states_.insert(states_.end(), state, state + words_);
    nodes_.push_back(Node{parent, g, static_cast<uint32_t>(blank)});
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  // The blank moves from the start to node `i` on a board `cols` wide.
  std::vector<Dir> path_to(uint32_t i, int cols) const {
    std::vector<Dir> moves;
    for (uint32_t c = i; nodes_[c].parent != kNone; c = nodes_[c].parent)
      moves.push_back(move_between(static_cast<int>(nodes_[nodes_[c].parent].blank),
                                   static_cast<int>(nodes_[c].blank), cols));
    return {moves.rbegin(), moves.rend()};
  }

 private:
  struct Slot {
    uint32_t index = kNone;
    uint32_t tag = 0;
  };

  void rehash(size_t size) {
    slots_.assign(size, Slot{});
    const size_t mask = size - 1;
    for (uint32_t k = 0; k < nodes_.size(); ++k) {
      const uint64_t h = hash(state(k));
      size_t i = static_cast<size_t>(h) & mask;
      while (slots_[i].index != kNone) i = (i + 1) & mask;
      slots_[i] = Slot{k, static_cast<uint32_t>(h >> 32)};
    }
  }

  size_t words_;
  uint64_t max_bytes_;
  std::vector<Node> nodes_;
  std::vector<uint64_t> states_;
  std::vector<Slot> slots_;
};

}  // namespace taquin::shape
