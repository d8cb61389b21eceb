# -fplugin-arg-ompt-inst-*: no-atomic, no-simd, inline-hooks, warn-unknown,
# remarks, disable, and a clear error for an unknown option.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/unknown.c"
arg() { echo "-fplugin-arg-ompt-inst-$1"; }
constructs() { # PROBE: the construct of each site, sorted
  sed -n 's/^site [0-9]* abi 1 .*|construct=\([^|]*\)|.*/\1/p' "$1" | sort | tr '\n' ','
}
cc_plain plain "$src"

# Default: atomic, simd, parallel, parallel for; tile and depobj untouched.
cc_plugin all "$src" -Wall -Wextra -Werror 2> all.err
[ ! -s all.err ] || fail "default build printed: $(cat all.err)"
same_output plain all
probe_run all all
expect_eq "$(constructs all.probe)" "atomic,parallel,parallel for,simd," "default sites"
# parallel for 2, simd 2, parallel 2 + BEGIN/END on 2 threads 4, atomic: ENTER
# only, once per thread 2.
expect_eq "$(grep -c "^point" all.probe)" 12 "default points"

cc_plugin noatomic "$src" "$(arg no-atomic)"
same_output plain noatomic
probe_run noatomic noatomic
expect_eq "$(constructs noatomic.probe)" "parallel,parallel for,simd," "no-atomic sites"
expect_eq "$(grep -c "^point" noatomic.probe)" 10 "no-atomic points"

cc_plugin nosimd "$src" "$(arg no-simd)" "$(arg no-atomic)"
probe_run nosimd nosimd
expect_eq "$(constructs nosimd.probe)" "parallel,parallel for," "no-simd sites"

# inline-hooks: the same sites and points, the no-tool check inlined.
cc_plugin inline "$src" "$(arg inline-hooks)" -O2
same_output plain inline
probe_run inline inline
expect_eq "$(constructs inline.probe)" "atomic,parallel,parallel for,simd," "inline-hooks sites"
expect_eq "$(grep -c '^point' inline.probe)" "$(grep -c '^point' all.probe)" "inline-hooks points"

# warn-unknown: one remark per directive left alone, the compile succeeds.
cc_plugin warn "$src" "$(arg warn-unknown)" 2> warn.err
same_output plain warn
expect_eq "$(grep -c 'remark: ompt-inst:' warn.err)" 3 "warn-unknown remarks"
grep -q "unknown.c:9:1: remark: ompt-inst: 'tile' is not instrumented" warn.err || fail "no remark for tile: $(cat warn.err)"
expect_eq "$(grep -c "remark: ompt-inst: 'depobj' is not instrumented" warn.err)" 2 "depobj remarks"

# remarks: one remark per instrumented construct.
cc_plugin remarks "$src" "$(arg remarks)" 2> remarks.err
expect_eq "$(grep -c 'remark: ompt-inst:' remarks.err)" 4 "remarks"
grep -q "unknown.c:22:1: remark: ompt-inst: parallel: ENTER/EXIT, BEGIN/END" remarks.err || fail "parallel remark: $(cat remarks.err)"
grep -q "unknown.c:24:1: remark: ompt-inst: atomic: ENTER$" remarks.err || fail "atomic remark: $(cat remarks.err)"

# disable: no site at all, and no helper in the binary.
cc_plugin off "$src" "$(arg disable)"
same_output plain off
if nm off | grep -q __ompt_inst; then fail "disabled build has hooks"; fi

# An unknown option: one clear line, non-zero exit.
rc=0
cc_plugin bad "$src" "$(arg no-such-thing)" 2> bad.err || rc=$?
[ "$rc" != 0 ] || fail "unknown option accepted"
grep -q "error: ompt-inst: unknown option 'no-such-thing'" bad.err || fail "bad option message: $(cat bad.err)"
