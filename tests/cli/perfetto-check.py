#!/usr/bin/env python3
"""perfetto-check.py: check `overlapcheck export --format perfetto-proto`.

    perfetto-check.py TRACE.db EXPORT.pftrace CHROME.json [--analysis | --no-analysis] [--narrowed]
    perfetto-check.py --fixtures OVERLAPCHECK FIXTURE.sql...

--narrowed: the exports were narrowed (--device, --range): the counts
against TRACE.db's tables are skipped. --fixtures loads each recorded
fixture (a trace's SQL text) into a temporary trace, exports it both ways
with OVERLAPCHECK and checks it, all in this one process.

An independent decoder of the protobuf wire format (varints, fixed64,
length-delimited fields: protobuf.dev/programming-guides/encoding), reading
the fields of Perfetto's trace_packet.proto, track_descriptor.proto,
process_descriptor.proto, thread_descriptor.proto, track_event.proto,
debug_annotation.proto and interned_data.proto by their numbers. It checks:

  - the file is a Trace: field 1 packets only, no field the writer does not
    use, nothing cut short;
  - one packet sequence: every packet has trusted_packet_sequence_id 1, the
    first says SEQ_INCREMENTAL_STATE_CLEARED and no later one does, every
    packet that defines or uses an interned id says SEQ_NEEDS_INCREMENTAL_STATE,
    every interned id is defined once, in its packet or an earlier one;
  - tracks: unique uuids, every parent and every event's track defined, thread
    tracks in the host process;
  - slices as trace_processor builds them (events sorted by time, file order
    among equal times, SLICE_END closing the innermost open slice) are the
    slices the writer meant (each SLICE_BEGIN with the next SLICE_END of its
    track in the file): same names, starts and ends, nothing left open;
  - one slice per device op, API call and NVTX range, one instant per NVTX
    mark (counted in TRACE.db with sqlite3);
  - every slice and instant, with its process, track, category, name, exact
    ns times and arguments, equals one of CHROME.json (the Chrome export of
    the same trace with the same options, which export-check.py checks
    against the trace), and the other way round; the same flows join the
    same slices.

Prints one line per check, "ok - NAME" or "not ok - NAME: why".
"""
import collections
import decimal
import json
import os
import sqlite3
import struct
import subprocess
import sys
import tempfile

import checklib
from checklib import run

PREFIX = ""


def check(name, cond, why=""):
    checklib.check(PREFIX + name, cond, why)

# TracePacket and what it holds, by field number.
PACKET = {8: "timestamp", 10: "seq", 11: "track_event", 12: "interned", 13: "flags", 60: "track"}
SEQ_CLEARED, SEQ_NEEDS = 1, 2
INTERNED = {1: "category", 2: "name", 3: "arg", 29: "value"}
BEGIN, END, INSTANT = 1, 2, 3


class Bad(Exception):
    pass


def varint(b, i):
    v = shift = 0
    while True:
        if i >= len(b):
            raise Bad("varint cut short")
        c = b[i]
        i += 1
        v |= (c & 0x7F) << shift
        if not c & 0x80:
            return v, i
        shift += 7
        if shift > 63:
            raise Bad("varint longer than 10 bytes")


def fields(b):
    """[(field, wire type, value)]: value an int (varint, fixed64) or bytes."""
    out, i = [], 0
    while i < len(b):
        key, i = varint(b, i)
        f, wt = key >> 3, key & 7
        if f == 0:
            raise Bad("field number 0")
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 1:
            if i + 8 > len(b):
                raise Bad("fixed64 cut short")
            v = int.from_bytes(b[i:i + 8], "little")
            i += 8
        elif wt == 2:
            n, i = varint(b, i)
            if i + n > len(b):
                raise Bad("length-delimited field cut short")
            v = bytes(b[i:i + n])
            i += n
        else:
            raise Bad("wire type %d" % wt)
        out.append((f, wt, v))
    return out


def s64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def text(b):
    return b.decode("utf-8")   # raises on invalid UTF-8: the writer must clean it


def only(fs, allowed, what):
    bad = [(f, wt) for f, wt, _ in fs if allowed.get(f) != wt]
    if bad:
        raise Bad("%s: unexpected field(s) %r" % (what, bad))


def one(fs, f):
    vs = [v for g, _, v in fs if g == f]
    if len(vs) > 1:
        raise Bad("field %d repeated" % f)
    return vs[0] if vs else None


