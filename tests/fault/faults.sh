# faults.sh SPEC|none [--counts] [--repairs NAME,...] NAME...: each program (build_programs.sh),
# plain and plugin build, runs once without faults and
# once under the faults SPEC names (fault_plan.c); the fault run must exit
# and print as the program does, inject every fault, leave a complete trace
# that dumps and reports, and keep the findings and the balance of begins
# and ends (compare_runs.py; --counts: the events of the runtime's data
# operations, target constructs, mutexes and barriers counted the same;
# --repairs: each of these repairs is named, with a count, in the JSON and
# text reports of one of the fault runs at least).
. "$OI_SRC/tests/fault/lib_fault.sh"
spec=$1
[ "$spec" = none ] && spec=""
shift
counts=() runs=() differ=() repairs=""
if [ "$1" = --counts ]; then
  counts=(--counts)
  shift
fi
if [ "$1" = --repairs ]; then
  repairs=$2
  shift 2
fi
for name in "$@"; do
  for build in plain plugin; do
    prog=$OI_FAULT_BIN/$name.$build
    "$OI" run -o "$name.$build.base" -- "$prog" 200 > "$name.$build.base.out" 2> /dev/null
    expect_sound "$name.$build.base"
    rc=0
    run_with_faults "$name.$build.fault" "$spec" "$prog" 200 > "$name.$build.fault.out" || rc=$?
    expect_eq "$rc" 0 "$name.$build: exit code under faults"
    cmp -s "$name.$build.base.out" "$name.$build.fault.out" ||
      fail "$name.$build: output under faults: $(cat "$name.$build.fault.out")"
    expect_sound "$name.$build.fault"
    "$OI_PYTHON" "$OI_SRC/tests/fault/compare_runs.py" "$name.$build.base.jsonl" \
      "$name.$build.base.json" "$name.$build.fault.jsonl" "$name.$build.fault.json" \
      "${counts[@]}" > "$name.$build.diff" ||
      differ+=("$name.$build: $(tr '\n' ';' < "$name.$build.diff")")
    runs+=("$name.$build.fault")
  done
done
for repair in ${repairs//,/ }; do
  named=""
  for run in "${runs[@]}"; do
    n=$("$OI_PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"].get("repairs", {}).get(sys.argv[2], 0))' \
      "$run.json" "$repair")
    if [ "$n" -gt 0 ] && grep -q "^  repaired  $n " "$run.txt"; then
      named=$run
    fi
  done
  [ -n "$named" ] || fail "no report of the fault runs names the repair $repair"
done
[ -z "$spec" ] || expect_injected "${runs[@]}"
[ ${#differ[@]} = 0 ] || fail "under $spec: $(printf '%s\n' "${differ[@]}")"
echo ok
