# `ompt-inst dump` survives randomly damaged traces (seeded, so repeatable):
# a synthetic one with a site, modules and info records, and a real one.
source "$OI_SRC/tests/lib.sh"

mv "$("$OI_BUILD/tests/cli/write_synthetic_trace")" synthetic
"$OI_PYTHON" "$OI_SRC/tests/cli/mutate_and_dump.py" "$OI" synthetic/trace.oit s 300 ||
  fail "dump of a damaged synthetic trace"

cc_plain prog "$OI_SRC/tests/cli/programs/offload.c" $OI_HOST_OFFLOAD
"$OI" run -o real ./prog > /dev/null 2>&1
"$OI_PYTHON" "$OI_SRC/tests/cli/mutate_and_dump.py" "$OI" real/trace.oit r 300 ||
  fail "dump of a damaged real trace"
echo ok
