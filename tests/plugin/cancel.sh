# Cancellation jumps to the region end: END/EXIT still reported (cleanups).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
export OMP_CANCELLATION=true
src="$PLUGIN_TESTS/cancel.c"
cc_plain plain "$src"
cc_plugin inst "$src" -Wall -Wextra -Werror
same_output plain inst
expect_eq "$(cat plain.stdout)" "skipped 0 done 2" "cancelled program output"
probe_run run inst
probe_check run "$src"
