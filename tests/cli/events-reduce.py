#!/usr/bin/env python3
"""events-reduce.py OC SQL...: CUPTI's CUDA_EVENT records are off by default
since 2026-12-05 (run --cuda-events, docs/schema.md "events"). For each
recording made with them (the others are passed over):

1. as the tracer now records: the events rows removed, meta kinds_off =
   CUDA_EVENT, and each successful event sync (cudaEventSynchronize,
   cudaEventQuery) given the event handle its callback now reads (the handle
   of the cudaEventRecord its CUPTI event id names; one that matches no
   record where no recorded cudaEventRecord has that id). The JSON report must be
   the same (every claim, verdict, cause, sync, gap, hazard and warning) but
   for what names the event: an event_dependency's event_id (now the handle)
   and wait_ns (now the call's start, not CUPTI's sync record's), the
   graph's count of event edges (each source gave one edge) and the passport.
2. as a recording from before the syncs' events were read: the events rows
   removed and nothing added. Where an event sync or wait then names no event,
   the report must warn with their count (and the hazard check may differ:
   what the host waited for is unknown to it); the claims must not change.

Prints TAP-like lines and '# N ok, M not ok'."""
import json, os, sqlite3, subprocess, sys, tempfile

IGNORED = {"trace", "passport", "event_id", "event_id_is", "wait_ns"}
WARNING = "recorded without CUPTI's CUDA_EVENT records"

BLIND = """SELECT count(*) FROM syncs s WHERE s.type IN (1, 2) AND coalesce(s.return_value, 0) = 0
  AND NOT EXISTS (SELECT 1 FROM api_args g WHERE g.correlation_id = s.correlation_id
                  AND coalesce(g.event_handle, 0) != 0)"""

# what the tracer's callbacks now read from an event sync: the event's handle
SYNC_HANDLES = """INSERT INTO api_args(correlation_id, domain, cbid, tid, event_handle)
  SELECT s.correlation_id, a.domain, a.cbid, a.tid, g.event_handle
    FROM syncs s JOIN events e ON e.event_id = s.event_id
    JOIN api_args g ON g.correlation_id = e.correlation_id AND coalesce(g.event_handle, 0) != 0
    JOIN api a ON a.correlation_id = s.correlation_id
   WHERE s.type = 1 AND coalesce(s.return_value, 0) = 0
  ON CONFLICT(correlation_id, domain) DO UPDATE SET event_handle = excluded.event_handle"""
# an event sync whose event no recorded cudaEventRecord names (recorded before
# the trace began): a handle of its own, that no record matches
SYNC_UNMATCHED = """INSERT INTO api_args(correlation_id, domain, cbid, tid, event_handle)
  SELECT s.correlation_id, a.domain, a.cbid, a.tid, 3735879680 + s.event_id
    FROM syncs s JOIN api a ON a.correlation_id = s.correlation_id
   WHERE s.type = 1 AND coalesce(s.return_value, 0) = 0
     AND NOT EXISTS (SELECT 1 FROM events e WHERE e.event_id = s.event_id)
  ON CONFLICT(correlation_id, domain) DO UPDATE SET event_handle = excluded.event_handle"""


def load(sql, db):
    if os.path.exists(db):
        os.remove(db)
    con = sqlite3.connect(db)
    con.executescript(open(sql).read())
    con.commit()
    return con


def cut(con, handles):
    if handles:
        con.execute(SYNC_HANDLES)
        con.execute(SYNC_UNMATCHED)
    con.execute("DELETE FROM events")
    con.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('kinds_off', 'CUDA_EVENT')")
    con.commit()
    blind = con.execute(BLIND).fetchone()[0]
    con.close()
    return blind


def report(oc, db):
    out = subprocess.run([oc, "report", "--format", "json", "--claims=all", "--lists=all", db],
                         capture_output=True, text=True)
    return out.returncode, json.loads(out.stdout) if out.stdout.strip() else None


def diff(a, b, path, out, ignored):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k in ignored or (path.endswith(".graph.edges") and k == "event"):
                continue
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in one")
            else:
                diff(a[k], b[k], f"{path}.{k}", out, ignored)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} against {len(b)} items")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out, ignored)
    elif a != b:
        out.append(f"{path}: {a!r} against {b!r}")


def main():
    oc, sqls = sys.argv[1], sys.argv[2:]
    ok = nok = seen = 0

    def result(name, out, what):
        nonlocal ok, nok
        if out:
            nok += 1
            print(f"not ok - {name}: {what}: {len(out)} differences, first: {out[0]}")
        else:
            ok += 1
            print(f"ok - {name}: {what}")

    with tempfile.TemporaryDirectory() as tmp:
        full, now, old = (os.path.join(tmp, n) for n in ("full.db", "now.db", "old.db"))
        for sql in sqls:
            name = os.path.relpath(sql)
            if 'INSERT INTO "events"' not in open(sql).read():
                continue
            seen += 1
            load(sql, full).close()
            blind_now = cut(load(sql, now), True)
            blind_old = cut(load(sql, old), False)
            ra, a = report(oc, full)
            rb, b = report(oc, now)
            rc, c = report(oc, old)
            if a is None or b is None or c is None or ra != rb or ra != rc:
                result(name, [f"exit {ra}, {rb}, {rc}"], "reports")
                continue
            out = []
            diff(a, b, "", out, IGNORED)
            if blind_now:
                out.append(f"{blind_now} event waits still name no event")
            evs = [e for x in b.get("claims", []) for e in x.get("evidence", [])
                   if e.get("cause") == "event_dependency"]
            if any(not isinstance(e.get("event_id"), int) or e.get("event_id_is") != "handle" for e in evs):
                out.append("an event_dependency without its handle (event_id, event_id_is)")
            result(name, out, "the same report as the tracer now records it")
            out = []
            diff(a, c, "", out, IGNORED | {"warnings"} | ({"hazard_check", "hazards"} if blind_old else set()))
            wa, wc = a.get("warnings", []), c.get("warnings", [])
            new = [w for w in wc if w.startswith(WARNING)]
            if [w for w in wc if not w.startswith(WARNING)] != wa:
                out.append("the other warnings changed")
            if blind_old and not (len(new) == 1 and f"(meta kinds_off), and {blind_old} event synchronization"
                                  in new[0] and "carried no event handle" in new[0]):
                out.append(f"{blind_old} waits name no event, warned: {new}")
            if not blind_old and new:
                out.append(f"warned with every wait named: {new}")
            result(name, out, f"before the syncs' events were read: {blind_old} waits without their event"
                   + (", warned" if blind_old else ""))
    if seen == 0:
        nok += 1
        print("not ok - no recording with CUDA_EVENT records was given")
    print(f"# {ok} ok, {nok} not ok")
    return 1 if nok else 0


if __name__ == "__main__":
    sys.exit(main())
