# libompt-inst-offload.so (preloaded by default; OMPT_INST_OFFLOAD_CALLS=0
# leaves it out): a plain -O2 -g build gets the pragma's line on every data
# operation and target event and its variables by name, as written (the
# runtime is told them after macro expansion); without -g (no location to add) and in a plugin build
# (the plugin describes the lines) it changes nothing, and the runtime's
# events keep the program's return address, never the library's.
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/examples/patterns/round_trip.c"
cc_plain g "$src" -O2 -g $OI_HOST_OFFLOAD
cc_plain nog "$src" -O2 $OI_HOST_OFFLOAD
cc_plugin plugin "$src" -O2 -g $OI_HOST_OFFLOAD
./nog > expected.out
line() { grep -n "$1" "$src" | cut -d: -f1; }
for build in g nog plugin; do
  for calls in 0 1; do
    OMPT_INST_OFFLOAD_CALLS=$calls "$OI" run -o $build.$calls -- ./$build > $build.$calls.out 2>&1 ||
      fail "$build ($calls) failed: $(tail -3 $build.$calls.out)"
    expect_eq "$(head -1 $build.$calls.out)" "$(cat expected.out)" "$build ($calls): the program's result"
    "$OI" dump $build.$calls > $build.$calls.jsonl
    ! grep -q 'ompt_inst_offload\|libompt-inst-offload' $build.$calls.jsonl ||
      fail "$build ($calls): an event is attributed to the offload library"
    "$OI" report $build.$calls --format json --output $build.$calls.json || fail "$build ($calls): report"
  done
done
# -g: every data operation and target event on a pragma's line, named
expect_eq "$(dumpq g.1 kind=data_op line= --count)" 0 "g: data operations without a line"
expect_eq "$(dumpq g.1 kind=target line= --count)" 0 "g: target events without a line"
# the kernel's u is present (mapped by the target data): it moves nothing
expect_eq "$(dumpq g.1 kind=data_op --field line | sort -un | tr '\n' ' ')" \
  "$(line 'omp target data') $(line 'omp target update to') $(line 'omp target update from') " \
  "g: the lines of the data operations"
expect_eq "$(dumpq g.1 kind=target --field line | sort -un | tr '\n' ' ')" \
  "$(line 'omp target data') $(line 'omp target update to') $(line 'omp target teams') $(line 'omp target update from') " \
  "g: the lines of the target events"
[ "$(dumpq g.0 kind=data_op line= --count)" -gt 0 ] ||
  fail "g: without the library, -O2 data operations were expected to have no line (the case it fixes)"
expect_eq "$(dumpq g.1 kind=data_op op=to_device --field var | sort -u)" "u[0:N]" "g: the variable's name"
# no -g, and the plugin build: the same stream of data operations either way
for build in nog plugin; do
  for calls in 0 1; do
    dumpq $build.$calls kind=data_op --fields op,bytes,offset,line,var > $build.$calls.ops
  done
  cmp -s $build.0.ops $build.1.ops ||
    fail "$build: the library changed its data operations: $(diff $build.0.ops $build.1.ops | head -5)"
  # kind, count, line, file (a plain build's address names move with ASLR)
  "$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" $build.0.json $build.1.json > /dev/null ||
    fail "$build: the library changed its findings"
done
echo ok
