#!/usr/bin/env bash
# The README's first command: set up, build, then compile the bundled example
# with the plugin, run it under the shim and print its report.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/setup.sh"
export OMPT_INST_BUILD=${OMPT_INST_BUILD:-$top/build}
"$top/scripts/build.sh"

oi="$OMPT_INST_BUILD/bin/ompt-inst"
work="$OMPT_INST_BUILD/demo"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
set -x
"$oi" cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu "$top/examples/heat.c" -o heat
"$oi" run -o heat.run ./heat
"$oi" report heat.run
