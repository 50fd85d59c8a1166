# Finds the Debian-packaged dependencies; nothing is downloaded.
find_package(Threads REQUIRED)
find_package(TBB REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
find_package(GIF REQUIRED)  # giflib: the animated GIFs of solutions (render.hpp)
# `taquin serve`: cpp-httplib (libcpp-httplib-dev) and nlohmann-json (nlohmann-json3-dev).
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
find_package(nlohmann_json 3 REQUIRED)
# The test suite when its packages are there (`cmake/setup.sh --tests` installs them): the
# binary alone builds without them.
if(TAQUIN_BUILD_TESTS)
  find_package(GTest QUIET)
  find_package(PNG QUIET)  # the picture tests read rsvg-convert's PNGs back
  if(NOT GTest_FOUND OR NOT PNG_FOUND)
    message(STATUS "taquin: no test suite (GoogleTest or libpng not found: cmake/setup.sh --tests)")
    set(TAQUIN_BUILD_TESTS OFF)
  endif()
endif()
if(TAQUIN_BUILD_BENCH)
  find_package(benchmark QUIET)
endif()
