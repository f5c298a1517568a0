#!/usr/bin/env python3
"""nsys-compare.py: every recorded trace, rewritten as an Nsight Systems
SQLite export (tools/trace-to-nsys.py), must give the same verdicts, causes
and hidden synchronizations as the trace itself, except what docs/import.md
lists as lost in an export.

    python3 tests/cli/nsys-compare.py [--cli build/bin/overlapcheck] [-v] [--variant V] [SQL...]

SQL: trace dumps (default: tests/fixtures/*.sql and tests/corpus/*.sql). For
each: load it, convert it, run `overlapcheck report --format json` on the
trace and on the export (read directly, through the importer), and compare
claim by claim (matched by device times, stream and correlation id):

  - the same claims (the export has no ASYNC flag: claims by API name);
  - the same verdict and overlap;
  - the same causes, but for those an export cannot prove (LOST below): a
    claim that had only those gets what is left without them
    (same_stream_order, nothing_concurrent or unknown);
  - the same stream kinds, but a per-thread default stream (known only from
    the API callbacks' handles) shows as blocking;
  - the same hidden synchronizations (call, times, rule).

Variants (--variant, default all): enums (ENUM_* tables, nsys's own
numbers), cupti (no ENUM_* tables: CUPTI's values), driver (driver calls in
CUPTI_ACTIVITY_KIND_DRIVER, API names with version tags). Prints one line
per trace and variant, then `nsys: N passed, N failed`.
"""
import argparse
import glob
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("trace_to_nsys", os.path.join(ROOT, "tools", "trace-to-nsys.py"))
t2n = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(t2n)

# causes an export cannot prove (docs/import.md, "What is lost"): they need
# the environment (CUDA_LAUNCH_BLOCKING, CUDA_DEVICE_MAX_CONNECTIONS)
LOST = {"launch_blocking", "hardware_queue_limit"}
OWN_STREAM = {"same_stream_order", "nothing_concurrent", "unknown"}
VARIANTS = {
    "enums": {},
    "cupti": {"cupti_enums": True},
    "driver": {"driver_table": True, "version_tags": True},
}


def report(cli, path):
    p = subprocess.run([cli, "report", "--format", "json", "--claims=all", "--lists=all", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("report %s exited %d: %s" % (os.path.basename(path), p.returncode,
                                                        p.stderr.decode("utf-8", "replace")[-400:]))
    return json.loads(p.stdout.decode("utf-8"))


def key(c):
    return (c["start_ns"], c["end_ns"], c["stream"], c["correlation_id"], c["kind"])


def compare(a, b):
    """Differences between the trace's report a and the export's b."""
    bad = []
    ca = {key(c): c for c in a["claims"]}
    cb = {key(c): c for c in b["claims"]}
    for k in sorted(set(ca) - set(cb))[:5]:
        bad.append("claim only in the trace: %s %s at %d" % (ca[k]["kind"], ca[k]["name"][:40], k[0]))
    for k in sorted(set(cb) - set(ca))[:5]:
        bad.append("claim only in the export: %s %s at %d" % (cb[k]["kind"], cb[k]["name"][:40], k[0]))
    for k in sorted(set(ca) & set(cb)):
        x, y = ca[k], cb[k]
        what = "%s %s at %d" % (x["kind"], x["name"][:40], k[0])
        if x["verdict"] != y["verdict"] or x["overlap_ns"] != y["overlap_ns"]:
            bad.append("%s: verdict %s/%d ns, export %s/%d ns" % (what, x["verdict"], x["overlap_ns"],
                                                                   y["verdict"], y["overlap_ns"]))
            continue
        want = [c for c in x["causes"] if c not in LOST]
        got = y["causes"]
        if want != got and not (not want and x["causes"] and got and set(got) <= OWN_STREAM):
            bad.append("%s: causes %s, export %s" % (what, x["causes"], got))
        sk = x["stream_kind"]
        if sk == "per_thread_default":
            sk = "blocking"
        if sk != y["stream_kind"]:
            bad.append("%s: stream kind %s, export %s" % (what, x["stream_kind"], y["stream_kind"]))
        if x["kind"] != "kernel" and y.get("claim_source") != "api_name":
            bad.append("%s: no claim_source api_name" % what)
    hs = lambda r: sorted((h["api"], h["start_ns"], h["end_ns"], h.get("rule")) for h in r["hidden_syncs"])
    if hs(a) != hs(b):
        bad.append("hidden syncs: %d in the trace, %d in the export; first differences: %s" % (
            len(a["hidden_syncs"]), len(b["hidden_syncs"]),
            [h for h in hs(a) if h not in hs(b)][:2] + [h for h in hs(b) if h not in hs(a)][:2]))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "overlapcheck"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("sql", nargs="*")
    a = ap.parse_args()
    sqls = a.sql or sorted(glob.glob(os.path.join(ROOT, "tests", "fixtures", "*.sql")) +
                           glob.glob(os.path.join(ROOT, "tests", "corpus", "*.sql")))
    variants = a.variant or sorted(VARIANTS)
    passed = failed = 0
    for sql in sqls:
        name = os.path.basename(os.path.dirname(sql)) + "/" + os.path.basename(sql)[:-4]
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "trace.db")
            try:
                con = sqlite3.connect(db)
                con.executescript(open(sql, encoding="utf-8").read())
                con.commit()
                con.close()
                ra = report(a.cli, db)
            except (sqlite3.Error, RuntimeError, OSError, ValueError) as err:
                print("FAIL %s: %s" % (name, err))
                failed += 1
                continue
            for v in variants:
                exp = os.path.join(tmp, "export-%s.sqlite" % v)
                try:
                    t2n.convert(db, exp, **VARIANTS[v])
                    bad = compare(ra, report(a.cli, exp))
                except (sqlite3.Error, RuntimeError, OSError, ValueError) as err:
                    bad = [str(err)]
                label = "%s (%s): %d claims, %d hidden syncs" % (name, v, len(ra["claims"]),
                                                                 len(ra["hidden_syncs"]))
                if bad:
                    failed += 1
                    print("FAIL %s: %d differences" % (label, len(bad)))
                    for d in bad[:8 if a.verbose else 3]:
                        print("     " + d)
                else:
                    passed += 1
                    print("ok   " + label)
    print("nsys: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
