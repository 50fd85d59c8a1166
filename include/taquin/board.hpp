// Board<N>: an N×N sliding-tile board packed into 64-bit words, with move apply/undo and hashing.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <xxhash.h>

#include "taquin/tables.hpp"

namespace taquin {

// A board of side N (2 to 8). Each cell holds a label in [0, N²); one label is the blank, whose
// cell is kept apart. Sides up to 4 pack the whole board into one uint64_t (4 bits a cell);
// sides 5 to 8 use 8 bits a cell over a few words. The search works on boards whose labels are
// goal cells (see goal.hpp), so the goal is always the identity.
template <int N>
class Board {
  static_assert(N >= kMinSide && N <= kMaxSide, "board side must be 2 to 8");

 public:
  static constexpr int kSide = N;
  static constexpr int kCells = N * N;
  static constexpr int kBits = N <= 4 ? 4 : 8;
  static constexpr int kPerWord = 64 / kBits;
  static constexpr int kWords = (kCells + kPerWord - 1) / kPerWord;
  static constexpr uint64_t kMask = (uint64_t{1} << kBits) - 1;
  // Cell c's label is bits kBits * (c % kPerWord) up of word c / kPerWord (what node_store.hpp
  // and explore.cpp decode); with a byte a cell, that is byte c of the words in memory.
  static_assert(kBits != 8 || std::endian::native == std::endian::little);
  using Words = std::array<uint64_t, kWords>;
  // The packed cells as one value: the word itself on one-word boards, else the words.
  using Packed = std::conditional_t<kWords == 1, uint64_t, Words>;

  Board() = default;

  // A board from labels per cell; `blank` is the cell holding the blank. Precondition: `labels`
  // has N² entries forming a permutation of [0, N²).
  static Board from_cells(std::span<const uint8_t> labels, int blank) {
    Board b;
    for (int c = 0; c < kCells; ++c) b.set(c, labels[c]);
    b.blank_ = static_cast<uint8_t>(blank);
    return b;
  }

  // The board whose packed cells are `packed` (as packed() returns them), with the blank on
  // `blank` (which must hold label blank_label(): the caller's invariant).
  static Board from_packed(const Packed& packed, int blank) {
    Board b;
    if constexpr (kWords == 1)
      b.words_[0] = packed;
    else
      b.words_ = packed;
    b.blank_ = static_cast<uint8_t>(blank);
    return b;
  }

  // The identity board (label c on cell c) with the blank on `blank_cell`: the canonical goal.
  static Board identity(int blank_cell) {
    Board b;
    for (int c = 0; c < kCells; ++c) b.set(c, c);
    b.blank_ = static_cast<uint8_t>(blank_cell);
    return b;
  }

  // Label on `cell`.
  int at(int cell) const {
    if constexpr (kBits == 8)  // a byte a cell: one load (the words are little-endian)
      return reinterpret_cast<const uint8_t*>(words_.data())[cell];
    else
      return static_cast<int>((words_[cell / kPerWord] >> (kBits * (cell % kPerWord))) & kMask);
  }

  // Puts `label` on `cell` (does not move the blank marker).
  void set(int cell, int label) {
    if constexpr (kBits == 8) {
      reinterpret_cast<uint8_t*>(words_.data())[cell] = static_cast<uint8_t>(label);
    } else {
      uint64_t& w = words_[cell / kPerWord];
      const int shift = kBits * (cell % kPerWord);
      w = (w & ~(kMask << shift)) | (uint64_t(label) << shift);
    }
  }

  // Cell of the blank.
  int blank() const { return blank_; }

  // Label of the blank (its goal cell, on a canonical board).
  int blank_label() const { return at(blank_); }

  // Slides the piece on `cell`, a neighbour of the blank, into the blank; the blank moves to
  // `cell`. Applying it again with the old blank cell undoes it.
  [[gnu::always_inline]] void slide(int cell) {
    if constexpr (kWords == 1) {
      const int a = kBits * blank_, b = kBits * cell;
      const uint64_t x = ((words_[0] >> a) ^ (words_[0] >> b)) & kMask;
      words_[0] ^= (x << a) | (x << b);
    } else {
      const int moved = at(cell), hole = at(blank_);
      set(blank_, moved);
      set(cell, hole);
    }
    blank_ = static_cast<uint8_t>(cell);
  }

  // Moves the blank in direction `d`; returns false (board unchanged) if it would leave the board.
  bool move(Dir d) {
    const int to = kMoves<N>.target_by_dir[blank_][static_cast<int>(d)];
    if (to < 0) return false;
    slide(to);
    return true;
  }

  // The packed words (one word for N ≤ 4).
  const Words& words() const { return words_; }

  // The packed cells: the single word of a board of side ≤ 4, else the words.
  Packed packed() const {
    if constexpr (kWords == 1)
      return words_[0];
    else
      return words_;
  }

  // Labels per cell.
  std::array<uint8_t, kCells> cells() const {
    std::array<uint8_t, kCells> out{};
    for (int c = 0; c < kCells; ++c) out[c] = static_cast<uint8_t>(at(c));
    return out;
  }

  // xxHash3 of the packed words: the key for closed sets and hash maps.
  uint64_t hash() const { return XXH3_64bits(words_.data(), sizeof(words_)); }

  friend bool operator==(const Board& a, const Board& b) {
    return a.words_ == b.words_ && a.blank_ == b.blank_;
  }

 private:
  Words words_{};
  uint8_t blank_ = 0;
};

// Hash functor for unordered containers of boards.
template <int N>
struct BoardHash {
  size_t operator()(const Board<N>& b) const { return static_cast<size_t>(b.hash()); }
};

// Calls `f.template operator()<N>()` with N = `side` as a compile-time constant; `side` must be in
// [kMinSide, kMaxSide]. Use with a templated lambda: with_side(n, [&]<int N>() { ... }).
template <typename F>
decltype(auto) with_side(int side, F&& f) {
  switch (side) {
    case 2:
      return f.template operator()<2>();
    case 3:
      return f.template operator()<3>();
    case 4:
      return f.template operator()<4>();
    case 5:
      return f.template operator()<5>();
    case 6:
      return f.template operator()<6>();
    case 7:
      return f.template operator()<7>();
    default:
      return f.template operator()<8>();
  }
}

}  // namespace taquin
