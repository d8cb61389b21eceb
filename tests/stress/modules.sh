# A program linked with 160 shared objects, which the tool writes at its
# start and again, for what was loaded since, at the end: ten times the 16
# modules the test build remembers at first (1,024 in the tool). The table
# grows: every module is in the trace exactly once, none written twice.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=160
gen modules $n prog.c
mkdir modules
echo 'int module_one(void) { return 1; }' > module.c
"$OI_CLANG" -shared -fPIC -nostdlib module.c -o modules/libmodule0.so
for i in $(seq 1 $((n - 1))); do cp modules/libmodule0.so modules/libmodule$i.so; done
cc_plain prog prog.c -g -L modules -Wl,--no-as-needed $(seq -f '-lmodule%g' 0 $((n - 1))) \
  -Wl,-rpath,"$PWD/modules"
for tool in small full; do
  recorded $tool $tool "modules=$n one=1" ./prog
  "$OI_PYTHON" - $tool.jsonl $n <<'PY' || fail "$tool: modules"
import collections, json, sys
header = json.loads(open(sys.argv[1]).readline())
paths = collections.Counter(m["path"] for m in header["modules"])
twice = [p for p, c in paths.items() if c > 1]
assert not twice, f"written more than once: {twice[:3]}"
loaded = [p for p in paths if "/modules/libmodule" in p]
assert len(loaded) == int(sys.argv[2]), len(loaded)
PY
done
