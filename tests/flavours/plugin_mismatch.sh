# Issue 37: one ompt-inst for every clang a flavour is built for. A plugin
# loaded into another clang than its own stops the compile with one line
# naming the plugin that fits (never an object without hooks); the primary
# build's `ompt-inst cc --clang=clang-22` (and OMPT_INST_CLANG, and
# ompt-inst-c++ with OMPT_INST_CLANGXX) compiles with this build's plugin
# and runtime; an unknown clang and a GPU target without a device library
# are refused in one line each. Runs in the clang 22 build.
. "$OI_SRC/tests/lib.sh"
unset LD_LIBRARY_PATH LIBRARY_PATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH
P19="$OI_BUILD_19/lib/ompt-inst.so"
OI_19="$OI_BUILD_19/bin/ompt-inst"
[ -x "$OI_19" ] && [ -f "$P19" ] || fail "no primary build at $OI_BUILD_19"
CLANG_19="$(sed -n 's/^clang=//p' "$OI_BUILD/lib/ompt-inst-flavours/19")"
[ -x "$CLANG_19" ] || fail "the primary flavour is not registered in this build"
cp "$OI_SRC/examples/heat.c" heat.c

# refused(DESCRIPTION LINE COMMAND...): exit 1, LINE alone on stderr, no object
refused() {
  local what=$1 line=$2; shift 2
  set +e
  "$@" -c heat.c -o refused.o 2> err; local rc=$?
  set -e
  expect_eq "$rc" 1 "$what: exit code"
  expect_eq "$(cat err)" "$line" "$what: message"
  [ ! -e refused.o ] || fail "$what: an object was written"
}
refused "clang $OI_LLVM with the 19 plugin" \
  "ompt-inst: $P19 is built for clang 19 and cannot instrument in clang $OI_LLVM: use $OI_PLUGIN" \
  "$OI_CLANG" -fopenmp -fplugin="$P19"
refused "clang 19 with the $OI_LLVM plugin" \
  "ompt-inst: $OI_PLUGIN is built for clang $OI_LLVM and cannot instrument in clang 19: use $P19" \
  "$CLANG_19" -fopenmp -fplugin="$OI_PLUGIN"

# the primary ompt-inst drives this clang with this flavour's plugin and runtime
hooks() { nm "$1" | grep -c "ompt_inst" || true; }
"$OI_19" cc --clang="$OI_CLANG" -O1 $OI_HOST_OFFLOAD heat.c -o heat.opt || fail "--clang=: cc failed"
OMPT_INST_CLANG="$OI_CLANG" "$OI_BUILD_19/bin/ompt-inst-cc" -O1 -c heat.c -o heat.env.o ||
  fail "OMPT_INST_CLANG: cc failed"
[ "$(hooks heat.env.o)" -gt 0 ] || fail "OMPT_INST_CLANG: an object without hooks"
printf '#include <cstdio>\nint main() {\n#pragma omp parallel\n  std::puts("x");\n}\n' > hello.cpp
OMPT_INST_CLANGXX="${OI_CLANGXX}" "$OI_BUILD_19/bin/ompt-inst-c++" hello.cpp -o hello ||
  fail "OMPT_INST_CLANGXX: c++ failed"
"$OI_19" c++ --clang="$OI_CLANG" hello.cpp -o hello2 || fail "c++ --clang=: failed"
ldd ./heat.opt > heat.ldd
for lib in libomp.so.5 libomptarget.so.$OI_LLVM; do
  grep -q "$lib[^ ]* => $OI_RUNTIME_DIR/" heat.ldd || fail "$lib is not this flavour's: $(cat heat.ldd)"
done
"$OI_19" run -o run ./heat.opt > heat.out || fail "the primary ompt-inst run failed"
"$OI_19" report run --format json --output heat.json || fail "report failed"
"$OI_PYTHON" - heat.json <<'PY' || fail "the run holds no construct of the plugin"
import json, sys
doc = json.load(open(sys.argv[1]))
text = json.dumps(doc)
assert '"heat.c"' in text or 'heat.c' in text, 'no heat.c site'
PY

# one line for a clang no flavour is built for, and for a GPU target
printf '#!/bin/sh\necho "clang version 99.0.1"\n' > clang-99; chmod +x clang-99
set +e
"$OI_19" cc --clang="$PWD/clang-99" -c heat.c 2> err; rc=$?
set -e
expect_eq "$rc" 127 "unknown clang: exit code"
expect_eq "$(wc -l < err)" 1 "unknown clang: one line"
grep -q "^ompt-inst: --clang=$PWD/clang-99 is clang 99, and this ompt-inst (LLVM 19; other flavours registered: .*$OI_LLVM.*) has no plugin for it" err ||
  fail "unknown clang: $(cat err)"
set +e
"$OI" cc --offload-arch=sm_90 -c heat.c 2> err; rc=$?
set -e
expect_eq "$rc" 127 "sm_90 on clang $OI_LLVM: exit code"
grep -q "^ompt-inst: clang $OI_LLVM has no nvptx device library (.*libomptarget-nvptx\*.bc): build GPU code with another clang (--clang=)$" err ||
  fail "sm_90 on clang $OI_LLVM: $(cat err)"
echo ok
