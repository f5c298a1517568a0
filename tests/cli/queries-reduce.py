#!/usr/bin/env python3
"""queries-reduce.py OC QUERIES SQL...: the queries' collection keeps every verdict.

Under OVERLAPCHECK_QUERIES=summary (the default from 2026-12-01 to 2026-12-04,
when off became it; docs/schema.md, "Queries"), a
query (apiargs.c's list: calls that only read host state) that took less than
10 us has no api row: it is counted in api_summary instead. Each SQL here is
a trace recorded before, when every query had its api row. This script
loads it, runs `OC report --whole --format json`, deletes the api rows the
new collection would not have kept (a query's, under 10 us), runs the report
again and checks that both give the same verdicts (tools/verdict-digest.py's
digest: every claim's verdict, overlap ratio and witness, and the counts)
and the same hidden and explicit synchronizations (call, thread, times,
rule), the same idle gaps with the same causes, and gap advice changed only
as ADVICE_MOVES allows, in as many gaps as ADVICE_CHANGED says. QUERIES is `test-inj-apiargs --print-queries`'s output: "DOMAIN CBID
NAME" lines. Prints TAP-like lines (tests/cli/lib.sh's format) and the rows
removed; exits 1 on a difference, or when no trace lost a row (the check
would then prove nothing).
"""
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("vd", os.path.join(ROOT, "tools", "verdict-digest.py"))
vd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vd)

MIN_NS = 10000

# Gap advice that the short queries' rows decided: with their time no longer
# placed in the gaps it counts as time outside CUDA calls (docs/schema.md,
# "Queries"), so a gap the thread spent mostly in queries is advised as the
# CPU's (gap_host_busy) rather than as submission overhead. The only changes
# allowed, and how many each trace has (measured on the build of this test's
# commit; a change to either is a change of the explanations).
ADVICE_MOVES = {"gap_submit_overhead": "gap_host_busy", "gap_resubmit_after_sync": "gap_host_busy",
                "gap_slow_call": "gap_host_busy"}
ADVICE_CHANGED = {
    "tests/fixtures/mem/torch_profiler.sql": 8,
    "tests/fixtures/mem/torch_small.sql": 6,
    "tests/corpus/mem/dataloader_current.sql": 3,
    "tests/corpus/mem/torch_loop.sql": 241,
    "tests/corpus/mem/torch_small.sql": 6,
}


def report(oc, db):
    p = subprocess.run([oc, "report", "--whole", "--format", "json", db], capture_output=True,
                       text=True, timeout=300)
    if p.returncode not in (0, 1):
        raise RuntimeError("report exited %d: %s" % (p.returncode, p.stderr.strip()[:200]))
    return json.loads(p.stdout)


def syncs(d):
    out = []
    for key in ("hidden_syncs", "explicit_syncs"):
        for s in d.get(key) or []:
            out.append([key, s.get("api"), s.get("correlation_id"), s.get("tid"), s.get("start_ns"),
                        s.get("end_ns"), s.get("rule")])
    return out


def gap_advice(d):
    return [(g.get("device"), g.get("start_ns"), g.get("cause"), (g.get("advice") or {}).get("id"))
            for g in d.get("gaps") or []]


def main():
    oc, queries, sqls = sys.argv[1], sys.argv[2], sys.argv[3:]
    ids = {1: [], 2: []}
    with open(queries) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                ids[int(parts[0])].append(int(parts[1]))
    if not ids[1] or not ids[2]:
        print("not ok - the query list is empty (%s)" % queries)
        print("# 0 ok, 1 not ok")
        return 1
    where = "dur_ns < %d AND ((domain = 1 AND cbid IN (%s)) OR (domain = 2 AND cbid IN (%s)))" % (
        MIN_NS, ",".join(map(str, ids[1])), ",".join(map(str, ids[2])))
    ok = nok = removed_total = 0
    for sql in sqls:
        name = os.path.relpath(sql, ROOT)
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.db")
            con = sqlite3.connect(db)
            con.executescript(open(sql, encoding="utf-8").read())
            con.commit()
            before = report(oc, db)
            removed = con.execute("SELECT count(*) FROM api WHERE " + where).fetchone()[0]
            con.execute("DELETE FROM api WHERE " + where)
            con.commit()
            con.close()
            after = report(oc, db)
        removed_total += removed
        same_v = vd.digest(before) == vd.digest(after)
        same_s = syncs(before) == syncs(after)
        for good, what in ((same_v, "verdicts"), (same_s, "hidden and explicit syncs")):
            if good:
                ok += 1
                print("ok - %s: same %s without its %d short queries" % (name, what, removed))
            else:
                nok += 1
                print("not ok - %s: %s differ without its %d short queries" % (name, what, removed))
        gb, ga = gap_advice(before), gap_advice(after)
        same_gaps = [x[:3] for x in gb] == [y[:3] for y in ga]
        moved = [(x[3], y[3]) for x, y in zip(gb, ga) if x[3] != y[3]] if same_gaps else []
        allowed = all(ADVICE_MOVES.get(a) == b for a, b in moved)
        want = ADVICE_CHANGED.get(name, 0)
        checks = [(same_gaps, "the same gaps and gap causes"),
                  (allowed, "gap advice changed only from submission overhead to the CPU's")]
        if want is not None:
            checks.append((len(moved) == want, "%d gaps with other advice (want %d)" % (len(moved), want)))
        for good, what in checks:
            if good:
                ok += 1
                print("ok - %s: %s" % (name, what))
            else:
                nok += 1
                print("not ok - %s: %s" % (name, what))
        if moved:
            print("# %s: %d of %d gaps advised otherwise: %s" % (
                name, len(moved), len(gb), json.dumps(sorted(set(moved)))))
    if removed_total == 0:
        nok += 1
        print("not ok - some trace had short queries to remove")
    else:
        ok += 1
        print("ok - %d short queries removed over %d traces" % (removed_total, len(sqls)))
    print("# %d ok, %d not ok" % (ok, nok))
    return 1 if nok else 0


if __name__ == "__main__":
    sys.exit(main())
