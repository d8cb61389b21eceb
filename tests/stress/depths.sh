# The attribution bounds of a thread, each driven past ten times its size:
# 320 taskgroups nested (OI_SYNC_DEPTH 16), 320 parallel regions nested
# (OI_IMPLICIT_DEPTH 8; in the plugin build OI_SITE_DEPTH 32 site frames),
# 320 locks held at once (OI_MUTEX_HELD 8), 320 failed omp_test_lock calls
# left in progress (OI_MUTEX_WAITS 8), and 81,920 parallel regions inside
# one region of 2 threads (the merge's 8,192 region slots). Past a bound
# only an attribution is missing: every event is recorded, the report pairs
# each construct's begins and ends at its line, nothing is lost.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/stress/lib_stress.sh"
n=320
gen depths $n prog.c
cc_plain plain prog.c -g
cc_plugin plugin prog.c -g
native=$(./plain)
expect_eq "$native" "groups=$n levels=$n locks=$((3 * n)) failed=$n regions=$((256 * n))" \
  "native run"
group_line=$(grep -n 'omp taskgroup' prog.c | cut -d: -f1)
nest_line=$(grep -n 'omp parallel num_threads(1)' prog.c | sed -n 1p | cut -d: -f1)
region_line=$(grep -n 'omp parallel num_threads(1)' prog.c | sed -n 2p | cut -d: -f1)
for build in plain plugin; do
  for tool in small full; do
    run=$build-$tool
    recorded $tool $run "$native" ./$build
    "$OI" report $run --format json > $run.json || fail "$run: json report"
    "$OI_PYTHON" - $run.json $n $group_line $nest_line $region_line <<'PY' || fail "$run: constructs"
import json, sys
path, n, group, nest, region = sys.argv[1], *map(int, sys.argv[2:])
rows = json.load(open(path))["constructs"]
def instances(line, construct):
    found = [r for r in rows if r["construct"] == construct and r["event_kind"] != "lock_init"
             and (line is None or r["line"] == line)]
    assert found and all(r["unpaired"] == 0 for r in found), (line, construct, found)
    return sum(r["instances"] for r in found)
for line, construct, expected in [(group, "taskgroup", n), (nest, "parallel", n),
                                  (nest, "implicit task", n), (region, "parallel", 256 * n),
                                  (region, "implicit task", 256 * n), (None, "lock", 3 * n)]:
    got = instances(line, construct)
    assert got == expected, (line, construct, got, expected)
PY
  done
done
# Past two bounds an event names no code address, which the invariant every
# test's folders are held to refuses: the ends of implicit tasks nested
# deeper than OI_IMPLICIT_DEPTH, and the implicit tasks' ends and a worker's
# barrier of the region of 2 threads, whose region slot the 81,920 regions
# inside reused (the report pairs them with their begins by task id, as
# checked above).
rm -rf plain-small plain-full plugin-small plugin-full
