// The open list of best-first searches: entries bucketed by two small keys, least first.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace taquin::detail {

// A two-level bucket queue: entries of a trivially copyable T under a primary and a secondary
// key (small non-negative integers, such as f and h), popped least primary first, then least
// secondary, then first pushed first (last pushed first sends weighted A* astray on plateaus). A
// push or pop touches one bucket's end, where a binary heap of millions of entries would walk a
// path of cache misses. A primary key's buckets are released when the last entry under it is
// popped; bytes() counts the buffers held.
template <typename T>
class BucketQueue {
 public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  // Bytes held by the buckets' buffers.
  uint64_t bytes() const { return bytes_; }
  // The least primary key held (kNone when empty).
  uint32_t least_primary() const { return least_; }

  // Adds `entry` under keys (`primary`, `secondary`), unless a buffer must grow and
  // `may_grow(held, wanted)` (the bytes held, a new buffer's bytes) says no: then false, and
  // nothing changes.
  template <typename MayGrow>
  bool push(uint32_t primary, uint32_t secondary, const T& entry, MayGrow&& may_grow) {
    if (primary >= levels_.size()) {
      const size_t wanted = std::max<size_t>(primary + 1, levels_.size() + levels_.size() / 2);
      if (!may_grow(bytes_, wanted * sizeof(Level))) return false;
      bytes_ += (wanted - levels_.size()) * sizeof(Level);
      levels_.resize(wanted);
    }
    Level& level = levels_[primary];
    if (secondary >= level.buckets.size()) {
      const size_t wanted = std::max<size_t>(secondary + 1, 2 * level.buckets.size());
      if (!may_grow(bytes_, wanted * sizeof(Bucket))) return false;
      bytes_ += (wanted - level.buckets.size()) * sizeof(Bucket);
      level.buckets.resize(wanted);
    }
    Bucket& bucket = level.buckets[secondary];
    std::vector<T>& items = bucket.items;
    if (items.size() == items.capacity()) {
      if (2 * bucket.head >= items.size() && bucket.head > 0) {  // room at the front: reuse it
        items.erase(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(bucket.head));
        bucket.head = 0;
      } else {
        const size_t wanted = std::max<size_t>(8, items.capacity() + items.capacity() / 2);
        if (!may_grow(bytes_, wanted * sizeof(T))) return false;
        bytes_ += (wanted - items.capacity()) * sizeof(T);
        items.reserve(wanted);
      }
    }
    items.push_back(entry);
    ++level.size;
    level.least = std::min(level.least, secondary);
    least_ = std::min(least_, primary);
    ++size_;
    return true;
  }

  // Removes and returns the least entry. Precondition: !empty().
  T pop() {
    Level& level = levels_[least_];
    while (level.buckets[level.least].empty()) ++level.least;
    Bucket& bucket = level.buckets[level.least];
    const T entry = bucket.items[bucket.head++];
    if (bucket.empty()) {
      bucket.items.clear();
      bucket.head = 0;
    }
    --size_;
    if (--level.size == 0) {
      release(level);
      if (size_ == 0)
        least_ = kNone;
      else
        while (levels_[least_].size == 0) ++least_;
    }
    return entry;
  }

  // Calls `visit(entry)` on every entry held, in no particular order.
  template <typename Visit>
  void for_each(Visit&& visit) const {
    for (const Level& level : levels_)
      if (level.size > 0)
        for (const Bucket& bucket : level.buckets)
          for (size_t i = bucket.head; i < bucket.items.size(); ++i) visit(bucket.items[i]);
  }

  // Drops every entry and buffer.
  void clear() {
    std::vector<Level>().swap(levels_);
    size_ = 0;
    bytes_ = 0;
    least_ = kNone;
  }

 private:
  struct Bucket {
    std::vector<T> items;  // queued from `head` on
    size_t head = 0;
    bool empty() const { return head == items.size(); }
  };
  struct Level {
    std::vector<Bucket> buckets;  // by secondary key
    size_t size = 0;
    uint32_t least = kNone;  // no bucket below it holds an entry
  };

  void release(Level& level) {
    for (const Bucket& bucket : level.buckets) bytes_ -= bucket.items.capacity() * sizeof(T);
    bytes_ -= level.buckets.size() * sizeof(Bucket);
    std::vector<Bucket>().swap(level.buckets);
    level.least = kNone;
  }

  std::vector<Level> levels_;  // by primary key
  size_t size_ = 0;
  uint64_t bytes_ = 0;
  uint32_t least_ = kNone;
};

}  // namespace taquin::detail
