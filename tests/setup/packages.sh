# Every program the build, the tests and `ompt-inst` run comes from a package
# that scripts/setup.sh installs; and the check really fails when setup's list
# lacks a package that is installed here: clang's driver runs
# clang-offload-packager (19) or clang-offload-wrapper (14) from clang-tools-N
# for every -fopenmp-targets build, the gap a fresh machine once showed.
# Then each flavour's omp.h and runtime are where it expects them: the
# primary's from the package setup installs, the others' unpacked in their
# builds (never installed: libomp-N-dev packages remove each other), and
# installing setup's whole list removes nothing.
source "$OI_SRC/tests/lib.sh"

"$OI_PYTHON" "$OI_SRC/tests/setup/package_coverage.py" --src "$OI_SRC" --build "$OI_BUILD" \
  --prove-omitting "clang-tools-$OI_LLVM" ||
  fail "a program comes from a package scripts/setup.sh does not install (above)"

mapfile -t listed < <(bash "$OI_SRC/scripts/setup.sh" --list)
version() { sed -n "s/^set($1 \\([0-9 ]*\\))$/\\1/p" "$OI_SRC/CMakeLists.txt"; }
primary=$(version OMPT_INST_PRIMARY_LLVM)
read -r -a others <<< "$(version OMPT_INST_OTHER_LLVM) $(version OMPT_INST_RANGE_LLVM)"
header="/usr/lib/llvm-$primary/lib/clang/$primary/include/omp.h"
owner=$(dpkg -S "$header" 2>/dev/null | cut -d: -f1) || fail "no package owns $header"
printf '%s\n' "${listed[@]}" | grep -qx "$owner" || fail "$header comes from $owner, not in setup's list"
for v in "${others[@]}"; do
  printf '%s\n' "${listed[@]}" | grep -qx "libomp-$v-dev" && fail "setup lists libomp-$v-dev"
  ! dpkg-query -W -f='${Status}' "libomp-$v-dev" 2>/dev/null | grep -q "install ok installed" ||
    fail "libomp-$v-dev is installed: it removes libomp-$primary-dev's omp.h"
done
removed=$(apt-get install -s --no-install-recommends "${listed[@]}" 2>&1 | grep '^Remv' || true)
[ -z "$removed" ] || fail "installing setup's list would remove: $removed"

# every flavour this build knows (its own, registered ones): omp.h, libomp.so
# and libomptarget.so where its ompt-inst cc points clang
checked=0
for flavour in "$OI_BUILD"/lib/ompt-inst-flavours/*; do
  v=$(basename "$flavour")
  runtime=$(sed -n 's/^runtime=//p' "$flavour")
  include=$(sed -n 's/^include=//p' "$flavour")
  [ -n "$include" ] || include="/usr/lib/llvm-$v/lib/clang/$v/include"
  for file in "$include/omp.h" "$runtime/libomp.so" "$runtime/libomptarget.so"; do
    [ -e "$file" ] || fail "LLVM $v: $file is missing"
  done
  if [ "$v" != "$primary" ]; then
    case "$runtime" in /usr/*) fail "LLVM $v: its runtime $runtime is not unpacked privately";; esac
  fi
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || fail "no flavour registered in $OI_BUILD/lib/ompt-inst-flavours"
echo "ok: omp.h and the runtime of $checked flavours where they expect them"
echo ok
