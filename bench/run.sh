#!/usr/bin/env bash
# Runs the benchmarks against an existing build (default build/, or
# $OMPT_INST_BUILD); each prints its own figures. Build first with
# scripts/build.sh.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${OMPT_INST_BUILD:-$top/build}
[ -x "$build/bin/analysis_throughput" ] ||
  { echo "bench: $build/bin/analysis_throughput not built (run scripts/build.sh)" >&2; exit 1; }

# data-mapping analysis: 1M and 10M synthetic data ops, median of 3 runs
"$build/bin/analysis_throughput" 1000000 10000000
