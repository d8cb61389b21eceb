# Helpers for the MPI tests: Debian's Open MPI (openmpi-bin, libopenmpi-dev).
. "$OI_SRC/tests/lib.sh"

# mpicc_plugin OUT SRC [FLAGS...]: the docs/mpi.md recipe, mpicc driving
# clang with the plugin through ompt-inst-cc.
mpicc_plugin() {
  local out=$1 src=$2; shift 2
  OMPI_CC="$OI_BUILD/bin/ompt-inst-cc" mpicc "$@" "$src" -o "$out"
}

# mpirun_np N ARGS...: ranks oversubscribed on this machine's cores; as root
# Open MPI wants to be told that it is meant.
mpirun_np() {
  local ranks=$1; shift
  local as_root=()
  [ "$(id -u)" = 0 ] && as_root=(--allow-run-as-root)
  mpirun --oversubscribe "${as_root[@]}" -np "$ranks" "$@"
}
