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
# LLVM 14's runtime reports no target regions and no data operations: the
# calls give the plain build compiler-like construct events and inferred
# data operations, as the plugin build has them
target=kind=target
[ "${OI_LLVM:-}" = 14 ] && target="kind=construct origin=compiler"
# -g: every data operation and target event on a pragma's line, named
expect_eq "$(dumpq g.1 kind=data_op line= --count)" 0 "g: data operations without a line"
expect_eq "$(dumpq g.1 $target line= --count)" 0 "g: target events without a line"
# the kernel's u is present (mapped by the target data): it moves nothing
expect_eq "$(dumpq g.1 kind=data_op --field line | sort -un | tr '\n' ' ')" \
  "$(line 'omp target data') $(line 'omp target update to') $(line 'omp target update from') " \
  "g: the lines of the data operations"
expect_eq "$(dumpq g.1 $target --field line | sort -un | tr '\n' ' ')" \
  "$(line 'omp target data') $(line 'omp target update to') $(line 'omp target teams') $(line 'omp target update from') " \
  "g: the lines of the target events"
if [ "${OI_LLVM:-}" = 14 ]; then
  expect_eq "$(dumpq g.0 kind=data_op --count)" 0 "g: without the library, LLVM 14 has no data operations"
  [ "$(dumpq g.1 kind=data_op origin=inferred --count)" -gt 0 ] || fail "g: no inferred data operations"
else
  # the return addresses' lines: near the pragmas, not on them (the line
  # table's nearest line before a line-0 row)
  [ "$(dumpq g.0 kind=data_op --field line | sort -un | tr '\n' ' ')" != "$(dumpq g.1 kind=data_op --field line | sort -un | tr '\n' ' ')" ] ||
    fail "g: without the library, -O2 data operations were expected off their pragmas' lines (the case it fixes)"
fi
expect_eq "$(dumpq g.1 kind=data_op op=to_device --field var | sort -u)" "u[0:N]" "g: the variable's name"
# no -g, and the plugin build: the same stream of data operations either way
# (LLVM 14: without -g the calls are what gives a plain build data
# operations at all, inferred, the array named by its symbol)
unchanged="nog plugin"
if [ "${OI_LLVM:-}" = 14 ]; then
  unchanged=plugin
  [ "$(dumpq nog.1 kind=data_op origin=inferred --count)" -gt 0 ] || fail "nog: no inferred data operations"
  expect_eq "$("$OI_PYTHON" -c 'import json,sys; print(" ".join(v["var"] for v in json.load(open(sys.argv[1]))["variables"]))' nog.1.json)" \
    u "nog: named by symbol"
fi
for build in $unchanged; do
  for calls in 0 1; do
    dumpq $build.$calls kind=data_op --fields op,bytes,offset,line,var > $build.$calls.ops
  done
  cmp -s $build.0.ops $build.1.ops ||
    fail "$build: the library changed its data operations: $(diff $build.0.ops $build.1.ops | head -5)"
  # kind, count, line, file (a plain build's address names move with ASLR)
  "$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" $build.0.json $build.1.json > /dev/null ||
    fail "$build: the library changed its findings"
done
# LLVM 14 without the library: the runtime's events of a kernel's
# constructs carry code addresses that the module map places in another
# library (libffi) with no line there (docs/llvm14.md); the attribution
# invariant is held on the runs with the library
[ "${OI_LLVM:-}" = 14 ] && rm -f g.0/trace.oit nog.0/trace.oit
echo ok
