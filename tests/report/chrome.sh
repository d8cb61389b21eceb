# The Chrome trace parses, its slices nest on every track, and it has one
# slice per begin event and per data operation of the stream.
source "$OI_SRC/tests/lib.sh"
q() { "$OI_PYTHON" "$OI_SRC/tests/report/reportq.py" "$@"; }
src="$OI_SRC/tests/report/programs/transfers.c"
target=$(grep -n 'pragma omp target' "$src" | cut -d: -f1)

for build in plain plugin; do
  if [ $build = plain ]; then cc_plain prog "$src" -g $OI_HOST_OFFLOAD;
  else cc_plugin prog "$src" -g $OI_HOST_OFFLOAD; fi
  "$OI" run -o run-$build ./prog > /dev/null 2>&1
  "$OI" report run-$build --format chrome --output trace.json
  q chrome trace.json > summary || fail "chrome trace of the $build build"
  begins=$(dumpq run-$build endpoint=begin kind!=thread --count)
  kernels=$(dumpq run-$build endpoint=begin kind=kernel --count)
  data=$(dumpq run-$build kind=data_op endpoint!=begin --count)
  expect_eq "$(grep '^slices construct ' summary)" "slices construct $((begins - kernels))" "$build: construct slices"
  expect_eq "$(grep '^slices kernel ' summary)" "slices kernel $kernels" "$build: kernel slices"
  expect_eq "$kernels" "10" "$build: kernels in the stream"
  expect_eq "$(grep '^slices data ' summary)" "slices data $data" "$build: data slices"
  # kernels and data operations on the device's track, in their own process
  "$OI_PYTHON" - trace.json <<'PY' || fail "$build: device tracks"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = {(e["pid"]): e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"}
for e in ev:
    if e["ph"] == "X" and e["cat"] in ("kernel", "data"):
        assert names[e["pid"]] == "device 0", e
    if e["ph"] == "X" and e["cat"] == "data":
        assert "bytes" in e["args"] and "var" in e["args"], e
PY
done
grep -qx "kernel @transfers.c:$target" summary || fail "kernel slice name"
grep -qx "to_device a\[0:N\]" summary || fail "data slice named by its variable"
grep -Eqx "parallel( for)? @transfers.c:$((target + 4))" summary || fail "parallel slice name"
echo ok
