# Issue 49: advice a user can follow blindly, on one program per shape
# found in public code, both builds -O2 -g:
#  - a kernel written for a GPU's thread count (gpu_thread_count.c): what
#    came back unchanged on the host's threads is low in both builds, with
#    the kernel's line, never certain advice to narrow or drop the transfer;
#  - a kernel writing through a pointer no clause maps (pointer_kernel.c):
#    the plugin build charges the write to the mapping the pointer points
#    into (a's duplicate certain); the plain build cannot see the body: low,
#    saying the kernel went unseen and how to prove it;
#  - a macro that expands to an if() clause (macro_if_clause.c): the map
#    items keep their names in the plugin build;
#  - a templated kernel instantiated twice (template_kernel.cpp): one
#    finding in both builds, the plugin build saying it covers both;
#  - omp_target_memcpy inside `target data use_device_ptr`
#    (memcpy_in_target_data.c): the call's copy, at its line, into the
#    node it writes, in both builds;
#  - names as written, 2-D sections whole, absolute files, from any working
#    folder, for a program compiled from a relative path (written_names.c);
#  - `ompt-inst diff` of two spellings of one variable: matched, with a
#    warning (spelled_once.c).
. "$OI_SRC/tests/lib.sh"
programs="$OI_SRC/tests/patterns/programs"
findings() { "$OI_PYTHON" "$OI_SRC/tests/patterns/advice_findings.py" "$1"; }
# run_report BUILD RUN [DIR]: run ./BUILD from DIR (default here), JSON report
run_report() {
  local build=$1 run=$2 dir=${3:-.}
  (cd "$dir" && "$OI" run -o "$TEST_TMP/$run" -- "$TEST_TMP/$build") > "$run.out" 2>&1 ||
    fail "$run: $(tail -3 "$run.out")"
  "$OI" report "$TEST_TMP/$run" --format json --output "$run.json" || fail "$run: report failed"
  findings "$run.json" > "$run.findings"
}

# 1. the GPU thread count: both builds alike, low where the kernel may write
src="$programs/gpu_thread_count.c"
kernel=$(grep -n 'omp target teams' "$src" | cut -d: -f1)
cc_plugin gpu.plugin "$src" -O2 -g $OI_HOST_OFFLOAD
cc_plain gpu.plain "$src" -O2 -g $OI_HOST_OFFLOAD
for b in plugin plain; do run_report gpu.$b gpu.$b.run; done
# the same, but that only the plain build's kernel went unseen
expect_eq "$(sed 's/ unseen$//' gpu.plain.run.findings)" "$(cat gpu.plugin.run.findings)" \
  "gpu: the builds' findings"
expect_eq "$(grep -c " low kernel@$kernel" gpu.plain.run.findings)" 2 "gpu: x's copy back and y's, low"
grep -q "round_trip from_device x\[0:N\] $src $kernel 5 low kernel@$kernel unseen" gpu.plain.run.findings ||
  fail "gpu: x's copy back not low in the plain build: $(cat gpu.plain.run.findings)"
# no certain advice to narrow x or copy y back once
"$OI_PYTHON" - gpu.plain.run.json gpu.plugin.run.json <<'PY' || fail "gpu: certain advice that a GPU run breaks"
import json, sys
for path in sys.argv[1:]:
    for f in json.load(open(path))["findings"]:
        if f["confidence"] == "certain" and f["op"] == "from_device":
            sys.exit(f"{path}: {f['suggestion']}")
PY

# 2. a write through an unmapped pointer: charged to y, not to a
src="$programs/pointer_kernel.c"
kernel=$(grep -n 'omp target teams' "$src" | cut -d: -f1)
data=$(grep -n 'omp target data' "$src" | cut -d: -f1)
cc_plugin ptr.plugin "$src" -O2 -g $OI_HOST_OFFLOAD
cc_plain ptr.plain "$src" -O2 -g $OI_HOST_OFFLOAD
for b in plugin plain; do run_report ptr.$b ptr.$b.run; done
grep -qx "duplicate_transfer to_device a\[0:n\] $src $data 3 certain" ptr.plugin.run.findings ||
  fail "ptr: a's resend not certain in the plugin build: $(cat ptr.plugin.run.findings)"
grep -qx "duplicate_transfer to_device a\[0:n\] $src $data 3 low kernel@$kernel unseen" ptr.plain.run.findings ||
  fail "ptr: a's resend not low (unseen kernel) in the plain build: $(cat ptr.plain.run.findings)"
