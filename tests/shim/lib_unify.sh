# Helpers for the three-way tests of the shim's merge (shim/unify.c), its
# host_constructs, more_constructs and mappings tests and the techniques'
# (golden, patterns, coverage) runs of both builds; sourced after tests/lib.sh.

# build_three SRC [FLAGS...]: `plugin` (instrumented) and `plain` (-g, no
# plugin) binaries of one program.
build_three() {
  local src=$1; shift
  cc_plugin plugin "$src" "$@"
  cc_plain plain "$src" -g "$@"
}

# run_three: the three runs, each checked to print what the program prints
# without the tool: `merged` (plugin build, native callbacks), `inferred`
# (plugin build, OMPT_INST_DISABLE_NATIVE=target), `native` (plain build).
run_three() {
  "$OI" run -o merged -- ./plugin > merged.out 2>/dev/null
  OMPT_INST_DISABLE_NATIVE=target "$OI" run -o inferred -- ./plugin > inferred.out 2>/dev/null
  "$OI" run -o native -- ./plain > native.out 2>/dev/null
  local run
  for run in merged inferred native; do
    expect_eq "$(last_line $run.out)" "$(last_line expected.out)" "$run: program result"
  done
}

last_line() { tail -n 1 "$1"; }

# symbolic RUN: a sed script that names the addresses the program printed
# on its first line (`a=0x... b=0x...`), so runs of different binaries
# compare.
symbolic() {
  head -n 1 "$1.out" | tr ' ' '\n' | sed -n 's/^\([^=]*\)=\(0x[0-9a-f]*\)$/s\/\\b\2\\b\/\1\/g/p'
}

# data_ops RUN FIELDS: the run's data operations, addresses named.
data_ops() {
  symbolic "$1" > "$1.sed"
  q "$1" kind=data_op --fields "$2" | sed -f "$1.sed"
}

# q RUN [FILTER...] [--count|--field NAME|--fields A,B]: q on a dump
# made once per run (the tests ask many questions of each run).
q() {
  local run=$1; shift
  [ -s "$run.jsonl" ] || "$OI" dump "$run" > "$run.jsonl" || fail "ompt-inst dump $run failed"
  "$OI_PYTHON" "$OI_SRC/tests/dumpq.py" "$run.jsonl" "$@"
}
