# On a large trace the report shows its progress on stderr when stderr is a
# terminal, and nothing when it is not; the report itself is the same.
source "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/report/programs/many_regions.c"
line=$(grep -n 'pragma omp parallel' "$src" | cut -d: -f1)
cc_plain prog "$src" -g -O1
"$OI" run -o run ./prog > out 2> /dev/null
expect_eq "$(cat out)" "60000" "program output"
events=$(dumpq run --count)

# not a terminal: no progress at all
"$OI" report run --format json --output plain.json 2> err
expect_eq "$(cat err)" "" "stderr when not a terminal"
# a terminal (script(1) gives the command a pseudo-terminal)
script -qec "'$OI' report run --format json --output tty.json" /dev/null > tty.txt
grep -q "ompt-inst report: 100% of $events events" tty.txt || fail "progress line: $(cat -v tty.txt)"
cmp -s <("$OI_PYTHON" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["constructs"])' plain.json) \
       <("$OI_PYTHON" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["constructs"])' tty.json) \
  || fail "the report depends on the terminal"
"$OI_PYTHON" - plain.json "$line" <<'PY' || fail "30000 regions of 2 threads"
import json, sys
d = json.load(open(sys.argv[1]))
rows = {(c["line"], c["construct"]): c for c in d["constructs"] if c.get("line")}
line = int(sys.argv[2])
assert rows[(line, "parallel")]["instances"] == 30000, rows[(line, "parallel")]
assert rows[(line, "implicit task")]["instances"] == 60000
assert rows[(line, "implicit task")]["threads"] == 2
PY
echo ok
