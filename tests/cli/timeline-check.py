#!/usr/bin/env python3
"""timeline-check.py: check an `overlapcheck timeline` page against its trace.

    timeline-check.py TRACE.db PAGE.html [--analysis | --no-analysis] [--hostile] [--synthetic]

Without a browser: the page is self-contained (no URL, no external asset), the
data sits in one <script type="application/json"> that no trace string can
close, it parses, and its lanes and slices match the trace's tables (read
with sqlite3 directly). Prints "ok - NAME" / "not ok - NAME: why" lines.
"""
import collections
import json
import re
import sqlite3
import sys

from checklib import check, run, utf8

S = 11  # item stride, as in src/out-html.c
KERNEL, MEMCPY, MEMSET, PEER, RUNTIME, DRIVER, RANGE, MARK, XSPAN, GAP, HSYNC = range(11)


def main():
    db_path, html_path = sys.argv[1], sys.argv[2]
    analysis = "--analysis" in sys.argv
    hostile = "--hostile" in sys.argv
    synthetic = "--synthetic" in sys.argv
    raw = open(html_path, "rb").read()
    page = utf8(raw, "page")

    opener = '<script type="application/json" id="oc-data">'
    check("one data element", page.count(opener) == 1)
    start = page.index(opener) + len(opener)
    end = page.index("</script>", start)
    blob, outside = page[start:end], page[:start] + page[end:]
    check("three script elements, as the template has",
          page.count("<script") == 3 and page.count("</script") == 3,
          "%d opening, %d closing" % (page.count("<script"), page.count("</script")))
    check("no '<' inside the data", "<" not in blob)
    check("no network: no URL, src, href or link outside the data",
          not re.search(r"https?:|\bsrc\s*=|\bhref\s*=|<link|@import|url\(", outside))
    check("CSP forbids every fetch", "default-src 'none'" in outside)
    try:
        d = json.loads(blob)
        check("data parses", True)
    except ValueError as e:
        check("data parses", False, str(e))
        return

    db = sqlite3.connect(db_path)
    db.text_factory = lambda b: b.decode("utf-8", "replace")
    q = lambda sql: db.execute(sql).fetchone()[0]
    it = d["items"]
    check("items come in whole records", len(it) % S == 0)
    n = len(it) // S
    cats = collections.Counter(it[i * S + 4] for i in range(n))
    lanes = d["lanes"]
    kinds = collections.Counter(l["k"] for l in lanes)

    n_ops = q("SELECT count(*) FROM ops")
    check("one slice per device op", cats[KERNEL] + cats[MEMCPY] + cats[MEMSET] + cats[PEER] == n_ops)
    check("kernels", cats[KERNEL] == q("SELECT count(*) FROM ops WHERE kind = 1"))
    check("copies", cats[MEMCPY] + cats[PEER] == q("SELECT count(*) FROM ops WHERE kind IN (2, 4)"))
    check("one slice per API call", cats[RUNTIME] + cats[DRIVER] == q("SELECT count(*) FROM api"))
    check("one slice per NVTX range", cats[RANGE] == q("SELECT count(*) FROM markers WHERE flags & 2"))
    check("one mark per NVTX mark", cats[MARK] == q("SELECT count(*) FROM markers WHERE flags & 1"))
    check("a lane per stream that ran work",
          kinds["stream"] == q("SELECT count(*) FROM (SELECT DISTINCT context_id, stream_id FROM ops)"))
    check("a device lane per device", kinds["device"] == q("SELECT count(DISTINCT device_id) FROM ops"))
    check("a lane per CPU thread",
          kinds["thread"] == q("SELECT count(*) FROM (SELECT tid FROM api UNION SELECT tid FROM markers)"))
    check("an NVTX lane per thread with markers",
          kinds["nvtx"] == q("SELECT count(DISTINCT tid) FROM markers"))
    check("every slice names a lane and a string",
          all(0 <= it[i * S] < len(lanes) and 0 <= it[i * S + 3] < len(d["strs"]) for i in range(n)))
    check("lane kinds match slice kinds", all(
        lanes[it[i * S]]["k"] == {KERNEL: "stream", MEMCPY: "stream", MEMSET: "stream", PEER: "stream",
                                  RUNTIME: "thread", DRIVER: "thread", HSYNC: "thread",
                                  RANGE: "nvtx", MARK: "nvtx", XSPAN: "device", GAP: "device"}[it[i * S + 4]]
        for i in range(n)))
    starts = sorted(r[0] for r in db.execute("SELECT start_ns FROM ops"))
    check("op start times are the trace's",
          sorted(it[i * S + 1] for i in range(n) if it[i * S + 4] <= PEER) == starts)
    check("streams named with their kind", all(
        re.match(r"stream \d+ \u00b7 (legacy_default|per_thread_default|blocking|non_blocking|unknown)$",
                 l["n"]) for l in lanes if l["k"] == "stream"))
    links = [it[i * S + 10] for i in range(n) if it[i * S + 4] <= PEER and it[i * S + 10] >= 0]
    check("each op's link is an API call", all(0 <= k < n and it[k * S + 4] in (RUNTIME, DRIVER) for k in links))
    check("one link per op with a recorded call", len(links) == q(
        "SELECT count(*) FROM ops o WHERE EXISTS (SELECT 1 FROM api a WHERE a.correlation_id = o.correlation_id)"))
    notes_ok = all(-1 <= it[i * S + 7] < len(d["notes"]) for i in range(n))
    check("note indices are in range", notes_ok)

    if analysis:
        check("the answer is there", isinstance(d.get("answer"), str) and d["answer"])
        ser = [i for i in range(n) if it[i * S + 4] <= PEER and it[i * S + 6] == 2]
        check("serialized ops carry their causes",
              (ser or not synthetic) and
              all(it[i * S + 7] >= 0 and "causes: " in d["notes"][it[i * S + 7]] for i in ser))
        if synthetic:
            check("gaps and hidden syncs are marked", cats[GAP] > 0 and cats[HSYNC] > 0)
    else:
        check("no verdicts without the analysis",
              d.get("answer") is None and cats[GAP] == 0 and cats[HSYNC] == 0 and
              all(it[i * S + 6] == 0 for i in range(n)))

    if hostile:
        wanted = [r[0] for r in db.execute("SELECT value FROM strings") if "\ufffd" not in r[0]]
        bad = [w for w in wanted if "<" in w or '"' in w]
        check("hostile names survive exactly", bad and all(w in d["strs"] for w in bad),
              repr([w for w in bad if w not in d["strs"]]))
        check("invalid UTF-8 became U+FFFD", any(s.startswith("bad-\ufffd") for s in d["strs"]))
        check("no raw hostile markup in the page", "<script>document" not in page and "<img" not in page)
    db.close()


if __name__ == "__main__":
    run(main)
