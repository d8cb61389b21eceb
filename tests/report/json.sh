# The JSON report parses, carries schema_version, the profile, the variables
# and the findings with the documented fields and exact values.
source "$OI_SRC/tests/lib.sh"
src="$OI_SRC/tests/report/programs/transfers.c"
target=$(grep -n 'pragma omp target' "$src" | cut -d: -f1)
parallel=$(grep -n 'pragma omp parallel' "$src" | cut -d: -f1)

check() { # DIR NAMED: NAMED=1 when map items are named
  "$OI" report "$1" --format json --output "$1.json"
  "$OI_PYTHON" - "$1.json" "$2" "$target" "$parallel" <<'PY'
import json, sys
path, named, target, parallel = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3]), int(sys.argv[4])
d = json.load(open(path))
def need(cond, what):
    if not cond:
        sys.exit(f"json: {what}")
need(d["schema_version"] == 1, "schema_version")
run = d["run"]
need(run["complete"] is True and run["threads"] == 2 and run["events"] > 0, f"run {run}")
need(0 in run["devices"], "device 0 listed")
rows = {(c.get("line"), c["construct"], c["seen_by"]): c for c in d["constructs"]}
kernel = [c for c in d["constructs"] if c["construct"] == "kernel"]
need(len(kernel) == 1 and kernel[0]["instances"] == 10, f"kernel row {kernel}")
# the region: "parallel" from the runtime, "parallel for" (as written) with the plugin
par = [c for c in d["constructs"] if c.get("line") == parallel and c["event_kind"] == "parallel"
       and c["seen_by"] == "runtime"]
need(len(par) == 1 and par[0]["construct"] in ("parallel", "parallel for")
     and par[0]["instances"] == 1 and par[0]["threads"] == 1, f"parallel row {par}")
it = rows.get((parallel, "implicit task", "runtime"))
need(it and it["instances"] == 2 and it["threads"] == 2 and len(it["per_thread"]) == 2,
     f"implicit task row {it}")
need(it["imbalance"] >= 1.0, "imbalance >= 1")
for c in d["constructs"]:
    need(c["total_ns"] >= c["max_ns"] and c["mean_ns"] * c["instances"] <= c["total_ns"], f"times {c}")
vars = {v["var"]: v for v in d["variables"]}
need(len(vars) == 2, f"two variables {list(vars)}")
a = vars["a[0:N]"] if named else min(vars.values(), key=lambda v: v["transfer_bytes"])
need(a["ops"]["to_device"] == {"count": 10, "bytes": 80000, "time_ns": a["ops"]["to_device"]["time_ns"]},
     f"a to_device {a['ops']}")
need("from_device" not in a["ops"] and a["ops"]["alloc"]["count"] == 10, f"a ops {a['ops']}")
dup = [f for f in d["findings"] if f["kind"] == "duplicate_transfer"]
need(len(dup) == 1, f"one duplicate_transfer finding {d['findings']}")
f = dup[0]
for key in ("kind", "var", "count", "bytes", "time_ns", "file", "line"):
    need(key in f, f"finding field {key}")
need(f["count"] == 9 and f["total"] == 10 and f["bytes"] == 72000, f"duplicate counts {f}")
if named:
    need(f["var"] == "a[0:N]" and f["line"] == target and f["file"].endswith("transfers.c"),
         f"duplicate place {f}")
p = d["potential"]
need(p["saved_bytes"] >= 72000 and p["predicted_ns"] <= p["measured_ns"] and p["speedup"] >= 1.0,
     f"potential {p}")
PY
}

cc_plain plain "$src" -g $OI_HOST_OFFLOAD
"$OI" run -o run ./plain > /dev/null 2>&1
check run 0 || fail "JSON of the uninstrumented run"

cc_plugin inst "$src" -g $OI_HOST_OFFLOAD
"$OI" run -o runp ./inst > /dev/null 2>&1
check runp 1 || fail "JSON of the instrumented run"
echo ok
