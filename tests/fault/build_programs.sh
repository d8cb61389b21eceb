# The programs the fault tests run, built once for all of them (a ctest
# fixture): each plain with -g and with the plugin, offloading to the host,
# into $OI_BUILD/tests/fault/bin.
. "$OI_SRC/tests/fault/lib_fault.sh"
mkdir -p "$OI_FAULT_BIN"
for src in examples/patterns/duplicate_transfer.c examples/patterns/round_trip.c \
  tests/fault/programs/critical_barrier.c tests/fault/programs/copy_back_steps.c \
  tests/fault/programs/copy_back_nowait.c tests/coverage/programs/device.c; do
  name=$(basename "$src" .c)
  cc_plain "$OI_FAULT_BIN/$name.plain" "$OI_SRC/$src" -g $OI_HOST_OFFLOAD -lm
  cc_plugin "$OI_FAULT_BIN/$name.plugin" "$OI_SRC/$src" $OI_HOST_OFFLOAD -lm
done
echo ok
