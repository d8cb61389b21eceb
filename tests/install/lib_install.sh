# Helpers for the tests of what a user installs and builds with; sourced
# after tests/lib.sh.

# The bundled example whose finding every build route must reproduce.
INSTALL_EXAMPLE="$OI_SRC/examples/patterns/duplicate_transfer.c"

# expect_example_findings OMPT_INST PROGRAM [SOURCE]: runs PROGRAM (built
# from INSTALL_EXAMPLE, or its copy named SOURCE, by some route) under the
# given `ompt-inst` command and asserts its report: the `target update to` at
# line 22 of SOURCE re-sends weights[0:N] 8 times, already there since the
# `target data` at line 20.
expect_example_findings() {
  local oi=$1 program=$2 source=${3:-duplicate_transfer.c} run
  run="run-$(basename "$program")"
  "$oi" run -o "$run" "$program" > "$run.out" 2> "$run.err" ||
    fail "$program under $oi: $(cat "$run.err")"
  expect_eq "$(cat "$run.out")" "duplicate_transfer: checksum 29839.440039" "the program's output"
  "$oi" report "$run" --format json > "$run.json" || fail "report of $run"
  "$OI_PYTHON" - "$run.json" "$source" <<'PY' || fail "findings of $program (above)"
import json, os, sys
report = json.load(open(sys.argv[1]))
dups = [f for f in report["findings"] if f["kind"] == "duplicate_transfer"]
got = [(f["var"], f["count"], f["bytes"], os.path.basename(f["file"]), f["line"],
        f["other"]["line"]) for f in dups]
want = [("weights[0:N]", 8, 262144, sys.argv[2], 22, 20)]
if got != want:
    sys.exit("duplicate transfers: got %s, want %s" % (got, want))
PY
}
