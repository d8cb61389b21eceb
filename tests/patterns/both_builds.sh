# Issue 35: the plugin build and the plain build (-O2 -g, as build systems
# compile) of each program report the same findings: kind, count, line.
# Where the plugin knows a kernel may write the variable in between, its
# finding is marked and names that kernel's line (both_builds.py). The
# programs: every one of examples/patterns, the wavefront shape of
# Rodinia's nw (programs/wavefront.c) and the offload stress programs of
# the suite.
. "$OI_SRC/tests/lib.sh"
# the plain build's lines and names come from its calls into libomptarget
programs=("$OI_SRC"/examples/patterns/*.c "$OI_SRC/tests/patterns/programs/wavefront.c"
          "$OI_SRC/tests/report/programs/transfers.c" "$OI_SRC/tests/report/programs/fresh_heap.c"
          "$OI_SRC/tests/unify/programs/mappings.c" "$OI_SRC/bench/target_updates.c")
[ ${#programs[@]} -ge 12 ] || fail "expected 12 programs, found ${#programs[@]}"
marked=0
for src in "${programs[@]}"; do
  name=$(basename "$src" .c)
  args=()
  [ "$name" = target_updates ] && args=(20) # its steps
  cc_plugin "$name.plugin" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  cc_plain "$name.plain" "$src" -O2 -g $OI_HOST_OFFLOAD -lm
  ./"$name.plain" "${args[@]}" > "$name.expected" 2>&1 || fail "$name: the program failed on its own"
  for build in plugin plain; do
    "$OI" run -o "$name.$build.run" -- "./$name.$build" "${args[@]}" > "$name.$build.out" 2>&1 ||
      fail "$name ($build) failed: $(tail -3 "$name.$build.out")"
    "$OI" report "$name.$build.run" --format json --output "$name.$build.json" ||
      fail "$name: report ($build) failed"
  done
  "$OI_PYTHON" "$OI_SRC/tests/patterns/both_builds.py" "$name.plugin.json" "$name.plain.json" \
    > "$name.findings" || fail "$name: the two builds' findings differ"
  marked=$((marked + $(grep -c "writes it in between" "$name.findings" || true)))
  echo "$name: $(wc -l < "$name.findings") findings, the same in both builds"
done
# the wavefront's `update to(items)` after each kernel: marked in the plugin build
grep -q "^duplicate_transfer 2 29 wavefront.c (plugin: line 30 writes it in between)$" wavefront.findings ||
  fail "wavefront: the resend of items is not marked with the kernel's line: $(cat wavefront.findings)"
# its scalars and ref: duplicates in both builds, not marked
expect_eq "$(grep -c '^duplicate_transfer 2 30 wavefront.c$' wavefront.findings)" 3 \
  "wavefront: unmarked duplicates of max_cols, penalty and ref"
echo "marked findings: $marked"
