#!/usr/bin/env python3
"""Fixtures for the NVIDIA checks, so that they run on any machine.

fixture.py cubin ABI OUT          a cubin's ELF header, as ptxas writes it
                                  for sm_90: ABI 8 (CUDA 13) or 7 (11.8)
fixture.py offload ABI OUT        an LLVM offload binary (the bytes of one
                                  image in .llvm.offloading) holding it
The e_flags are the ones seen from the real ptxas of each release:
0x6005a04 (ABI 8, the SM in bits 8-15) and 0x5a055a (ABI 7, in bits 0-7)."""
import struct
import sys

FLAGS = {8: 0x6005A04, 7: 0x5A055A}


def cubin(abi):
    ident = b"\x7fELF" + bytes([2, 1, 1, 0x41 if abi >= 8 else 0x33, abi]) + bytes(7)
    # e_type, e_machine (190: CUDA), e_version, entry, phoff, shoff, flags,
    # ehsize, phentsize, phnum, shentsize, shnum, shstrndx
    return ident + struct.pack("<HHIQQQIHHHHHH", 2, 190, 1, 0, 0, 0, FLAGS[abi], 64, 56, 0, 64, 0, 0)


def offload(abi):
    image = cubin(abi)
    strings = b"triple\0nvptx64-nvidia-cuda\0arch\0sm_90\0"
    header, entry, table = 32, 40, 32
    strings_at = header + entry + table
    image_at = (strings_at + len(strings) + 7) // 8 * 8
    size = (image_at + len(image) + 7) // 8 * 8
    key = lambda text: strings_at + strings.index(text)
    blob = b"\x10\xff\x10\xad" + struct.pack("<IQQQ", 1, size, header, entry)
    # image kind 1 (object), offload kind 1 (OpenMP), flags, string table
    blob += struct.pack("<HHIQQQQ", 1, 1, 0, header + entry, 2, image_at, len(image))
    blob += struct.pack("<QQQQ", key(b"triple\0"), key(b"nvptx64"), key(b"arch\0"), key(b"sm_90"))
    blob += strings
    blob += bytes(image_at - len(blob)) + image
    return blob + bytes(size - len(blob))


kind, abi, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
open(out, "wb").write(cubin(abi) if kind == "cubin" else offload(abi))
