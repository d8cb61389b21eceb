#!/usr/bin/env bash
# Installs the Debian packages that ompt-inst's build, tests and examples
# need. Idempotent and quiet when nothing is missing; one clear error line
# when something cannot be installed. `setup.sh --list` prints the list, one
# package a line: the test `setup_packages` checks that every program the
# build, the tests and `ompt-inst cc` run comes from it (or from what it
# depends on), so a package installed by hand cannot hide a gap.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

# The LLVM versions are named once, in CMakeLists.txt. The primary one comes
# with its OpenMP runtime; the other flavours' runtimes conflict with it, so
# CMake unpacks those privately into their builds (apt-get download,
# dpkg-deb): never installed here, so no flavour can break another.
llvm_version() { sed -n "s/^set($1 \([0-9 ]*\))$/\1/p" "$top/CMakeLists.txt"; }
primary=$(llvm_version OMPT_INST_PRIMARY_LLVM)
read -r -a full <<< "$(llvm_version OMPT_INST_OTHER_LLVM)"
read -r -a range <<< "$(llvm_version OMPT_INST_RANGE_LLVM)"
[ -n "$primary" ] && [ ${#full[@]} -gt 0 ] && [ ${#range[@]} -gt 0 ] ||
  { echo "setup: cannot read the LLVM versions from CMakeLists.txt" >&2; exit 1; }
others=("${full[@]}" "${range[@]}")
newest=${full[-1]}

# --no-install-recommends below: whatever a listed package only recommends
# must be listed itself (clang's driver runs clang-offload-packager and
# clang-linker-wrapper from clang-tools-N for every -fopenmp-targets build).
packages=(
  "clang-$primary" "clang-tools-$primary" "libomp-$primary-dev" "llvm-$primary-dev"
  "lld-$primary" # AMD GPU images: clang-linker-wrapper links them with its own ld.lld
  "libclang-$primary-dev"
  "libclang-rt-$primary-dev" # sanitizer and libFuzzer runtimes (tests/fuzz)
  "clang-format-$primary" # the C code's format, .clang-format (tests/layout)
  # llvm-N: clang-N's driver runs its llvm-offload-binary for offload builds
  $(for v in "${others[@]}"; do echo "clang-$v clang-tools-$v llvm-$v llvm-$v-dev libclang-$v-dev"; done)
  # Fortran (tests/flavours/fortran.sh): the newest flavour's flang; flang 19
  # cannot lower a composite distribute parallel do (docs/fortran.md)
  "flang-$newest"
  cmake make gcc g++ python3 pkgconf git linux-perf time
  gfortran # GCC's Fortran on libgomp (tests/gcc, docs/gcc.md)
  libcmocka-dev libdw-dev libelf-dev libxxhash-dev libotf2-trace-dev otf2-tools
  # the .deb (cpack runs dpkg-shlibdeps and file) and its test (strace)
  dpkg-dev file strace
  # the html report's tests render pages in a real browser, headless
  chromium
  # AMD GPU builds (ompt-inst cc --offload-arch=gfx90a): the ROCm device
  # libraries clang links into every AMD image, and the HSA runtime that the
  # offload runtime's amdgpu plugin opens (ompt-inst doctor checks for it)
  rocm-device-libs libhsa-runtime64-1
  # MPI jobs: mpicc, mpirun and the PMPI library's libmpi (tests/mpi)
  openmpi-bin libopenmpi-dev
)
if [ "${1:-}" = --list ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    exec sudo "$0" "$@"
  fi
  echo "setup: missing packages (${missing[*]}) and not root; run as root or install them" >&2
  exit 1
fi

log=$(mktemp "${TMPDIR:-/tmp}/ompt-inst-setup.XXXXXX")
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -qq >"$log" 2>&1; then
  echo "setup: 'apt-get update' failed: $(tail -n 1 "$log") (full log: $log)" >&2
  exit 1
fi
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  echo "setup: 'apt-get install ${missing[*]}' failed: $(tail -n 1 "$log") (full log: $log)" >&2
  exit 1
fi
rm -f "$log"
