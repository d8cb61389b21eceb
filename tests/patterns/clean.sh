# examples/patterns/clean.c: data mapped once around the loop, scratch
# allocated once, the field copied back only between kernels: no finding
# and nothing to save, in all three runs.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() { :; }
pattern_test clean
