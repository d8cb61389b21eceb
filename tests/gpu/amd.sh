# AMD GPUs, the compile half (issue 54; no AMD device here): `ompt-inst cc
# --offload-arch=gfx90a` builds a plugin build with the ROCm device
# libraries Debian packages, and `ompt-inst doctor` names the image's
# architecture and checks what the runtime needs to load it, as for NVIDIA:
# the runtime's amdgpu plugin, the HSA runtime it opens by its unversioned
# name (libhsa-runtime64.so), the GPUs that runtime counts. The program then
# runs its target regions on the host, with the output of a host build.
. "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/report/programs/transfers.c"
"$OI" cc --offload-arch=gfx90a -O2 -g "$src" -o amd 2> cc.err || fail "cc for gfx90a: $(cat cc.err)"
[ ! -s cc.err ] || fail "cc for gfx90a printed: $(cat cc.err)"
"$OI" cc -O2 -g "$src" -o host || fail "cc for the host failed"
"$OI" doctor ./amd > doctor.txt && fail "doctor: exit 0 though no HSA runtime can be opened"
grep -qx "  1. AMD GPU code object for gfx90a, amdgcn-amd-amdhsa: loadable" doctor.txt ||
  fail "doctor: the image: $(grep -A2 '^images' doctor.txt)"
grep -qx "plugins    cuda amdgpu host (in .*)" doctor.txt || fail "doctor: $(grep '^plugins' doctor.txt)"
# setup installs libhsa-runtime64-1 (the .so.1 alone): the plugin opens the
# unversioned name, which only libhsa-runtime-dev adds
grep -qx "libhsa     libhsa-runtime64.so not found, libhsa-runtime64.so.1 loads" doctor.txt ||
  fail "doctor: $(grep '^libhsa' doctor.txt)"
expect_eq "$(sed -n 's/^verdict    //p' doctor.txt)" \
  "the offload runtime opens libhsa-runtime64.so and only libhsa-runtime64.so.1 is installed: the target regions of ./amd will run on the host (install libhsa-runtime-dev, or make the libhsa-runtime64.so link)" \
  "doctor: the verdict"
# with the link, the HSA runtime opens; without a GPU driver it counts none
hsa_1=(/usr/lib/*-linux-gnu/libhsa-runtime64.so.1)
mkdir -p hsa && ln -sf "${hsa_1[0]}" hsa/libhsa-runtime64.so
LD_LIBRARY_PATH=$PWD/hsa "$OI" doctor ./amd > doctor_link.txt || true
grep -qx "libhsa     libhsa-runtime64.so loads, libhsa-runtime64.so.1 loads" doctor_link.txt ||
  fail "doctor with the link: $(grep '^libhsa' doctor_link.txt)"
if [ ! -e /dev/kfd ]; then
  grep -q "^devices    .*; no AMD GPU runtime answers$" doctor_link.txt ||
    fail "doctor without an AMD driver: $(grep '^devices' doctor_link.txt)"
fi
expect_eq "$(sed -n 's/^verdict    //p' doctor_link.txt)" "./amd: its 1 GPU image fits libomptarget.so.$OI_LLVM.1" \
  "doctor with the link: the verdict"
# the run says the same before the program, and the program computes as on the host
"$OI" run -o amd.run ./amd > amd.out 2> amd.err || fail "run: $(cat amd.err)"
./host > host.out
cmp -s amd.out host.out || fail "the gfx90a build prints differently from the host build"
expect_eq "$(head -n 1 amd.err)" "ompt-inst: $(sed -n 's/^verdict    //p' doctor.txt)" "run: the verdict first"
"$OI" report amd.run > report.txt || fail "report failed"
grep -q "transfers.c" report.txt || fail "report: no line of transfers.c"
echo ok
