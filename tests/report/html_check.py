#!/usr/bin/env python3
"""Checks an html report, as headless Chromium rendered it, against the JSON
report of the same run (the one source of truth).

  html_check.py page JSON DOM PAGE   findings, marked source lines, summary,
                                     plots, script-built controls
  html_check.py offline PAGE         nothing outside the file is referred to
  html_check.py query JSON           prints a query string for `view`
  html_check.py view JSON DOM QUERY  the query's filter, sort and time window
  html_check.py state DOM STATE TEXT the trace-state banner comes first
  html_check.py source DOM FILE STATE the source section of FILE says STATE

Exit 1 with one line per difference.
"""
import html.parser
import json
import os
import re
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.parts = [], []

    def text(self):
        return "".join(p if isinstance(p, str) else p.text() for p in self.parts)

    def classes(self):
        return self.attrs.get("class", "").split()

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, tag=None, **attrs):
        """Descendants with `tag` whose attributes equal the given values
        (data_shown= is data-shown, class_= is class); True matches any."""
        wanted = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            if all(n.attrs.get(k) == v or (v is True and k in n.attrs) for k, v in wanted.items()):
                yield n

    def first(self, tag=None, **attrs):
        return next(self.find(tag, **attrs), None)


class Builder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        self.current.parts.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        self.current.parts.append(node)

    def handle_endtag(self, tag):
        n = self.current
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.current = n.parent

    def handle_data(self, data):
        self.current.parts.append(data)


def parse(path):
    b = Builder()
    with open(path, encoding="utf-8", errors="replace") as f:
        b.feed(f.read())
    return b.root


errors = []


def expect(condition, message):
    if not condition:
        errors.append(message)
    return condition


def finding_key(f):
    return (f["kind"], f["var"], f["file"], str(f["line"]), f["op"], str(f["device"]),
            str(f["count"]), str(f["total"]), str(f["bytes"]), str(f["time_ns"]),
            "true" if f["probable"] else "false")


def row_key(tr):
    a = tr.attrs
    return (a.get("data-finding-kind"), a.get("data-var"), a.get("data-file"),
            a.get("data-line"), a.get("data-op"), a.get("data-device"), a.get("data-count"),
            a.get("data-total"), a.get("data-bytes"), a.get("data-time-ns"),
            a.get("data-probable"))


def source_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


def check_findings(report, dom):
    rows = [n for n in dom.walk() if "data-finding-kind" in n.attrs]
    expect(all(r.tag == "tr" for r in rows), "data-finding-kind on elements other than rows")
    expect([row_key(r) for r in rows] == [finding_key(f) for f in report["findings"]],
           "findings: page %s, json %s" % ([row_key(r) for r in rows],
                                           [finding_key(f) for f in report["findings"]]))
    for tr, f in zip(rows, report["findings"]):
        expect(tr.attrs.get("tabindex") == "0", "finding row not focusable")
        if not f["file"] or not f["line"]:
            continue
        link = tr.first("a", class_="src-link")
        if not expect(link is not None, "finding at %s:%d has no source link" % (f["file"], f["line"])):
            continue
        target = dom.first(id=link.attrs["href"][1:])
        if not expect(target is not None, "link %s leads nowhere" % link.attrs["href"]):
            continue
        expect("fnd" in target.classes(), "%s:%d not marked" % (f["file"], f["line"]))
        section = target.parent
        while section is not None and section.tag != "section":
            section = section.parent
        name = section.attrs.get("data-file", "") if section else ""
        expect(name == f["file"] or name.endswith("/" + f["file"]) or f["file"].endswith("/" + name),
               "%s:%d links into %s" % (f["file"], f["line"], name))
        code = target.first("td", class_="code")
        if os.path.exists(name) and expect(code is not None, "line without code cell"):
            expect(code.text() == source_lines(name)[f["line"] - 1],
                   "%s:%d shows %r" % (name, f["line"], code.text()))
        marks = [a.attrs.get("href") for a in target.find("a") if a.text() == "!"]
        expect("#" + tr.attrs["id"] in marks, "line %s does not link to %s" % (target.attrs["id"], tr.attrs["id"]))


def check_summary(report, dom):
    run = report["run"]
    field = lambda name: (dom.first("dd", data_field=name) or Node("", {}, None)).text()
    expect(field("threads") == str(run["threads"]), "threads %r" % field("threads"))
    expect(field("events") == str(run["events"]), "events %r" % field("events"))
    expect(field("findings") == str(len(report["findings"])), "findings %r" % field("findings"))
    expect(field("devices").split(" ")[0] == str(len(run["devices"])), "devices %r" % field("devices"))
    expect(field("trace").startswith("complete" if run["complete"] else "incomplete"),
           "trace %r" % field("trace"))
    expect(("%.2fx" % report["potential"]["speedup"]) in field("speedup"), "speedup %r" % field("speedup"))


