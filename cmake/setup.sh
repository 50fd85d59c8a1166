#!/usr/bin/env bash
# Installs the Debian packages taquin's build needs if missing, then configures and builds build/.
# Usage: cmake/setup.sh [--tests] [extra cmake arguments...]
#   (no --tests)  the build's packages, then the `taquin` binary only;
#   --tests       also the test suite's packages, then every target (suite, benchmarks, Python).
# BUILD_DIR=dir builds elsewhere; BUILD_TARGETS="a b" builds only those targets.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=0
if [ "${1:-}" = "--tests" ]; then
  tests=1
  shift
fi

# libcpp-httplib-dev, nlohmann-json3-dev: `taquin serve`; libgif-dev: the animated GIFs.
packages=(build-essential cmake ninja-build pkg-config libtbb-dev libxxhash-dev libcli11-dev libgif-dev
          libcpp-httplib-dev nlohmann-json3-dev)
if ((tests)); then
  # GoogleTest, Google Benchmark, the format check; rsvg-convert and libpng read the pictures
  # back; chromium plays the animated SVG and drives `taquin serve`'s page (headless).
  packages+=(libgtest-dev libbenchmark-dev clang-format librsvg2-bin libpng-dev chromium)
  # The Python module (pybind11, for /usr/bin/python3) and its pytest suite; man-db reads the
  # man page in the install test.
  packages+=(pybind11-dev python3-pybind11 python3-dev python3-pytest python3-numpy man-db)
fi
# The MPI build (-DTAQUIN_MPI=ON) also needs Open MPI.
for arg in "$@"; do
  [[ "$arg" =~ ^-DTAQUIN_MPI(:BOOL)?=(ON|on|1|TRUE|true|YES|yes)$ ]] && packages+=(libopenmpi-dev openmpi-bin)
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  # No recommended packages: chromium alone would bring some 80 (fonts, desktop helpers).
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

build_dir=${BUILD_DIR:-build}
targets=${BUILD_TARGETS:-}
((tests)) || targets=${targets:-taquin}
# Ninja for a new build directory unless CMAKE_GENERATOR says otherwise: it compiles the binary's
# own files beside the library's, where Make waits for the library first. (CMake keeps an
# existing directory's generator.)
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
cmake -S . -B "$build_dir" "$@" >&2
# shellcheck disable=SC2086 # the targets are a list of words
cmake --build "$build_dir" -j"$(nproc)" ${targets:+--target $targets} >&2
