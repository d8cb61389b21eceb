# examples/patterns/identical_content.c: vy[0:N] carries the same zeros as
# vx[0:N], sent just before it by the same region: identical_content, with
# vx as the other variable at the same line (nothing avoidable, so not in
# the potential).
# Native runs: clang 19 gives the `target data` call the line of the
# statement before it (16), and both variables are named by address.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  local data="target data map(tofrom: vx"
  cat <<TABLE
identical_content | vy[0:N] | 32768 | 1 | 0 | 1 | 32768 | $data | $data
TABLE
}
pattern_test identical_content
