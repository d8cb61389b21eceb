"""Checks the Markdown tables the bench scripts print (the bench_smoke tests).

check_tables.py host|threads|offload|record|dirty_pages|clock TABLE.md: checks the table of that
script; exits 1 with one line per problem, else prints a summary line."""
import platform
import re
import sys

problems = []


def tables(path):
    """Each table of the file as a list of rows (dicts keyed by header)."""
    found, header, rows = [], None, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line.startswith("|"):
            if header:
                found.append(rows)
            header, rows = None, []
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = cells
        elif set(line) <= set("|-: "):
            continue
        elif len(cells) != len(header):
            problems.append(f"{path}: row of {len(cells)} cells under {len(header)} headers: {line}")
        else:
            rows.append(dict(zip(header, cells)))
    if header:
        found.append(rows)
    return found


def numbers(cell):
    """The numbers of a cell ("12.5", "8.0, 9.0", "58.0 ns", "3264 KB")."""
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", cell)]


def check_numeric(path, rows, text_columns):
    for row in rows:
        for column, cell in row.items():
            if column in text_columns or cell == "-" or cell == "-, -":
                continue
            if not numbers(cell) or re.search(r"nan|inf", cell):
                problems.append(f"{path}: {column} = '{cell}' is not a number")


def near(path, what, actual, expected, tolerance):
    if abs(actual - expected) > tolerance:
        problems.append(f"{path}: {what}: expected {expected}, got {actual}")


# Host: events recorded per construct instance with 2 threads, plain build
# (native events only), then what the plugin build must add.
PLAIN_EVENTS = {  # per instance of the whole team
    "reference": 0,    # no construct inside the timed loop
    "parallel": 10,    # parallel 2 + implicit tasks 2x2 + implicit barriers 2x2
    "for_static": 10,  # work 2x2 + implicit barrier 2x2 + one dispatch chunk per thread
    "for_dynamic": 24,  # work 2x2 + barrier 2x2 + 16 dispatched chunks
    "barrier": 4,      # 2 per thread
    "critical": 4,     # mutex begin/end per thread
    "atomic": 0,       # the runtime reports no atomic
    "task": 52,        # per thread: 8 tasks x (create + begin + end) + taskwait begin/end
}


def check_host(path):
    [host] = tables(path)
    check_numeric(path, host, {"test"})
    if sorted(r["test"] for r in host) != sorted(PLAIN_EVENTS):
        problems.append(f"{path}: tests {[r['test'] for r in host]}")
    for row in host:
        plain, plugin = numbers(row["events/instance (run, plugin)"])
        test = row["test"]
        near(path, f"{test} events per instance (plain build)", plain, PLAIN_EVENTS.get(test, -1), 0.25)
        if test == "atomic":  # counted: one count event per site and thread per flush
            near(path, "atomic events per instance (plugin build)", plugin, 0, 0.25)
        elif plugin < plain - 0.25:
            problems.append(f"{path}: {test}: the plugin build records fewer events ({plugin} < {plain})")
    return f"{len(host)} host tests"


def check_offload(path):
    """8 events per small region natively (target 2, kernel 2, alloc,
    to_device, from_device, delete)."""
    offload, hashing = tables(path)
    check_numeric(path, offload + hashing, {"program"})
    small = [r for r in offload if r["program"] == "small"]
    if [r["program"] for r in offload] != ["small", "medium", "big", "large"] or len(hashing) != 4:
        problems.append(f"{path}: expected rows small, medium, big and large, and 4 hash rows")
    else:
        near(path, "events per small region", numbers(small[0]["events/region (run, plugin)"])[0], 8, 0.1)
    return f"{len(offload)} offload programs"