def check_plots(report, dom):
    # timeline: rectangles named by the hidden list of names, per thread and device
    figure = dom.first("figure", id="plot-timeline")
    plot = figure.first("svg", class_="plot") if figure else None
    if expect(plot is not None, "no timeline"):
        rects = list(plot.find("rect"))
        names = list(dom.first("ol", id="timeline-names").find("li"))
        expect(len(rects) > 0, "empty timeline")
        expect(all(int(r.attrs["data-n"]) < len(names) for r in rects), "timeline names")
        caption = figure.first("figcaption")
        expect(caption.attrs.get("data-rects") == str(len(rects)), "timeline rectangle count")
        labels = [t.text() for t in figure.first("svg", class_="labels").find("text")]
        expect("thread 0" in labels, "timeline tracks %s" % labels)
        kernels = [c for c in report["constructs"] if c["event_kind"] == "kernel"]
        expect(not kernels or any(l.startswith("device") for l in labels), "no device track")
        expect(len(list(figure.first("svg", class_="axis").find("text"))) > 1, "no time axis")
    # data movement: every variable (up to 30) with its bytes and time per direction
    bars = {g.attrs["data-var"]: g for g in dom.find("g", class_="var")}
    want = report["variables"][:30]
    expect(sorted(bars) == sorted(v["var"] for v in want), "variables %s" % sorted(bars))
    for v in want:
        g = bars.get(v["var"])
        if not g:
            continue
        for op, short in (("to_device", "to"), ("from_device", "from")):
            o = v["ops"].get(op, {"bytes": 0, "time_ns": 0})
            expect(g.attrs["data-%s-bytes" % short] == str(o["bytes"]) and
                   g.attrs["data-%s-ns" % short] == str(o["time_ns"]), "%s %s" % (v["var"], op))
    # device memory: each device's peak
    peaks = {g.attrs["data-device"]: g.attrs["data-peak-bytes"] for g in dom.find("g", class_="mem")}
    want = {str(d["device"]): str(d["peak_bytes"]) for d in report["potential"]["devices"]
            if d["allocs"]}
    expect(peaks == want, "device memory peaks: page %s, json %s" % (peaks, want))
    # time per construct per thread: the costliest timed rows, per-thread times
    timed = [c for c in report["constructs"] if c["total_ns"] is not None][:20]
    rows = list(dom.find("g", class_="row"))
    expect(len(rows) == len(timed), "thread plot rows %d, json %d" % (len(rows), len(timed)))
    for g, c in zip(rows, timed):
        expect(g.attrs["data-construct"].startswith(c["construct"] + " @"), "row %s" % g.attrs["data-construct"])
        expect(abs(float(g.attrs["data-imbalance"]) - c["imbalance"]) < 1e-3, "imbalance of %s" % c["construct"])
        cells = {r.attrs["data-thread"]: r.attrs["data-ns"] for r in g.find("rect")}
        expect(cells == {str(t["thread"]): str(t["total_ns"]) for t in c["per_thread"]
                         if t["thread"] < 64}, "per-thread times of %s" % c["construct"])


def check_script(report, dom):
    shown = dom.first(id="finding-shown")
    if report["findings"]:
        expect(shown is not None and shown.attrs.get("data-shown") == str(len(report["findings"])),
               "the script did not count the findings")
        kinds = [o.attrs["value"] for o in dom.first("select", id="filter-kind").find("option")]
        expect(kinds == [""] + sorted({f["kind"] for f in report["findings"]}), "kind filter %s" % kinds)


def check_sources(report, dom):
    files = {c["file"] for c in report["constructs"] if "file" in c}
    sections = {s.attrs["data-file"]: s for s in dom.find("section", class_="file")}
    for f in files:
        s = sections.get(f) or next((v for k, v in sections.items() if k.endswith("/" + f)), None)
        if expect(s is not None, "no source section for %s" % f):
            expect(s.attrs["data-state"] == "ok", "%s: %s" % (f, s.attrs["data-state"]))
    for c in report["constructs"]:
        if "file" not in c or c["file"] not in sections or not c["line"]:
            continue
        index = sections[c["file"]].attrs["id"].split("-")[1]
        tr = dom.first("tr", id="L%s-%d" % (index, c["line"]))
        expect(tr is not None and "ev" in tr.classes(), "line %s:%d not shown with events" % (c["file"], c["line"]))


def page(json_path, dom_path, page_path):
    report = json.load(open(json_path))
    dom = parse(dom_path)
    check_findings(report, dom)
    check_summary(report, dom)
    check_plots(report, dom)
    check_script(report, dom)
    check_sources(report, dom)
    expect(os.path.getsize(page_path) > 0, "empty page")


REFERRING = {"src", "href", "action", "formaction", "data", "poster", "srcset", "xlink:href",
             "background", "cite", "ping", "manifest", "codebase", "longdesc", "lowsrc"}
