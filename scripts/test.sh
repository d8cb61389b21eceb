#!/usr/bin/env bash
# The README's test command: set up, build, run the whole test suite, for
# both LLVM flavours: build/ (the primary, clang 19) and build-14/ (Debian
# 12's default clang 14 and its own OpenMP runtime, unpacked privately; its
# tests for LLVM 19-only behaviour are listed as skipped, with the reason).
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

# the second flavour's version is named once, in CMakeLists.txt
llvm=$(sed -n 's/^set(OMPT_INST_SECOND_LLVM \([0-9]*\))$/\1/p' "$top/CMakeLists.txt")
[ -n "$llvm" ] || { echo "test: cannot read OMPT_INST_SECOND_LLVM from CMakeLists.txt" >&2; exit 1; }
primary=${OMPT_INST_BUILD:-$top/build}
second=${OMPT_INST_BUILD_SECOND:-$top/build-$llvm}
OMPT_INST_BUILD=$primary "$top/scripts/build.sh"
OMPT_INST_BUILD=$second "$top/scripts/build.sh" -DOMPT_INST_LLVM="$llvm" \
  -DOMPT_INST_PRIMARY_BUILD="$primary"
status=0
for build in "$primary" "$second"; do
  echo "== tests of $build"
  ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@" || status=1
done
exit $status
