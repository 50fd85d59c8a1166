// libFuzzer target: the pattern-database catalogue parser on any bytes. A parsed catalogue must
// satisfy what the parser promises: a side in range, disjoint groups within the board, the blank's
// cell left out.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "taquin/pdb/catalogue.hpp"
#include "taquin/tables.hpp"

#include "fuzz_support.hpp"

using taquin::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const taquin::Expected<taquin::pdb::Catalogue> parsed =
      taquin::pdb::parse_catalogue(text, "fuzz.cat", "fuzz");
  if (!parsed) {
    require(!parsed.error().message.empty());
    return 0;
  }
  const taquin::pdb::Catalogue& catalogue = *parsed;
  require(catalogue.side >= taquin::kMinSide && catalogue.side <= taquin::kMaxSide);
  const int cells = catalogue.side * catalogue.side;
  require(!catalogue.groups.empty() &&
          catalogue.groups.size() <= static_cast<size_t>(taquin::pdb::kMaxGroups));
  require(catalogue.blank >= 0 && catalogue.blank < cells);
  uint64_t covered = 0;
  for (const auto& group : catalogue.groups) {
    require(!group.empty());
    for (const uint8_t cell : group) {
      require(cell < cells && cell != catalogue.blank && !(covered >> cell & 1));
      covered |= uint64_t{1} << cell;
    }
  }
  require(covered == catalogue.covered());
  return 0;
}
