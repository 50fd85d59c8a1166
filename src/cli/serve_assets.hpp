// The files of `taquin serve`'s web page (src/web/), embedded at build time by
// cmake/TaquinWeb.cmake.
#pragma once

#include <string_view>

namespace taquin::cli::web {

// One embedded file: its URL path, its Content-Type and its bytes.
struct Asset {
  std::string_view path;  // "/", "/app.js"...
  std::string_view type;  // "text/html; charset=utf-8"...
  std::string_view body;
};

// The asset served at `path`, or nullptr: nothing else is ever served.
const Asset* find_asset(std::string_view path);

}  // namespace taquin::cli::web
