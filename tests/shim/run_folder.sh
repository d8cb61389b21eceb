# The run folder: OMPT_INST_DIR is used and then removed from the
# environment; a folder that cannot be created gives one warning line and
# the program runs on with its own output and exit code.
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/shim/programs/print_env.c"

rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=given ./prog 2>err) || rc=$?
expect_eq "$rc" 3 "exit code"
expect_eq "$out" "threads=2 OMPT_INST_DIR=(unset)" "environment seen by the program"
expect_eq "$(cat err)" "" "stderr"
[ -s given/trace.oit ] || fail "no trace in the given folder"

# a file where the folder should be
touch blocked
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=blocked ./prog 2>err) || rc=$?
expect_eq "$rc" 3 "exit code when the folder cannot be created"
expect_eq "$out" "threads=2 OMPT_INST_DIR=(unset)" "output when the folder cannot be created"
expect_eq "$(cat err)" "ompt-inst: cannot use run folder 'blocked': it is not a folder; not recording" "warning"

# a parent that does not exist
rc=0
out=$(OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=missing/deeper ./prog 2>err) || rc=$?
expect_eq "$rc" 3 "exit code when the parent is missing"
expect_eq "$out" "threads=2 OMPT_INST_DIR=(unset)" "output when the parent is missing"
expect_eq "$(cat err)" "ompt-inst: cannot create run folder 'missing/deeper': No such file or directory; not recording" "warning"
[ ! -e missing ] || fail "created a folder it should not"

# a current directory without write permission (not as root: root may write)
if [ "$(id -u)" != 0 ]; then
  mkdir ro && chmod 555 ro
  rc=0
  out=$(cd ro && OMP_TOOL_LIBRARIES="$OI_SHIM" ../prog 2>../err) || rc=$?
  expect_eq "$rc" 3 "exit code in a read-only directory"
  grep -q "^ompt-inst: cannot create run folder 'ompt-inst-prog-[0-9]*': Permission denied; not recording$" err ||
    fail "warning in a read-only directory: $(cat err)"
  chmod 755 ro
fi

# an OMPT_INST_DIR longer than a path may be: refused, not cut short
long=$(printf 'd%.0s' $(seq 5000))
rc=0
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=$long ./prog > /dev/null 2>err || rc=$?
expect_eq "$rc" 3 "exit code with a too long OMPT_INST_DIR"
expect_eq "$(cat err)" "ompt-inst: OMPT_INST_DIR is 5000 bytes long, longer than a run folder path may be (4085 bytes); not recording" "too long OMPT_INST_DIR"

# the root folder (or any folder of other files) is not a run folder
rc=0
OMP_TOOL_LIBRARIES="$OI_SHIM" OMPT_INST_DIR=/ ./prog > /dev/null 2>err || rc=$?
expect_eq "$rc" 3 "exit code with OMPT_INST_DIR=/"
case "$(cat err)" in
  "ompt-inst: cannot use run folder '/': it holds files that are not an ompt-inst run's; not recording" |\
  "ompt-inst: cannot use run folder '/': it belongs to another user; not recording" |\
  "ompt-inst: cannot use run folder '/': it is not writable; not recording") ;;
  *) fail "OMPT_INST_DIR=/: $(cat err)" ;;
esac
[ ! -e /trace.oit ] || fail "wrote /trace.oit"
