# End to end with the real shim and command: programs built with the plugin
# and no -g, run by `ompt-inst run`; the dump shows each construct with
# origin compiler/merged on its exact line and column, hook events paired
# per thread, and map items named with their host address and size.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
check_run() { # NAME SRC KIND [FLAGS...]
  local name=$1 src=$2 kind=$3; shift 3
  "${kind}_plain" "$name.plain" "$src" "$@"
  "${kind}_plugin" "$name.inst" "$src" "$@"
  "./$name.plain" > "$name.plain.out" 2>/dev/null
  "$OI" run -o "$name.run" "./$name.inst" > "$name.inst.out" 2> "$name.expect" \
    || fail "$name: ompt-inst run failed: $(cat "$name.expect")"
  cmp -s "$name.plain.out" "$name.inst.out" || fail "$name: output under ompt-inst run differs"
  "$OI" dump "$name.run" > "$name.jsonl" || fail "$name: dump failed"
  local extra=()
  grep -q '^expect-target ' "$name.expect" && extra=("$name.expect")
  "$OI_PYTHON" "$PLUGIN_TESTS/dump_check.py" "$src" "$name.jsonl" "${extra[@]}" \
    || fail "$name: dump check failed"
}
check_run constructs "$PLUGIN_TESTS/constructs.c" cc -O2
check_run macros "$PLUGIN_TESTS/macros.c" cc
check_run offload "$PLUGIN_TESTS/offload.c" cc -O2 "$OI_HOST_OFFLOAD" -DOI_OFFLOAD
check_run cxx "$PLUGIN_TESTS/cxx.cpp" cxx -O2 "$OI_HOST_OFFLOAD"