FOREIGN_TAGS = {"link", "img", "iframe", "frame", "object", "embed", "base", "audio", "video",
                "source", "track", "image", "use", "feimage", "portal"}


def offline(page_path):
    """No element refers to anything but a place in the page: no URL of any
    scheme, no protocol-relative //, no file; no url() or @import in styles;
    no http:, https: or // anywhere in the page's own style and script."""
    root = parse(page_path)
    for n in root.walk():
        expect(n.tag not in FOREIGN_TAGS, "<%s> element" % n.tag)
        for name, value in n.attrs.items():
            if name in REFERRING:
                expect((value or "").startswith("#"), "<%s %s=%r>" % (n.tag, name, value))
            if name == "style":
                expect("url(" not in value and "@import" not in value, "style=%r" % value)
        if n.tag == "meta":
            expect("http-equiv" not in n.attrs, "<meta http-equiv>")
        if n.tag in ("script", "style"):
            body = n.text()
            expect("src" not in n.attrs, "<script src>")
            for bad in ("http:", "https:", "//", "url(", "@import", "fetch(", "XMLHttpRequest",
                        "WebSocket", "import("):
                expect(bad not in body, "%r in the page's <%s>" % (bad, n.tag))


def query(json_path):
    report = json.load(open(json_path))
    span = report["run"]["duration_ns"]
    parts = ["sort=bytes", "dir=asc", "t0=0", "t1=%d" % (span // 2)]
    if report["findings"]:
        parts += ["kind=" + report["findings"][0]["kind"]]
    print("&".join(parts))


def view(json_path, dom_path, query_string):
    report = json.load(open(json_path))
    dom = parse(dom_path)
    q = dict(p.split("=", 1) for p in query_string.split("&"))
    rows = [n for n in dom.walk() if "data-finding-kind" in n.attrs]
    if "kind" in q:
        visible = [r for r in rows if "hidden" not in r.attrs]
        expect([r.attrs["data-finding-kind"] for r in visible] ==
               [f["kind"] for f in report["findings"] if f["kind"] == q["kind"]] and visible,
               "filter kind=%s shows %s" % (q["kind"], [r.attrs["data-finding-kind"] for r in visible]))
        expect(dom.first("select", id="filter-kind").attrs is not None, "no kind filter")
        shown = dom.first(id="finding-shown").attrs.get("data-shown")
        expect(shown == str(len(visible)), "shown count %s" % shown)
    sizes = [int(r.attrs["data-bytes"]) for r in rows]
    expect(sizes == sorted(sizes), "sort=bytes&dir=asc gives %s" % sizes)
    header = dom.first("th", data_key="bytes")
    expect(not rows or (header is not None and header.attrs.get("aria-sort") == "ascending"), "aria-sort")
    plot = dom.first("svg", class_="plot")
    if plot is not None:
        x, _, w, _ = (float(v) for v in plot.attrs["viewbox"].split())
        units, span = float(plot.attrs["data-units"]), float(plot.attrs["data-span-ns"])
        want = float(q["t1"]) / span * units
        expect(x == 0 and abs(w - want) < 1e-3 * units, "viewBox %s, want width %.3f" % (plot.attrs["viewbox"], want))


def state(dom_path, wanted, text):
    dom = parse(dom_path)
    banner = dom.first(id="trace-state")
    if not expect(banner is not None, "no trace-state banner"):
        return
    expect(banner.attrs.get("data-state") == wanted, "state %s" % banner.attrs.get("data-state"))
    expect(text in banner.text(), "banner says %r" % banner.text())
    order = [n for n in dom.walk() if n.attrs.get("id") in ("trace-state", "summary")]
    expect([n.attrs["id"] for n in order] == ["trace-state", "summary"], "banner is not at the top")
    expect(banner.parent.tag == "header", "banner outside the header")


def source(dom_path, file_name, wanted):
    dom = parse(dom_path)
    sections = [s for s in dom.find("section", class_="file") if s.attrs["data-file"].endswith(file_name)]
    if expect(len(sections) == 1, "%d sections for %s" % (len(sections), file_name)):
        s = sections[0]
        expect(s.attrs["data-state"] == wanted, "%s is %s" % (file_name, s.attrs["data-state"]))
        notes = {"missing": "Source not found", "changed": "has changed since the run"}
        if wanted in notes:
            expect(notes[wanted] in s.text(), "%s: no note %r" % (file_name, notes[wanted]))
        expect(len(list(s.find("tr", class_="ev"))) > 0, "%s: no line with events" % file_name)


def main():
    command, args = sys.argv[1], sys.argv[2:]
    {"page": page, "offline": offline, "query": query, "view": view, "state": state,
     "source": source}[command](*args)
    for e in errors:
        print("html_check %s: %s" % (command, e), file=sys.stderr)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
