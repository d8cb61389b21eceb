# The critical/barrier stress of issue 39 (4 threads x 2000 critical
# sections, a barrier every 10th iteration), plain with -g and with the
# plugin: every critical begin and end on the critical's line, every
# barrier begin and end on the barrier's, and no synchronisation event
# without a line. LLVM 19 and 22 pass mutex_released another thread's
# return address (docs/shim.md); the stream must place each end on its
# begin's site.
. "$OI_SRC/tests/fault/lib_fault.sh"
src="$OI_SRC/tests/fault/programs/critical_barrier.c"
critical=$(grep -n '#pragma omp critical' "$src" | cut -d: -f1)
barrier=$(grep -n '#pragma omp barrier' "$src" | cut -d: -f1)
cc_plain critical_barrier.plain "$src" -g
cc_plugin critical_barrier.plugin "$src"
for build in plain plugin; do
  out=$("$OI" run -o "$build" -- "./critical_barrier.$build" 2000)
  expect_eq "$out" "critical_barrier: sum 7996000" "$build: program output"
  expect_sound "$build"
  count() { "$OI_PYTHON" "$OI_SRC/tests/dumpq.py" "$build.jsonl" "$@" --count; }
  expect_eq "$(count kind=mutex construct=critical endpoint=begin line="$critical")" 8000 \
    "$build: critical begins on line $critical"
  expect_eq "$(count kind=mutex construct=critical endpoint=end line="$critical")" 8000 \
    "$build: critical ends on line $critical"
  expect_eq "$(count kind=sync construct=barrier implicit= endpoint=begin line="$barrier")" 800 \
    "$build: barrier begins on line $barrier"
  expect_eq "$(count kind=sync construct=barrier implicit= endpoint=end line="$barrier")" 800 \
    "$build: barrier ends on line $barrier"
  expect_eq "$(count kind=sync line=)" 0 "$build: synchronisation events without a line"
done
echo ok
