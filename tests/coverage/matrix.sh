# The coverage matrix (docs/coverage.md): programs/host.c and
# programs/device.c built with and without the plugin, with and without
# -g, run with OMPT (merged), on a runtime without OMPT (OMP_TOOL=disabled)
# and natively; coverage.py checks every construct's instances and every
# event's file, line and end line. Each run prints what the plain build
# prints. The per-construct tables go to the build tree for
# docs/coverage.md (scripts/coverage-table.sh).
. "$OI_SRC/tests/lib.sh"
out="$OI_BUILD/coverage"
mkdir -p "$out"
quiet=()
[ "$OI_LLVM" = 14 ] && quiet=(-Wno-pass-failed)
for program in host device; do
  src="$OI_SRC/tests/coverage/programs/$program.c"
  flags=()
  [ $program = device ] && flags=("$OI_HOST_OFFLOAD")
  cc_plain "$program-plain" "$src" "${flags[@]}" "${quiet[@]}"
  cc_plain "$program-plain-g" "$src" -g "${flags[@]}" "${quiet[@]}"
  cc_plugin "$program-plugin" "$src" "${flags[@]}" "${quiet[@]}"
  cc_plugin "$program-plugin-g" "$src" -g "${flags[@]}" "${quiet[@]}"
  ./"$program-plain" > expected.out 2>/dev/null
  run() { # run NAME BINARY [ENV...]
    local name=$1 binary=$2; shift 2
    env "$@" "$OI" run -o "$name" -- ./"$binary" > "$name.out" 2>/dev/null ||
      fail "$name: exit status $?"
    cmp -s expected.out "$name.out" || fail "$name: output differs from the plain build"
    "$OI" dump "$name" > "$name.jsonl" || fail "$name: dump failed"
  }
  run "$program-merged" "$program-plugin"
  run "$program-merged-g" "$program-plugin-g"
  run "$program-no_ompt" "$program-plugin" OMP_TOOL=disabled
  run "$program-native" "$program-plain-g"
  run "$program-native-nog" "$program-plain"
  status=0
  modes=(merged merged-g no_ompt native)
  # without the plugin, clang 19 gives the offloading call of a target
  # construct line 0 or the line of a neighbour (docs/coverage.md): only
  # the host program's native lines are asserted
  [ $program = device ] && modes=(merged merged-g no_ompt)
  for mode in "${modes[@]}"; do
    "$OI_PYTHON" "$OI_SRC/tests/coverage/coverage.py" "$program-$mode.jsonl" "$src" \
      "${mode%-g}" --table "$out/$program-$mode-$OI_LLVM.tsv" || status=1
  done
  [ $status = 0 ] || fail "$program: coverage mismatches (above)"
done
echo ok
