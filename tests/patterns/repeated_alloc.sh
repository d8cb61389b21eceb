# examples/patterns/repeated_alloc.c: y[0:N] is allocated by each of the 5
# kernels, 4 times more than needed; its copies back differ each step, so no
# transfer finding.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  cat <<TABLE
repeated_alloc | y[0:N] | 32768 | 4 | 0 | 5 | 0 | map(from: y | -
TABLE
}
pattern_test repeated_alloc
