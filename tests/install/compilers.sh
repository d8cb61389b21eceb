# ompt-inst-cc and ompt-inst-c++ as build systems use them: CMake's
# CMAKE_C_COMPILER/CMAKE_CXX_COMPILER and Make's CC/CXX; the programs they
# build report their findings at the right lines. Bad input: no arguments
# behave as clang's, a clang no flavour is built for is named in one line.
source "$OI_SRC/tests/lib.sh"
source "$OI_SRC/tests/install/lib_install.sh"
CC="$OI_BUILD/bin/ompt-inst-cc"
CXX="$OI_BUILD/bin/ompt-inst-c++"

# CMake, C and C++ in one project
mkdir cmake-project
cp "$INSTALL_EXAMPLE" cmake-project/app.c
cp "$INSTALL_EXAMPLE" cmake-project/app_cxx.cpp
cat > cmake-project/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer C CXX)
add_executable(app app.c)
add_executable(app_cxx app_cxx.cpp)
CMAKE
cmake -S cmake-project -B cmake-build -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$OI_HOST_OFFLOAD" -DCMAKE_CXX_FLAGS="$OI_HOST_OFFLOAD" > cmake.log 2>&1 ||
  fail "cmake configure with ompt-inst-cc: $(tail -20 cmake.log)"
grep -q "The C compiler identification is Clang $OI_LLVM" cmake.log ||
  fail "CMake must identify ompt-inst-cc as clang $OI_LLVM: $(grep identification cmake.log)"
cmake --build cmake-build > build.log 2>&1 || fail "cmake build: $(tail -20 build.log)"
expect_example_findings "$OI" cmake-build/app app.c
expect_example_findings "$OI" cmake-build/app_cxx app_cxx.cpp

# Make, with the implicit rules' CC and separate compile and link steps
mkdir make-project
cp "$INSTALL_EXAMPLE" make-project/app.c
printf 'app: app.o\n\t$(CC) $(CFLAGS) -o $@ $^\n' > make-project/Makefile
make -C make-project CC="$CC" CFLAGS="-O2 $OI_HOST_OFFLOAD" > make.log 2>&1 ||
  fail "make with CC=ompt-inst-cc: $(tail -20 make.log)"
expect_example_findings "$OI" make-project/app app.c

# no arguments: as clang with none (a message, no link attempt)
set +e
"$CC" > out 2> err; rc=$?
"$OI_CLANG" > out.clang 2> err.clang; rc_clang=$?
set -e
expect_eq "$rc" "$rc_clang" "exit code of ompt-inst-cc without arguments"
expect_eq "$(sed 's/^[^:]*: //' err)" "$(sed 's/^[^:]*: //' err.clang)" "message without arguments"
grep -q "no input files" err || fail "no arguments: $(cat err)"

# a clang no flavour is built for, named in one line; one that is (the
# primary's, registered with every other flavour's build) is driven
printf '#!/bin/sh\necho "clang version 99.0.1"\n' > clang-99; chmod +x clang-99
set +e
OMPT_INST_CLANG=$PWD/clang-99 "$CC" -c app.c 2> err; rc=$?
set -e
expect_eq "$rc" 127 "exit code with OMPT_INST_CLANG of clang 99"
grep -qx "ompt-inst: OMPT_INST_CLANG=$PWD/clang-99 is clang 99, and this ompt-inst (LLVM $OI_LLVM; other flavours registered: .*) has no plugin for it: build one with cmake -DOMPT_INST_LLVM=99 -DOMPT_INST_PRIMARY_BUILD=<this build>" err ||
  fail "message for clang 99: $(cat err)"
set +e
OMPT_INST_CLANGXX=/nonexistent "$CXX" -c app.cpp 2> err; rc=$?
set -e
expect_eq "$rc" 127 "exit code with a missing OMPT_INST_CLANGXX"
expect_eq "$(cat err)" "ompt-inst: cannot run the compiler OMPT_INST_CLANGXX=/nonexistent: No such file or directory" "message"

# a bare name is found in PATH, as a shell would find it
OMPT_INST_CLANG=clang-$OI_LLVM "$CC" -c make-project/app.c -o bare.o 2> err ||
  fail "OMPT_INST_CLANG=clang-$OI_LLVM: $(cat err)"
[ -s bare.o ] || fail "OMPT_INST_CLANG=clang-$OI_LLVM wrote no object"

# a compiler path is run, never handed to a shell: a name with shell syntax
# in it is one file name
mkdir "dir; touch pwned"
ln -s "$OI_CLANG" "dir; touch pwned/clang"
OMPT_INST_CLANG="$PWD/dir; touch pwned/clang" "$CC" -c make-project/app.c -o quoted.o 2> err ||
  fail "a compiler path with shell syntax: $(cat err)"
[ -s quoted.o ] || fail "a compiler path with shell syntax wrote no object"
[ ! -e pwned ] || fail "the compiler path was handed to a shell"
echo ok
