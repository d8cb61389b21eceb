# `cpack -G DEB` makes an installable .deb: its Depends name the compiler, the
# offload tools clang's driver runs, the OpenMP runtime and the libraries the
# binaries link; every program cpack runs comes from a package setup.sh
# installs; unpacked into a scratch root with no build tree in reach, its
# ompt-inst-cc builds the example and its ompt-inst reports the findings.
source "$OI_SRC/tests/lib.sh"
source "$OI_SRC/tests/install/lib_install.sh"

strace -f -qq -e trace=execve -e signal=none -o cpack.strace \
  cpack -G DEB -B "$TEST_TMP/packages" --config "$OI_BUILD/CPackConfig.cmake" > cpack.log 2>&1 ||
  fail "cpack -G DEB: $(tail -20 cpack.log)"
"$OI_PYTHON" "$OI_SRC/tests/setup/package_coverage.py" --src "$OI_SRC" --strace-log cpack.strace ||
  fail "cpack runs a program setup.sh does not install (above)"
deb=$(ls packages/*.deb)
[ "$(echo "$deb" | wc -l)" = 1 ] || fail "one .deb expected: $deb"

depends=$(dpkg-deb -f "$deb" Depends)
for package in "clang-$OI_LLVM" "clang-tools-$OI_LLVM" "libomp-$OI_LLVM-dev" libdw1 libxxhash0 \
               libopen-trace-format2-10 libc6; do
  echo "$depends" | tr ',' '\n' | grep -q "^ *$package\( \|$\)" ||
    fail "Depends lacks $package: $depends"
done
expect_eq "$(dpkg-deb -f "$deb" Package)" ompt-inst "package name"

dpkg-deb -x "$deb" root
for f in bin/ompt-inst bin/ompt-inst-cc bin/ompt-inst-c++ bin/ompt-inst-fc lib/ompt-inst.so \
         lib/libompt-inst.so share/man/man1/ompt-inst-fc.1 \
         include/ompt-inst/hooks.h lib/cmake/ompt-inst/ompt-instConfig.cmake \
         lib/pkgconfig/ompt-inst.pc share/man/man1/ompt-inst.1 share/doc/ompt-inst/README.md \
         share/doc/ompt-inst/docs/cli.md; do
  [ -e "root/usr/$f" ] || fail "the package lacks /usr/$f"
done
grep -q '^\.TH OMPT-INST 1' root/usr/share/man/man1/ompt-inst.1 || fail "man page header"

# the unpacked programs use what lies beside them, nothing of the build tree
echo "int main(void) { return 0; }" > x.c
root/usr/bin/ompt-inst-cc -### -c x.c 2> jobs || true
grep -q -- "\"-load\" \"$PWD/root/usr/lib/ompt-inst.so\"" jobs ||
  fail "the packaged ompt-inst-cc must load the packaged plugin: $(cat jobs)"
root/usr/bin/ompt-inst-cc -O2 $OI_HOST_OFFLOAD "$INSTALL_EXAMPLE" -o app 2> cc.err ||
  fail "the packaged ompt-inst-cc: $(cat cc.err)"
nm app | grep -q ompt_inst || fail "the packaged plugin did not instrument the program"
expect_example_findings "$PWD/root/usr/bin/ompt-inst" ./app
echo ok
