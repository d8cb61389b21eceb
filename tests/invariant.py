#!/usr/bin/env python3
"""The attribution invariant over one event stream (`ompt-inst dump RUN`).

invariant.py DUMP.jsonl [REPORT.json]   (`ompt-inst dump --header RUN`,
                                        `ompt-inst report --format json RUN`)

In a plugin build (PROGRAM, the header's program, holds the plugin's hook
helpers) every event except thread
begin/end carries file:line. In a build without the plugin, when PROGRAM
(the header's program) has a line table (-g), every event whose OpenMP region has a codeptr_ra
does: all but thread and device life-cycle events. Programs that call the
hook table by hand are neither: not checked. Exempt either way: an
event whose code address lies in the OpenMP runtime itself (the runtime's
own regions, e.g. its hidden helper team; the dump names the `module`);
in builds without the plugin, a code address that has no line (line 0 in
the line table, or no loaded object: device code run on the host).
Without -g and without the plugin nothing can carry a line: not checked.
MPI calls (kind "mpi", recorded by the PMPI library, not at a plugin site)
carry their caller's code address; in a plugin build without -g that has
no line: exempt there when the code address is given.
Plugin builds also keep the mapping invariants of mapping_invariant.py
(variables named, no advice on a variable a kernel in between writes; the
second needs REPORT.json).
Prints each violation; exit 1 if any. tests/lib.sh runs it over every
trace a test leaves behind."""
import json
import os
import sys

import mapping_invariant

# events of no construct (a device's life cycle), in no build on a line
REGIONLESS = {"thread", "device_init", "device_finalize", "device_load",
              "device_unload"}
RUNTIME_MODULES = ("libomp", "libomptarget", "libgomp")


def in_runtime(event):
    return os.path.basename(event.get("module", "")).startswith(RUNTIME_MODULES)


def location_problem(event, compiler_sites):
    """Why `event` breaks the invariant, or None."""
    kind = event.get("kind")
    if kind == "thread" or ("file" in event and "line" in event):
        return None
    if in_runtime(event) or kind in REGIONLESS:
        return None
    if compiler_sites:
        if kind == "mpi" and event.get("codeptr"):
            return None
        return "no file:line in a plugin build"
    # a code address that the line table gives line 0 (clang emits the
    # offloading calls of target constructs so), or one in no loaded object
    # (code of a device image run on the host): no line exists to give
    if event.get("codeptr") and ("module" in event) == ("function" in event):
        return None
    return "no file:line" if event.get("codeptr") else "no codeptr_ra"


def program_bytes(program):
    try:
        with open(program, "rb") as f:
            return f.read()
    except OSError:
        return b""


def main(argv):
    with open(argv[1]) as f:
        lines = [json.loads(line) for line in f]
    header = next((r for r in lines if r.get("record") == "header"), {})
    program = header.get("info", {}).get("program", "")
    events = [r for r in lines if "record" not in r]
    binary = program_bytes(program)
    # the hidden cache of the injected hook helpers (instrument.h)
    compiler_sites = b"__ompt_inst_table" in binary
    if not compiler_sites and (any(e.get("site") for e in events) or
                               b".debug_line" not in binary):
        return 0
    problems = [(p, e) for e in events
                for p in [location_problem(e, compiler_sites)] if p]
    if compiler_sites:
        report = None
        if len(argv) > 2:
            with open(argv[2]) as f:
                report = json.load(f)
        problems += mapping_invariant.check(events, binary, report)
    for p, e in problems[:20]:
        print(f"invariant: {p}: {json.dumps(e)}")
    if len(problems) > 20:
        print(f"invariant: ... {len(problems) - 20} more")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
