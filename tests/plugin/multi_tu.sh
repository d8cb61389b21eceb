# An inline function from a header, instrumented in two translation units:
# after the linker keeps one copy of each site, every site still describes
# its own construct (site variables are numbered per function body).
# first.cpp has no directive of its own (only the header's): it gets the
# static hook, second.cpp the weak one, and both work together; a TU without
# any directive emits no hook at all.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
dir="$PLUGIN_TESTS/multi_tu"
for tu in first second; do
  "$OI_CLANGXX" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" -O1 -c "$dir/$tu.cpp" -o "$tu.o"
done
hook_symbol() { nm "$1" | sed -n 's/^[0-9a-f]* \([A-Za-z]\) .*__ompt_inst_point.*/\1/p'; }
expect_eq "$(hook_symbol first.o)" t "hook of a TU with header directives only (static)"
expect_eq "$(hook_symbol second.o)" W "hook of a TU with its own directive (weak)"
printf 'int no_directive(int x) { return x + 1; }\n' > none.c
"$OI_CLANG" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" -O2 -c none.c -o none.o
expect_eq "$(hook_symbol none.o)" "" "hook of a TU without directives"
"$OI_CLANGXX" "${OI_FOPENMP[@]}" first.o second.o -o inst
probe_run run inst
expect_eq "$(cat run.out)" "1 2" "program output"
probe_check run "$dir/shared.h"
probe_check run "$dir/second.cpp"
