# The constructs program built for host offloading (-fopenmp-targets): the
# host side is instrumented the same way, nothing inside the target region.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/constructs.c"
cc_plain plain "$src" -O2 "$OI_HOST_OFFLOAD"
cc_plugin inst "$src" -O2 "$OI_HOST_OFFLOAD" -Wall -Wextra -Werror
same_output plain inst
probe_run run inst
probe_check run "$src"
