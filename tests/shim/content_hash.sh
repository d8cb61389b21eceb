# Content hashing modes (OMPT_INST_HASH) on a 2.4 MB array mapped `to`
# twice unchanged: by default (`full`) its transfers are hashed whole and
# the duplicate is certain; `sampled` hashes them from spread blocks (flag
# hash_sampled) and reports the duplicate as probable, in the text and
# JSON reports; `off` hashes nothing (no hash_valid, no duplicate); an
# unknown mode gets one line on stderr and the default. The runtime's data
# operations (LLVM 14's runtime reports none: there inferred ones) and
# inferred ones (without device callbacks) alike. The plugin build: only
# there is the first kernel known not to write `a` (in a plain build the
# duplicate is low, whatever the hashes: tests/patterns/advice_shapes.sh).
. "$OI_SRC/tests/lib.sh"
cc_plugin plugin "$OI_SRC/tests/shim/programs/large_duplicate.c" $OI_HOST_OFFLOAD
./plugin > expected.out
big=2400000
a_var=a
prog=plugin

# run NAME PROGRAM [ENV...]: the program under `ompt-inst run` with ENV
run() {
  local name=$1 program=$2; shift 2
  env "$@" "$OI" run -o "$name" -- "./$program" > "$name.out" 2> "$name.log"
  grep -v ' events recorded in ' "$name.log" > "$name.err" || true
  expect_eq "$(cat "$name.out")" "$(cat expected.out)" "$name: program output"
  "$OI" report "$name" --format json --output "$name.json" || fail "$name: report failed"
  "$OI" report "$name" --format text --output "$name.txt" || fail "$name: text report failed"
}

# json NAME EXPR: a Python expression over the report `r`
json() {
  "$OI_PYTHON" -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
    "$1.json" "$2"
}
# the duplicates as (var with its address named ADDR, count, total, sampled, probable)
duplicates() {
  json "$1" '[(__import__("re").sub("0x[0-9a-f]+", "ADDR", f["var"]), f["count"], f["total"], f["sampled"], f["probable"]) for f in r["findings"] if f["kind"] == "duplicate_transfer"]'
}
probable_others() { json "$1" 'sum(f["probable"] for f in r["findings"] if f["kind"] != "duplicate_transfer")'; }

run sampled $prog OMPT_INST_HASH=sampled
expect_eq "$(cat sampled.err)" "" "sampled: nothing on stderr"
expect_eq "$(dumpq sampled kind=data_op op=to_device bytes=$big hash_valid=true hash_sampled=true --count)" 2 \
  "sampled: both transfers of a hashed from blocks"
expect_eq "$(dumpq sampled kind=data_op bytes=8 op=from_device hash_valid=true hash_sampled= --count)" 2 \
  "sampled: the 8-byte results hashed whole"
expect_eq "$(dumpq sampled kind=data_op op=to_device bytes=$big --field hash | sort -u | wc -l)" 1 \
  "sampled: one content"
expect_eq "$(json sampled 'r["run"]["hash"]')" sampled "sampled: run info"
expect_eq "$(duplicates sampled)" "[('$a_var', 1, 1, 1, True)]" "sampled: the duplicate, probable"
expect_eq "$(probable_others sampled)" 0 "sampled: nothing else probable"
grep -q '^  hashing   sampled: ' sampled.txt || fail "sampled: no hashing line in the text report"
# the finding's line ends in the mark, once (wrapped at 100 columns: the
# finding's first line and its continuation are read as one)
"$OI_PYTHON" - sampled.txt > sampled.marked <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for m in re.finditer(r"^(\d+\. .*(?:\n   \S.*)*)", text, re.M):
    if "probable (sampled hashes)" in " ".join(m.group(1).split()):
        print(m.group(1).split(" of ")[0])
PY
# (findings are ordered by avoidable time: under load the repeated allocation
# may take longer than the duplicate, so the number is not checked)
expect_eq "$(sed 's/^[0-9]*\. //' sampled.marked)" duplicate_transfer \
  "sampled: one probable finding in the text, the duplicate"

run full $prog
expect_eq "$(cat full.err)" "" "full (the default): nothing on stderr"
expect_eq "$(dumpq full kind=data_op op=to_device bytes=$big hash_valid=true hash_sampled= --count)" 2 \
  "full: both transfers of a hashed whole"
expect_eq "$(dumpq full kind=data_op hash_sampled=true --count)" 0 "full: nothing sampled"
expect_eq "$(json full 'r["run"]["hash"]')" full "full: run info"
expect_eq "$(duplicates full)" "[('$a_var', 1, 1, 0, False)]" "full: the duplicate, certain"
grep -q 'probable' full.txt && fail "full: the text report says probable"
grep -q '^  hashing   full: ' full.txt || fail "full: no hashing line in the text report"

run off $prog OMPT_INST_HASH=off
expect_eq "$(dumpq off kind=data_op op=to_device --count)" 2 "off: transfers still recorded"
expect_eq "$(dumpq off kind=data_op hash_valid=true --count)" 0 "off: nothing hashed"
expect_eq "$(json off 'r["run"]["hash"]')" off "off: run info"
expect_eq "$(duplicates off)" "[]" "off: no duplicate"

run bogus $prog OMPT_INST_HASH=bogus
expect_eq "$(cat bogus.err)" \
  "ompt-inst: OMPT_INST_HASH: unknown mode 'bogus' (expected full, sampled or off); using full" \
  "bogus: one line on stderr"
expect_eq "$(json bogus 'r["run"]["hash"]')" full "bogus: the default"
expect_eq "$(duplicates bogus)" "[('$a_var', 1, 1, 0, False)]" "bogus: whole as by default"

# inferred data operations (shim/mapsim.c) are hashed the same way
run inferred plugin OMPT_INST_DISABLE_NATIVE=target OMPT_INST_HASH=sampled
expect_eq "$(dumpq inferred kind=data_op origin=inferred op=to_device bytes=$big hash_sampled=true --count)" 2 \
  "inferred: both transfers of a hashed from blocks"
expect_eq "$(json inferred '[(f["var"], f["probable"]) for f in r["findings"] if f["kind"] == "duplicate_transfer"]')" \
  "[('a', True)]" "inferred: the duplicate of a, probable"
run inferred_full plugin OMPT_INST_DISABLE_NATIVE=target
expect_eq "$(dumpq inferred_full kind=data_op hash_sampled=true --count)" 0 "inferred, full: nothing sampled"
expect_eq "$(json inferred_full '[(f["var"], f["probable"]) for f in r["findings"] if f["kind"] == "duplicate_transfer"]')" \
  "[('a', False)]" "inferred, full: the duplicate of a, certain"
echo ok