def track_descriptor(b):
    fs = fields(b)
    only(fs, {1: 0, 2: 2, 3: 2, 4: 2, 5: 0, 11: 0, 12: 0, 19: 0, 20: 0}, "TrackDescriptor")
    t = {"uuid": one(fs, 1), "name": None, "parent": one(fs, 5), "pid": None, "tid": None}
    if one(fs, 2) is not None:
        t["name"] = text(one(fs, 2))
    if one(fs, 3) is not None:
        p = fields(one(fs, 3))
        only(p, {1: 0, 6: 2}, "ProcessDescriptor")
        t["pid"], t["name"], t["process"] = one(p, 1), text(one(p, 6)), True
    if one(fs, 4) is not None:
        th = fields(one(fs, 4))
        only(th, {1: 0, 2: 0, 5: 2}, "ThreadDescriptor")
        t["pid"], t["tid"], t["name"] = one(th, 1), one(th, 2), text(one(th, 5))
    return t


def annotation(b, need):
    fs = fields(b)
    only(fs, {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 2, 17: 0}, "DebugAnnotation")
    name = need("arg", one(fs, 1))
    vals = [(f, v) for f, _, v in fs if f != 1]
    if len(vals) != 1:
        raise Bad("annotation %s has %d values" % (name, len(vals)))
    f, v = vals[0]
    if f == 2:
        v = bool(v)
    elif f == 4:
        v = s64(v)
    elif f == 5:
        v = struct.unpack("<d", v.to_bytes(8, "little"))[0]
    elif f == 6:
        v = text(v)
    elif f == 17:
        v = need("value", v)
    return name, v


def decode(raw):
    """The packets' events, tracks and sequence facts, in file order."""
    top = fields(raw)
    only(top, {1: 2}, "Trace")
    interned = {k: {} for k in INTERNED.values()}
    tracks, events, seq = {}, [], {"ids": set(), "cleared": [], "needs_missing": 0}
    for n, (_, _, pb) in enumerate(top):
        fs = fields(pb)
        only(fs, {8: 0, 10: 0, 11: 2, 12: 2, 13: 0, 60: 2}, "TracePacket")
        seq["ids"].add(one(fs, 10))
        flags = one(fs, 13) or 0
        if flags & SEQ_CLEARED:
            seq["cleared"].append(n)
        used = False
        if one(fs, 12) is not None:
            used = True
            ifs = fields(one(fs, 12))
            only(ifs, {k: 2 for k in INTERNED}, "InternedData")
            for f, _, e in ifs:
                efs = fields(e)
                only(efs, {1: 0, 2: 2}, "interned entry")
                kind, iid = INTERNED[f], one(efs, 1)
                if not iid or iid in interned[kind]:
                    raise Bad("%s iid %r defined twice or zero" % (kind, iid))
                interned[kind][iid] = text(one(efs, 2))

        def need(kind, iid):
            nonlocal used
            used = True
            if iid not in interned[kind]:
                raise Bad("%s iid %r used before it was defined (packet %d)" % (kind, iid, n))
            return interned[kind][iid]

        if one(fs, 60) is not None:
            t = track_descriptor(one(fs, 60))
            if t["uuid"] in tracks:
                raise Bad("track uuid %r defined twice" % t["uuid"])
            tracks[t["uuid"]] = t
        if one(fs, 11) is not None:
            tfs = fields(one(fs, 11))
            only(tfs, {3: 0, 4: 2, 9: 0, 10: 0, 11: 0, 47: 1, 48: 1}, "TrackEvent")
            e = {"n": n, "ts": one(fs, 8), "type": one(tfs, 9), "track": one(tfs, 11),
                 "cats": [need("category", v) for f, _, v in tfs if f == 3],
                 "name": need("name", one(tfs, 10)) if one(tfs, 10) is not None else None,
                 "args": dict(annotation(v, need) for f, _, v in tfs if f == 4),
                 "flows": [v for f, _, v in tfs if f == 47],
                 "ends": [v for f, _, v in tfs if f == 48]}
            if e["ts"] is None:
                raise Bad("track event without a timestamp (packet %d)" % n)
            events.append(e)
        if used and not flags & SEQ_NEEDS:
            seq["needs_missing"] += 1
    return tracks, events, seq


def slices_as_meant(events):
    """Each SLICE_BEGIN with the next SLICE_END of its track in file order."""
    out, open_ = [], {}
    for e in events:
        if e["type"] == BEGIN:
            if e["track"] in open_:
                raise Bad("two SLICE_BEGIN on track %r without an end between" % e["track"])
            open_[e["track"]] = e
        elif e["type"] == END:
            b = open_.pop(e["track"], None)
            if b is None:
                raise Bad("SLICE_END without a begin on track %r" % e["track"])
            out.append(dict(b, end=e["ts"]))
    if open_:
        raise Bad("%d slices never ended" % len(open_))
    return out