def check_record(path):
    """At most 16 trace bytes per event (the compact encoding; 80 with the
    plain one); the recording's peak memory bounded as the run grows
    10 times (the exit summary's is not checked: it grows, see
    docs/performance.md)."""
    cost, peak = tables(path)
    check_numeric(path, cost + peak, {"construct"})
    if [(r["construct"], r["threads"]) for r in cost] != [("masked", "1"), ("masked", "2"), ("critical", "1")]:
        problems.append(f"{path}: unexpected cost rows")
    for row in cost:
        per_event = numbers(row["trace bytes per event"])[0]
        if not 0 < per_event <= 16:
            problems.append(f"{path}: {per_event} trace bytes per event "
                            f"({row['construct']}, {row['threads']})")
    if len(peak) != 2:
        problems.append(f"{path}: expected 2 peak-memory rows")
    else:
        short, long = ({k: numbers(v)[0] for k, v in r.items()} for r in peak)
        if long["instances"] != 10 * short["instances"]:
            problems.append(f"{path}: the long run is not 10 times the short one")
        for r in (short, long):
            if not 2 * r["instances"] <= r["events recorded"] <= 2 * r["instances"] + 64:
                problems.append(f"{path}: {r['events recorded']} events for {r['instances']} instances")
        column = "peak RSS, shim recording only"
        if long[column] > short[column] * 1.25:
            problems.append(f"{path}: peak memory grew from {short[column]} KB to {long[column]} KB")
    return f"{len(cost)} recorder rows, peak memory bounded"


# bench/dirty_pages.c: the columns the kernel's tracking gives, "-" where
# it says "not available"; the hash and memcpy columns always.
TRACKING_COLUMNS = ["register + protect", "unprotect + protect", "scan, none written", "scan, one written",
                    "scan, all written", "write 1 byte/page, protected", "memcpy into protected"]
ALWAYS_COLUMNS = ["memcpy, unprotected", "hash, warm", "hash, out of cache", "memcpy, out of cache"]


def check_dirty_pages(path):
    """A row per buffer (16 and 256 KiB, as the smoke test asks) and kind of
    memory, every cell a positive number of nanoseconds, or "-" in the
    tracking columns when the program said why tracking is not available;
    pages: the buffer's (mmap), one more where malloc's buffer straddles."""
    text = open(path, encoding="utf-8").read()
    unavailable = re.search(r"^dirty-page tracking not available: \S.*$", text, re.M)
    if not re.search(r"^hash: (oi-aes64 vaes, xxh3-64 \w+ under \d+ bytes|xxh3-64 \w+), "
                     r"by \d+ KiB chunks from \d+ KiB; page 4096 bytes; ", text, re.M):
        problems.append(f"{path}: no 'hash: ...' line")
    [rows] = tables(path) or [[]]
    if [(r.get("buffer"), r.get("memory")) for r in rows] != [
            ("16 KiB", "mmap"), ("16 KiB", "malloc"), ("256 KiB", "mmap"), ("256 KiB", "malloc")]:
        problems.append(f"{path}: expected rows 16 and 256 KiB, mmap and malloc: {rows}")
    for row in rows:
        where = f"{row.get('buffer')} {row.get('memory')}"
        if set(row) != {"buffer", "memory", "pages"} | set(TRACKING_COLUMNS + ALWAYS_COLUMNS):
            problems.append(f"{path}: columns {sorted(row)}")
            continue
        pages = int(row["buffer"].split()[0]) // 4
        if not row["pages"].isdigit() or int(row["pages"]) not in ((pages,) if row["memory"] == "mmap" else (pages, pages + 1)):
            problems.append(f"{path}: {where}: {row['pages']} pages")
        for column in TRACKING_COLUMNS + ALWAYS_COLUMNS:
            cell = row[column]
            if unavailable and column in TRACKING_COLUMNS:
                if cell != "-":
                    problems.append(f"{path}: {where}: {column} = '{cell}' though tracking is not available")
            elif not re.fullmatch(r"\d+", cell) or int(cell) <= 0:
                problems.append(f"{path}: {where}: {column} = '{cell}' is not a positive number of ns")
    return f"{len(rows)} dirty-page rows" + (f" ({unavailable.group(0)})" if unavailable else "")


