#!/usr/bin/env bash
# Builds the libFuzzer targets (the trace reader, the site descriptor
# parser, the AES-round content hash) with ASan + UBSan and runs each on its seed corpus in
# tests/fuzz/corpus/. Usage: tests/fuzz/run.sh [RUNS] (default 100000 runs
# per target; 0 = until stopped). New inputs go to a scratch folder, never
# into the tree. Needs clang and its libFuzzer runtime (libclang-rt-N-dev).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-100000}
clang=${OI_CLANG:-clang-19}
build=${OMPT_INST_BUILD:-$top/build}/fuzz
mkdir -p "$build"
flags=(-g -O1 -std=gnu11 -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$top/include" -I"$top" -I"$top/tools")
common=("$top/common/site_descriptor.c" "$top/common/events.c" "$top/common/frame.c"
        "$top/common/event_codec.c"
        "$top/common/array.c")
"$clang" "${flags[@]}" "$top/tests/fuzz/fuzz_trace_reader.c" "$top/tools/trace/trace_reader.c" \
  "${common[@]}" -lxxhash -o "$build/fuzz_trace_reader"
"$clang" "${flags[@]}" "$top/tests/fuzz/fuzz_site_descriptor.c" "${common[@]}" -lxxhash \
  -o "$build/fuzz_site_descriptor"
"$clang" "${flags[@]}" "$top/tests/fuzz/fuzz_aes_hash.c" "$top/shim/aes_hash.c" -lpthread \
  -o "$build/fuzz_aes_hash"
export ASAN_OPTIONS=detect_leaks=1
for target in trace_reader:trace site_descriptor:site aes_hash:hash; do
  name=${target%%:*} corpus=${target#*:}
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/oi-fuzz-$corpus.XXXXXX")
  "$build/fuzz_$name" -runs="$runs" -max_len=65536 -timeout=10 -seed=1 \
    "$scratch" "$top/tests/fuzz/corpus/$corpus" 2> "$build/$name.log" ||
    { tail -n 40 "$build/$name.log" >&2; echo "fuzz: $name failed (log: $build/$name.log)" >&2; exit 1; }
  echo "fuzz_$name: $(tail -n 1 "$build/$name.log")"
  rm -rf "$scratch"
done
