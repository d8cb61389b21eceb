# Runs programs under the fault-injecting runtime (fault_tool.c) and
# compares them with their runs without faults (sourced by tests/fault/*.sh).
. "$OI_SRC/tests/lib.sh"

# run_with_faults DIR SPEC PROG ARGS...: PROG recorded into DIR as
# `ompt-inst run` records it, with the fault tool in the shim's place: it
# loads the shim (OMPT_INST_FAULT_TOOL) and injects the faults SPEC names
# (OMPT_INST_FAULTS); DIR/faults.log says how many of each it injected.
# The offload calls library is preloaded as `ompt-inst run` preloads it
# for a program linking libomptarget (every program here does).
run_with_faults() {
  local dir=$1 spec=$2
  shift 2
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  OMPT_INST_DIR="$dir" OMPT_INST_DIR_FRESH=1 OMP_TOOL_LIBRARIES="$OI_FAULT_TOOL" \
    LD_PRELOAD="$OI_BUILD/lib/libompt-inst-offload.so:$OI_FAULT_TOOL" \
    OMPT_INST_FAULT_TOOL="$OI_SHIM" OMPT_INST_FAULTS="$spec" \
    OMPT_INST_FAULTS_LOG="$dir/faults.log" "$@"
}

# expect_injected DIR...: every fault of the runs in DIR... was injected at
# least once in one of them (a fault that never applied tests nothing).
expect_injected() {
  local dir never
  for dir in "$@"; do
    [ -s "$dir/faults.log" ] || fail "$dir: the fault tool wrote no log"
  done
  never=$(for dir in "$@"; do cat "$dir/faults.log"; done |
    awk '{ n[$2] += $3 } END { for (f in n) if (n[f] == 0) print f }')
  [ -z "$never" ] || fail "faults never injected: $never"
}

# expect_sound DIR: the trace in DIR dumps, complete with no event lost,
# and reports; leaves DIR.jsonl and DIR.json.
expect_sound() {
  "$OI" dump --header "$1" > "$1.header.jsonl" || fail "$1: ompt-inst dump failed"
  head -n 1 "$1.header.jsonl" | grep -q '"complete":true,.*"lost_events":0,' ||
    fail "$1: trace not complete or events lost: $(head -c 300 "$1.header.jsonl")"
  "$OI" dump "$1" > "$1.jsonl" || fail "$1: ompt-inst dump failed"
  "$OI" report --format json --output "$1.json" "$1" || fail "$1: ompt-inst report failed"
  "$OI" report "$1" > "$1.txt" || fail "$1: ompt-inst report (text) failed"
}

# The programs (build_programs.sh): NAME.plain and NAME.plugin.
OI_FAULT_BIN="$OI_BUILD/tests/fault/bin"
