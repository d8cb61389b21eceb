# _Pragma and directives produced by macros: attributed to the expansion
# site; clauses as written (num_threads(NT)).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/macros.c"
cc_plain plain "$src"
cc_plugin inst "$src" -Wall -Wextra -Werror
same_output plain inst
probe_run run inst
probe_check run "$src"
