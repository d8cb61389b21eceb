# examples/patterns/unused_transfer.c: the target data region's transfer of
# g[0:N] is wholly overwritten by the following update (count 1, 32768
# bytes); the one-element update g[0:1] overwrites only 8 bytes of that
# update, which is reported partly unused (count 0, partial 1, 8 bytes) and
# not as a whole. Native runs: clang 19 gives the `target data` call the
# line of the statement before it (19).
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  local data="target data map(to: g"
  cat <<TABLE
unused_transfer | g[0:N] | 32768 | 1 | 0 | 1 | 32768 | $data | -
unused_transfer | g[0:N] | 32768 | 0 | 1 | 1 | 8 | target update to(g[0:N]) | -
TABLE
}
pattern_test unused_transfer
