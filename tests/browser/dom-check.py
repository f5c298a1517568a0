#!/usr/bin/env python3
"""dom-check.py: check a timeline page's DOM as headless Chromium dumped it.

    dom-check.py TRACE.db DOM.html TITLE [--hostile] [--bench] [--selftest]

The page publishes what it drew in data-* attributes of its root element
(docs/timeline.md); they are compared with counts taken from the trace with
sqlite3. --hostile also checks that no string from the trace ran as script or
became markup, and that the hostile kernel name shows as text. --bench checks
that the timings were published and prints them; --selftest that hovering,
the wheel, dragging and double-click worked (the page drove them itself with
synthetic events, for #selftest). Prints ok / not ok lines.
"""
import html
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from checklib import check, run  # noqa: E402  (tests/cli/checklib.py)


def main():
    db_path, dom_path, title = sys.argv[1:4]
    hostile = "--hostile" in sys.argv
    bench = "--bench" in sys.argv
    dom = open(dom_path, encoding="utf-8", errors="replace").read()
    m = re.search(r"<html\b([^>]*)>", dom)
    check("the DOM was dumped", m, "no <html> element in %d bytes" % len(dom))
    if not m:
        return
    attrs = {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', m.group(1))}
    check("data-ready=1 (first frame drawn)", attrs.get("data-ready") == "1", attrs.get("data-ready"))
    check("data-errors=0 (no script error)", attrs.get("data-errors") == "0", attrs.get("data-errors"))

    db = sqlite3.connect(db_path)
    db.text_factory = lambda b: b.decode("utf-8", "replace")
    q = lambda sql: db.execute(sql).fetchone()[0]
    want = {
        "data-ops": q("SELECT count(*) FROM ops"),
        "data-kernels": q("SELECT count(*) FROM ops WHERE kind = 1"),
        "data-api": q("SELECT count(*) FROM api"),
        "data-ranges": q("SELECT count(*) FROM markers WHERE flags & 2"),
        "data-stream-lanes": q("SELECT count(*) FROM (SELECT DISTINCT context_id, stream_id FROM ops)"),
        "data-device-lanes": q("SELECT count(DISTINCT device_id) FROM ops"),
        "data-thread-lanes": q("SELECT count(*) FROM (SELECT tid FROM api UNION SELECT tid FROM markers)"),
        "data-nvtx-lanes": q("SELECT count(DISTINCT tid) FROM markers"),
    }
    want["data-lanes"] = sum(want[k] for k in ("data-stream-lanes", "data-device-lanes",
                                                "data-thread-lanes", "data-nvtx-lanes"))
    for k, v in want.items():
        check("%s = %d" % (k, v), attrs.get(k) == str(v), "page says %s" % attrs.get(k))
    kernel_names = q("SELECT count(DISTINCT name) FROM device_ops WHERE kind = 'kernel'")
    m2 = re.search(r"Kernels by total device time \((\d+)\)", dom)
    check("the kernel table lists every kernel name (%d)" % kernel_names,
          (m2 and int(m2.group(1)) == kernel_names) or (not m2 and kernel_names == 0),
          m2.group(0) if m2 else "no kernel table")
    drawn = int(attrs.get("data-drawn", "0"))
    check("the first frame drew rectangles", drawn > 0 or want["data-ops"] == 0, str(drawn))
    check("title is the page's own", re.search(r"<title>overlapcheck timeline: %s</title>"
                                               % re.escape(html.escape(title, quote=False)), dom),
          (re.search(r"<title>[^<]*</title>", dom) or [None])[0])
    check("no injected attribute", "data-pwned" not in m.group(1))
    check("no script element beyond the page's three", dom.count("<script") == 3,
          "%d" % dom.count("<script"))
    if hostile:
        check("no <img> element from a trace string", "<img" not in dom)
        kname = [r[0] for r in db.execute("SELECT value FROM strings") if r[0].startswith("</script>")]
        shown = html.escape(kname[0], quote=False) if kname else None
        check("the hostile kernel name shows as text", shown and shown in dom)
    if "--selftest" in sys.argv:
        tip = attrs.get("data-tip", "")
        ser = q("SELECT 1 FROM ops LIMIT 1")
        check("hover shows a tooltip", tip or not ser, "empty")
        check("the tooltip of a serialized op gives its causes",
              "SERIALIZED" in tip and "causes: " in tip, tip[:200])
        linked = q("SELECT count(*) FROM ops o WHERE EXISTS "
                   "(SELECT 1 FROM api a WHERE a.correlation_id = o.correlation_id)")
        check("hovering an op connects it to its API call",
              attrs.get("data-hover-links") == "1" or not linked, attrs.get("data-hover-links"))
        check("the wheel zooms in", attrs.get("data-wheel-zoomed") == "1")
        check("dragging pans", attrs.get("data-drag-panned") == "1")
        check("the + key zooms in", attrs.get("data-key-zoomed") == "1")
        check("double-click shows the whole trace", attrs.get("data-reset") == "1")
    if bench:
        keys = ("data-first-draw-ms", "data-load-ms", "data-parse-ms", "data-zoom-ms",
                "data-zoom-max-ms", "data-pan-ms", "data-pan-max-ms")
        check("bench timings published", all(k in attrs for k in keys))
        print("bench: " + " ".join("%s=%s" % (k[5:], attrs.get(k)) for k in keys))
    db.close()


if __name__ == "__main__":
    run(main)
