// The node store of best-first searches: packed boards with parent links, a hash index, and a
// byte count checked against the memory limit before anything grows.
#pragma once

#include <cstdint>
#include <vector>

#include "taquin/board.hpp"
#include "taquin/search/result.hpp"
#include "taquin/tables.hpp"

namespace taquin::detail {

// Nodes live in one vector (packed board, parent index, g, blank cell: 16 bytes up to 4x4); an
// open-addressing table (linear probing, at most 3/4 full, 8-byte slots: node index and the high
// half of the hash) keyed by the board's XXH3 hash finds a board's node. Growth is by a factor
// 1.5 (nodes) or 2 (table) and is refused when the old and new buffers together, plus the
// caller's own bytes, would pass `max_bytes`: the search then stops instead of being killed.
template <int N>
class NodeStore {
 public:
  using Words = typename Board<N>::Words;
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr uint32_t kMaxG = (1u << 24) - 1;  // g is kept in 24 bits
  struct Node {
    Words words;
    uint32_t parent;   // kNone for the start
    uint32_t g_blank;  // g (moves from the start) << 8 | cell of the blank
    uint32_t g() const { return g_blank >> 8; }
    int blank() const { return static_cast<int>(g_blank & 0xFF); }
    void set_g(uint32_t g) { g_blank = (g << 8) | (g_blank & 0xFF); }
  };

  explicit NodeStore(uint64_t max_bytes) : max_bytes_(max_bytes ? max_bytes : UINT64_MAX) {
    slots_.assign(256, Slot{});
    nodes_.reserve(128);
  }

  size_t size() const { return nodes_.size(); }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  Node& node(uint32_t i) { return nodes_[i]; }

  // The board of node `i`.
  Board<N> board(uint32_t i) const {
    const Node& n = nodes_[i];
    std::array<uint8_t, N * N> labels{};
    for (int c = 0; c < N * N; ++c) {
      const int shift = Board<N>::kBits * (c % Board<N>::kPerWord);
      labels[c] =
          static_cast<uint8_t>((n.words[c / Board<N>::kPerWord] >> shift) & Board<N>::kMask);
    }
    return Board<N>::from_cells(labels, n.blank());
  }

  // Bytes held by the store's buffers.
  uint64_t bytes() const { return nodes_.capacity() * sizeof(Node) + slots_.size() * sizeof(Slot); }

  // Makes room for one more node, growing a buffer if needed; false when the growth would take
  // the store plus `other_bytes` (the caller's open list) past the limit.
  bool reserve_one(uint64_t other_bytes) {
    if (nodes_.size() >= kNone - 1) return false;       // indices are 32 bits
    if ((nodes_.size() + 1) * 4 > slots_.size() * 3) {  // keep the table at most 3/4 full
      const uint64_t peak = bytes() + other_bytes + 2 * slots_.size() * sizeof(Slot);
      if (peak > max_bytes_) return false;
      rehash(slots_.size() * 2);
    }
    if (nodes_.size() == nodes_.capacity()) {
      const size_t grown = nodes_.capacity() + nodes_.capacity() / 2;
      const uint64_t peak = bytes() + other_bytes + grown * sizeof(Node);
      if (peak > max_bytes_) return false;
      nodes_.reserve(grown);
    }
    return true;
  }

  // Whether a buffer the caller owns may grow to `new_bytes` while `old_bytes` still exist.
  bool may_grow(uint64_t old_bytes, uint64_t new_bytes) const {
    return bytes() + old_bytes + new_bytes <= max_bytes_;
  }

  // The table entry of `b`: holds its node index, or kNone where it would be inserted (assign
  // the new node's index to it). Linear probing; the hash's high half, kept in each slot, spares
  // most visits to the nodes themselves.
  uint32_t& slot(const Board<N>& b) { return slot(b, b.hash()); }

  // slot() with the board's hash already computed (b.hash()).
  uint32_t& slot(const Board<N>& b, uint64_t hash) {
    const uint32_t tag = static_cast<uint32_t>(hash >> 32);
    const size_t mask = slots_.size() - 1;
    size_t i = static_cast<size_t>(hash) & mask;
    while (slots_[i].index != kNone &&
           (slots_[i].tag != tag || !same(nodes_[slots_[i].index].words, b.words())))
      i = (i + 1) & mask;
    slots_[i].tag = tag;  // harmless on an empty slot left empty: emptiness is the index
    return slots_[i].index;
  }

  // Starts loading the table line a board of hash `hash` probes first (expansions prefetch the
  // slots of all their children before probing any: the table is far bigger than the caches).
  void prefetch(uint64_t hash) const {
    __builtin_prefetch(&slots_[static_cast<size_t>(hash) & (slots_.size() - 1)]);
  }

  // Appends a node (after reserve_one) and returns its index.
  uint32_t add(const Board<N>& b, uint32_t parent, uint32_t g) {
    nodes_.push_back(Node{b.words(), parent, (g << 8) | static_cast<uint32_t>(b.blank())});
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  // The blank moves from the start to node `i`, by following parent links.
  std::vector<Dir> path_to(uint32_t i) const {
    std::vector<Dir> moves;
    for (uint32_t c = i; nodes_[c].parent != kNone; c = nodes_[c].parent) {
      moves.push_back(blank_move<N>(nodes_[nodes_[c].parent].blank(), nodes_[c].blank()));
    }
    return {moves.rbegin(), moves.rend()};
  }

 private:
  struct Slot {
    uint32_t index = kNone;  // node index, kNone when empty
    uint32_t tag = 0;        // high half of the board's hash
  };

  static bool same(const Words& a, const Words& b) {
    for (int w = 0; w < Board<N>::kWords; ++w)
      if (a[w] != b[w]) return false;
    return true;
  }

  void rehash(size_t size) {
    slots_.assign(size, Slot{});
    const size_t mask = size - 1;
    for (uint32_t k = 0; k < nodes_.size(); ++k) {
      const uint64_t hash = XXH3_64bits(nodes_[k].words.data(), sizeof(Words));  // = Board::hash
      size_t i = static_cast<size_t>(hash) & mask;
      while (slots_[i].index != kNone) i = (i + 1) & mask;
      slots_[i] = Slot{k, static_cast<uint32_t>(hash >> 32)};
    }
  }

  uint64_t max_bytes_;
  std::vector<Node> nodes_;
  std::vector<Slot> slots_;
};

}  // namespace taquin::detail