def slices_as_read(events):
    """What trace_processor builds: sort by (ts, file order), END closes the innermost."""
    out, stacks = [], collections.defaultdict(list)
    for e in sorted(events, key=lambda e: (e["ts"], e["n"])):
        if e["type"] == BEGIN:
            stacks[e["track"]].append(e)
        elif e["type"] == END:
            if not stacks[e["track"]]:
                return None
            out.append(dict(stacks[e["track"]].pop(), end=e["ts"]))
    return out if not any(stacks.values()) else None


def ns(us):
    v = decimal.Decimal(us) * 1000
    if v != int(v):
        raise Bad("chrome time %s is not whole ns" % us)
    return int(v)


ARGS = ("op_id", "correlation_id", "mangled", "bytes", "src_kind", "dst_kind", "graph_id",
        "graph_node_id", "verdict", "overlap_ratio", "causes", "evidence", "return_value",
        "hidden_sync", "hidden_sync_evidence", "domain", "unclosed", "cause", "thread")


def norm_args(a, proto, cat):
    out = []
    for k in ARGS:
        if k not in a or (k == "bytes" and cat.startswith("cuda_")):
            continue     # a call's bytes: in the JSON only
        v = a[k]
        if k == "causes" and not proto:
            v = ",".join(v)
        if k == "overlap_ratio":
            v = "%.4f" % v if proto else str(v)
        if k == "return_value" and not proto and v == 0:
            continue     # the protobuf leaves success out
        out.append((k, str(v)))
    return tuple(out)


