# Issue 41, on any machine: fixture images stand for what CUDA 13's and
# 11.8's ptxas write (fixture.py). `ompt-inst doctor` names an image the
# runtime cannot load and why, accepts host offload, and names a missing
# libcuda; `ompt-inst run` says the same before the program runs, runs it
# unchanged, and with --strict refuses (127); `ompt-inst cc` for sm_90
# refuses, before compiling, a toolkit whose ptxas writes ELF ABI 8 (a fake
# ptxas that writes the fixture cubin).
. "$OI_SRC/tests/lib.sh"
fixture() { "$OI_PYTHON" "$OI_SRC/tests/gpu/fixture.py" "$@"; }
major=${OI_LLVM:-19}
libdir=$(dirname "$("$OI_CLANG" -print-file-name=libomptarget.so)")
[ -n "${OI_RUNTIME_DIR:-}" ] && libdir=$OI_RUNTIME_DIR
# a program that links the offload runtime, and copies carrying a cubin
cc_plain host "$OI_SRC/tests/cli/programs/parallel_lines.c" -Wl,--no-as-needed -L"$libdir" \
  -lomptarget -Wl,-rpath,"$libdir"
./host > expected.out
for abi in 7 8; do
  fixture offload $abi off$abi.bin
  objcopy --add-section .llvm.offloading=off$abi.bin host host$abi
done
"$OI" doctor ./host8 > doctor8.txt || true
runtime=$(sed -n 's/^runtime    //p' doctor8.txt)
case $runtime in libomptarget.so*) ;; *) fail "doctor: no runtime line: '$runtime'" ;; esac
# LLVM 19's runtime has its plugins built in, naming the driver libraries
[ "$major" != 19 ] || grep -q "^plugins    cuda amdgpu host (in .*/libomptarget.so.19.1)$" doctor8.txt ||
  fail "doctor: the plugins: $(grep '^plugins' doctor8.txt)"

if [ "$major" -le 19 ] && [ "$major" -ge 16 ]; then
  reason="cubin for sm_90 in ELF ABI 8, which LLVM $major cannot read"
  "$OI" doctor ./host8 > doctor8.txt && fail "doctor: exit 0 for an image the runtime refuses"
  expect_eq "$(grep -c "^  1\. cubin for sm_90, ELF ABI 8, flags 0x6005a04, nvptx64-nvidia-cuda: $reason\$" doctor8.txt)" 1 \
    "doctor: the image and the reason"
  verdict="no image in ./host8 fits this runtime: $reason; its target regions will not run on a GPU (see \`ompt-inst doctor ./host8\`)"
  expect_eq "$(sed -n 's/^verdict    //p' doctor8.txt)" "$verdict" "doctor: the verdict"
  OMPT_INST_QUIET=0 "$OI" run -o run8 -- ./host8 > run8.out 2> run8.err || fail "run: the program failed"
  expect_eq "$(cat run8.out)" "$(cat expected.out)" "run: the program's output unchanged"
  expect_eq "$(head -n 1 run8.err)" "ompt-inst: $verdict" "run: the verdict before the program"
  # ... and again in the exit summary, the report and its JSON
  expect_eq "$(grep -c "^ompt-inst: $verdict\$" run8.err)" 2 "run: the verdict in the exit summary"
  "$OI" report run8 > run8.txt
  expect_eq "$(sed -n 's/^  offload   //p' run8.txt)" "$verdict" "report: the offload line"
  "$OI" report run8 --format json --output run8.json
  expect_eq "$("$OI_PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"]["offload_check"])' run8.json)" \
    "$verdict" "report: run.offload_check"
  code=0
  "$OI" run --strict -o strict8 -- ./host8 > strict8.out 2> strict8.err || code=$?
  expect_eq "$code" 127 "run --strict: refused"
  expect_eq "$(cat strict8.out)" "" "run --strict: the program did not run"
  expect_eq "$(cat strict8.err)" "ompt-inst: $verdict; not running it (--strict)" "run --strict: the line"
