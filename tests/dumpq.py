#!/usr/bin/env python3
"""Query an event stream dumped by `ompt-inst dump` (one JSON object a line).

dumpq.py FILE [key=value ...] [--count | --field NAME | --fields A,B,...]
Filters are exact matches on the JSON value's text form; `key=` matches a
missing or empty key, `key!=value` excludes. Without an action, prints the
matching lines. Every line must be valid JSON: a bad line fails the query."""
import json
import sys


def main(argv):
    path, rest = argv[1], argv[2:]
    filters, action, field = [], "lines", None
    it = iter(rest)
    for arg in it:
        if arg == "--count":
            action = "count"
        elif arg in ("--field", "--fields"):
            action, field = "field", next(it).split(",")
        elif "!=" in arg:
            k, v = arg.split("!=", 1)
            filters.append((k, v, False))
        elif "=" in arg:
            k, v = arg.split("=", 1)
            filters.append((k, v, True))
        else:
            sys.exit(f"dumpq: bad argument {arg!r}")
    matched = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            try:
                ev = json.loads(line)
            except ValueError as e:
                sys.exit(f"dumpq: line {n} is not JSON: {e}")
            if all(text(ev.get(k)) == v if eq else text(ev.get(k)) != v
                   for k, v, eq in filters):
                matched.append(ev)
    if action == "count":
        print(len(matched))
    elif action == "field":
        for ev in matched:
            print(" ".join(text(ev.get(k)) for k in field))
    else:
        for ev in matched:
            print(json.dumps(ev))


def text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


if __name__ == "__main__":
    main(sys.argv)
