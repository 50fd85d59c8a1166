// Large arrays on huge pages: the searches' random accesses then miss the TLB far less often.
#pragma once

#include <cstdint>
#include <vector>

#include <sys/mman.h>

namespace taquin {

// Resizes the empty `v` to `n` copies of `value`, its storage advised to use transparent huge
// pages first (the advice is only a hint: the array is the same without it).
template <typename T>
void assign_on_huge_pages(std::vector<T>& v, size_t n, T value) {
  v.reserve(n);
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<uintptr_t>(v.data());
  const uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t last = (begin + n * sizeof(T)) & ~(kHuge - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  v.assign(n, value);
}

}  // namespace taquin
