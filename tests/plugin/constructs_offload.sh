# The constructs program built for host offloading (-fopenmp-targets): the
# host side is instrumented the same way, nothing inside the target region.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/constructs.c"
# clang 14's optimizer warns that it cannot vectorize some simd loops of the
# offloaded program, with or without the plugin: not the plugin's warning.
quiet=()
[ "$OI_LLVM" -lt 17 ] && quiet=(-Wno-pass-failed)
cc_plain plain "$src" -O2 "$OI_HOST_OFFLOAD" "${quiet[@]}"
cc_plugin inst "$src" -O2 "$OI_HOST_OFFLOAD" -Wall -Wextra -Werror "${quiet[@]}"
same_output plain inst
probe_run run inst
probe_check run "$src"
