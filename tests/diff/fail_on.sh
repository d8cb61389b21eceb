# `ompt-inst diff --fail-on` exits 3 when what it names happened and 0
# otherwise (docs/cli.md): a clean diff (one binary, three runs a side,
# recorded by `ompt-inst run --repeat 6`);
# a regression planted on purpose (the pattern's fix diffed against the
# original: its findings are new and more bytes move; a kernel built with
# 300 times the work: slower beyond noise, two runs a side); and usage
# errors (exit 2).
. "$OI_SRC/tests/lib.sh"
fixed="$OI_SRC/examples/patterns/fixed/round_trip.c"
cc_plugin original "$OI_SRC/examples/patterns/round_trip.c" -g $OI_HOST_OFFLOAD -lm
cc_plugin fixed "$fixed" -g $OI_HOST_OFFLOAD -lm
# --repeat: f-1 ... f-6, one run each
"$OI" run -o f --repeat 6 -- ./fixed >repeat.out 2>/dev/null || fail "run --repeat"
expect_eq "$(ls -d f*/ | tr -d / | tr '\n' ' ')" "f-1 f-2 f-3 f-4 f-5 f-6 " "the folders of --repeat 6"
expect_eq "$(grep -c '^round_trip: checksum' repeat.out)" 6 "runs of --repeat 6"
"$OI" run -o orig -- ./original >/dev/null 2>&1
mv f-1 f1

# clean: the same program, the sides' runs interleaved (a load that changes
# between the first three runs and the last three would look like a
# slowdown); the threshold is wide because this machine's timing noise is
# no part of what is tested
"$OI" diff --fail-on new-findings --fail-on regression=1000 f1 f-3 f-5 -- f-2 f-4 f-6 >clean.txt ||
  fail "a clean diff failed (exit $?): $(tail -n 1 clean.txt)"
tail -n 1 clean.txt | grep -q "no new finding; no construct slower beyond noise$" ||
  fail "clean summary: $(tail -n 1 clean.txt)"

# planted: the original after its fix
code=0
"$OI" diff --fail-on new-findings f1 orig >new.txt 2>new.err || code=$?
expect_eq "$code" 3 "--fail-on new-findings with a new finding"
grep -q "^ompt-inst diff: failed: 1 new finding$" new.err || fail "no reason given: $(cat new.err)"
tail -n 1 new.txt | grep -q "; 1 new finding;" || fail "summary: $(tail -n 1 new.txt)"
code=0
"$OI" diff --fail-on regression f1 orig >bytes.txt 2>bytes.err || code=$?
expect_eq "$code" 3 "--fail-on regression with more bytes moved"
grep -q "more bytes transferred" bytes.err || fail "no reason given: $(cat bytes.err)"
# the other way round it is a fix: exit 0
"$OI" diff --fail-on new-findings --fail-on regression orig f1 >fix.txt ||
  fail "a fix failed --fail-on (exit $?)"

# planted: 300 times the work in the kernel, the same transfers
cc_plugin quick "$OI_SRC/tests/diff/programs/slow.c" -O1 -DWORK=1 $OI_HOST_OFFLOAD
cc_plugin slow "$OI_SRC/tests/diff/programs/slow.c" -O1 -DWORK=300 $OI_HOST_OFFLOAD
for run in q1 q2; do "$OI" run -o $run -- ./quick >/dev/null 2>&1; done
for run in s1 s2; do "$OI" run -o $run -- ./slow >/dev/null 2>&1; done
code=0
"$OI" diff --fail-on regression=50 q1 q2 -- s1 s2 >slow.txt 2>slow.err || code=$?
expect_eq "$code" 3 "--fail-on regression with a slower kernel"
grep -q "^kernel @slow.c:[0-9]* .* SLOWER$" slow.txt || fail "no SLOWER kernel: $(cat slow.txt)"
code=0
"$OI" diff --fail-on new-findings q1 q2 -- s1 s2 >/dev/null || code=$?
expect_eq "$code" 0 "--fail-on new-findings with no new finding"

# usage errors
code=0
"$OI" run --repeat 0 -- ./fixed >/dev/null 2>&1 || code=$?
expect_eq "$code" 2 "run --repeat 0"
for args in "f1" "f1 f-2 f-3" "--fail-on slower f1 f-2" "--fail-on regression=x f1 f-2" \
            "--format pdf f1 f-2" "f1 --" "--top ten f1 f-2" "f1 f-2 --output"; do
  code=0
  "$OI" diff $args >/dev/null 2>usage.err || code=$?
  expect_eq "$code" 2 "ompt-inst diff $args"
  head -n 1 usage.err | grep -q "^ompt-inst diff: " || fail "$args: $(head -n 1 usage.err)"
done
echo ok
