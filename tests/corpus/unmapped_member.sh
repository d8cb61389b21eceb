# The cause of the corpus_particles crash under the LLVM 14 runtime, shown
# without ompt-inst (no plugin, no tool): with only the member section
# f.a[0:f.n] mapped, the device does not see the host's f.n. The kernel
# reads bytes beside the struct's 8-byte device block instead: 0 here;
# under the tool, whose allocations change the heap, the low half of a libc
# pointer, whose sign decided whether the loop ran off the array
# (docs/real-codes.md).
. "$OI_SRC/tests/lib.sh"
cc_plain prog "$OI_SRC/tests/corpus/unmapped_member.c" -O2 "$OI_HOST_OFFLOAD"
./prog > out 2> err || fail "the program failed: $(cat err)"
read -r _ _ host _ _ device < out
expect_eq "$host" 64 "the host's length"
[ "$device" != 64 ] ||
  fail "the device saw the unmapped member's value: this LLVM maps the whole struct (docs/real-codes.md is out of date)"
