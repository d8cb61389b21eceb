# A copy from the device whose end callback arrives before the copy landed
# (the fault tool's early_end puts the host's old bytes back while the end
# callback runs): the content of a copy back must be hashed once its bytes
# are in host memory, so the findings are those of the run without faults.
# copy_back_steps.c has none, nor has copy_back_nowait.c (the same with
# `nowait` target tasks, `depend` and `taskwait`: its copies back run on
# the runtime's helper threads); a hash taken at the early end reads the
# bytes the host held and reports the first update as a round trip.
. "$OI_SRC/tests/fault/lib_fault.sh"
differ=()
for build in copy_back_steps.plain copy_back_steps.plugin copy_back_nowait.plain \
  copy_back_nowait.plugin; do
  prog=$OI_FAULT_BIN/$build
  "$OI" run -o "$build.base" -- "$prog" > "$build.base.out"
  expect_sound "$build.base"
  expect_eq "$("$OI_PYTHON" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' \
    "$build.base.json")" 0 "$build: findings without faults"
  run_with_faults "$build.early" early_end "$prog" > "$build.early.out"
  cmp -s "$build.base.out" "$build.early.out" || fail "$build: output under early_end"
  # one early end for each of the 4 updates' copies back
  grep -q '^fault early_end: 4 of 4 injected$' "$build.early/faults.log" ||
    fail "$build: early ends: $(cat "$build.early/faults.log")"
  expect_sound "$build.early"
  "$OI_PYTHON" "$OI_SRC/tests/fault/compare_runs.py" "$build.base.jsonl" "$build.base.json" \
    "$build.early.jsonl" "$build.early.json" --counts > "$build.diff" ||
    differ+=("$build: $(tr '\n' ';' < "$build.diff")")
done
[ ${#differ[@]} = 0 ] || fail "under early_end: $(printf '%s\n' "${differ[@]}")"
echo ok
