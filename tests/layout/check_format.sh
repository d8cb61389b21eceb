#!/bin/bash
# The C code held to .clang-format: every C source and header of the
# product (common, include, shim, offload, gomp, mpi, tools) and of the unit
# tests. Test programs whose lines the tests assert (examples/,
# tests/*/programs/) keep their own layout.
# usage: check_format.sh SOURCE_DIR CLANG_FORMAT
set -euo pipefail
src=$1 format=$2
cd "$src"
mapfile -t files < <(git ls-files 'common/*.[ch]' 'include/*.h' 'shim/*.[ch]' 'offload/*.[ch]' 'gomp/*.[ch]' \
  'mpi/*.[ch]' 'tools/*.[ch]' 'tests/unit/*.[ch]' 2>/dev/null ||
  find common include shim offload gomp mpi tools tests/unit -name '*.[ch]')
[ ${#files[@]} -gt 100 ] || { echo "check_format: found only ${#files[@]} files" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! "$format" --style=file --dry-run --Werror "${files[@]}" 2> "$log"; then
  grep -E '^[^ ]+:[0-9]+:[0-9]+: error' "$log" | cut -d: -f1 | sort | uniq -c | head -40
  echo "check_format: files not in .clang-format's layout (fix: $format -i FILE)" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files in .clang-format's layout"
