#!/usr/bin/env python3
"""Reads `ompt-inst report` outputs for the tests in tests/report.

reportq.py rows FILE            construct rows of a text report: site|construct|inst|thr
reportq.py variables FILE       variable rows of a text report: var|ops|to-ops|from-ops|alloc|del
reportq.py width FILE           the widest line, in characters
reportq.py chrome FILE          validates a Chrome trace (JSON, complete slices that nest on
                                every track) and prints: 'slices CATEGORY N' lines, then the slice names
reportq.py annotate FILE LINE   the margin count and the source text of listing line LINE
Exits non-zero with a message when the input is malformed."""
import json
import sys


def text_table(path, title, widths):
    """Rows of the fixed-width table under `title` (character columns)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith(title))
    rows = []
    for line in lines[start + 3:]:
        if not line.strip() or line.startswith(("inst:", "Data movement", "Findings")):
            break
        cells, pos = [], 0
        for w in widths:
            cells.append(line[pos:pos + w].strip())
            pos += w + 1
        if rows and not cells[0] and not any(cells[2:]):
            rows[-1][1] += " " + line.strip()  # a long construct name, wrapped
            continue
        if rows and not cells[0]:
            cells[0] = rows[-1][0]  # an implicit part, under its construct
        rows.append(cells)
    return rows


def rows(path):
    for c in text_table(path, "Constructs", [20, 28, 8, 4]):
        print("|".join(c))


def variables(path):
    for c in text_table(path, "Data movement", [22, 9, 6, 9, 9, 6, 9, 6, 6, 6]):
        print("|".join([c[0], c[2], c[5], c[7], c[8], c[9]]))


def width(path):
    print(max(len(l) for l in open(path, encoding="utf-8").read().split("\n")))


def chrome(path):
    doc = json.load(open(path))
    events = doc["traceEvents"]
    tracks, counts, names = {}, {}, set()
    for e in events:
        if e["ph"] == "M":
            continue
        if e["ph"] != "X":
            sys.exit(f"reportq: unexpected phase {e['ph']!r}")
        if e["dur"] < 0:
            sys.exit(f"reportq: negative duration in {e}")
        tracks.setdefault((e["pid"], e["tid"]), []).append(e)
        counts[e["cat"]] = counts.get(e["cat"], 0) + 1
        names.add(e["name"])
    for key, slices in tracks.items():
        # ns-exact: ts and dur are printed with 3 decimals
        spans = sorted(((round(s["ts"] * 1000), -round(s["dur"] * 1000)) for s in slices))
        stack = []
        for start, neg in spans:
            end = start - neg
            while stack and stack[-1] <= start:
                stack.pop()
            if stack and end > stack[-1]:
                sys.exit(f"reportq: slices overlap without nesting on track {key} at {start}")
            stack.append(end)
    for cat in sorted(counts):
        print(f"slices {cat} {counts[cat]}")
    for name in sorted(names):
        print(name)


def annotate(path, number):
    """Margin count and text of the listing line that shows source line NUMBER
    of the first file (listing lines after '=== ' and the header)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("=== "))
    source = 0
    for line in lines[start + 2:]:
        if line.startswith("=== "):
            break
        margin, _, text = line.partition(" | ")
        if text.startswith(("^ ", "! ")) and not margin.strip():
            continue  # detail lines under a source line
        source += 1
        if source == number:
            print(f"{margin[:8].strip()}|{text}")
            return
    sys.exit(f"reportq: no line {number}")


def main(argv):
    action = argv[1]
    if action == "annotate":
        annotate(argv[2], int(argv[3]))
    else:
        {"rows": rows, "variables": variables, "width": width, "chrome": chrome}[action](argv[2])


if __name__ == "__main__":
    main(sys.argv)
