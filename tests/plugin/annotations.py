"""The @site annotations of the plugin's test programs (see probe_check.py
for their syntax) and the expect-target lines the programs print."""
import os
import re
import sys
from collections import defaultdict


def fail(msg):
    sys.exit(f"{sys.argv[0].split('/')[-1]}: {msg}")


ANNOT = re.compile(r"@site\{([^}]*)\}(.*)$")
# Lines between `#if OI_CLANG_ABOVE_<N>` and its `#endif` are compiled out
# by clang N and older: their annotations do not apply to those builds.
NEWER_BEGIN, NEWER_END = re.compile(r"#if OI_CLANG_ABOVE_(\d+)"), "#endif"
LLVM = os.environ.get("OI_LLVM", "")
# "shim-gap" (any version) or "shim-gap=14" (that LLVM version only)
SHIM_GAP = re.compile(r"(?:^|\s)shim-gap(?:=(\d+))?(?:\s|$)")


def is_shim_gap(rest):
    m = SHIM_GAP.search(rest)
    return bool(m) and (m.group(1) is None or m.group(1) == LLVM)


def parse_annotations(path):
    expected = {}
    none_lines = set()
    compiled_out = False
    with open(path) as f:
        for lineno, text in enumerate(f, 1):
            newer = NEWER_BEGIN.match(text)
            if newer:
                compiled_out = LLVM != "" and int(LLVM) <= int(newer.group(1))
            elif compiled_out and text.startswith(NEWER_END):
                compiled_out = False
            if compiled_out:
                continue
            if "@none" in text:
                none_lines.add(lineno)
            m = ANNOT.search(text)
            if not m:
                continue
            rest = m.group(2)
            maps = re.findall(r"@map\{([^}]*)\}", rest)
            rest = re.sub(r"@map\{[^}]*\}", "", rest)
            fields = dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)
            col = text.find("#pragma")
            if col < 0:
                col = text.find("_Pragma")
            exp = {
                "construct": m.group(1),
                "sites": int(fields.get("sites", 1)),
                "col": int(fields["col"]) if "col" in fields else col + 1,
                "counts": {p: int(fields.get(p.lower(), 0))
                           for p in ("ENTER", "EXIT", "BEGIN", "END")},
                "maps": maps,
                # known gap of the shim: it records nothing for this site
                # (the probe tests still check the hooks themselves)
                "shim_gap": is_shim_gap(rest),
            }
            if "function" in fields:
                exp["function"] = sorted(fields["function"].split(","))
            if "clauses" in fields:
                exp["clauses"] = fields["clauses"]
            for flag in ("nowait", "depend", "name"):
                exp[flag] = fields.get(flag)
            if "end_line" in fields:
                exp["end_line"] = int(fields["end_line"])
            expected[lineno] = exp
    return expected, none_lines


def parse_expect_targets(path):
    """{line: ["device D if V ADDR:BYTES ...", ...]} in execution order."""
    want = defaultdict(list)
    with open(path) as f:
        for raw in f:
            if raw.startswith("expect-target "):
                w = raw.split()
                want[int(w[1])].append(" ".join(w[2:]))
    if not want:
        fail("no expect-target lines")
    return want
