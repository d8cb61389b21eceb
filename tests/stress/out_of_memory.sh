# The tool out of memory when a thread starts (its per-thread memory cannot
# be allocated): the thread's events are not recorded, and are counted
# under their own name in the report, not as lost events ("lost" is only
# what the disk, a signal or the user's pause cost). The tool itself: the
# test build's per-thread memory is under the 256 kB fail_thread_memory
# refuses.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
gen threads 4 prog.c
cc_plain prog prog.c -g -lpthread
"$OI_CLANG" -shared -fPIC "$OI_SRC/tests/stress/fail_thread_memory.c" -o fail_thread_memory.so
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" LD_PRELOAD="$PWD/fail_thread_memory.so $OI_SHIM" \
  OMPT_INST_DIR=run ./prog) || fail "exit status"
expect_eq "$out" "regions=4" "the program's result"
"$OI" report run --top 0 > run.txt || fail "report"
grep -q "complete, 0 events lost" run.txt || fail "$(grep -m1 'trace ' run.txt)"
line=$(grep '^  memory ' run.txt) || fail "no line of the events not recorded"
read -r _ events _ <<< "$line"
[ "$events" -gt 0 ] || fail "events not recorded: $line"
"$OI" report run --format json > run.json || fail "json report"
expect_eq "$("$OI_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["run"]["events_out_of_memory"])' run.json)" \
  "$events" "json events_out_of_memory"
