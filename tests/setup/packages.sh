# Every program the build, the tests and `ompt-inst` run comes from a package
# that scripts/setup.sh installs; and the check really fails when setup's list
# lacks a package that is installed here: clang's driver runs
# clang-offload-packager (19) or clang-offload-wrapper (14) from clang-tools-N
# for every -fopenmp-targets build, the gap a fresh machine once showed.
source "$OI_SRC/tests/lib.sh"

"$OI_PYTHON" "$OI_SRC/tests/setup/package_coverage.py" --src "$OI_SRC" --build "$OI_BUILD" \
  --prove-omitting "clang-tools-$OI_LLVM" ||
  fail "a program comes from a package scripts/setup.sh does not install (above)"
echo ok
