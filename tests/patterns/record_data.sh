# `ompt-inst run --record data` (issue 43): on every program of
# examples/patterns, plugin and plain -O2 -g builds, the same findings as
# the full record (record_data.py), a report that says what is absent, and
# a dump without host events. LLVM 14 reports no device events: there the
# findings are the inference's, and only they are compared.
. "$OI_SRC/tests/lib.sh"
programs=("$OI_SRC"/examples/patterns/*.c)
[ ${#programs[@]} -ge 7 ] || fail "expected 7 programs, found ${#programs[@]}"
for src in "${programs[@]}"; do
  name=$(basename "$src" .c)
  cc_plugin "$name.plugin" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  cc_plain "$name.plain" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  for build in plugin plain; do
    run="$name.$build"
    "$OI" run -o "$run.full" -- "./$run" > "$run.full.out" 2> "$run.full.err" || fail "$run failed: $(tail -3 "$run.full.err")"
    "$OI" run --record data -o "$run.data" -- "./$run" > "$run.data.out" 2> "$run.data.err" ||
      fail "$run --record data failed: $(tail -3 "$run.data.err")"
    expect_eq "$(tail -n 1 "$run.data.out")" "$(tail -n 1 "$run.full.out")" "$run: program result"
    for mode in full data; do
      "$OI" report "$run.$mode" --format json --output "$run.$mode.json" || fail "$run: report ($mode) failed"
    done
    # the summary's run line gives no time in constructs and no threads,
    # which the data-only record does not know
    "$OI" report "$run.data" --format summary > "$run.data.summary" || fail "$run: summary failed"
    grep "^ompt-inst: $run ran " "$run.data.summary" | grep -Eqx "ompt-inst: $run ran [0-9.]+ [mun]?s; [0-9]+ devices?" ||
      fail "$run: the data-only summary's run line: $(cat "$run.data.summary")"
    "$OI" report "$run.data" | grep -q "^  record    data only: host constructs, tasks and synchronisation not recorded$" ||
      fail "$run: the text report does not say what --record data left out"
    dump=()
    if [ "${OI_LLVM:-}" != 14 ]; then
      "$OI" dump "$run.data" > "$run.data.jsonl" || fail "$run: dump failed"
      dump=("$run.data.jsonl")
    fi
    compared=$("$OI_PYTHON" "$OI_SRC/tests/patterns/record_data.py" "$run.full.json" "$run.data.json" \
      "${dump[@]}") || fail "$run: --record data differs from the full record"
    echo "$run: $compared"
  done
done
# a program without target constructs: the summary says why it shows no
# more than its run time
cat > host_only.c <<'EOF_C'
#include <stdio.h>
int main(void) {
  double sum = 0;
#pragma omp parallel for reduction(+: sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  printf("%g\n", sum);
  return 0;
}
EOF_C
cc_plain host_only host_only.c -O2 -g
OMPT_INST_QUIET=0 "$OI" run --record data -o host_only.data -- ./host_only > host_only.out 2> host_only.err ||
  fail "host_only --record data failed: $(cat host_only.err)"
expect_eq "$(cat host_only.out)" 499500 "host_only: program result"
grep -qx "ompt-inst: no data moved between host and device (the data-only record keeps nothing else)" host_only.err ||
  fail "host_only: the exit summary does not say why it is empty: $(cat host_only.err)"
# the trace says its mode, and no host callback was registered: not
# mutex_released (whose LLVM 19 bug can crash programs), not error
"$OI" dump --header duplicate_transfer.plugin.data | "$OI_PYTHON" -c '
import json, sys
header = json.loads(sys.stdin.readline())
assert header["info"].get("record") == "data", header["info"]
asked = {k for k, v in header["capabilities"].items() if v}
host = {"thread_begin", "parallel_begin", "implicit_task", "sync_region", "mutex_acquired",
        "mutex_released", "task_create", "task_schedule", "error"}
assert not asked & host, f"host callbacks registered: {sorted(asked & host)}"
assert "target_emi" in asked or "target" in asked, sorted(asked)
' || fail "the data run's header: mode or callbacks"
# the exit summary says it too
env -u OMPT_INST_QUIET "$OI" run --record data -o summary -- ./duplicate_transfer.plugin > /dev/null 2> summary.err ||
  fail "summary run failed: $(cat summary.err)"
grep -q "^ompt-inst: record: data only, host constructs, tasks and synchronisation not recorded$" summary.err ||
  fail "the exit summary does not say what --record data left out: $(cat summary.err)"
# an unknown mode in the environment: one warning, the full record
OMPT_INST_RECORD=host "$OI" run -o unknown -- ./duplicate_transfer.plugin > /dev/null 2> unknown.err ||
  fail "OMPT_INST_RECORD=host: the run failed: $(cat unknown.err)"
grep -qx "ompt-inst: OMPT_INST_RECORD: unknown mode 'host' (expected full or data); recording in full" unknown.err ||
  fail "OMPT_INST_RECORD=host: no warning: $(cat unknown.err)"
"$OI" report unknown | grep -q "^  record " && fail "OMPT_INST_RECORD=host: not the full record"
# an unknown mode refused
"$OI" run --record host -- true 2> refused.err && fail "--record host accepted"
grep -q "ompt-inst run: --record needs full or data" refused.err || fail "refusal: $(cat refused.err)"
echo ok
