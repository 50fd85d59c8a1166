#!/usr/bin/env bash
# Installs taquin's Debian build dependencies if missing, then configures and builds into build/.
# Usage: cmake/setup.sh [extra cmake arguments...]   (BUILD_DIR=dir to build elsewhere,
# BUILD_TARGETS="a b" to build only those targets)
set -euo pipefail
cd "$(dirname "$0")/.."

# libcpp-httplib-dev, nlohmann-json3-dev: `taquin serve` (tests/serve_*_test.cpp also drive its
# page in headless chromium).
# chromium: tests/picture_cli_test.cpp plays the animated SVG in it (headless) and reads pixels.
packages=(build-essential cmake pkg-config libtbb-dev libxxhash-dev libcli11-dev libgtest-dev
          libbenchmark-dev clang-format libgif-dev librsvg2-bin
          libpng-dev chromium libcpp-httplib-dev nlohmann-json3-dev)
# The Python module (pybind11, for /usr/bin/python3) and its pytest suite; man-db reads the man
# page in the install test.
packages+=(pybind11-dev python3-pybind11 python3-dev python3-pytest python3-numpy man-db)
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
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi

build_dir=${BUILD_DIR:-build}
cmake -S . -B "$build_dir" "$@" >&2
# shellcheck disable=SC2086 # BUILD_TARGETS is a list of words
cmake --build "$build_dir" -j"$(nproc)" ${BUILD_TARGETS:+--target $BUILD_TARGETS} >&2
