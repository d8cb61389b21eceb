# An LLVM given by its CMake folder, as a module or Spack provides it (issue
# 54): a prefix that is not Debian's layout (its own lib/cmake copies, so
# LLVMConfig.cmake places the installation there; the OpenMP runtime in
# lib/x86_64-unknown-linux-gnu/, as an upstream build with per-target
# runtime folders puts it), built from this machine's LLVM of the primary
# version. `cmake -DLLVM_DIR=<prefix>/lib/cmake/llvm` builds the plugin,
# the tool and the command against it; that ompt-inst drives the prefix's
# clang, links programs with the prefix's runtime, and reports. The build
# registers with no other build (registration is explicit), and a
# registration another build made is refused, not replaced
# (cmake/RegisterFlavour.cmake).
. "$OI_SRC/tests/lib.sh"
llvm=/usr/lib/llvm-$OI_LLVM
# make_prefix DEST [runtime]: the installation in DEST, its runtime only if asked
make_prefix() {
  mkdir -p "$1/lib/cmake" "$1/lib/x86_64-unknown-linux-gnu"
  cp -r "$llvm/lib/cmake/llvm" "$llvm/lib/cmake/clang" "$1/lib/cmake/"
  ln -s "$llvm/bin" "$1/bin"
  ln -s "$llvm/include" "$1/include"
  for entry in "$llvm"/lib/*; do
    name=$(basename "$entry")
    case $name in
      cmake) ;;
      libomp.so* | libomptarget.so*)
        [ "${2:-}" != runtime ] || ln -s "$entry" "$1/lib/x86_64-unknown-linux-gnu/$name" ;;
      *) ln -s "$entry" "$1/lib/$name" ;;
    esac
  done
}
prefix=$PWD/modules/llvm/$OI_LLVM
make_prefix "$prefix" runtime
registry_before=$(cd "$OI_BUILD/lib/ompt-inst-flavours" && for f in *; do echo "$f $(md5sum < "$f")"; done)

build=$PWD/build-module
cmake -S "$OI_SRC" -B "$build" -DLLVM_DIR="$prefix/lib/cmake/llvm" -DBUILD_TESTING=OFF \
  -DOMPT_INST_SMALL_BOUNDS=OFF -DOMPT_INST_LTO=OFF > configure.log 2>&1 ||
  fail "configure: $(tail -5 configure.log)"
grep -qx -- "-- ompt-inst: LLVM [0-9.]* in $prefix" configure.log ||
  fail "configure did not take the LLVM of the prefix: $(grep 'ompt-inst:' configure.log)"
grep -qx -- "-- ompt-inst: OpenMP runtime in $prefix/lib/x86_64-unknown-linux-gnu" configure.log ||
  fail "configure did not take the prefix's runtime: $(grep 'ompt-inst:' configure.log)"
cmake --build "$build" -j"$(nproc)" --target ompt_inst_plugin ompt_inst_cli ompt_inst_shim \
  ompt_inst_offload > build.log 2>&1 || fail "build: $(grep -m3 error build.log)"
! grep -q "warning:" build.log || fail "build warnings: $(grep warning: build.log | head -3)"

oi=$build/bin/ompt-inst
"$oi" --version > version.txt
grep -qx "  LLVM $OI_LLVM  this build's own" version.txt || fail "--version: $(cat version.txt)"
grep -qx "           clang   $prefix/bin/clang" version.txt || fail "--version: clang: $(cat version.txt)"
grep -qx "           runtime $prefix/lib/x86_64-unknown-linux-gnu" version.txt ||
  fail "--version: runtime: $(cat version.txt)"
expect_eq "$(grep -c '^  LLVM ' version.txt)" 1 "flavours of an unregistered build"

src=$OI_SRC/examples/patterns/duplicate_transfer.c
env -u LD_LIBRARY_PATH "$oi" cc -O2 -g $OI_HOST_OFFLOAD "$src" -o program 2> cc.err ||
  fail "cc: $(cat cc.err)"
readelf -d program | grep -q "RUNPATH.*$prefix/lib/x86_64-unknown-linux-gnu" ||
  fail "the program does not run with the prefix's runtime: $(readelf -d program | grep PATH)"
env -u LD_LIBRARY_PATH "$oi" run -o run ./program > out 2> err || fail "run: $(cat err)"
"$OI" cc -O2 -g $OI_HOST_OFFLOAD "$src" -o reference && "$OI" run -o ref ./reference > /dev/null 2>&1 ||
  fail "the primary build's run failed"
"$oi" report run --format json --output run.json && "$OI" report ref --format json --output ref.json ||
  fail "report failed"
"$OI_PYTHON" "$OI_SRC/tests/flavours/compare_findings.py" ref.json run.json > findings ||
  fail "the prefix build's findings differ from the primary build's"
[ -s findings ] || fail "no findings on duplicate_transfer.c"

registry_after=$(cd "$OI_BUILD/lib/ompt-inst-flavours" && for f in *; do echo "$f $(md5sum < "$f")"; done)
expect_eq "$registry_after" "$registry_before" "the primary build's registry"

# What cannot build says so in one line: a version the plugin is not
# written for, a folder with no LLVM, an installation without its runtime
one_line() { tr -s ' \n' '  ' < "$1"; }
cmake -S "$OI_SRC" -B bad-version -DOMPT_INST_LLVM=13 > bad-version.log 2>&1 &&
  fail "configured for LLVM 13"
one_line bad-version.log | grep -q "LLVM 13 is not supported: the plugin builds against LLVM 14 to 22 (plugin/ClangCompat.h)" ||
  fail "LLVM 13: $(cat bad-version.log)"
cmake -S "$OI_SRC" -B bad-dir -DLLVM_DIR="$PWD/nowhere" > bad-dir.log 2>&1 && fail "configured with no LLVM"
one_line bad-dir.log | grep -q "LLVM_DIR=$PWD/nowhere holds no LLVMConfig.cmake" ||
  fail "no LLVM: $(cat bad-dir.log)"
bare=$PWD/modules/llvm/bare
make_prefix "$bare"
cmake -S "$OI_SRC" -B bad-runtime -DLLVM_DIR="$bare/lib/cmake/llvm" > bad-runtime.log 2>&1 &&
  fail "configured with an LLVM that has no OpenMP runtime"
one_line bad-runtime.log | grep -q "the LLVM in $bare has no OpenMP runtime (libomp.so and omp.h): build it with -DLLVM_ENABLE_RUNTIMES=openmp, or load the module that adds it" ||
  fail "no runtime: $(cat bad-runtime.log)"

# Registration: another build's registration of a major is refused, the
# same build's is renewed, and -DOMPT_INST_REPLACE_FLAVOUR=ON replaces it.
register() { # REGISTRY PLUGIN REPLACE
  printf 'plugin=%s\nclang=/c\nruntime=/r\n' "$2" > flavour/22
  cmake -DFLAVOUR_FILE="$PWD/flavour/22" -DREGISTRY="$1" -DOWN_REGISTRY="$PWD/own" \
    -DPLUGIN="$2" -DREPLACE="$3" -P "$OI_SRC/cmake/RegisterFlavour.cmake"
}
mkdir -p flavour registry own
register "$PWD/registry" /first/ompt-inst.so OFF || fail "a first registration was refused"
register "$PWD/registry" /first/ompt-inst.so OFF || fail "the same build's registration was refused"
register "$PWD/registry" /second/ompt-inst.so OFF 2> refused.err &&
  fail "another build replaced a registration"
tr -s ' \n' '  ' < refused.err |
  grep -q "the LLVM 22 flavour is already registered in $PWD/registry by another build (plugin /first/ompt-inst.so); this build (/second/ompt-inst.so) does not replace it" ||
  fail "the refusal: $(cat refused.err)"
expect_eq "$(sed -n 's/^plugin=//p' registry/22)" /first/ompt-inst.so "the registration after a refusal"
register "$PWD/registry" /second/ompt-inst.so ON || fail "OMPT_INST_REPLACE_FLAVOUR=ON was refused"
expect_eq "$(sed -n 's/^plugin=//p' registry/22)" /second/ompt-inst.so "the replaced registration"
expect_eq "$(sed -n 's/^plugin=//p' own/22)" /second/ompt-inst.so "the registry taken into the build"
echo ok
