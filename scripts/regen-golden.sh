#!/usr/bin/env bash
# Rewrites the golden JSON reports (tests/golden/expected/) from fresh runs
# of the programs in examples/, through the same tests that check them, then
# shows what changed: review that diff like code before committing it.
# Needs a clang 19 build (OMPT_INST_BUILD, default build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
"$top/scripts/build.sh"
OI_GOLDEN_WRITE=1 ctest --test-dir "$build" -R '^(golden_|patterns_)' -j"$(nproc)" --output-on-failure
git -C "$top" status --short -- tests/golden/expected
git -C "$top" diff --stat -- tests/golden/expected
