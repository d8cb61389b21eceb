# Issues 35 and 49: the plugin build and the plain build (-O2 -g, as build
# systems compile) of each program report the same findings: kind,
# operation, variable, count, line, file, and confidence by one rule
# (both_builds.py): the same, except that a finding the plugin proves
# certain by a kernel's write set is low in the plain build, which cannot
# see the kernel's body. The programs: every one of examples/patterns, the
# wavefront shape of Rodinia's nw (programs/wavefront.c), the shapes of
# issue 49 (programs/) and the offload stress programs of the suite.
. "$OI_SRC/tests/lib.sh"
# the plain build's lines and names come from its calls into libomptarget
programs=("$OI_SRC"/examples/patterns/*.c "$OI_SRC/tests/patterns/programs/wavefront.c"
          "$OI_SRC/tests/report/programs/transfers.c" "$OI_SRC/tests/report/programs/fresh_heap.c"
          "$OI_SRC/tests/shim/programs/mappings.c" "$OI_SRC/bench/target_updates.c"
          "$OI_SRC"/tests/patterns/programs/{gpu_thread_count,pointer_kernel,written_names,macro_if_clause,memcpy_in_target_data}.c)
[ ${#programs[@]} -ge 17 ] || fail "expected 17 programs, found ${#programs[@]}"
proven=0
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
  proven=$((proven + $(grep -c "by the kernel's write set" "$name.findings" || true)))
  echo "$name: $(wc -l < "$name.findings") findings, the same in both builds"
done
# the wavefront's `update to(items)` after each kernel: low in both builds,
# with the kernel's line (the kernel writes items)
grep -q "^duplicate_transfer to_device items\[0:size\] 2 29 .*/wavefront.c low$" wavefront.findings ||
  fail "wavefront: the resend of items is not low: $(cat wavefront.findings)"
# its scalars and ref: certain in the plugin build, which sees the kernel
# write neither; low in the plain build
expect_eq "$(grep -c '^duplicate_transfer to_device .* 2 30 .*/wavefront.c certain (plugin: by the kernel.s write set), low (plain)$' wavefront.findings)" 3 \
  "wavefront: max_cols, penalty and ref"
echo "findings certain by a write set only: $proven"
