#!/usr/bin/env bash
# The README's test command: set up, build, run the whole test suite, for
# every LLVM flavour: build/ (the primary, clang 19), then build-N/ for each
# other one (Debian 12's default clang 14, clang 22, and the range flavours
# 15 and 16, which run the tests that can differ by flavour), each with its own
# OpenMP runtime unpacked privately and registered with the primary build;
# tests that do not hold for a flavour are listed as skipped, with the
# reason (tests/llvm_flavours.cmake).
# OMPT_INST_SANITIZE=1 builds the primary flavour into build-asan/ with
# ASan + UBSan instead. OMPT_INST_TSAN=1 builds it into build-tsan/ with
# ThreadSanitizer and runs the tests that can run under it: the unit tests
# and the shim inside real OpenMP programs with the TSan runtime preloaded
# (labels unit and tsan; an uninstrumented program cannot load a TSan
# library otherwise). Extra arguments go to the ctest runs.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/setup.sh"
if [ "${OMPT_INST_SANITIZE:-0}" = 1 ]; then
  export OMPT_INST_BUILD=${OMPT_INST_BUILD:-$top/build-asan}
  "$top/scripts/build.sh" -DOMPT_INST_SANITIZE=ON
  exec ctest --test-dir "$OMPT_INST_BUILD" --output-on-failure -j"$(nproc)" "$@"
fi
if [ "${OMPT_INST_TSAN:-0}" = 1 ]; then
  export OMPT_INST_BUILD=${OMPT_INST_BUILD:-$top/build-tsan}
  "$top/scripts/build.sh" -DOMPT_INST_TSAN=ON
  exec ctest --test-dir "$OMPT_INST_BUILD" --output-on-failure -j"$(nproc)" -L 'unit|tsan' "$@"
fi

# the other flavours' versions are named once, in CMakeLists.txt: the whole
# suite runs for the primary and the others; the range flavours' builds
# register only what can differ by flavour (tests/CMakeLists.txt), the rest
# as skipped
version() { sed -n "s/^set($1 \([0-9 ]*\))$/\1/p" "$top/CMakeLists.txt"; }
read -r -a others <<< "$(version OMPT_INST_OTHER_LLVM)"
read -r -a range <<< "$(version OMPT_INST_RANGE_LLVM)"
[ ${#others[@]} -gt 0 ] && [ ${#range[@]} -gt 0 ] ||
  { echo "test: cannot read OMPT_INST_OTHER_LLVM and OMPT_INST_RANGE_LLVM from CMakeLists.txt" >&2; exit 1; }
primary=${OMPT_INST_BUILD:-$top/build}
builds=("$primary")
OMPT_INST_BUILD=$primary "$top/scripts/build.sh"
for v in "${others[@]}" "${range[@]}"; do
  builds+=("$top/build-$v")
  # the range flavours run no stress test: no test build of the tool there;
  # no flavour but the packaged primary needs GCC's link-time optimisation,
  # which only makes the shim and the command faster (CI time)
  small=ON
  [[ " ${range[*]} " == *" $v "* ]] && small=OFF
  OMPT_INST_BUILD=$top/build-$v "$top/scripts/build.sh" -DOMPT_INST_LLVM="$v" \
    -DOMPT_INST_PRIMARY_BUILD="$primary" -DOMPT_INST_SMALL_BOUNDS=$small -DOMPT_INST_LTO=OFF
done
status=0
for build in "${builds[@]}"; do
  echo "== tests of $build"
  ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@" || status=1
done
exit $status
