# An installed ompt-inst as a dependency: find_package(ompt-inst) with
# ompt_inst_instrument(<target>), and pkg-config --cflags --libs ompt-inst in
# a Makefile; both builds report the example's findings. A project compiled
# by another compiler is told so in one line.
source "$OI_SRC/tests/lib.sh"
source "$OI_SRC/tests/install/lib_install.sh"

cmake --install "$OI_BUILD" --prefix "$TEST_TMP/prefix" > install.log || fail "install"
P="$TEST_TMP/prefix"

mkdir consumer
cp "$INSTALL_EXAMPLE" consumer/app.c
cat > consumer/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(ompt-inst 0.1 REQUIRED)
add_executable(app app.c)
ompt_inst_instrument(app)
CMAKE
cmake -S consumer -B consumer-build -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_COMPILER="$OI_CLANG" \
  -DCMAKE_C_FLAGS="-fopenmp $OI_HOST_OFFLOAD -O2" > cmake.log 2>&1 || fail "configure: $(tail -20 cmake.log)"
cmake --build consumer-build > build.log 2>&1 || fail "build: $(tail -20 build.log)"
grep -q -- "-fplugin=$P/lib/ompt-inst.so" consumer-build/CMakeFiles/app.dir/flags.make ||
  fail "ompt_inst_instrument must add the installed plugin"
expect_example_findings "$P/bin/ompt-inst" consumer-build/app app.c

# another compiler: one line naming it
set +e
cmake -S consumer -B gcc-build -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_COMPILER=gcc > gcc.log 2>&1; rc=$?
set -e
[ $rc != 0 ] || fail "configuring with gcc must fail"
# CMake wraps its messages: join the lines first
tr -s ' \n' ' ' < gcc.log |
  grep -q "ompt_inst_instrument(app): the C compiler is GNU [0-9.]*; ompt-inst needs clang $OI_LLVM (-DCMAKE_C_COMPILER=clang-$OI_LLVM)" ||
  fail "message for gcc: $(cat gcc.log)"

# pkg-config, found through PKG_CONFIG_PATH as with any prefix
mkdir pc-project
cp "$INSTALL_EXAMPLE" pc-project/app.c
printf 'app: app.c\n\t$(CC) -O2 $(OFFLOAD) $$(pkg-config --cflags ompt-inst) $< -o $@ $$(pkg-config --libs ompt-inst)\n' \
  > pc-project/Makefile
PKG_CONFIG_PATH="$P/lib/pkgconfig" make -C pc-project CC="$OI_CLANG" OFFLOAD="$OI_HOST_OFFLOAD" \
  > make.log 2>&1 || fail "make with pkg-config: $(tail -20 make.log)"
expect_example_findings "$P/bin/ompt-inst" pc-project/app app.c
echo ok
