# examples/patterns/unused_alloc.c: tmp[0:N] lives on the device only while
# host code runs: one unused allocation. The kernel's x[0:N] is used.
# Native runs: clang 19 gives the `target data` runtime calls line 0.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  local data="target data map(alloc: tmp"
  cat <<TABLE
unused_alloc | tmp[0:N] | 32768 | 1 | 0 | 1 | 0 | $data | -
TABLE
}
pattern_test unused_alloc
