/* The script of `ompt-inst report --format html`, inlined in the page: sorts
 * and filters the findings, zooms and pans the timeline. Everything else is
 * in the page already, so it reads without the script too. The query string
 * sets the initial state (?kind=round_trip&var=a[0:n]&sort=bytes&dir=asc&t0=NS&t1=NS),
 * so a view can be linked to. */
(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);

  function formatNs(ns) {
    if (ns < 1e3) return ns.toFixed(0) + " ns";
    if (ns < 1e6) return (ns / 1e3).toPrecision(3) + " us";
    if (ns < 1e9) return (ns / 1e6).toPrecision(3) + " ms";
    return (ns / 1e9).toPrecision(4) + " s";
  }

  /* ---- findings: filter by kind and variable, sort by any column ---- */
  function findings() {
    var table = document.getElementById("finding-table");
    if (!table) return;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var controls = document.getElementById("finding-controls");
    var shown = document.createElement("span");
    shown.id = "finding-shown";
    shown.setAttribute("aria-live", "polite");

    function select(name, label, values) {
      var wrap = document.createElement("label");
      wrap.textContent = label + " ";
      var s = document.createElement("select");
      s.id = "filter-" + name;
      var all = document.createElement("option");
      all.value = "";
      all.textContent = "all";
      s.appendChild(all);
      values.forEach(function (v) {
        var o = document.createElement("option");
        o.value = v;
        o.textContent = v;
        s.appendChild(o);
      });
      if (params.has(name) && values.indexOf(params.get(name)) >= 0) s.value = params.get(name);
      s.addEventListener("change", apply);
      wrap.appendChild(s);
      controls.appendChild(wrap);
      return s;
    }
    function distinct(attribute) {
      var seen = [];
      rows.forEach(function (r) {
        var v = r.getAttribute(attribute);
        if (seen.indexOf(v) < 0) seen.push(v);
      });
      return seen.sort();
    }
    var kind = select("kind", "Kind", distinct("data-finding-kind"));
    var variable = select("var", "Variable", distinct("data-var"));
    controls.appendChild(shown);

    function apply() {
      var n = 0;
      rows.forEach(function (r) {
        var visible = (!kind.value || r.getAttribute("data-finding-kind") === kind.value) &&
                      (!variable.value || r.getAttribute("data-var") === variable.value);
        r.hidden = !visible;
        n += visible ? 1 : 0;
      });
      shown.textContent = "showing " + n + " of " + rows.length;
      shown.setAttribute("data-shown", String(n));
    }

    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    function sortBy(th, direction) {
      var index = headers.indexOf(th);
      var numeric = th.getAttribute("data-type") === "number";
      rows.sort(function (a, b) {
        var x = a.cells[index], y = b.cells[index];
        var u = x.hasAttribute("data-v") ? x.getAttribute("data-v") : x.textContent;
        var v = y.hasAttribute("data-v") ? y.getAttribute("data-v") : y.textContent;
        var c = numeric ? Number(u) - Number(v) : u.localeCompare(v);
        return direction === "ascending" ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
      headers.forEach(function (h) {
        if (h !== th) h.removeAttribute("aria-sort");
      });
      th.setAttribute("aria-sort", direction);
    }
    headers.forEach(function (th) {
      var button = th.querySelector("button");
      if (!button) return;
      button.addEventListener("click", function () {
        var now = th.getAttribute("aria-sort");
        var numeric = th.getAttribute("data-type") === "number";
        sortBy(th, now ? (now === "ascending" ? "descending" : "ascending")
                       : (numeric ? "descending" : "ascending"));
      });
    });
    if (params.has("sort")) {
      var th = table.querySelector('th[data-key="' + CSS.escape(params.get("sort")) + '"]');
      if (th) sortBy(th, params.get("dir") === "asc" ? "ascending" : "descending");
    }
    /* Enter on a focused row opens its source line */
    body.addEventListener("keydown", function (e) {
      if (e.key !== "Enter" || e.target.tagName !== "TR") return;
      var link = e.target.querySelector("a.src-link");
      if (link) link.click();
    });
    apply();
  }

  /* ---- timeline: zoom (wheel, buttons, +/-), pan (drag, arrows) ---- */
  function timeline() {
    var figure = document.getElementById("plot-timeline");
    if (!figure) return;
    var plot = figure.querySelector("svg.plot");
    var axis = figure.querySelector("svg.axis");
    if (!plot || !axis) return;
    var span = Number(plot.getAttribute("data-span-ns")) || 1;
    var units = Number(plot.getAttribute("data-units"));
    var height = Number(plot.getAttribute("data-height"));
    var names = Array.prototype.map.call(
      document.querySelectorAll("#timeline-names li"), function (li) { return li.textContent; });
    var view = { x: 0, w: units };
    var minWidth = units / 1e6;

    function clamp() {
      view.w = Math.max(minWidth, Math.min(units, view.w));
      view.x = Math.max(0, Math.min(units - view.w, view.x));
    }
    function ticks() {
      var ns0 = view.x / units * span, ns1 = (view.x + view.w) / units * span;
      var step = Math.pow(10, Math.floor(Math.log10((ns1 - ns0) / 6 || 1)));
      if ((ns1 - ns0) / step > 12) step *= 5; else if ((ns1 - ns0) / step > 6) step *= 2;
      var width = axis.clientWidth || 1000;
      var group = axis.querySelector("g.ticks");
      while (group.firstChild) group.removeChild(group.firstChild);
      for (var t = Math.ceil(ns0 / step) * step; t <= ns1; t += step) {
        var px = (t - ns0) / (ns1 - ns0) * width;
        var line = document.createElementNS(plot.namespaceURI, "line");
        line.setAttribute("x1", px); line.setAttribute("x2", px);
        line.setAttribute("y1", 0); line.setAttribute("y2", 5);
        var text = document.createElementNS(plot.namespaceURI, "text");
        text.setAttribute("x", px + 2); text.setAttribute("y", 15);
        text.textContent = formatNs(t);
        group.appendChild(line);
        group.appendChild(text);
      }
      var range = document.getElementById("timeline-range");
      if (range) range.textContent = formatNs(ns0) + " \u2013 " + formatNs(ns1);
    }
    function show() {
      clamp();
      plot.setAttribute("viewBox", view.x + " 0 " + view.w + " " + height);
      ticks();
    }
    function zoom(factor, at) {
      var center = at === undefined ? view.x + view.w / 2 : at;
      var w = view.w / factor;
      view.x = center - (center - view.x) / view.w * w;
      view.w = w;
      show();
    }
    function unitsAt(clientX) {
      var box = plot.getBoundingClientRect();
      return view.x + (clientX - box.left) / (box.width || 1) * view.w;
    }
    plot.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoom(e.deltaY < 0 ? 1.25 : 0.8, unitsAt(e.clientX));
    }, { passive: false });
    var drag = null;
    plot.addEventListener("pointerdown", function (e) {
      drag = { clientX: e.clientX, x: view.x };
      plot.setPointerCapture(e.pointerId);
    });
    plot.addEventListener("pointermove", function (e) {
      if (drag) {
        var box = plot.getBoundingClientRect();
        view.x = drag.x - (e.clientX - drag.clientX) / (box.width || 1) * view.w;
        show();
      }
      tooltip(e);
    });
    plot.addEventListener("pointerup", function () { drag = null; });
    plot.addEventListener("pointerleave", function () { hideTooltip(); });
    plot.addEventListener("keydown", function (e) {
      var handled = true;
      if (e.key === "+" || e.key === "=") zoom(1.5);
      else if (e.key === "-") zoom(1 / 1.5);
      else if (e.key === "ArrowLeft") { view.x -= view.w / 5; show(); }
      else if (e.key === "ArrowRight") { view.x += view.w / 5; show(); }
      else if (e.key === "0" || e.key === "Home") { view.x = 0; view.w = units; show(); }
      else handled = false;
      if (handled) e.preventDefault();
    });
    figure.querySelectorAll("button[data-zoom]").forEach(function (b) {
      b.addEventListener("click", function () {
        var z = b.getAttribute("data-zoom");
        if (z === "reset") { view.x = 0; view.w = units; show(); } else zoom(Number(z));
      });
    });

    var tip = document.createElement("div");
    tip.id = "tooltip";
    tip.hidden = true;
    document.body.appendChild(tip);
    function hideTooltip() { tip.hidden = true; }
    function tooltip(e) {
      var r = e.target;
      if (drag || r.tagName !== "rect" || !r.hasAttribute("data-n")) { hideTooltip(); return; }
      var x = Number(r.getAttribute("x")), w = Number(r.getAttribute("width"));
      var text = names[Number(r.getAttribute("data-n"))] || "";
      var merged = r.getAttribute("data-m");
      if (merged) text = merged + " slices merged (busy " + formatNs(w / units * span) +
                         "), longest: " + text;
      else text += ": " + formatNs(w / units * span) + " at " + formatNs(x / units * span);
      tip.textContent = text;
      tip.style.left = (e.clientX + 12) + "px";
      tip.style.top = (e.clientY + 12) + "px";
      tip.hidden = false;
    }

    if (params.has("t0") || params.has("t1")) {
      var t0 = Number(params.get("t0") || 0), t1 = Number(params.get("t1") || span);
      if (t1 > t0) {
        view.x = t0 / span * units;
        view.w = (t1 - t0) / span * units;
      }
    }
    show();
    window.addEventListener("resize", ticks);
  }

  findings();
  timeline();
  /* forces layout, so the figure below includes it */
  void document.body.offsetHeight;
  document.documentElement.setAttribute("data-ready", "1");
  document.documentElement.setAttribute("data-script-ms", String(Math.round(performance.now())));
})();
