# Runs one program of examples/patterns four ways and checks the findings
# of `ompt-inst report --format json` for each (sourced by tests/patterns/*.sh).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"
. "$OI_SRC/tests/golden/lib_golden.sh"

# pattern_test NAME: examples/patterns/NAME.c built with the plugin (runs
# `merged`, `inferred` and `no_ompt`: OMP_TOOL=disabled, a runtime that
# loads no tool, where the shim starts from the first hook and infers the
# data operations) and plain with -g (`native`); every run must print
# what the program prints without the tool, and its findings must be exactly
# the table that the script's `expected` prints (see findings.py): the same
# kinds, counts, lines and names in every origin, the plain build's from
# its calls into the offload runtime (libompt-inst-offload.so); then each
# report must equal its golden expectation (tests/golden/).
pattern_test() {
  local src="$OI_SRC/examples/patterns/$1.c" origin
  build_three "$src" $OI_HOST_OFFLOAD -lm
  ./plain > expected.out
  run_three
  OMP_TOOL=disabled "$OI" run -o no_ompt -- ./plugin > no_ompt.out 2>/dev/null
  expect_eq "$(last_line no_ompt.out)" "$(last_line expected.out)" "no_ompt: program result"
  expect_eq "$(q no_ompt origin=native --count)" 0 "no_ompt: no runtime events"
  expect_eq "$(q no_ompt kind=data_op origin!=inferred --count)" 0 "no_ompt: data ops inferred"
  "$OI" report no_ompt | grep -q "runtime   runtime without OMPT: compiler events only" ||
    fail "no_ompt: the report does not say the runtime has no OMPT"
  # each run is the origin it claims to be
  expect_eq "$(q merged kind=data_op origin!=native --count)" 0 "merged: data ops from the runtime"
  expect_eq "$(q inferred kind=data_op origin!=inferred --count)" 0 "inferred: data ops inferred"
  # a plain build's sites are its calls into the offload runtime's
  # entry points, one per device construct: no host construct has one
  expect_eq "$(q native site!= construct!=target 'construct!=target update' \
    'construct!=target enter data' 'construct!=target exit data' --count)" 0 \
    "native: sites of device constructs only"
  [ "$(q inferred kind=data_op --count)" -gt 0 ] || fail "inferred: no data ops"
  for origin in merged inferred native no_ompt; do
    "$OI" report "$origin" --format json --output "$origin.json" || fail "$origin: report failed"
    # the no_ompt run's golden report is not kept apart: its findings are
    # the inferred run's
    [ "$origin" = no_ompt ] || golden_check "$1" "$origin" "$origin.json"
    expected | "$OI_PYTHON" "$OI_SRC/tests/patterns/findings.py" \
      "$origin.json" "$origin" "$src" > "$origin.findings" || fail "$origin: findings differ"
  done
  echo ok
}
