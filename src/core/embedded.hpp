// Files embedded in the binary: reference instance sets (korf100, hardest80, hardest8...) and the
// shipped pattern-database catalogues (7-8, 7-8-centre, 7-8-edge, 6-6-3, 5-5-5, 7-8-max,
// 6-6-6-6-max, 6-6-6-6, 6x6-5, 6x6-5-centre, 7x7-5, 7x7-5-centre).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace taquin::embedded {

struct File {
  std::string_view name;
  std::string_view content;
};

// The embedded instance sets, in the order CMake lists them.
const std::vector<File>& files();

// The content of the embedded instance set `name`, if there is one.
std::optional<std::string_view> find(std::string_view name);

// The embedded catalogues, named by stem ("7-8"), in the order CMake lists them.
const std::vector<File>& catalogues();

// The text of the embedded catalogue with stem `name` ("7-8", not "7-8.cat"), if there is one.
std::optional<std::string_view> find_catalogue(std::string_view name);

}  // namespace taquin::embedded
