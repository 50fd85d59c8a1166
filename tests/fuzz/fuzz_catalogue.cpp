// libFuzzer target: the pattern-database catalogue parser on any bytes. A parsed catalogue must
// satisfy what the parser promises: a side in range, one to kMaxPartitions partitions (several
// only from kMinPartitionSide) of one to max_groups(side) disjoint groups within the board each,
// the blank's cell left out of all.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pdb/catalogue.hpp"
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
  require(catalogue.partitions >= 1 && catalogue.partitions <= taquin::pdb::kMaxPartitions);
  require(catalogue.partitions == 1 || catalogue.side >= taquin::pdb::kMinPartitionSide);
  require(!catalogue.groups.empty() &&
          catalogue.group_partition.size() == catalogue.groups.size() &&
          catalogue.group_partition.front() == 0 &&
          catalogue.group_partition.back() == catalogue.partitions - 1);
  require(catalogue.blank >= 0 && catalogue.blank < cells);
  uint64_t covered = 0, partition_covered = 0;
  size_t partition_groups = 0;
  for (size_t g = 0; g < catalogue.groups.size(); ++g) {
    const int partition = catalogue.group_partition[g];
    if (g > 0 && partition != catalogue.group_partition[g - 1]) {
      require(partition == catalogue.group_partition[g - 1] + 1);  // partitions in order
      require(partition_covered == catalogue.covered(partition - 1));
      partition_covered = 0;
      partition_groups = 0;
    }
    require(++partition_groups <= static_cast<size_t>(taquin::pdb::max_groups(catalogue.side)));
    require(!catalogue.groups[g].empty());
    for (const uint8_t cell : catalogue.groups[g]) {
      require(cell < cells && cell != catalogue.blank && !(partition_covered >> cell & 1));
      partition_covered |= uint64_t{1} << cell;
      covered |= uint64_t{1} << cell;
    }
  }
  require(partition_covered == catalogue.covered(catalogue.partitions - 1));
  require(covered == catalogue.covered());
  return 0;
}
