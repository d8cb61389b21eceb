# Shared helpers for end-to-end tests; sourced by tests/*/*.sh.
# ctest provides OI_BUILD, OI_SRC, OI_CLANG, OI_CLANGXX, OI_RUNTIME_DIR,
# OI_RUNTIME_INCLUDE_DIR, OI_LLVM, OI_PYTHON (see tests/CMakeLists.txt).
set -euo pipefail

OI="$OI_BUILD/bin/ompt-inst"
OI_PLUGIN="$OI_BUILD/lib/ompt-inst.so"
OI_SHIM="$OI_BUILD/lib/libompt-inst.so"
OI_HOST_OFFLOAD=-fopenmp-targets=x86_64-pc-linux-gnu
# The exit summary would mix into the programs' stderr that tests compare;
# tests of the summary itself unset this.
export OMPT_INST_QUIET=1
# Threads that wait (barriers, locks, the end of a region) sleep instead of
# spinning: on the shared 2-core machine a spinning waiter burns the time
# slice of the thread it waits for, which made 5000 barriers take 6.4 s
# instead of 0.25 s beside a CPU hog (bench_smoke timed out). The events
# are the same; no test measures how long a wait takes.
export OMP_WAIT_POLICY=passive
export LD_LIBRARY_PATH="$OI_RUNTIME_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# A runtime unpacked privately into the build (LLVM 14, see docs/llvm14.md):
# clang finds its omp.h and libraries through these, as `ompt-inst cc` does
# with -isystem/-L.
if [ -n "${OI_RUNTIME_INCLUDE_DIR:-}" ]; then
  export C_INCLUDE_PATH="$OI_RUNTIME_INCLUDE_DIR${C_INCLUDE_PATH:+:$C_INCLUDE_PATH}"
  export CPLUS_INCLUDE_PATH="$OI_RUNTIME_INCLUDE_DIR${CPLUS_INCLUDE_PATH:+:$CPLUS_INCLUDE_PATH}"
  export LIBRARY_PATH="$OI_RUNTIME_DIR${LIBRARY_PATH:+:$LIBRARY_PATH}"
fi
# Sanitized builds: the shim is loaded into uninstrumented programs.
if [ "${OI_SANITIZE:-0}" = 1 ]; then
  export ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0
fi

# check_invariant: the attribution and mapping invariants (tests/invariant.py)
# over every run folder the test left in its scratch folder that dumps cleanly
# (the tests of damaged traces check those themselves). A test whose traces
# are synthetic sets OI_INVARIANT_SKIP to the reason.
check_invariant() {
  [ -z "${OI_INVARIANT_SKIP:-}" ] || return 0
  local trace dir
  while IFS= read -r trace; do
    dir=$(dirname "$trace")
    "$OI" dump --header "$dir" > "$TEST_TMP/.invariant.jsonl" 2>/dev/null || continue
    local report=()
    "$OI" report --format json "$dir" > "$TEST_TMP/.invariant.json" 2>/dev/null &&
      report=("$TEST_TMP/.invariant.json")
    "$OI_PYTHON" "$OI_SRC/tests/invariant.py" "$TEST_TMP/.invariant.jsonl" "${report[@]}" ||
      { echo "FAIL: invariant broken in ${dir#$TEST_TMP/}" >&2; return 1; }
  done < <(find "$TEST_TMP" -name trace.oit)
}

# A scratch folder per test inside the build tree (nothing is left in /tmp),
# removed on success (after the invariant holds on its traces), kept on
# failure for a look; what a test needs undone on any outcome (a process it
# started) goes into on_exit.
mkdir -p "$OI_BUILD/Testing/scratch"
TEST_TMP=$(mktemp -d "$OI_BUILD/Testing/scratch/oi-test.XXXXXX")
export TMPDIR="$TEST_TMP"
TEST_CLEANUP=()
on_exit() { TEST_CLEANUP+=("$1"); }
finish_test() {
  local rc=$? step
  for step in "${TEST_CLEANUP[@]}"; do eval "$step" || true; done
  [ $rc = 0 ] && { check_invariant || rc=1; }
  if [ $rc = 0 ]; then rm -rf "$TEST_TMP"; else echo "kept $TEST_TMP" >&2; fi
  exit $rc
}
trap finish_test EXIT
cd "$TEST_TMP"

fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
  [ "$1" = "$2" ] || fail "$3: expected '$2', got '$1'"
}

# -fopenmp for the test programs, written for OpenMP 5.1: the default from
# clang 17 on, which clang 14 to 16 (default 5.0) must be asked for.
OI_FOPENMP=(-fopenmp)
[ "${OI_LLVM:-99}" -lt 17 ] && OI_FOPENMP+=(-fopenmp-version=51)

# cc_plain OUT SRC [FLAGS...]: clang -fopenmp without the plugin.
cc_plain() {
  local out=$1 src=$2; shift 2
  "$OI_CLANG" "${OI_FOPENMP[@]}" "$@" "$src" -o "$out"
}

# cc_plugin OUT SRC [FLAGS...]: clang -fopenmp with the plugin.
cc_plugin() {
  local out=$1 src=$2; shift 2
  "$OI_CLANG" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" "$@" "$src" -o "$out"
}

# dumpq DIR [FILTER...] [--count|--field NAME|--fields A,B]: query a run's
# event stream (see tests/dumpq.py).
dumpq() {
  local dir=$1; shift
  "$OI" dump "$dir" > "$TEST_TMP/.dump.jsonl" || fail "ompt-inst dump $dir failed"
  "$OI_PYTHON" "$OI_SRC/tests/dumpq.py" "$TEST_TMP/.dump.jsonl" "$@"
}

# drop_end_record TRACE: the trace as a killed program leaves it, without its
# end record (the last frame: 16-byte frame header + 32-byte payload).
drop_end_record() {
  "$OI_PYTHON" - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
magic, rtype, encoding, size = struct.unpack_from("<IHHI", data, len(data) - 48)
assert (magic, rtype, size) == (0x72664F49, 7, 32), (magic, rtype, size)
open(sys.argv[1], "wb").write(data[:-48])
PY
}
