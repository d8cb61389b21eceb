# A struct copied back whole after the runtime attached a device pointer
# into its device copy is hashed as copied (the device pointer in it), not
# after the runtime restored the host's pointer, wherever the pointer lies
# in the struct: no round trip of the struct, which the kernels leave as it
# was, at offset 8 as at offset 0; the arrays' round trips (each region
# copies in what the previous one copied back) as OMPDataPerf counts them,
# 2 of 3 per region. Plain and plugin builds, -O2 -g.
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/shim/programs/attached_pointers.c"
line_of() { grep -n "/\* $1 \*/" "$src" | cut -d: -f1; }
line8=$(line_of smooth8)
line0=$(line_of smooth0)
for build in plain plugin; do
  "cc_$build" "$build" "$src" -O2 -g $OI_HOST_OFFLOAD
  ./"$build" > "$build.native" || fail "$build: the program failed"
  "$OI" run -o "$build.run" -- ./"$build" > "$build.out" 2> "$build.err" ||
    fail "$build under ompt-inst run: $(cat "$build.err")"
  cmp -s "$build.native" "$build.out" || fail "$build: output changed: $(diff "$build.native" "$build.out")"
  "$OI" report "$build.run" --format json --output "$build.json" || fail "$build: report"
  expect_eq "$("$OI_PYTHON" - "$build.json" <<'PY'
import json, sys
findings = json.load(open(sys.argv[1]))["findings"]
for f in sorted(findings, key=lambda f: (f["line"], f["var"])):
    if f["kind"] == "round_trip":
        print(f["line"], f["var"], f["count"], "of", f["total"])
PY
)" "$(printf '%s\n' "$line8 f->a[0:f->n] 2 of 3" "$line0 f->a[0:f->n] 2 of 3")" "$build: the round trips"
  # each struct's copy back (16 bytes) holds the device pointer: no hash
  # of a copy back is one of a copy to the device
  for line in "$line8" "$line0"; do
    dumpq "$build.run" kind=data_op op=to_device bytes=16 line="$line" --field hash | sort -u > to
    dumpq "$build.run" kind=data_op op=from_device bytes=16 line="$line" --field hash | sort -u > back
    expect_eq "$(dumpq "$build.run" kind=data_op op=from_device bytes=16 line="$line" --count)" 3 \
      "$build, line $line: the struct's copies back"
    [ -s to ] || fail "$build, line $line: no copy of the struct to the device"
    [ -z "$(comm -12 to back)" ] || fail "$build, line $line: the struct's copy back hashed after the host's pointer came back"
  done
done
echo ok