grep -qx "duplicate_transfer from_device y\[0:n\] $src $data 3 low kernel@$kernel" ptr.plugin.run.findings ||
  fail "ptr: y's copy back not low with the kernel's line: $(cat ptr.plugin.run.findings)"
"$OI" report ptr.plain.run > ptr.plain.txt
grep -q 'built with `ompt-inst cc`, the plugin can prove it does not' ptr.plain.txt ||
  fail "ptr: the plain build's advice does not say how to prove it: $(cat ptr.plain.txt)"
# the map item the plugin adds for the pointer: y[:0], no bytes, no data operation
expect_eq "$(dumpq ptr.plugin.run kind=map var='y[:0]' bytes=0 --count)" 4 "ptr: y's zero-length item"
expect_eq "$(dumpq ptr.plugin.run kind=data_op bytes=0 op=to_device --count)" 0 "ptr: nothing moved for it"
# and the builds agree but for the write set
"$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" ptr.plugin.run.json ptr.plain.run.json > /dev/null ||
  fail "ptr: the builds disagree beyond the write set"

# 2b. a macro expanding to if() beside a section whose length calls a
# function: named as written in the plugin build, the call made once
src="$programs/macro_if_clause.c"
cc_plugin macro.plugin "$src" -O2 -g $OI_HOST_OFFLOAD
cc_plain macro.plain "$src" -O2 -g $OI_HOST_OFFLOAD
./macro.plain > macro.expected
for b in plugin plain; do
  run_report macro.$b macro.$b.run
  expect_eq "$(grep -v 'events recorded' macro.$b.run.out)" "$(cat macro.expected)" "macro ($b): the output"
  expect_eq "$(cut -d' ' -f3 macro.$b.run.findings | sort -u | tr '\n' ' ')" "p[0:count(n)] s " \
    "macro ($b): the variables as written"
done

# 2c. a templated kernel, two instantiations: one finding per variable and
# kind in both builds, the plugin build saying it covers both
src="$programs/template_kernel.cpp"
kernel=$(grep -n 'omp target teams' "$src" | cut -d: -f1)
"$OI_CLANGXX" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" -O2 -g $OI_HOST_OFFLOAD "$src" -o tmpl.plugin
"$OI_CLANGXX" "${OI_FOPENMP[@]}" -O2 -g $OI_HOST_OFFLOAD "$src" -o tmpl.plain
for b in plugin plain; do run_report tmpl.$b tmpl.$b.run; done
"$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" tmpl.plugin.run.json tmpl.plain.run.json \
  > tmpl.both || fail "tmpl: the builds disagree: $(cat tmpl.both)"
expect_eq "$(grep -c " $kernel 4 " tmpl.plugin.run.findings)" 4 \
  "tmpl: in's and out's duplicates and allocations, 4 of 6 each, once: $(cat tmpl.plugin.run.findings)"
expect_eq "$("$OI_PYTHON" -c 'import json, sys; print(sorted({f.get("instantiations") for f in json.load(open(sys.argv[1]))["findings"]}))' tmpl.plugin.run.json)" \
  "[2]" "tmpl: every finding covers both instantiations"
"$OI" report tmpl.plugin.run > tmpl.plugin.txt
grep -q "^1\. .* of in\[0:n\] at template_kernel.cpp:$kernel (2 template instantiations): " tmpl.plugin.txt ||
  grep -q "^[0-9]\. .* at template_kernel.cpp:$kernel (2 template instantiations): " tmpl.plugin.txt ||
  fail "tmpl: the text does not say the finding covers 2 instantiations: $(cat tmpl.plugin.txt)"
"$OI" diff tmpl.plugin.run tmpl.plain.run > tmpl.diff || fail "tmpl: diff failed"
grep -q "^summary: 0 of 4 findings fixed" tmpl.diff || fail "tmpl: plugin and plain not matched: $(cat tmpl.diff)"

