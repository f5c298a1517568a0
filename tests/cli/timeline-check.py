#!/usr/bin/env python3
"""timeline-check.py: check an `overlapcheck timeline` page against its trace.

    timeline-check.py TRACE.db PAGE.html [--analysis | --no-analysis] [--hostile] [--synthetic]
                      [--small | --lod] [--same-as SMALL.html] [--report REPORT.json]

Without a browser: the page is self-contained (no URL, no external asset), the
data sits in one <script type="application/json"> that no trace string can
close, it parses, and its lanes and slices match the trace's tables (read
with sqlite3 directly). A level-of-detail page (docs/timeline.md) is decoded
first (lodpage.py) and its slices checked the same way, with its index,
summaries, counts and tables against them; --small / --lod say which page
it must be. --same-as: a level-of-detail page holds the same slices, names,
notes and tables as the small page of the same trace, its times exact or
within 2^-mant of each slice's duration. --report: the slices marked as
on the critical path (the small page's "path", a level-of-detail page's
flag bit 1) against `report --format json`'s critical_path of the same
analysis: as many ops of each kind as its groups count, the calls between
its call groups and their steps, and the page's path line saying its length.
Prints "ok - NAME" / "not ok - NAME: why" lines.
"""
import collections
import json
import re
import sqlite3
import sys

from checklib import check, run, utf8
from lodpage import lod_flags, lod_items, lod_summaries, page_data

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
    bopener = '<script type="application/octet-stream" id="oc-blob">'
    check("one data element and one blob element", page.count(opener) == 1 and page.count(bopener) == 1)
    start = page.index(opener) + len(opener)
    end = page.index("</script>", start)
    bstart = page.index(bopener) + len(bopener)
    bend = page.index("</script>", bstart)
    blob, outside = page[start:end], page[:bstart] + page[bend:start] + page[end:]
    check("four script elements, as the template has",
          page.count("<script") == 4 and page.count("</script") == 4,
          "%d opening, %d closing" % (page.count("<script"), page.count("</script")))
    check("no '<' inside the data", "<" not in blob)
    check("the blob is base64 alone", re.fullmatch(r"[A-Za-z0-9+/=]*", page[bstart:bend]))
    check("no network: no URL, src, href or link outside the data",
          not re.search(r"https?:|\bsrc\s*=|\bhref\s*=|<link|@import|url\(", outside))
    check("CSP forbids every fetch", "default-src 'none'" in outside)
    try:
        d = page_data(page)
        check("data parses", True)
    except ValueError as e:
        check("data parses", False, str(e))
        return
    lod = "lod" in d
    if "--small" in sys.argv:
        check("a small page (every slice as items)", not lod and not page[bstart:bend])
    if "--lod" in sys.argv:
        check("a level-of-detail page", lod)
    if lod:
        try:
            d["items"], d["notes"] = lod_items(d)
            check("the level-of-detail data decodes", True)
        except (ValueError, IndexError, KeyError) as e:
            check("the level-of-detail data decodes", False, repr(e))
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
    if not lod or not d["lod"]["mant"]:   # rounded times: --same-as checks them
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

    if lod:
        lod_checks(d, q, n, it, cats)
    if "--report" in sys.argv:
        rep = json.load(open(sys.argv[sys.argv.index("--report") + 1], encoding="utf-8"))
        path_checks(d, it, n, lod, rep)
    same = sys.argv[sys.argv.index("--same-as") + 1] if "--same-as" in sys.argv else None
    if same and lod:
        same_as(d, page_data(open(same, encoding="utf-8").read()))

    if hostile:
        wanted = [r[0] for r in db.execute("SELECT value FROM strings") if "\ufffd" not in r[0]]
        bad = [w for w in wanted if "<" in w or '"' in w]
        check("hostile names survive exactly", bad and all(w in d["strs"] for w in bad),
              repr([w for w in bad if w not in d["strs"]]))
        check("invalid UTF-8 became U+FFFD", any(s.startswith("bad-\ufffd") for s in d["strs"]))
        check("no raw hostile markup in the page", "<script>document" not in page and "<img" not in page)
    db.close()


