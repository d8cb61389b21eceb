# examples/heat.c, the bundled example: its JSON reports (merged, inferred,
# native) against their golden expectations; 20 steps run 40 kernels.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/shim/lib_unify.sh"
. "$OI_SRC/tests/golden/lib_golden.sh"
golden_three heat "$OI_SRC/examples/heat.c" $OI_HOST_OFFLOAD
expect_eq "$("$OI_PYTHON" -c 'import json,sys; print([d["kernels"] for d in json.load(open(sys.argv[1]))["potential"]["devices"] if d["kernels"]])' merged.json)" \
  "[40]" "merged: kernels of the device"
echo ok
