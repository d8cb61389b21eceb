# examples/patterns/round_trip.c: the field comes back to the device
# unchanged after each host check: 5 of the 6 `target update to` are round
# trips, the outbound leg being the `target update from`. Nothing else.
. "$OI_SRC/tests/patterns/lib_patterns.sh"
expected() {
  cat <<TABLE
round_trip | u[0:N] | 32768 | 5 | 0 | 6 | 163840 | target update to(u | target update from(u
TABLE
}
pattern_test round_trip
