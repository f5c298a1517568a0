#!/usr/bin/env python3
"""dom-check.py: check a timeline page's DOM as headless Chromium dumped it.

    dom-check.py TRACE.db DOM.html TITLE [--hostile] [--bench] [--selftest]
                 [--lod [--load-ms MS]] [--decode PAGE.html]

The page publishes what it drew in data-* attributes of its root element
(docs/timeline.md); they are compared with counts taken from the trace with
sqlite3. --hostile also checks that no string from the trace ran as script or
became markup, and that the hostile kernel name shows as text. --bench checks
that the timings were published and prints them; --selftest that hovering,
the wheel, dragging and double-click worked (the page drove them itself with
synthetic events, for #selftest). --lod: a level-of-detail page (docs/timeline.md)
whose first frame drew summaries, loaded within MS milliseconds (default
10000), and (with --selftest) whose zoom to the first serialized op drew every
lane slice by slice, single slices among them. --decode: the page decoded
every chunk (#decode) to the sums tests/cli/lodpage.py computes from PAGE.
Prints ok / not ok lines.
"""
import html
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from checklib import check, run  # noqa: E402  (tests/cli/checklib.py)
from lodpage import lod_decode_sums, page_data  # noqa: E402


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
    check("no script element beyond the page's four", dom.count("<script") == 4,
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
        # whether any op has its call (api.correlation_id has no index: no count)
        linked = q("SELECT EXISTS (SELECT 1 FROM ops o WHERE EXISTS "
                   "(SELECT 1 FROM api a WHERE a.correlation_id = o.correlation_id))")
        check("hovering an op connects it to its API call",
              attrs.get("data-hover-links") == "1" or not linked, attrs.get("data-hover-links"))
        check("the wheel zooms in", attrs.get("data-wheel-zoomed") == "1")
        check("dragging pans", attrs.get("data-drag-panned") == "1")
        check("the + key zooms in", attrs.get("data-key-zoomed") == "1")
        check("double-click shows the whole trace", attrs.get("data-reset") == "1")
    if "--lod" in sys.argv:
        lod_checks(attrs)
    if "--decode" in sys.argv:
        d = page_data(open(sys.argv[sys.argv.index("--decode") + 1], encoding="utf-8").read())
        n, sums = lod_decode_sums(d)
        check("the page decoded all %d slices" % n, attrs.get("data-decoded-slices") == str(n),
              attrs.get("data-decoded-slices"))
        check("to what the writer encoded (start, end, name, link, note sums)",
              attrs.get("data-decode-sums") == ",".join(str(v) for v in sums),
              "%s against %s" % (attrs.get("data-decode-sums"), sums))
    if bench:
        keys = ("data-first-draw-ms", "data-load-ms", "data-parse-ms", "data-zoom-ms",
                "data-zoom-max-ms", "data-pan-ms", "data-pan-max-ms")
        check("bench timings published", all(k in attrs for k in keys))
        print("bench: " + " ".join("%s=%s" % (k[5:], attrs.get(k)) for k in keys))
    db.close()


def lod_checks(attrs):
    """A level-of-detail page: summaries first, single slices once zoomed in."""
    num = lambda k: float(attrs.get(k, "nan"))
    limit = float(sys.argv[sys.argv.index("--load-ms") + 1]) if "--load-ms" in sys.argv else 10000
    check("a level-of-detail page", attrs.get("data-lod") == "1")
    check("the first frame drew lanes as summaries", num("data-summary-lanes") >= 1 and
          num("data-summary-cells") > 0, "%s lanes, %s cells" % (attrs.get("data-summary-lanes"),
                                                                attrs.get("data-summary-cells")))
    check("loaded and drawn within %d ms" % limit, num("data-load-ms") < limit, attrs.get("data-load-ms"))
    if "--selftest" in sys.argv:
        check("zoomed to an op: every lane slice by slice",
              num("data-sel-detail-lanes") == num("data-lanes") and num("data-sel-summary-lanes") == 0,
              "%s of %s lanes" % (attrs.get("data-sel-detail-lanes"), attrs.get("data-lanes")))
        check("zoomed to an op: single slices drawn, decoded from their chunks",
              num("data-sel-single") > 0 and num("data-sel-decoded") > 0,
              "%s single, %s chunks" % (attrs.get("data-sel-single"), attrs.get("data-sel-decoded")))
        check("a summary cell's tooltip", "summary" in attrs.get("data-cell-tip", "") and
              "slices" in attrs.get("data-cell-tip", ""), attrs.get("data-cell-tip", "")[:200])
        print("lod: load %s ms, zoom to an op %s ms (%s chunks decoded)" % (
            attrs.get("data-load-ms"), attrs.get("data-sel-ms"), attrs.get("data-sel-decoded")))


if __name__ == "__main__":
    run(main)