def check_clock(path):
    """bench/clock_cost.c: the shim's reading, its parts on x86 (ordered
    and unordered counter reads) and clock_gettime, each a positive number
    of ns (no upper bound: a virtual machine may trap the counter)."""
    [rows] = tables(path) or [[]]
    names = [r.get("clock reading", "") for r in rows]
    counter = ["`lfence` + `rdtsc`", "`rdtsc` alone"] if platform.machine() in ("x86_64", "i686") else []
    expected = ["the shim's clock"] + counter + ["`clock_gettime"]
    if len(names) != len(expected) or not all(n.startswith(e) for n, e in zip(names, expected)):
        problems.append(f"{path}: rows {names}")
    for row in rows:
        value = numbers(row.get("ns per reading", ""))
        if len(value) != 1 or not value[0] > 0:
            problems.append(f"{path}: {row}")
    if not re.search(r"the shim reads `(tsc|monotonic)`", open(path, encoding="utf-8").read()):
        problems.append(f"{path}: no line naming the shim's clock")
    return f"{len(rows)} clock readings"


# bench/threads.sh: events per instance of the whole team of T threads,
# plain build, as the constructs imply (the host rows above at T = 2). A
# team of one reports no implicit barrier of a parallel region, and runs a
# dynamic loop as one chunk.
THREAD_EVENTS = {
    # parallel 2 + implicit tasks 2T + implicit barriers 2T
    "parallel": lambda t: 2 + 4 * t if t > 1 else 4,
    # work 2T + barrier 2T + one chunk per thread (a team of one: 4)
    "for_static": lambda t: 5 * t if t > 1 else 4,
    # work 2T + barrier 2T + 8T dispatched chunks
    "for_dynamic": lambda t: 12 * t if t > 1 else 5,
    "barrier": lambda t: 2 * t,
    "critical": lambda t: 2 * t,          # mutex begin/end per thread
    "lock": lambda t: 2 * t,              # the same for a lock
    "task": lambda t: 26 * t,             # per thread: 8 tasks x 3 + taskwait begin/end
    # single: work begin/end and its barrier per thread; 62 tasks x 3 and
    # a taskwait begin/end in each of the 31 inner nodes
    "task_tree": lambda t: 4 * t + 62 * 3 + 31 * 2,
}


def check_threads(path):
    """Every test at the same thread counts (those of its first rows), in
    the script's order."""
    [rows] = tables(path)
    check_numeric(path, rows, {"test"})
    counts = [r["threads"] for r in rows if r["test"] == "parallel"]
    if not counts:
        problems.append(f"{path}: no parallel rows")
    expected = [(test, t) for test in THREAD_EVENTS for t in counts]
    if [(r["test"], r["threads"]) for r in rows] != expected:
        problems.append(f"{path}: rows {[(r['test'], r['threads']) for r in rows]}, expected {expected}")
    for row in rows:
        test, threads = row["test"], int(row["threads"])
        plain, plugin = numbers(row["events/instance (run, plugin)"])
        # the figure is (events of N instances - events of 1) / (N - 1): a
        # pair of start-up events the runtime's scheduling adds to one of the
        # two runs and not the other (seen under load with task, N = 8: 51.71
        # for 52) moves it by 2 / (N - 1); a construct's events are whole
        instances = int(float(row["instances"]))
        tolerance = max(0.25, 2.5 / max(instances - 1, 1))
        near(path, f"{test} at {threads} threads, events per instance (plain build)", plain,
             THREAD_EVENTS[test](threads), tolerance)
        if plugin < plain - tolerance:  # the same start-up pair, in either run
            problems.append(f"{path}: {test}: the plugin build records fewer events ({plugin} < {plain})")
    if not re.search(r"^Median of \d+ interleaved runs, \d+ cores, OMP_WAIT_POLICY=\w+, load average", 
                     open(path, encoding="utf-8").read(), re.M):
        problems.append(f"{path}: no line naming the runs, cores and load")
    return f"{len(rows)} thread rows"


CHECKS = {"host": check_host, "threads": check_threads, "offload": check_offload, "record": check_record,
          "dirty_pages": check_dirty_pages, "clock": check_clock}

if len(sys.argv) != 3 or sys.argv[1] not in CHECKS:
    sys.exit("usage: check_tables.py host|threads|offload|record|dirty_pages|clock TABLE.md")
summary = CHECKS[sys.argv[1]](sys.argv[2])
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"bench tables: {summary}")
