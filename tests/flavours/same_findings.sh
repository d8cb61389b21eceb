# Issues 9 and 37's done-when: each pattern example (and transfers.c; heat.c
# on 22) built by `ompt-inst cc` of this build (clang 14 or 22, on its
# privately unpacked runtime) and of the primary build (clang 19 on LLVM 19,
# $OI_BUILD_19) gives the same findings: kind, variable, count, bytes, line.
# On 14 every data operation is inferred from the map clauses (the report's
# capability listing says so), on 19 and 22 they come from the runtime.
. "$OI_SRC/tests/lib.sh"
OI_19="$OI_BUILD_19/bin/ompt-inst"
[ -x "$OI_19" ] || fail "no primary build at $OI_BUILD_19 (configure with -DOMPT_INST_PRIMARY_BUILD=...)"
v=$OI_LLVM
[ "$v" != 19 ] || fail "this test runs in another flavour's build than the primary (19)"
# LLVM 14's to 16's runtimes report no data operation (docs/llvm14.md)
source_here=runtime
[ "$v" -le 16 ] && source_here=inferred

# Each flavour's `ompt-inst cc` and `run` find their runtime by themselves;
# lib.sh's paths point at this build's runtime.
clean_env() { env -u LD_LIBRARY_PATH -u LIBRARY_PATH -u C_INCLUDE_PATH -u CPLUS_INCLUDE_PATH "$@"; }

# capability_sources RUN KIND: the 'source' column of KIND's capability row
capability_sources() {
  "$1" report "$2" --capabilities | awk -v k="$3" '$1 == k { print $NF }'
}

# examples/heat.c only where the runtime's device allocations read as LLVM
# 19's (22): it copies back next[0] and next[N-1], which no kernel writes, so
# what arrives is whatever the device allocation held (zeros on LLVM 19, not
# on LLVM 14 to 16) and identical_content rightly differs there.
programs=("$OI_SRC"/examples/patterns/*.c "$OI_SRC/tests/report/programs/transfers.c")
[ ${#programs[@]} -ge 8 ] || fail "expected the seven pattern examples, found ${#programs[@]} programs"
[ "$v" -le 16 ] || programs+=("$OI_SRC/examples/heat.c")
with_findings=0
for src in "${programs[@]}"; do
  name=$(basename "$src" .c)
  for flavour in $v 19; do
    oi=$OI; [ $flavour = 19 ] && oi=$OI_19
    clean_env "$oi" cc -O1 $OI_HOST_OFFLOAD "$src" -o "$name.$flavour" -lm 2> "$name.$flavour.cc.err" ||
      fail "$name: ompt-inst cc ($flavour) failed: $(cat "$name.$flavour.cc.err")"
    clean_env "$oi" run -o "$name.$flavour.run" "./$name.$flavour" \
      > "$name.$flavour.out" 2> "$name.$flavour.err" || fail "$name ($flavour) failed: $(cat "$name.$flavour.err")"
    "$oi" report "$name.$flavour.run" --format json --output "$name.$flavour.json" ||
      fail "$name: report ($flavour) failed"
  done
  cmp -s "$name.$v.out" "$name.19.out" || fail "$name: the two flavours print differently"
  grep -q "libomp.so.5 => ${OI_RUNTIME_DIR}/" <(clean_env ldd "./$name.$v") ||
    fail "$name: the clang $v build does not load the private runtime of its flavour"
  expect_eq "$(capability_sources "$OI" "$name.$v.run" data_op)" $source_here \
    "$name: data ops on LLVM $v"
  expect_eq "$(capability_sources "$OI_19" "$name.19.run" data_op)" runtime \
    "$name: data ops on LLVM 19"
  "$OI_PYTHON" "$OI_SRC/tests/flavours/compare_findings.py" "$name.19.json" "$name.$v.json" \
    > "$name.findings" || fail "$name: findings differ between LLVM 19 and LLVM $v"
  [ -s "$name.findings" ] && with_findings=$((with_findings + 1))
  echo "$name: $(wc -l < "$name.findings") findings, the same on both"
done
# every program but clean.c has at least one finding
expect_eq "$with_findings" $((${#programs[@]} - 1)) "programs with findings"