def lod_checks(d, q, n, it, cats):
    """The level-of-detail page's index, summaries, counts, tables and flags
    against its decoded slices and the trace."""
    L = d["lod"]
    chunks = L["chunks"]
    check("chunks follow each other by id, lane by lane",
          all(c[1] == (p[1] + p[2] if p else 0) and (not p or c[0] >= p[0])
              for p, c in zip([None] + chunks[:-1], chunks)) and sum(c[2] for c in chunks) == n == L["n"])
    bad = []
    for c in chunks:
        st = [it[i * S + 1] for i in range(c[1], c[1] + c[2])]
        en = [it[i * S + 1] + it[i * S + 2] for i in range(c[1], c[1] + c[2])]
        if (st[0], min(st), max(en), max(e - s for s, e in zip(st, en))) != (c[3], c[4], c[5], c[6]):
            bad.append(c[1])
        if not L["mant"] and st != sorted(st):
            bad.append(("unsorted", c[1]))
    check("each chunk's index gives its first start, least start, latest end, longest slice", not bad,
          repr(bad[:5]))
    sums = lod_summaries(d)
    check("a summary per lane", len(sums) == len(d["lanes"]))
    per_lane = collections.Counter(it[i * S] for i in range(n))
    flagged = collections.Counter(it[i * S] for i in range(n) if it[i * S + 6] == 2)
    check("the summaries count every slice of their lane",
          all(sum(sm["n"]) == per_lane[k] for k, sm in enumerate(sums)))
    check("the summaries count the serialized claims and hidden syncs of their lane",
          all(sum(sm["flagged"]) == flagged[k] for k, sm in enumerate(sums)))
    check("busy, overlapped and idle time fit their buckets", all(
        max(sm[col][b] for col in ("busy", "overlap", "idle")) <= sm["bw"]
        for sm in sums for b in range(sm["nb"])))
    check("overlapped time of a stream is busy time", all(
        sm["overlap"][b] <= sm["busy"][b] for k, sm in enumerate(sums) if d["lanes"][k]["k"] == "stream"
        for b in range(sm["nb"])))
    check("causes index the cause table", all(
        0 <= v <= len(L["causes"]) for sm in sums for v in sm["cause"]))
    busy_ns = sum(sum(sm["busy"]) for k, sm in enumerate(sums) if d["lanes"][k]["k"] == "stream")
    check("stream lanes' busy time is the union of their ops' time", busy_ns == sum(
        union_ns([(it[i * S + 1], it[i * S + 1] + it[i * S + 2]) for i in range(n)
                  if it[i * S] == k and it[i * S + 4] <= PEER])
        for k, l in enumerate(d["lanes"]) if l["k"] == "stream") or L["mant"],
          "%d ns" % busy_ns)
    co = L["counts"]
    check("counts: ops, kernels, copies, memsets, API calls, ranges, marks", (
        co["ops"], co["kernels"], co["copies"], co["memsets"], co["api"], co["ranges"], co["marks"]) == (
        q("SELECT count(*) FROM ops"), q("SELECT count(*) FROM ops WHERE kind = 1"),
        q("SELECT count(*) FROM ops WHERE kind IN (2, 4)"), q("SELECT count(*) FROM ops WHERE kind = 3"),
        q("SELECT count(*) FROM api"), q("SELECT count(*) FROM markers WHERE flags & 2"),
        q("SELECT count(*) FROM markers WHERE flags & 1")), repr(co))
    ser = [i for i in range(n) if it[i * S + 4] <= PEER and it[i * S + 6] == 2]
    check("counts: verdicts, gaps, hidden syncs as the slices say", (
        co["serialized"], co["overlapped"], co["gaps"], co["hsyncs"]) == (
        len(ser), sum(1 for i in range(n) if it[i * S + 4] <= PEER and it[i * S + 6] == 1),
        cats[GAP], cats[HSYNC]), repr(co))
    li = L["lists"]
    rows = li["serialized"]["rows"]
    mant = L["mant"]

    def close(exact, shown):   # a table's exact time against the slice's, maybe rounded
        return abs(exact[0] - shown[0]) <= abs(exact[1]) / 2 ** mant and \
            abs(exact[1] - shown[1]) <= abs(exact[1]) / 2 ** mant if mant else exact == shown
    check("serialized claims: how many, and the first ones' rows", li["serialized"]["n"] == len(ser) and
          len(rows) == min(300, len(ser)) and all(
              (r[1], r[2], r[5]) == (it[r[0] * S + 3], it[r[0] * S], d["notes"][it[r[0] * S + 7]]) and
              close((r[3], r[4]), (it[r[0] * S + 1], it[r[0] * S + 2])) for r in rows))
    gaps = li["gaps"]["rows"]
    check("idle gaps: how many, the longest first", li["gaps"]["n"] == cats[GAP] and
          all(it[r[0] * S + 4] == GAP and close((r[2], r[3]), (it[r[0] * S + 1], it[r[0] * S + 2]))
              for r in gaps) and [r[3] for r in gaps] == sorted([r[3] for r in gaps], reverse=True) and
          len(gaps) == min(50, cats[GAP]))
    check("hidden syncs: how many", li["hsyncs"]["n"] == cats[HSYNC] and
          all(it[r[0] * S + 4] == HSYNC for r in li["hsyncs"]["rows"]))
    tot = collections.Counter()
    for i in range(n):
        if it[i * S + 4] == KERNEL:
            tot[it[i * S + 3]] += it[i * S + 2]
    kr = li["kernels"]["rows"]
    check("kernels by time: one row per name, the most time first, totals from the slices",
          li["kernels"]["n"] == len(tot) and all(r[2] == tot[r[0]] for r in kr) and
          [r[2] for r in kr] == sorted(tot.values(), reverse=True)[:20] or L["mant"])
    calls = [i for i in range(n) if it[i * S + 4] in (RUNTIME, DRIVER) and it[i * S + 10] >= 0]
    check("a call's link is an op it queued (whose link is the call)",
          all(it[it[i * S + 10] * S + 4] <= PEER and it[it[i * S + 10] * S + 10] == i for i in calls))
    flags = lod_flags(d)
    sides = {x for z in L["hazards"] for x in z[:2] if x >= 0}
    check("flags mark exactly the ops of hazards", {i for i, f in enumerate(flags) if f & 1} == sides and
          all(f & ~3 == 0 for f in flags))
    check("the path's flag only on ops and calls", all(it[i * S + 4] <= DRIVER for i, f in enumerate(flags)
                                                        if f & 2))
    check("hazards join ops", all(it[x * S + 4] <= PEER for x in sides))


