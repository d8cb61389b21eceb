#!/usr/bin/env bash
# The sanitizer runs CI can afford beside the full suite: a ThreadSanitizer
# and an ASan + UBSan build of the C targets only (no plugin), then
#   TSan:        the unit tests and the shim inside real OpenMP programs
#                (shim_tsan_programs);
#   ASan+UBSan:  the unit tests and the hardening tests (crashes, hostile
#                files, a full disk, damaged and fuzzed traces).
# The full sanitizer suites: OMPT_INST_TSAN=1 / OMPT_INST_SANITIZE=1 bash
# scripts/test.sh (docs/building.md).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/setup.sh"
status=0
run_subset() { # NAME CMAKE-OPTION CTEST-ARGS...
  local name=$1 option=$2; shift 2
  local build=$top/build-$name-subset
  # configure once to learn the unit tests' targets, then build just those
  mkdir -p "$build"
  cmake -S "$top" -B "$build" "$option" > "$build/configure.log" 2>&1 ||
    { tail -n 30 "$build/configure.log" >&2; return 1; }
  local targets
  # the cmocka programs (test_*); other unit-labelled tests build nothing;
  # the test build of the tool (shim/bounds.h) for shim_tsan_programs
  targets="ompt_inst_shim ompt_inst_shim_small ompt_inst_cli write_synthetic_trace $(ctest --test-dir "$build" -L unit -N |
    sed -n 's/^ *Test *#[0-9]*: \(test_[A-Za-z0-9_]*\)$/\1/p' | tr '\n' ' ')"
  OMPT_INST_BUILD=$build OMPT_INST_TARGETS=$targets "$top/scripts/build.sh" "$option" || return 1
  echo "== $name subset"
  ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
}
run_subset tsan -DOMPT_INST_TSAN=ON -L 'unit|tsan' -E '^layout_imports$' || status=1
run_subset asan -DOMPT_INST_SANITIZE=ON \
  -R '^(test_|shim_crash|shim_hostile_files|shim_full_disk|shim_file_size_limit|shim_closed_descriptors|shim_leave_without_exit|cli_run_several_programs|cli_dump_errors|cli_dump_fuzz)' || status=1
exit $status
