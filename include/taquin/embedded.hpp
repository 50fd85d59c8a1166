// Reference instance files embedded in the binary (korf100, hardest80, hardest8...).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace taquin::embedded {

struct File {
  std::string_view name;
  std::string_view content;
};

// All embedded files, in the order CMake lists them.
const std::vector<File>& files();

// The content of the embedded file `name`, if there is one.
std::optional<std::string_view> find(std::string_view name);

}  // namespace taquin::embedded