# 2d. omp_target_memcpy in a `target data use_device_ptr` body: the call's
# own operation at its line in both builds, moving the node's bytes (LLVM
# 14's runtime reports no data operation: there the call moves nothing the
# tool sees, and the maps' inferred operations are checked by both_builds)
src="$programs/memcpy_in_target_data.c"
call=$(grep -n 'omp_target_memcpy(' "$src" | cut -d: -f1)
cc_plugin memcpy.plugin "$src" -O2 -g $OI_HOST_OFFLOAD
cc_plain memcpy.plain "$src" -O2 -g $OI_HOST_OFFLOAD
memcpy_builds=(plugin plain)
if [ "${OI_LLVM:-}" = 14 ]; then memcpy_builds=(); fi
for b in "${memcpy_builds[@]}"; do
  run_report memcpy.$b memcpy.$b.run
  expect_eq "$(dumpq memcpy.$b.run kind=data_op op=to_device line=$call site= --count)" 31 \
    "memcpy ($b): the calls' copies at their line, without the directive's site"
  expect_eq "$(dumpq memcpy.$b.run kind=data_op op=to_device line=$call --field host_addr | sort -u | wc -l)" 31 \
    "memcpy ($b): each into its own node's bytes, not the call's local"
  grep -q " $call [1-9][0-9]* certain" memcpy.$b.run.findings &&
    fail "memcpy ($b): a certain finding at the call: $(cat memcpy.$b.run.findings)"
done
if [ "${OI_LLVM:-}" = 14 ]; then
  for b in plugin plain; do run_report memcpy.$b memcpy.$b.run; done
fi
"$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" memcpy.plugin.run.json memcpy.plain.run.json \
  > memcpy.both || fail "memcpy: the builds disagree: $(cat memcpy.both)"

# 3. names as written from any folder, for a relative compile
mkdir -p proj/src
cp "$programs/written_names.c" proj/src/
(cd proj && "$OI_CLANG" "${OI_FOPENMP[@]}" -O2 -g $OI_HOST_OFFLOAD src/written_names.c -o ../names.plain)
(cd proj/src && "$OI_CLANG" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" -O2 -g $OI_HOST_OFFLOAD \
  written_names.c -o ../../names.plugin)
real_src=$(realpath proj/src/written_names.c)
run_report names.plain names.here
run_report names.plain names.root /
run_report names.plain names.src proj/src
run_report names.plugin names.plugin.run /
for run in names.here names.root names.src names.plugin.run; do
  expect_eq "$(cut -d' ' -f3 $run.findings | sort -u | tr '\n' ' ')" "table[0:4][0:256] u[0:n*n] " \
    "$run: the variables as written"
  expect_eq "$(cut -d' ' -f4 $run.findings | sort -u)" "$real_src" "$run: the file, absolute"
done
expect_eq "$(cat names.root.findings)" "$(cat names.here.findings)" "names: from / and from here"
expect_eq "$(cat names.src.findings)" "$(cat names.here.findings)" "names: from the source folder and from here"
for run in names.here names.root names.src; do
  "$OI" report "$run" --format text > $run.txt
  "$OI" report "$run" --format annotate > $run.annotate 2>&1
  grep -q 'u\[0:n\*n\]' $run.txt || fail "$run: the text report lacks u[0:n*n]"
  grep -q 'u\[0:n \* n\]' $run.txt $run.annotate && fail "$run: clang's spelling in a report"
  expect_eq "$(dumpq $run end_line=0 --count)" 0 "$run: no end_line 0 in the dump"
done
# the annotated listing finds the source wherever the run started
expect_eq "$(sed 's/[0-9.]* [mun]*s//g' names.root.annotate | grep -c 'written_names')" \
  "$(sed 's/[0-9.]* [mun]*s//g' names.here.annotate | grep -c 'written_names')" "names: annotate from /"

# 4. diff matches two spellings of one variable and says so
mkdir -p spell
cp "$programs/spelled_once.c" spell/
(cd spell && "$OI_CLANG" "${OI_FOPENMP[@]}" -O2 -g $OI_HOST_OFFLOAD spelled_once.c -o ../spell.plain)
run_report spell.plain spell.found
mv spell spell.hidden # the source nowhere to be found: clang's spelling
run_report spell.plain spell.lost
mv spell.hidden spell
grep -q ' u\[0:n \* n\] ' spell.lost.findings || fail "spell: no clang spelling without the source"
"$OI" diff spell.found spell.lost --fail-on new-findings > spell.diff ||
  fail "spell: diff failed or found new findings: $(cat spell.diff)"
"$OI" diff spell.found spell.lost --format json > spell.diff.json || fail "spell: diff --format json"
expect_eq "$("$OI_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["warnings"])' spell.diff.json)" \
  "[\"one variable spelled two ways, matched: 'u[0:n*n]' (spell.found) and 'u[0:n * n]' (spell.lost)\"]" \
  "spell: the warning of the two spellings"
grep -q "^summary: 0 of 2 findings fixed" spell.diff || fail "spell: findings not matched: $(cat spell.diff)"
echo ok
