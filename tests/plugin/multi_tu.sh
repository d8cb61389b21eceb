# An inline function from a header, instrumented in two translation units:
# after the linker keeps one copy of each site, every site still describes
# its own construct (site variables are numbered per function body).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
dir="$PLUGIN_TESTS/multi_tu"
for tu in first second; do
  "$OI_CLANGXX" "${OI_FOPENMP[@]}" -fplugin="$OI_PLUGIN" -O1 -c "$dir/$tu.cpp" -o "$tu.o"
done
"$OI_CLANGXX" "${OI_FOPENMP[@]}" first.o second.o -o inst
probe_run run inst
expect_eq "$(cat run.out)" "1 2" "program output"
probe_check run "$dir/shared.h"
probe_check run "$dir/second.cpp"
