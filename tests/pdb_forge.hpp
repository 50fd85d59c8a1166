// Test helper: forged pattern-database files, their values changed and both checksums recomputed.
#pragma once

#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/rank.hpp"
#include "pdb/table.hpp"

namespace taquin::testing {

// The table file `file` (header and payload) with every entry but the goal placement's raised by
// one excess step (two moves), both checksums recomputed: a forgery the checksums cannot see.
inline std::string forged_raised(std::string file) {
  pdb::FileHeader h;
  std::memcpy(&h, file.data(), sizeof h);
  const int n = static_cast<int>(h.side * h.side), k = static_cast<int>(h.group_size);
  const uint64_t goal = rank_placement(h.cells, n, k);
  uint8_t* payload = reinterpret_cast<uint8_t*>(file.data()) + sizeof h;
  for (uint64_t e = 0; e < h.entry_count; ++e) {
    if (e == goal) continue;
    if (h.encoding == static_cast<uint32_t>(pdb::Encoding::Value8)) {
      payload[e] = static_cast<uint8_t>(payload[e] + 2);
      continue;
    }
    const int shift = static_cast<int>(e & 1) * 4;
    const int nibble = payload[e >> 1] >> shift & 15;
    if (nibble < 15) payload[e >> 1] = static_cast<uint8_t>(payload[e >> 1] + (1 << shift));
  }
  h.payload_hash = XXH64(payload, h.payload_bytes, 0);
  h.header_hash = XXH64(&h, offsetof(pdb::FileHeader, header_hash), 0);
  std::memcpy(file.data(), &h, sizeof h);
  return file;
}

// The table file `file` (4-bit entries) forged as issue 28 did: every entry whose excess over
// its Manhattan sum is not 0 raised one step (two moves), the header's maximum raised by two,
// both checksums recomputed. Values stay above their Manhattan sums, keep their parity and reach
// the new maximum; the goal stays 0.
inline std::string forged_excess_raised(std::string file) {
  pdb::FileHeader h;
  std::memcpy(&h, file.data(), sizeof h);
  uint8_t* payload = reinterpret_cast<uint8_t*>(file.data()) + sizeof h;
  for (uint64_t e = 0; e < h.entry_count; ++e) {
    const int shift = static_cast<int>(e & 1) * 4;
    const int nibble = payload[e >> 1] >> shift & 15;
    if (nibble != 0 && nibble < 15)
      payload[e >> 1] = static_cast<uint8_t>(payload[e >> 1] + (1 << shift));
  }
  h.max_value += 2;
  h.payload_hash = XXH64(payload, h.payload_bytes, 0);
  h.header_hash = XXH64(&h, offsetof(pdb::FileHeader, header_hash), 0);
  std::memcpy(file.data(), &h, sizeof h);
  return file;
}

}  // namespace taquin::testing