def path_checks(d, it, n, lod, rep):
    """The critical path's slices against the report's critical_path."""
    cp = rep.get("critical_path")
    on = sorted(i for i, f in enumerate(lod_flags(d)) if f & 2) if lod else d.get("path", [])
    if not cp:
        check("no critical path: nothing marked, no path line", not on and not d.get("pathline"))
        return
    line = d.get("pathline") or ""
    said = ("no bound: " in line) if rep.get("bounds_withheld") else ("bound: " in line) == bool(rep.get("bounds"))
    check("the path line gives the path's length and makeup, and the first bound or why none",
          line.startswith("critical path ") and said, repr(line))
    check("marked slices are ops and calls", all(0 <= i < n and it[i * S + 4] <= DRIVER for i in on))
    check("each slice marked once", len(set(on)) == len(on))
    count = collections.Counter()
    for g in cp["on_path"]:
        count[g["what"]] += g["count"]
    calls = [i for i in on if it[i * S + 4] in (RUNTIME, DRIVER)]
    kinds = collections.Counter(it[i * S + 4] for i in on)
    want = (count["kernel"], count["memcpy"], count["memset"])
    got = (kinds[KERNEL], kinds[MEMCPY] + kinds[PEER], kinds[MEMSET])
    if count["graph_launch"]:   # a graph launch marks all its ops: at least one per launch
        check("a graph launch's ops are marked", sum(got) >= sum(want) + count["graph_launch"], repr((got, count)))
    else:
        check("marked kernels, copies and memsets: as many as the path's groups count", got == want,
              "page %r, report %r" % (got, want))
    groups = sum(1 for g in cp["on_path"] if g["what"] == "call")
    check("marked calls: at least one per call group, at most its steps",
          groups <= len(calls) <= count["call"], "%d marked, %d groups, %d steps" % (
              len(calls), groups, count["call"]))


