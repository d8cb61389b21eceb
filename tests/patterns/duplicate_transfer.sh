# examples/patterns/duplicate_transfer.c: every `target update to` of the
# unchanged table is a duplicate (8 of 8: the target data region sent it
# first), and the region's own transfer is overwritten by the first update
# before any kernel, so it is unused (inherent: the same fix removes both).
# Native runs: clang 19 gives the `target data` runtime calls line 0.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  local data="target data map(to: weights"
  cat <<TABLE
# kind | var | size | count | partial | total | bytes | at | other
duplicate_transfer | weights[0:N] | 32768 | 8 | 0 | 8 | 262144 | target update to(weights | $data
unused_transfer | weights[0:N] | 32768 | 1 | 0 | 1 | 32768 | $data | -
TABLE
}
pattern_test duplicate_transfer
