#!/usr/bin/env bash
# The README's test command: set up, build, run the whole test suite.
# OMPT_INST_SANITIZE=1 builds into build-asan/ with ASan + UBSan instead.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/setup.sh"
if [ "${OMPT_INST_SANITIZE:-0}" = 1 ]; then
  export OMPT_INST_BUILD=${OMPT_INST_BUILD:-$top/build-asan}
  "$top/scripts/build.sh" -DOMPT_INST_SANITIZE=ON
else
  export OMPT_INST_BUILD=${OMPT_INST_BUILD:-$top/build}
  "$top/scripts/build.sh"
fi
ctest --test-dir "$OMPT_INST_BUILD" --output-on-failure -j"$(nproc)" "$@"
