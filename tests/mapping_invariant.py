"""The mapping invariants over one run (called by tests/invariant.py):

1. no variable named by address where the source names it: in a plugin
   build every data operation of a device construct whose descriptor lists
   map items carries `var`;
2. no advice that changes a variable a kernel in between may write: a
   duplicate_transfer or round_trip finding on data coming back from the
   device that advises a fix (confidence not `low`) has at least one such
   transfer with no kernel that may write the variable (the plugin's
   `writes=` line) since the variable's previous transfer on that device.

The site descriptors are read from the program itself (they are string
literals in it); events find theirs by file, line, column and construct."""
import re

DESCRIPTOR = re.compile(rb"ompt-inst-site 1\n((?:[a-z_]+=[^\n\0]*\n)+)")
DATA_OPS = {"alloc", "to_device", "from_device", "delete"}


def descriptors(binary):
    """(file, line, col, construct) -> {"maps": [item text], "writes": str|None}"""
    found = {}
    for m in DESCRIPTOR.finditer(binary):
        fields, maps = {}, []
        for line in m.group(1).decode(errors="replace").split("\n"):
            key, _, value = line.partition("=")
            if key == "map":
                maps.append(value.split(";", 3)[-1])
            elif key:
                fields[key] = value
        key = (fields.get("file"), int(fields.get("line", 0)), int(fields.get("col", 0)),
               fields.get("construct"))
        found[key] = {"maps": maps, "writes": fields.get("writes")}
    return found


def site_of(event, sites):
    return sites.get((event.get("file"), event.get("line"), event.get("col"),
                      event.get("construct")))


def unnamed_data_ops(events, sites):
    problems = []
    for e in events:
        if e.get("kind") != "data_op" or e.get("op") not in DATA_OPS:
            continue
        site = site_of(e, sites)
        if site and site["maps"] and "var" not in e and int(e.get("host_addr", "0"), 16):
            problems.append(("data operation without its variable", e))
    return problems


def written_items(site):
    """The map item texts the construct may write, and whether it may
    write memory no item names."""
    writes = (site or {}).get("writes") or "-"
    parts = writes.split(",")
    items = set()
    for p in parts:
        if p.isdigit() and 0 < int(p) <= len(site["maps"]):
            items.add(site["maps"][int(p) - 1])
    return items, "*" in parts


def advice_on_written(events, sites, findings):
    """Findings that advise a fix although every transfer they stand for
    follows a kernel that may write the variable."""
    last_transfer = {}  # (device, host_addr) -> time of the range's last transfer
    last_write = {}     # (device, host_addr) or (device, "*") -> time of a writing kernel
    pending = {}        # thread -> [(device, host_addr, bytes) or (device, "*")]
    safe = set()        # (file, line, var) of a from_device no kernel wrote before
    for e in sorted(events, key=lambda e: e.get("time_ns", 0)):
        kind, thread = e.get("kind"), e.get("thread")
        if kind == "map" and e.get("construct") == "target":
            items, anything = written_items(site_of(e, sites))
            if e.get("var") in items:
                pending.setdefault(thread, []).append(
                    (e.get("device"), int(e["host_addr"], 16), e.get("bytes", 0)))
            if anything:
                pending.setdefault(thread, []).append((e.get("device"), "*", 0))
        elif kind == "target" and e.get("endpoint") == "begin":
            if written_items(site_of(e, sites))[1]:
                pending.setdefault(thread, []).append((e.get("device"), "*", 0))
        after_kernel = kind == "kernel" or (kind == "data_op" and e.get("op") in
                                            ("from_device", "delete")) or \
            (kind in ("target", "construct") and e.get("endpoint") == "end")
        if after_kernel and pending.get(thread):
            for device, addr, size in pending.pop(thread):
                last_write[(device, addr if addr == "*" else (addr, size))] = e["time_ns"]
        if kind != "data_op" or e.get("op") not in ("to_device", "from_device"):
            continue
        device, addr = e.get("device"), int(e.get("host_addr", "0"), 16)
        if e["op"] == "from_device":
            since = last_transfer.get((device, addr), -1)
            written = [t for (d, r), t in last_write.items() if d == device and
                       (r == "*" or r[0] <= addr < r[0] + max(r[1], 1)) and t >= since]
            if not written:
                safe.add((e.get("file"), e.get("line"), e.get("var")))
        last_transfer[(device, addr)] = e["time_ns"]
    problems = []
    for f in findings:
        if f["kind"] not in ("duplicate_transfer", "round_trip") or f["op"] != "from_device":
            continue
        if f.get("confidence") == "low" or "file" not in f:
            continue
        if not any(s[1] == f.get("line") and s[2] == f["var"] and
                   (s[0] or "").endswith(f["file"].split("/")[-1]) for s in safe):
            problems.append(("advice on a variable a kernel in between may write", f))
    return problems


def check(events, binary, report):
    sites = descriptors(binary)
    if not sites:
        return []
    problems = unnamed_data_ops(events, sites)
    if report is not None:
        problems += advice_on_written(events, sites, report.get("findings", []))
    return problems
