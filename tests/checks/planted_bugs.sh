# Mapping bugs (issue 51): each program of tests/checks/programs plants
# bugs of one kind; built with the plugin and without (-O2 -g, host
# offload), it is reported with kind, variable, line, operation, count and
# confidence in every build that can see the bug, run recorded (merged) and
# with inferred data operations; built -DFIXED it reports no bug. The
# program's output is the same with and without the tool.
source "$OI_SRC/tests/lib.sh"
programs="$OI_SRC/tests/checks/programs"

# bugs RUN: kind var line op count confidence, one bug a line, sorted
bugs() {
  "$OI" report --format json "$1" | "$OI_PYTHON" -c '
import json, sys
for f in sorted(json.load(sys.stdin)["findings"], key=lambda f: (f["line"], f["var"])):
    if f["class"] == "bug":
        print(f["kind"], f["var"], f["line"], f["op"] or "-", f["count"], f["confidence"])'
}

# check NAME BUILD EXPECTED-BUGS: NAME built as BUILD (plugin, plain), bug
# and fixed, each run recorded and compared
check() {
  local name=$1 build=$2 expected=$3 version flags exe
  for version in bug fixed; do
    flags=(-O2 -g $OI_HOST_OFFLOAD)
    [ $version = fixed ] && flags+=(-DFIXED)
    exe=$name.$build.$version
    if [ $build = plugin ]; then
      cc_plugin "$exe" "$programs/$name.c" "${flags[@]}"
    else
      cc_plain "$exe" "$programs/$name.c" "${flags[@]}"
    fi
    "./$exe" > "$exe.expected"
    "$OI" run -o "$exe.run" ${run_flags:-} "./$exe" > "$exe.out" 2> "$exe.err" ||
      fail "$exe: $(cat "$exe.err")"
    expect_eq "$(cat "$exe.out")" "$(cat "$exe.expected")" "$exe: output"
    if [ $version = bug ]; then
      expect_eq "$(bugs "$exe.run")" "$expected" "$exe: its bugs"
    else
      expect_eq "$(bugs "$exe.run")" "" "$exe: no bug in the fixed program"
    fi
  done
}

# LLVM 14's runtime reports no data operation: they are inferred from the
# map clauses, which know nothing of `declare target` variables, so absence
# is never proven there (docs/checks.md)
update_bug="update_of_absent_data a[0:N] 16 to_device 1 certain"
exit_bug="exit_of_absent_data r[0:N] 14 from_device 1 certain"
if [ "$OI_LLVM" = 14 ]; then
  update_bug="" exit_bug=""
fi
check update_absent plugin "$update_bug"
check update_absent plain "$update_bug"
check exit_absent plugin "$exit_bug"
check exit_absent plain "$exit_bug"
# the kernel's read of w needs its body's write set: the plugin's
check uninitialized plugin "uninitialized_device_read s[0:N] 17 from_device 1 certain
uninitialized_device_read w[0:N] 18 - 1 certain"
check uninitialized plain "uninitialized_device_read s[0:N] 17 from_device 1 certain"
# no bug: updates of a `declare target` variable, on the device without an
# allocation, on a device whose allocations the runtime reports
check declare_target plugin ""
check declare_target plain ""

# stale device data needs the host copies' content at each kernel's start:
# `--check mapping`; without it the report does not look for it
run_flags="--check mapping"
check stale plugin "stale_device_data a[0:N] 16 - 1 certain"
check stale plain "stale_device_data a[0:N] 16 - 1 certain"
check update_absent plugin "$update_bug"
check uninitialized plugin "uninitialized_device_read s[0:N] 17 from_device 1 certain
uninitialized_device_read w[0:N] 18 - 1 certain"
run_flags=
check stale plugin ""
"$OI" report stale.plugin.bug.run | grep -q "^  checks" && fail "a checks line without the check"
"$OI" run -o stale-checked --check mapping ./stale.plain.bug > /dev/null 2>&1
"$OI" report stale-checked > stale.txt
grep -q "^  checks    mapping: each kernel's host copies hashed as it starts (stale device data)$" \
  stale.txt || fail "no checks line: $(cat stale.txt)"
"$OI" report --format json stale-checked | "$OI_PYTHON" -c '
import json, sys
run = json.load(sys.stdin)["run"]
assert run["check"] == "mapping", run
assert "stale_device_data" in run["mapping_checks"], run' || fail "json: the check"
set +e
"$OI" run --check nothing ./stale.plain.bug > /dev/null 2> err; rc=$?
set -e
expect_eq "$rc" 2 "--check with an unknown check"
expect_eq "$(head -1 err)" "ompt-inst run: --check needs mapping" "its message"

# the report says so before the cost findings, in text and summary
"$OI" report uninitialized.plugin.bug.run > report.txt
# (the cost findings depend on what the uninitialized memory held)
expect_eq "$(grep '^Mapping bugs\|^Findings' report.txt | sed 's/^Findings (.*/Findings/')" \
  "Mapping bugs (2): the device computes on, or returns, the wrong data
Findings" "text: the bugs' section first"
"$OI" report --format summary uninitialized.plugin.bug.run > summary.txt
grep -q "^ompt-inst:   1\. uninitialized_device_read of s\[0:N\] at uninitialized.c:17: 1 time, copied back unwritten on device 0, certain$" summary.txt ||
  fail "summary: the copy back's line: $(cat summary.txt)"
"$OI" report --format summary exit_absent.plain.bug.run > summary.txt
[ -z "$exit_bug" ] ||
  grep -q "^ompt-inst: 1 mapping bug: the device computes on, or returns, the wrong data$" summary.txt ||
  fail "summary: $(cat summary.txt)"
"$OI" report --format html uninitialized.plain.bug.run > report.html
grep -q 'data-finding-kind="uninitialized_device_read"' report.html || fail "html: no bug row"

# data operations inferred from map clauses (no runtime allocation seen):
# the absent-data checks stay silent, as the runtime's `declare target`
# variables are unknown there; the copy back of a copy nothing wrote is
# still seen
OMPT_INST_DISABLE_NATIVE=target "$OI" run -o inferred ./uninitialized.plugin.bug > /dev/null 2>&1
expect_eq "$(bugs inferred)" "uninitialized_device_read s[0:N] 17 from_device 1 certain
uninitialized_device_read w[0:N] 18 - 1 certain" "inferred: the uninitialized reads"
OMPT_INST_DISABLE_NATIVE=target "$OI" run -o inferred-update ./update_absent.plugin.bug > /dev/null 2>&1
expect_eq "$(bugs inferred-update)" "" "inferred: no absent-data finding"
echo ok
