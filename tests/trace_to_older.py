#!/usr/bin/env python3
"""Rewrites a trace of the current format (version 3, its events plain:
written with OMPT_INST_TRACE_ENCODING=plain) as an earlier release wrote it,
so tests can check that the reader still reads the traces of earlier
releases, and forge records by hand in the first format:

--version 2  frames with checksums, 80-byte events, no TOTALS record
             (the record came with version 3);
--version 1  8-byte record prefixes, no checksums, no TOTALS record, the
             END record without its version 2 fields.

The layouts are restated here from docs/trace-format.md, not taken from the
reader: the test is a second, independent statement of the old formats.
--module-path PATH names every module record's object PATH instead (version
1 only: a changed payload would fail its frame's checksum).
Usage: trace_to_older.py --version N SRC DST [--module-path PATH]"""
import argparse
import struct

FRAME_MAGIC = 0x72664F49
REC_MODULE, REC_END, REC_TOTALS = 4, 7, 8
# per version: the newest record type it has
NEWEST_RECORD = {1: REC_END, 2: REC_END}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", type=int, choices=sorted(NEWEST_RECORD), required=True)
    parser.add_argument("src")
    parser.add_argument("dst")
    parser.add_argument("--module-path")
    args = parser.parse_args()
    assert not (args.module_path and args.version != 1), "--module-path: version 1 only"
    data = open(args.src, "rb").read()
    assert struct.unpack_from("<I", data, 8)[0] == 3, "not a version 3 trace"
    out = bytearray(data[:32])
    struct.pack_into("<I", out, 8, args.version)
    at = 32
    while at < len(data):
        magic, rtype, encoding, size = struct.unpack_from("<IHHI", data, at)
        assert magic == FRAME_MAGIC, f"no frame at byte {at}"
        assert encoding == 0, "compact events: record with OMPT_INST_TRACE_ENCODING=plain"
        frame = data[at:at + 16 + size]
        payload = frame[16:]
        at += 16 + size
        if rtype > NEWEST_RECORD[args.version]:
            continue
        if args.version == 2:
            out += frame  # the frame and its checksum as they are
            continue
        if rtype == REC_END:
            payload = payload[:24]
        elif rtype == REC_MODULE and args.module_path:
            path = args.module_path.encode()
            head = bytearray(payload[:32])
            struct.pack_into("<I", head, 24, len(path))
            payload = bytes(head) + path
        out += struct.pack("<II", rtype, len(payload)) + payload
    open(args.dst, "wb").write(out)


if __name__ == "__main__":
    main()
