# Without any tool, an instrumented binary prints exactly what the plain
# build prints, on stdout and stderr, exits the same, and needs no symbol
# the plain build does not (the hooks' runtime entry points are weak).
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
unset OMP_TOOL_LIBRARIES
check_program() { # NAME SRC COMPILER-PREFIX [FLAGS...]
  local name=$1 src=$2 kind=$3; shift 3
  "${kind}_plain" "$name.plain" "$src" "$@"
  "${kind}_plugin" "$name.inst" "$src" "$@"
  local rc1=0 rc2=0
  "./$name.plain" > "$name.plain.out" 2> "$name.plain.err" || rc1=$?
  "./$name.inst" > "$name.inst.out" 2> "$name.inst.err" || rc2=$?
  expect_eq "$rc2" "$rc1" "$name: exit status"
  cmp -s "$name.plain.out" "$name.inst.out" || fail "$name: stdout differs"
  # stderr carries the program's expect-target lines: addresses differ
  # from run to run, so compare their count; nothing else may appear.
  expect_eq "$(wc -l < "$name.inst.err")" "$(wc -l < "$name.plain.err")" "$name: stderr lines"
  if grep -v '^expect-target ' "$name.inst.err"; then fail "$name: extra stderr"; fi
  nm -u "$name.plain" | awk '{print $NF}' | sort -u > "$name.plain.syms"
  nm -u "$name.inst" | awk '$1 == "U" {print $NF}' | sort -u > "$name.inst.syms"
  local extra
  extra=$(comm -13 "$name.plain.syms" "$name.inst.syms")
  [ -z "$extra" ] || fail "$name: instrumented build needs new symbols: $extra"
  nm "$name.inst" > "$name.inst.nm"
  grep -q ' __ompt_inst_table$' "$name.inst.nm" || fail "$name: no hook table pointer"
}
check_program exit3 "$PLUGIN_TESTS/exit_status.c" cc
expect_eq "$(cat exit3.inst.out)" "n 2" "exit_status output"
check_program constructs "$PLUGIN_TESTS/constructs.c" cc -O2
check_program offload "$PLUGIN_TESTS/offload.c" cc -O2 "$OI_HOST_OFFLOAD"
check_program cxx "$PLUGIN_TESTS/cxx.cpp" cxx -O1
