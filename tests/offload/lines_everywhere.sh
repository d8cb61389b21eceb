# Issue 38: a plain build with -g (no plugin), at -O0, -O2 and -O3, under
# `ompt-inst run`: every event has a line but the kinds docs/dump-format.md
# lists under "Events without a line" (read from there: the doc owns the
# list; on LLVM 14 so do the runtime's events of a kernel's constructs,
# whose code runs from an image the runtime loads from a temporary file: there
# the events the calls place are checked), and every data operation and
# target event sits on a line that holds an OpenMP target pragma, the same
# lines as the plugin build's.
. "$OI_SRC/tests/lib.sh"
sed -n '/<!-- events-without-line/,/<!-- end events-without-line/p' "$OI_SRC/docs/dump-format.md" |
  sed -n 's/^| `\([a-z_]*\)` |.*/\1/p' > unplaced
[ "$(wc -l < unplaced)" -ge 4 ] || fail "docs/dump-format.md: no list of events without a line"
check() { # NAME SRC: NAME.jsonl's lines against SRC's pragmas and the list
  "$OI_PYTHON" - "$1.jsonl" "$2" unplaced "${OI_LLVM:-}" <<'PY' || fail "$1: events out of place"
import json, sys
events = [json.loads(l) for l in open(sys.argv[1])]
src = open(sys.argv[2]).read().split("\n")
unplaced = set(open(sys.argv[3]).read().split())
pragmas = {i + 1 for i, l in enumerate(src) if l.lstrip().startswith("#pragma omp target")}
errors = []
for e in events:
    # the documented exceptions: the listed kinds, and events the runtime
    # sends without a code address outside any compiler site
    if e["kind"] in unplaced or (sys.argv[4] == "14" and not e.get("site")):
        continue
    if not e.get("line"):
        errors.append(f"no line: {e['kind']} {e.get('construct')} offset={e.get('offset')}")
    elif e["kind"] in ("data_op", "target") and e["line"] not in pragmas:
        errors.append(f"{e['kind']} {e.get('construct')} at line {e['line']}, no target pragma there")
if not any(e["kind"] == "data_op" for e in events):
    errors.append("no data operations")
for x in sorted(set(errors))[:10]:
    print(x)
sys.exit(1 if errors else 0)
PY
}
lines_of() { dumpq "$1" kind=data_op --field line | sort -un | tr '\n' ' '; }
for src in "$OI_SRC"/examples/patterns/*.c; do
  name=$(basename "$src" .c)
  levels="-O2"
  case $name in round_trip | unused_transfer) levels="-O0 -O2 -O3" ;; esac
  cc_plugin $name.plugin "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  "$OI" run -o $name.plugin.run -- ./$name.plugin > /dev/null 2>&1 || fail "$name: plugin run"
  for level in $levels; do
    run=$name$level
    cc_plain $run "$src" $level -g $OI_HOST_OFFLOAD -lm
    "$OI" run -o $run.run -- ./$run > $run.out 2>/dev/null || fail "$run: run failed"
    "$OI" dump $run.run > $run.jsonl || fail "$run: dump failed"
    check $run "$src"
    expect_eq "$(lines_of $run.run)" "$(lines_of $name.plugin.run)" "$run: the plugin build's data operation lines"
  done
done
echo ok
