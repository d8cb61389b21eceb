#!/usr/bin/env bash
# Configures and builds ompt-inst into build/ (or $OMPT_INST_BUILD), quietly
# unless something fails. Extra arguments go to the CMake configure step;
# $OMPT_INST_TARGETS, if set, names the targets to build instead of all.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
log="$build/build.log"
mkdir -p "$build"
if ! { cmake -S "$top" -B "$build" -DOMPT_INST_WERROR=ON "$@" && cmake --build "$build" -j"$(nproc)" ${OMPT_INST_TARGETS:+--target $OMPT_INST_TARGETS}; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "build: failed (full log: $log)" >&2
  exit 1
fi
if grep -q "warning:" "$log"; then
  grep "warning:" "$log" | sort -u >&2
  echo "build: compiler warnings (treated as errors by the test command)" >&2
  exit 1
fi
