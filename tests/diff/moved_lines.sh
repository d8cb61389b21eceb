# Matching survives an edit that moves every line: examples/heat.c with ten
# lines inserted at its top, plugin builds: every construct, variable and
# finding has its match, ten lines further down, and nothing is new or
# gone; the same with plain -g builds, whose rows come from return
# addresses.
. "$OI_SRC/tests/lib.sh"
{ for i in 1 2 3 4 5 6 7 8 9 10; do echo "/* inserted line $i */"; done
  cat "$OI_SRC/examples/heat.c"; } >heat.c
for build in plugin plain; do
  "cc_$build" "original_$build" "$OI_SRC/examples/heat.c" -g $OI_HOST_OFFLOAD
  "cc_$build" "moved_$build" heat.c -g $OI_HOST_OFFLOAD
  "$OI" run -o "b_$build" -- "./original_$build" 2 >/dev/null 2>&1
  "$OI" run -o "a_$build" -- "./moved_$build" 2 >/dev/null 2>&1
  "$OI" diff --format json "b_$build" "a_$build" >"$build.json" || fail "$build: diff failed"
  "$OI" diff "b_$build" "a_$build" >"$build.txt" || fail "$build: diff failed"
  grep -q "none: every construct and variable has its match" "$build.txt" ||
    fail "$build: rows not matched: $(sed -n '/^Not matched/,/^Totals/p' "$build.txt")"
  "$OI_PYTHON" - "$build.json" <<'PY' || fail "$build: matching after moving lines"
import json, re, sys
d = json.load(open(sys.argv[1]))
line = lambda where: int(re.search(r":(\d+)$", where).group(1))
cs = d["constructs"]
assert cs and all(c["matched"] for c in cs), [c for c in cs if not c["matched"]]
moved = [(c["before"]["where"], c["after"]["where"]) for c in cs if re.search(r":\d+$", c["before"]["where"])]
assert moved and all(line(a) == line(b) + 10 for b, a in moved if line(b)), moved
assert all(v["matched"] for v in d["variables"]), d["variables"]
f = d["findings"]
assert f and all(x["status"] == "still there" for x in f), f
assert all(x["before"]["count"] == x["after"]["count"] and x["after"]["line"] in (0, x["before"]["line"] + 10) for x in f), f
assert d["totals"]["new_findings"] == 0, d["totals"]
PY
done
echo ok
