#!/usr/bin/env python3
"""export-check.py: check `overlapcheck export` output against its trace.

    export-check.py TRACE.db EXPORT.json [--analysis | --no-analysis] [--hostile] [--synthetic]

--synthetic adds what tests/browser/mktrace.py's traces are built to show (a
pageable copy, idle gaps, a hidden sync); recorded traces get the rest.

Prints one line per check, "ok - NAME" or "not ok - NAME: why", for
tests/cli/test-export.sh to count. The trace is read with sqlite3 directly,
not with overlapcheck, so the two sides are independent.
"""
import collections
import decimal
import json
import sqlite3
import sys

from checklib import check, run, utf8


def main():
    db_path, js_path = sys.argv[1], sys.argv[2]
    analysis = "--analysis" in sys.argv
    hostile = "--hostile" in sys.argv
    synthetic = "--synthetic" in sys.argv
    raw = open(js_path, "rb").read()
    text = utf8(raw, "output")
    try:
        doc = json.loads(text, parse_float=decimal.Decimal)
        check("JSON parses", True)
    except ValueError as e:
        check("JSON parses", False, str(e))
        return
    ev = doc.get("traceEvents", [])
    check("traceEvents is a non-empty list", isinstance(ev, list) and ev)
    check("no raw '<' anywhere in the output", "<" not in text)

    db = sqlite3.connect(db_path)
    db.text_factory = lambda b: b.decode("utf-8", "replace")
    q = lambda sql: db.execute(sql).fetchone()[0]
    n_ops = q("SELECT count(*) FROM ops")
    n_api = q("SELECT count(*) FROM api")
    n_ranges = q("SELECT count(*) FROM markers WHERE flags & 2")
    n_marks = q("SELECT count(*) FROM markers WHERE flags & 1")
    n_devices = q("SELECT count(DISTINCT device_id) FROM ops")
    n_streams = q("SELECT count(*) FROM (SELECT DISTINCT context_id, stream_id FROM ops)")
    n_threads = q("SELECT count(*) FROM (SELECT tid FROM api UNION SELECT tid FROM markers)")
    n_flows = q("SELECT count(*) FROM ops o WHERE EXISTS "
                "(SELECT 1 FROM api a WHERE a.correlation_id = o.correlation_id)")

    by = collections.Counter((e.get("ph"), e.get("cat")) for e in ev)
    ops = [e for e in ev if e.get("ph") == "X" and e.get("cat") in
           ("kernel", "memcpy", "memset", "memcpy_peer")]
    check("one slice per device op", len(ops) == n_ops, "%d slices, %d ops" % (len(ops), n_ops))
    api = [e for e in ev if e.get("ph") == "X" and e.get("cat") in ("cuda_runtime", "cuda_driver")]
    check("one slice per API call", len(api) == n_api, "%d slices, %d calls" % (len(api), n_api))
    check("one slice per NVTX range", by[("X", "nvtx")] == n_ranges,
          "%d slices, %d ranges" % (by[("X", "nvtx")], n_ranges))
    check("one instant per NVTX mark", by[("i", "nvtx")] == n_marks)

    # Exact times: ts/dur are microseconds with 3 decimals, args carry the ns.
    exact = True
    for e in ops + api:
        a = e["args"]
        if (decimal.Decimal(e["ts"]) * 1000 != a["start_ns"] or
                decimal.Decimal(e["dur"]) * 1000 != a["duration_ns"]):
            exact = False
            break
    check("ts and dur are the exact ns / 1000", exact)
    starts = {r[0]: (r[1], r[2]) for r in db.execute("SELECT id, start_ns, end_ns FROM ops")}
    check("op slices carry the trace's own start and duration",
          all(starts[e["args"]["op_id"]] == (e["args"]["start_ns"],
                                             e["args"]["start_ns"] + e["args"]["duration_ns"])
              for e in ops))

    # Flows: every s has exactly one f with its id, and one flow per op whose call was recorded.
    s = collections.Counter(e["id"] for e in ev if e.get("ph") == "s")
    f = collections.Counter(e["id"] for e in ev if e.get("ph") == "f")
    check("flow ids are unique", all(v == 1 for v in s.values()) and all(v == 1 for v in f.values()))
    check("every flow start has its finish", set(s) == set(f))
    check("one flow per op with a recorded API call", len(s) == n_flows,
          "%d flows, %d ops with a call" % (len(s), n_flows))
    check("flow finishes bind to the enclosing slice",
          all(e.get("bp") == "e" for e in ev if e.get("ph") == "f"))
    # Each flow's start lies inside an API slice of its thread, and its finish inside its op.
    host_slices = collections.defaultdict(list)
    for e in api:
        host_slices[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    dev_slices = collections.defaultdict(list)
    for e in ops:
        dev_slices[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    inside = lambda sl, t: any(a <= t <= b for a, b in sl)
    check("flow starts lie inside an API call",
          all(inside(host_slices[(e["pid"], e["tid"])], e["ts"]) for e in ev if e.get("ph") == "s"))
    check("flow finishes lie inside a device op",
          all(inside(dev_slices[(e["pid"], e["tid"])], e["ts"]) for e in ev if e.get("ph") == "f"))

    # Slices of one track nest or are disjoint: Perfetto and chrome://tracing need it.
    tracks = collections.defaultdict(list)
    for e in ev:
        if e.get("ph") == "X":
            tracks[(e["pid"], e["tid"])].append((e["ts"], -e["dur"]))
    nests = True
    for sl in tracks.values():
        stack = []
        for ts, negdur in sorted(sl):
            end = ts - negdur
            while stack and stack[-1] <= ts:
                stack.pop()
            if stack and end > stack[-1]:
                nests = False
            stack.append(end)
    check("slices of each track nest", nests)

    # Processes and tracks.
    meta = [e for e in ev if e.get("ph") == "M"]
    pnames = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    tnames = {(e["pid"], e["tid"]): e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    check("a process per device plus the host", len(pnames) == n_devices + 1,
          "%d processes" % len(pnames))
    op_tracks = {(e["pid"], e["tid"]) for e in ops}
    stream_names = {(k[0], tnames.get(k, "").split(", concurrent row")[0]) for k in op_tracks}
    check("a track per stream (plus rows for side-by-side ops)", len(stream_names) == n_streams,
          "%d tracks, %d streams" % (len(stream_names), n_streams))
    kinds = ("legacy_default", "per_thread_default", "blocking", "non_blocking", "unknown")
    check("stream tracks named by id and kind",
          all(tnames.get(k, "").startswith("stream ") and any("(%s)" % x in tnames[k] for x in kinds)
              for k in op_tracks))
    api_tracks = {(e["pid"], e["tid"]) for e in api}
    check("a track per CPU thread with API calls",
          len(api_tracks) == q("SELECT count(DISTINCT tid) FROM api") and
          all(tnames.get(k, "").startswith("thread ") for k in api_tracks))
    check("every event's track is named",
          all((e["pid"], e["tid"]) in tnames for e in ev if e.get("ph") in ("X", "i", "s", "f")))
    check("host threads", n_threads == len({k[1] for k in tnames if tnames[k].startswith("thread ")}))

    verdicts = [e for e in ops if "verdict" in e["args"]]
    gaps = by[("X", "gap")]
    hsync = by[("X", "hidden_sync")]
    if analysis:
        check("answer in otherData", isinstance(doc.get("otherData", {}).get("answer"), str))
        check("claims carry verdicts", len(verdicts) > 0)
        check("serialized claims carry causes",
              all(e["args"].get("causes") for e in verdicts if e["args"]["verdict"] == "serialized"))
        check("causes are docs/method.md codes",
              all(c in ("launch_blocking", "pageable_host_memory", "legacy_default_stream",
                        "default_stream_implicit_sync", "host_synchronization",
                        "event_dependency", "graph_node_order", "same_stream_order",
                        "sm_saturation", "queued_behind", "submitted_late", "launch_latency",
                        "copy_engine_limit", "same_direction_copy", "hardware_queue_limit", "peer_wait",
                        "partial_overlap", "nothing_concurrent", "unknown")
                  for e in verdicts for c in e["args"].get("causes", [])))
        if synthetic:
            check("pageable copies are serialized with pageable_host_memory",
                  all(e["args"]["verdict"] == "serialized" and
                      "pageable_host_memory" in e["args"]["causes"]
                      for e in verdicts if e["args"].get("src_kind") == "pageable"))
            check("idle gaps as slices", gaps > 0)
            check("hidden syncs as slices", hsync >= 1)
        check("idle gaps carry a cause",
              all(e["args"].get("cause") for e in ev if e.get("cat") == "gap"))
        check("gaps lie where no op of their device runs", all(
            not any(o["pid"] == g["pid"] and o["ts"] < g["ts"] + g["dur"] and g["ts"] < o["ts"] + o["dur"]
                    for o in ops)
            for g in ev if g.get("cat") == "gap"))
    else:
        check("no verdicts without the analysis", not verdicts and gaps == 0 and hsync == 0)

    # copy ∩ kernel slices: inside both a copy and a kernel of their device.
    xs = [e for e in ev if e.get("cat") == "overlap"]
    ok = True
    for x in xs:
        dev = [o for o in ops if o["pid"] == x["pid"]]
        mid = x["ts"] + x["dur"] / 2
        has = lambda cat: any(o["cat"] == cat and o["ts"] <= mid <= o["ts"] + o["dur"] for o in dev)
        if not (has("kernel") and (has("memcpy") or has("memcpy_peer"))):
            ok = False
    check("copy/kernel intersections lie under a copy and a kernel", ok and (xs or not synthetic))

    if hostile:
        names = {e.get("name") for e in ev} | {e["args"].get("mangled") for e in ops}
        names |= {e["args"].get("name") for e in meta}
        wanted = [r[0] for r in db.execute("SELECT value FROM strings")]
        valid = [w for w in wanted if "\ufffd" not in w]
        hostile_names = [w for w in valid if "<" in w or "\\" in w or '"' in w]
        check("hostile names survive exactly", hostile_names and all(w in names for w in hostile_names),
              repr([w for w in hostile_names if w not in names]))
        check("invalid UTF-8 became U+FFFD", any(n and n.startswith("bad-\ufffd") for n in names))
        dev0 = db.execute("SELECT value FROM meta WHERE key = 'device.0.name'").fetchone()[0]
        cmd = db.execute("SELECT value FROM meta WHERE key = 'cmdline'").fetchone()[0]
        check("hostile device name and command line survive in process names",
              any(dev0 in str(n) for n in pnames.values()) and any(cmd in str(n) for n in pnames.values()),
              repr(pnames))
    db.close()


if __name__ == "__main__":
    run(main)