fi

# an image the runtime reads, without a driver (none on a machine without
# an NVIDIA GPU): the missing libcuda is named
"$OI" doctor ./host7 > doctor7.txt || true
grep -q "^  1\. cubin for sm_90, ELF ABI 7, flags 0x5a055a, nvptx64-nvidia-cuda: loadable$" doctor7.txt ||
  fail "doctor: the ABI 7 image: $(cat doctor7.txt)"
if ! grep -q "^libcuda    libcuda.so loads" doctor7.txt; then
  grep -Eq "^verdict    (no NVIDIA driver library \(libcuda.so\) here|the offload runtime opens libcuda.so and only libcuda.so.1 is installed)" doctor7.txt ||
    fail "doctor: the missing libcuda is not named: $(tail -n 1 doctor7.txt)"
fi
# host offload: accepted
cc_plain offload "$OI_SRC/examples/patterns/clean.c" $OI_HOST_OFFLOAD -lm
"$OI" doctor ./offload > doctor_host.txt || fail "doctor: host offload refused: $(cat doctor_host.txt)"
expect_eq "$(sed -n 's/^verdict    //p' doctor_host.txt)" "./offload runs its target regions on the host device (x86_64 image)" \
  "doctor: host offload"
"$OI" doctor ./missing 2> missing.err && fail "doctor: a missing program"
expect_eq "$(cat missing.err)" "ompt-inst: cannot find the program ./missing" "doctor: a missing program's line"

# ompt-inst cc for sm_90 with a toolkit whose ptxas writes ABI 8: refused
# before compiling (the library of the flavour's runtime must exist first)
mkdir -p cuda8/bin cuda7/bin
for abi in 7 8; do
  fixture cubin $abi cubin$abi
  printf '#!/bin/sh\n# a ptxas that writes the fixture cubin\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && cp "%s" "$2"; shift; done\n' \
    "$PWD/cubin$abi" > cuda$abi/bin/ptxas
  chmod +x cuda$abi/bin/ptxas
done
# the device library comes from the clang's own lib folder (none for 14's
# and 22's in Debian: `ompt-inst cc` says so instead)
clang_lib=$(dirname "$(dirname "$(readlink -f "$(command -v "$OI_CLANG")")")")/lib
bc="$clang_lib/libomptarget-nvptx-sm_90.bc"
"$OI" cc --offload-arch=sm_90 --cuda-path="$PWD/cuda8" -c "$OI_SRC/examples/patterns/clean.c" \
  -o clean.o 2> cc8.err && fail "cc: compiled with a toolkit whose cubins the runtime cannot load"
[ ! -e clean.o ] || fail "cc: an object was written"
if [ -e "$bc" ]; then
  expect_eq "$(cat cc8.err)" "ompt-inst: $PWD/cuda8/bin/ptxas writes cubins in ELF ABI 8, which LLVM $major's offload runtime cannot read: use a ptxas that writes ELF ABI 7 (CUDA 11.8 from Debian's non-free nvidia-cuda-toolkit works) or an LLVM whose runtime reads ABI 8" \
    "cc: the refusal"
  # ABI 7 passes the check; clang itself then runs (and finds the fake
  # toolkit lacking): whatever it says, it is not the refusal
  "$OI" cc --offload-arch=sm_90 --cuda-path="$PWD/cuda7" -c "$OI_SRC/examples/patterns/clean.c" \
    -o clean7.o 2> cc7.err || true
  ! grep -q "writes cubins in ELF ABI" cc7.err || fail "cc: an ABI 7 toolkit refused"
else
  expect_eq "$(cat cc8.err)" "ompt-inst: clang $major has no nvptx device library ($clang_lib/libomptarget-nvptx*.bc): build GPU code with another clang (--clang=)" \
    "cc: no device library"
fi
echo ok