def union_ns(iv):
    total, cur = 0, None
    for s, e in sorted(iv):
        if cur and s <= cur[1]:
            cur[1] = max(cur[1], e)
            continue
        if cur:
            total += cur[1] - cur[0]
        cur = [s, e]
    return total + (cur[1] - cur[0] if cur else 0)


def same_as(d, small):
    """A level-of-detail page against the small page of the same trace."""
    L, it = d["lod"], d["items"]
    n, sit = len(it) // S, small["items"]
    check("the small page is one", "lod" not in small)
    check("the same strings (made-up names in the order first used)", set(d["strs"]) <= set(small["strs"]))
    check("the same lanes", d["lanes"] == small["lanes"])
    # the small page's items in the level-of-detail page's order: by lane, then start, then item order
    order = sorted((i for i in range(len(sit) // S) if sit[i * S + 4] != XSPAN),
                   key=lambda i: (sit[i * S], sit[i * S + 1], i))
    check("the same slices but copy \u2229 kernel spans", len(order) == n, "%d against %d" % (n, len(order)))
    if len(order) != n:
        return
    idof = {i: k for k, i in enumerate(order)}
    mant, bad = L["mant"], []
    for k, i in enumerate(order):
        a, b = it[k * S:k * S + S], sit[i * S:i * S + S]
        note_a = d["notes"][a[7]] if a[7] >= 0 else None
        note_b = small["notes"][b[7]] if b[7] >= 0 else None
        link_b = idof.get(b[10], -1) if b[10] >= 0 else -1
        same = (a[0], d["strs"][a[3]], a[4], a[5], a[6], a[8], a[9], note_a) == (
            b[0], small["strs"][b[3]], b[4], b[5], b[6], b[8], b[9], note_b)
        if a[4] not in (RUNTIME, DRIVER):
            same = same and a[10] == link_b
        dur = abs(b[2])
        if mant:
            same = same and abs(a[1] - b[1]) <= dur / 2 ** mant and abs(a[2] - b[2]) <= dur / 2 ** mant
        else:
            same = same and (a[1], a[2]) == (b[1], b[2])
        if not same:
            bad.append((k, a, b))
    check("every slice the same, its times %s" % ("within 2^-%d of its duration" % mant if mant else "exact"),
          not bad, repr(bad[:3]))
    check("copy \u2229 kernel spans counted as the small page has them",
          L["counts"]["xspans"] == sum(1 for i in range(len(sit) // S) if sit[i * S + 4] == XSPAN))
    check("the same hazards", [[idof.get(z[0], -1), idof.get(z[1], -1) if z[1] >= 0 else -1, z[2], z[3]]
                               for z in small["hazards"]] == L["hazards"])
    ser = [i for i in range(len(sit) // S) if sit[i * S + 4] <= PEER and sit[i * S + 6] == 2][:300]
    check("the same serialized claims listed first", [idof[i] for i in ser] ==
          [r[0] for r in L["lists"]["serialized"]["rows"]])


if __name__ == "__main__":
    run(main)
