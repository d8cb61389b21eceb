#!/usr/bin/env bash
# The docs' tables of event kinds and constructs are the output of
# doc_tables (expanded from include/ompt-inst/events.def), between
# <!-- doc_tables NAME --> and <!-- /doc_tables --> markers. --write
# rewrites them in place (after a change to the rows).
set -euo pipefail
write=0
[ "${1:-}" = --write ] && write=1
bin=${OI_BUILD:?}/tests/docs/doc_tables
status=0
check() { # doc table
  local doc=$OI_SRC/docs/$1 table=$2 generated current
  generated=$("$bin" "$table")
  current=$(sed -n "/^<!-- doc_tables $table -->\$/,/^<!-- \/doc_tables -->\$/p" "$doc" | sed '1d;$d')
  if ! grep -qx "<!-- doc_tables $table -->" "$doc"; then
    echo "doc_tables: no '<!-- doc_tables $table -->' section in docs/$1" >&2
    status=1
  elif [ "$generated" != "$current" ]; then
    if [ $write = 1 ]; then
      OI_TABLE="$generated" awk -v table="$table" '
        $0 == "<!-- doc_tables " table " -->" { print; print ENVIRON["OI_TABLE"]; skip = 1; next }
        $0 == "<!-- /doc_tables -->" { skip = 0 }
        !skip' "$doc" >"$doc.new" && mv "$doc.new" "$doc"
      echo "doc_tables: rewrote the $table table of docs/$1"
    else
      echo "doc_tables: docs/$1's $table table differs from the rows (tests/docs/doc_tables.sh --write):" >&2
      diff <(echo "$current") <(echo "$generated") >&2 || true
      status=1
    fi
  fi
}
check dump-format.md kinds
check unify.md constructs
exit $status
