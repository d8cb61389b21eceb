# Helpers for the plugin's tests; sourced after tests/lib.sh.
PROBE_TOOL="$OI_BUILD/tests/plugin/probe.so"
PLUGIN_TESTS="$OI_SRC/tests/plugin"
export OMP_NUM_THREADS=2 OMP_DYNAMIC=false

# cxx_plain / cxx_plugin OUT SRC [FLAGS...]: the C++ twins of cc_plain/cc_plugin.
cxx_plain() {
  local out=$1 src=$2; shift 2
  "$OI_CLANGXX" "${OI_FOPENMP[@]}" "$@" "$src" -o "$out"
}
cxx_plugin() {
  local out=$1 src=$2; shift 2
  "$OI_CLANGXX" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" "$@" "$src" -o "$out"
}

# probe_run NAME BINARY: runs BINARY under the probe tool; its stdout goes to
# NAME.out, its stderr (expect-target lines) to NAME.expect, the probe's
# record to NAME.probe.
probe_run() {
  local name=$1 bin=$2
  rm -f "$name.probe"
  OI_PROBE_OUT="$PWD/$name.probe" OMP_TOOL_LIBRARIES="$PROBE_TOOL" \
    "./$bin" > "$name.out" 2> "$name.expect" || fail "$bin failed under the probe"
  [ -s "$name.probe" ] || fail "$bin: the probe recorded nothing"
}

# probe_check NAME SRC [--targets]: checks NAME.probe against SRC's @site
# annotations (and the program's expect-target lines).
probe_check() {
  local name=$1 src=$2 targets=${3:-}
  local extra=()
  [ "$targets" = --targets ] && extra=("$name.expect")
  "$OI_PYTHON" "$PLUGIN_TESTS/probe_check.py" "$src" "$name.probe" "${extra[@]}" \
    || fail "$name: probe check failed"
}

# same_output PLAIN INSTRUMENTED: both print the same and exit the same.
same_output() {
  local rc1=0 rc2=0
  "./$1" > "$1.stdout" 2>/dev/null || rc1=$?
  "./$2" > "$2.stdout" 2>/dev/null || rc2=$?
  expect_eq "$rc2" "$rc1" "exit status of $2"
  cmp -s "$1.stdout" "$2.stdout" || fail "$2 prints differently from $1"
}
