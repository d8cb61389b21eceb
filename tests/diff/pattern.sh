# tests/diff/pattern.sh NAME: examples/patterns/NAME.c against its fix in
# examples/patterns/fixed/NAME.c, both plugin builds (round_trip also plain
# -g builds, where variables have no names): the same checksum line, and
# `ompt-inst diff` says what check_pattern.py expects of NAME: every
# finding gone, the achieved saving against the predicted one, no new
# finding.
. "$OI_SRC/tests/lib.sh"
name=$1
src="$OI_SRC/examples/patterns/$name.c"
fixed="$OI_SRC/examples/patterns/fixed/$name.c"

# diff_pair BUILD: builds both with cc_BUILD, runs them, checks the diff
diff_pair() {
  local build=$1
  "cc_$build" "before_$build" "$src" -g $OI_HOST_OFFLOAD -lm
  "cc_$build" "after_$build" "$fixed" -g $OI_HOST_OFFLOAD -lm
  "$OI" run -o "b_$build" -- "./before_$build" >"b_$build.out" 2>/dev/null
  "$OI" run -o "a_$build" -- "./after_$build" >"a_$build.out" 2>/dev/null
  expect_eq "$(cat "a_$build.out")" "$(cat "b_$build.out")" "$build: the checksum line"
  grep -q "^$name: checksum " "b_$build.out" || fail "$build: no checksum line"
  "$OI" diff --format json "b_$build" "a_$build" >"$build.json" || fail "$build: diff --format json"
  "$OI_PYTHON" "$OI_SRC/tests/diff/check_pattern.py" "$build.json" "$name" "$build" ||
    fail "$build: the diff"
  # the text says the same in its last line, and --fail-on new-findings passes
  "$OI" diff --fail-on new-findings "b_$build" "a_$build" >"$build.txt" ||
    fail "$build: --fail-on new-findings failed a fix"
  local total
  total=$("$OI_PYTHON" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$build.json")
  tail -n 1 "$build.txt" | grep -q "^summary: $total of $total findings\? fixed, .*; no new finding;" ||
    fail "$build: summary line: $(tail -n 1 "$build.txt")"
}

diff_pair plugin
[ "$name" = round_trip ] && diff_pair plain
echo ok
