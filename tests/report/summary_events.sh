# The exit summary models the device events only and takes what its first
# line needs of the others from the shim's totals (tools/report/
# summary_events.h): on real runs of every pattern example (plugin builds,
# two plain ones), a host-only and a transfer program, and an unfinished
# trace (no totals: every event), it prints exactly what the model of every
# event (OMPT_INST_SUMMARY_FULL=1) prints.
source "$OI_SRC/tests/lib.sh"
export OMPT_INST_QUIET=1
compare() { # DIR
  "$OI" report "$1" --format summary > "$1.fast" 2>&1 || fail "$1: summary failed: $(cat "$1.fast")"
  OMPT_INST_SUMMARY_FULL=1 "$OI" report "$1" --format summary > "$1.full" 2>&1 ||
    fail "$1: full summary failed"
  diff "$1.full" "$1.fast" > "$1.diff" || fail "$1: the summaries differ: $(cat "$1.diff")"
}
programs=()
for example in "$OI_SRC"/examples/patterns/*.c; do
  name=$(basename "$example" .c)
  cc_plugin "$name" "$example" $OI_HOST_OFFLOAD -g
  programs+=("$name")
done
# without the plugin: native events only, places from return addresses
for name in duplicate_transfer unused_alloc; do
  cc_plain "$name-plain" "$OI_SRC/examples/patterns/$name.c" $OI_HOST_OFFLOAD -g
  programs+=("$name-plain")
done
for program in regions transfers; do
  cc_plugin "$program" "$OI_SRC/tests/report/programs/$program.c" $OI_HOST_OFFLOAD -g
  programs+=("$program")
done
for program in "${programs[@]}"; do
  "$OI" run -o "run-$program" "./$program" > /dev/null 2>&1 || fail "$program: run failed"
  compare "run-$program"
done
# the findings and the data line are there to compare, not empty
grep -q "duplicate_transfer of" run-duplicate_transfer.fast || fail "no finding: $(cat run-duplicate_transfer.fast)"
grep -q "data moved" run-transfers.fast || fail "no data line"
grep -q "2 threads" run-regions.fast || fail "threads: $(cat run-regions.fast)"
# a program killed before its end: regions left open are timed to the last event
cp -r run-regions killed
drop_end_record killed/trace.oit
compare killed
echo ok
