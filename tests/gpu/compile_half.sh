# tests/gpu/run.sh's compile half, in CI: where a CUDA toolkit is, the
# examples build for sm_90 (or `ompt-inst cc` refuses the toolkit with its
# reason and the half is skipped, saying it); without one, skipped, saying so.
. "$OI_SRC/tests/lib.sh"
code=0
OI_GPU_OUT=$PWD/gpu OI_GPU_COMPILE_ONLY=1 OI_GPU_ARCH=sm_90 bash "$OI_SRC/tests/gpu/run.sh" "$OI_BUILD" \
  > half.out 2>&1 || code=$?
cat half.out
case $code in
0) grep -q "^gpu: compile half: 9 programs built for sm_90, plugin and plain$" half.out ||
     fail "the compile half says nothing of what it built" ;;
77) grep -q "^gpu: compile half: ompt-inst: " half.out || fail "skipped without the reason"
    echo "skipped: $(sed -n 's/^gpu: compile half: //p' half.out)"
    exit 0 ;;
*) fail "the compile half failed" ;;
esac
echo ok
