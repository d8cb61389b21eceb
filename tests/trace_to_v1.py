#!/usr/bin/env python3
"""Rewrites a trace of frames (version 2 or 3, its events plain: written
with OMPT_INST_TRACE_ENCODING=plain) in the first format (8-byte record
prefixes, no checksums, the end record without its version 2 fields), so
tests can forge records by hand and check that version 1 traces still read.
--module-path PATH names every module record's object PATH instead.
Usage: trace_to_v1.py SRC DST [--module-path PATH]"""
import argparse
import struct

FRAME_MAGIC = 0x72664F49
REC_MODULE, REC_END = 4, 7


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("src")
    parser.add_argument("dst")
    parser.add_argument("--module-path")
    args = parser.parse_args()
    data = open(args.src, "rb").read()
    out = bytearray(data[:32])
    struct.pack_into("<I", out, 8, 1)  # version
    at = 32
    while at < len(data):
        magic, rtype, encoding, size = struct.unpack_from("<IHHI", data, at)
        assert magic == FRAME_MAGIC, f"no frame at byte {at}"
        assert encoding == 0, "compact events: record with OMPT_INST_TRACE_ENCODING=plain"
        payload = data[at + 16:at + 16 + size]
        if rtype == REC_END:
            payload = payload[:24]
        elif rtype == REC_MODULE and args.module_path:
            path = args.module_path.encode()
            head = bytearray(payload[:32])
            struct.pack_into("<I", head, 24, len(path))
            payload = bytes(head) + path
        out += struct.pack("<II", rtype, len(payload)) + payload
        at += 16 + size
    open(args.dst, "wb").write(out)


if __name__ == "__main__":
    main()
