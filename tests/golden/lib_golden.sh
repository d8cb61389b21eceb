# Golden reports (sourced after tests/lib.sh): the deterministic part of a
# JSON report compared exactly with tests/golden/expected/NAME.ORIGIN.json.
# OI_GOLDEN_WRITE=1 (scripts/regen-golden.sh) rewrites the expectation.

# golden_check NAME ORIGIN REPORT.json
golden_check() {
  local expected="$OI_SRC/tests/golden/expected/$1.$2.json" write=()
  [ "${OI_GOLDEN_WRITE:-0}" = 1 ] && write=(--write)
  "$OI_PYTHON" "$OI_SRC/tests/golden/golden.py" "$3" "$expected" "${write[@]}" \
    || fail "$1 ($2): the report differs from its golden expectation"
}

# golden_three NAME SRC [FLAGS...]: SRC built with and without the plugin,
# run merged, inferred and native (tests/shim/lib_unify.sh), each run
# printing what the program prints without the tool, and each run's JSON
# report checked against its expectation.
golden_three() {
  local name=$1 src=$2 origin; shift 2
  build_three "$src" "$@"
  ./plain > expected.out
  run_three
  for origin in merged inferred native; do
    "$OI" report "$origin" --format json --output "$origin.json" || fail "$origin: report failed"
    golden_check "$name" "$origin" "$origin.json"
  done
}
