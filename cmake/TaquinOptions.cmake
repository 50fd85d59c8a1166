# Build options: release by default, -march=native unless portable, sanitizers on request.
option(TAQUIN_PORTABLE "Build without -march=native" OFF)
set(TAQUIN_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined or thread")
option(TAQUIN_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only)" OFF)

if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()
set(CMAKE_CXX_FLAGS_RELEASE "-O3 -DNDEBUG")

# Flags every taquin target gets; applied through an interface target.
add_library(taquin_flags INTERFACE)
target_compile_features(taquin_flags INTERFACE cxx_std_20)
target_compile_options(taquin_flags INTERFACE -Wall -Wextra -Wpedantic)
if(NOT TAQUIN_PORTABLE)
  target_compile_options(taquin_flags INTERFACE -march=native)
endif()
if(TAQUIN_SANITIZE)
  # Any sanitizer report fails the run (UBSan would otherwise print and carry on). -O1 and line
  # tables only: instrumented -O3 builds of the search templates take several times longer to
  # compile, and reports still name file and line.
  # A target with the property TAQUIN_SANITIZE_O0 (the CLI: CLI11's templates, no search) gets -O0,
  # which compiles it in about two thirds of the time.
  target_compile_options(taquin_flags INTERFACE -fsanitize=${TAQUIN_SANITIZE} -fno-sanitize-recover=all
    -fno-omit-frame-pointer $<IF:$<BOOL:$<TARGET_PROPERTY:TAQUIN_SANITIZE_O0>>,-O0,-O1> -g1)
  target_link_options(taquin_flags INTERFACE -fsanitize=${TAQUIN_SANITIZE})
endif()
if(TAQUIN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TAQUIN_FUZZ needs clang (libFuzzer): CXX=clang++ cmake ...")
  endif()
  # Coverage feedback for the fuzzers in every file of the library; the fuzz targets link
  # libFuzzer's main (tests/fuzz/CMakeLists.txt).
  target_compile_options(taquin_flags INTERFACE -fsanitize=fuzzer-no-link)
endif()
