#!/usr/bin/env python3
"""What a corpus program's report must say (tests/corpus/corpus.sh).

check_corpus.py REPORT.json SRC_DIR EXPECTED_FINDINGS [MACRO ...]

- every variable and every finding names its variable as written, never by
  address (`0x...`, `device 0x...`);
- every construct row of a source file of SRC_DIR sits on a pragma line:
  one that holds `#pragma omp`, `_Pragma` or one of the MACROs that build
  pragmas;
- the findings, one `kind var file:line confidence` line each, sorted, are
  exactly the lines of EXPECTED_FINDINGS (comments `#` and blank lines
  aside).
Prints each violation; exit 1 if any."""
import json
import os
import sys


def pragma_line(text, macros):
    return "#pragma omp" in text or "_Pragma" in text or any(m in text for m in macros)


def main(argv):
    report = json.load(open(argv[1]))
    src_dir = os.path.realpath(argv[2])
    with open(argv[3]) as f:
        expected = sorted(line.strip() for line in f
                          if line.strip() and not line.startswith("#"))
    macros = argv[4:]
    problems = []
    for v in report.get("variables", []):
        if v["var"].startswith(("0x", "device 0x")):
            problems.append(f"variable named by address: {v['var']}")
    sources = {}
    for row in report.get("constructs", []):
        if row.get("event_kind") == "mpi":
            continue  # calls, not constructs: on their call's line with -g only
        path = row.get("file")
        if not path:
            module = os.path.basename(row.get("module", ""))
            if not module.startswith(("libomp", "libomptarget")):
                problems.append(f"construct row without a line: {row['construct']} in {module or '?'}")
            continue
        if not os.path.realpath(path).startswith(src_dir + os.sep):
            continue
        if path not in sources:
            with open(path) as f:
                sources[path] = f.read().split("\n")
        text = sources[path][row["line"] - 1] if 0 < row["line"] <= len(sources[path]) else ""
        if not pragma_line(text, macros):
            problems.append(f"{row['construct']} at {os.path.basename(path)}:{row['line']}, "
                            f"not a pragma line: {text.strip()!r}")
    got = []
    for f in report.get("findings", []):
        if f["var"].startswith(("0x", "device 0x")):
            problems.append(f"finding on a variable named by address: {f['kind']} {f['var']}")
        got.append(f"{f['kind']} {f['var']} {os.path.basename(f.get('file', '?'))}:"
                   f"{f.get('line', 0)} {f['confidence']}")
    got.sort()
    if got != expected:
        problems.append("findings differ:\n  expected:\n    " + "\n    ".join(expected) +
                        "\n  got:\n    " + "\n    ".join(got))
    for p in problems:
        print(f"check_corpus: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
