#!/usr/bin/env bash
# Builds Debian's oneTBB source with ThreadSanitizer into PREFIX (default build-tbb-tsan/install),
# for the TSan run of the parallel tests: the packaged libtbb is not instrumented, so TSan would
# not see its task hand-offs and would report races that are not there.
# Usage: cmake/tbb-tsan.sh [PREFIX]   (prints the TBB_DIR to pass to CMake)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(realpath -m "${1:-build-tbb-tsan/install}")
work=$(dirname "$prefix")
if [ -f "$prefix/lib/cmake/TBB/TBBConfig.cmake" ]; then
  echo "$prefix/lib/cmake/TBB"
  exit 0
fi
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
# Debian's source for the installed libtbb-dev (deb-src entries added if the system has none).
version=$(dpkg-query -W -f='${source:Version}' libtbb-dev)
if ! apt-cache showsrc onetbb 2>/dev/null | grep -q "^Version: $version"; then
  . /etc/os-release
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$VERSION_CODENAME" "$VERSION_CODENAME" | "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/taquin-deb-src.sources >/dev/null
  "${sudo_cmd[@]}" apt-get update -qq >&2
fi
mkdir -p "$work/src"
(cd "$work/src" && apt-get source -qq --download-only "onetbb=$version" >&2)
tar -xf "$work"/src/onetbb_*.orig.tar.* -C "$work/src"
source_dir=$(find "$work/src" -maxdepth 1 -type d -name 'oneTBB-*' | head -n 1)
cmake -S "$source_dir" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTBB_TEST=OFF \
  -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF -DTBB_SANITIZE=thread -DCMAKE_INSTALL_PREFIX="$prefix" >&2
cmake --build "$work/build" -j"$(nproc)" >&2
cmake --install "$work/build" >&2
echo "$prefix/lib/cmake/TBB"