def chrome_items(doc):
    ev = doc["traceEvents"]
    meta = [e for e in ev if e.get("ph") == "M"]
    pnames = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    tnames = {(e["pid"], e["tid"]): e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    items, flows = collections.Counter(), collections.defaultdict(set)
    for e in ev:
        ph, cat = e.get("ph"), e.get("cat")
        if ph in ("X", "i") and cat in ("kernel", "memcpy", "memset", "memcpy_peer", "cuda_runtime",
                                         "cuda_driver", "nvtx", "overlap", "gap", "hidden_sync",
                                         "hazard"):
            tname = {"overlap": "copy \u2229 kernel", "gap": "idle gaps"}.get(cat) or tnames[(e["pid"], e["tid"])]
            start = ns(e["ts"])
            dur = ns(e["dur"]) if ph == "X" else None
            items[(pnames[e["pid"]], tname, ph, cat, e["name"], start, dur,
                   norm_args(e.get("args", {}), False, cat))] += 1
        elif ph in ("s", "f"):
            flows[e["id"]].add((ph, ns(e["ts"])))
    return items, flows, pnames


def proto_items(tracks, meant):
    def process(t):
        while t and not t.get("process"):
            if t.get("tid") is not None:   # a thread track: its process by pid
                return next(x["name"] for x in tracks.values() if x.get("process") and x["pid"] == t["pid"])
            t = tracks.get(t["parent"])
        return t["name"] if t else None

    items = collections.Counter()
    for s in meant:
        t = tracks[s["track"]]
        inst = s["type"] == INSTANT
        items[(process(t), t["name"], "i" if inst else "X", s["cats"][0], s["name"], s["ts"],
               None if inst else s["end"] - s["ts"], norm_args(s["args"], True, s["cats"][0]))] += 1
    return items


def check_export(db_path, pf_path, js_path, analysis, narrowed):
    raw = open(pf_path, "rb").read()
    try:
        tracks, events, seq = decode(raw)
        check("the file decodes as a Trace of the fields the writer uses", True)
    except (Bad, UnicodeDecodeError) as e:
        check("the file decodes as a Trace of the fields the writer uses", False, str(e))
        return
    check("one packet sequence, id 1", seq["ids"] == {1}, repr(seq["ids"]))
    check("incremental state cleared on the first packet only", seq["cleared"] == [0], repr(seq["cleared"][:5]))
    check("every packet with interned ids says SEQ_NEEDS_INCREMENTAL_STATE", seq["needs_missing"] == 0,
          "%d packets" % seq["needs_missing"])
    check("every parent track is defined",
          all(t["parent"] is None or t["parent"] in tracks for t in tracks.values()))
    check("every event's track is defined", all(e["track"] in tracks for e in events))
    hosts = [t for t in tracks.values() if t.get("process") and t["pid"] < 0x40000000]
    check("one host process", len(hosts) == 1)
    check("thread tracks are in the host process",
          hosts and all(t["pid"] == hosts[0]["pid"] for t in tracks.values() if t.get("tid") is not None))
    check("begins and instants have a category and a name, ends neither",
          all((e["type"] == END) == (not e["cats"] and e["name"] is None) and len(e["cats"]) <= 1
              for e in events))
    check("ends carry no arguments or flows",
          all(not (e["args"] or e["flows"] or e["ends"]) for e in events if e["type"] == END))
    try:
        meant = slices_as_meant(events)
    except Bad as e:
        check("every slice begin has its end", False, str(e))
        return
    meant += [dict(e, end=e["ts"]) for e in events if e["type"] == INSTANT]
    read = slices_as_read(events)
    key = lambda s: (s["track"], s["ts"], s["end"], s["name"], s["n"])
    check("trace_processor's nesting gives the slices meant (names, starts, ends)",
          read is not None and sorted(map(key, read)) ==
          sorted(key(s) for s in meant if s["type"] == BEGIN))

    cats = collections.Counter((s["cats"][0], s["type"]) for s in meant)
    n_ops = sum(cats[(c, BEGIN)] for c in ("kernel", "memcpy", "memset", "memcpy_peer"))
    if not narrowed:
        db = sqlite3.connect(db_path)
        q = lambda sql: db.execute(sql).fetchone()[0]
        check("one slice per device op", n_ops == q("SELECT count(*) FROM ops"))
        check("one slice per API call", cats[("cuda_runtime", BEGIN)] + cats[("cuda_driver", BEGIN)] ==
              q("SELECT count(*) FROM api"))
        check("one slice per NVTX range", cats[("nvtx", BEGIN)] == q("SELECT count(*) FROM markers WHERE flags & 2"))
        check("one instant per NVTX mark", cats[("nvtx", INSTANT)] == q("SELECT count(*) FROM markers WHERE flags & 1"))
        db.close()

    doc = json.loads(open(js_path, "rb").read().decode("utf-8"), parse_float=decimal.Decimal)
    want, cflows, _ = chrome_items(doc)
    got = proto_items(tracks, meant)
    check("every slice and instant equals the Chrome export's (process, track, category, name, "
          "ns times, arguments)", got == want,
          "only in the protobuf: %r; only in the JSON: %r" % (list((got - want).items())[:3],
                                                              list((want - got).items())[:3]))
    verdicts = [s for s in meant if "verdict" in s["args"]]
    check("verdicts %s" % ("present" if analysis else "absent without the analysis"),
          bool(verdicts) == (analysis and n_ops > 0))

    # Flows: the queued flow i+1 leaves the API call and ends on op i, as in the JSON.
    pflows = collections.defaultdict(set)
    for s in meant:
        mid = s["ts"] + (s["end"] - s["ts"]) // 2
        for f in s["flows"]:
            pflows[f].add(("s" if f < 1 << 40 else "x", mid))
        for f in s["ends"]:
            pflows[f].add(("f", mid))
    norm = {f: ({("x", t) for _, t in v} if f >= 1 << 40 else v) for f, v in cflows.items()}
    check("the same flows join the same slices (API call to op, hazard op to op)", pflows == norm,
          "%d flows against %d" % (len(pflows), len(norm)))
    check("queued flows end once, on a device op",
          all(sum(1 for s in meant if f in s["ends"]) == 1 for f in pflows if f < 1 << 40))


def fixtures(cli, paths):
    global PREFIX
    tmp = tempfile.mkdtemp()
    db, pf, js = (os.path.join(tmp, n) for n in ("fx.db", "fx.pftrace", "fx.json"))
    for path in paths:
        PREFIX = "fixture %s: " % os.path.basename(path)[:-4]
        for p in (db, pf, js):
            if os.path.exists(p):
                os.unlink(p)
        con = sqlite3.connect(db)
        con.executescript(open(path).read())
        con.close()
        a = subprocess.run([cli, "export", "--format", "perfetto-proto", "-o", pf, db])
        b = subprocess.run([cli, "export", "-o", js, db])
        check("both exports written", a.returncode == 0 and b.returncode == 0)
        if a.returncode == 0 and b.returncode == 0:
            check_export(db, pf, js, True, False)
    for p in (db, pf, js):
        if os.path.exists(p):
            os.unlink(p)
    os.rmdir(tmp)


def main():
    if sys.argv[1] == "--fixtures":
        fixtures(sys.argv[2], sys.argv[3:])
    else:
        check_export(*sys.argv[1:4], "--analysis" in sys.argv, "--narrowed" in sys.argv)


if __name__ == "__main__":
    run(main)
