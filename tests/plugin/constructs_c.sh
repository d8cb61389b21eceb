# Every host construct in C, at -O0 and -O3, without -g: each site on its
# exact line/column with the right construct name and counts, begin/end
# nesting per thread, output equal to the plain build.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/constructs.c"
cc_plain plain "$src"
# clang 14's optimizer warns that it cannot vectorize some simd loops, with
# or without the plugin: not the plugin's warning.
quiet=()
[ "$OI_LLVM" -lt 17 ] && quiet=(-Wno-pass-failed)
for opt in -O0 -O3; do
  cc_plugin "inst$opt" "$src" "$opt" -Wall -Wextra -Werror "${quiet[@]}"
  same_output plain "inst$opt"
  probe_run "run$opt" "inst$opt"
  probe_check "run$opt" "$src"
  cmp -s plain.stdout "run$opt.out" || fail "output under the probe differs ($opt)"
done
