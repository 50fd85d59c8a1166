// What the libFuzzer targets share: stopping the run on a broken promise.
#pragma once

#include <cstdlib>

namespace taquin::fuzz {

// Stops the run (libFuzzer reports the input that did it) when a promise does not hold.
inline void require(bool promise) {
  if (!promise) std::abort();
}

}  // namespace taquin::fuzz
