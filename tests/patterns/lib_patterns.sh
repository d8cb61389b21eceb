# Runs one program of examples/patterns three ways and checks the findings
# of `ompt-inst report --format json` for each (sourced by tests/patterns/*.sh).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/unify/lib_unify.sh"
. "$OI_SRC/tests/golden/lib_golden.sh"

# pattern_test NAME: examples/patterns/NAME.c built with the plugin (runs
# `merged` and `inferred`) and plain with -g (`native`); every run must print
# what the program prints without the tool, and its findings must be exactly
# the table that the script's `expected ORIGIN` prints (see findings.py);
# then each report must equal its golden expectation (tests/golden/).
pattern_test() {
  local src="$OI_SRC/examples/patterns/$1.c" origin
  build_three "$src" $OI_HOST_OFFLOAD -lm
  ./plain > expected.out
  run_three
  # each run is the origin it claims to be
  expect_eq "$(q merged kind=data_op origin!=native --count)" 0 "merged: data ops from the runtime"
  expect_eq "$(q inferred kind=data_op origin!=inferred --count)" 0 "inferred: data ops inferred"
  expect_eq "$(q native site!= --count)" 0 "native: no compiler sites"
  [ "$(q inferred kind=data_op --count)" -gt 0 ] || fail "inferred: no data ops"
  for origin in merged inferred native; do
    "$OI" report "$origin" --format json --output "$origin.json" || fail "$origin: report failed"
    golden_check "$1" "$origin" "$origin.json"
    expected "$origin" | "$OI_PYTHON" "$OI_SRC/tests/patterns/findings.py" \
      "$origin.json" "$origin" "$src" > "$origin.findings" || fail "$origin: findings differ"
  done
  echo ok
}
