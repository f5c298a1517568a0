#!/usr/bin/env python3
"""nested-driver.py SQL...: driver rows inside a runtime call, in recordings
made with CUPTI's API records.

Since 2026-12-02 every call is timed by its callbacks by default
(OVERLAPCHECK_API_TIMING=all, docs/schema.md meta api_timing), which record
only top-level calls: a driver call made inside a runtime call has no row.
That drops nothing the records kept only if the records held no such row.
Prints "TRACES ROWS NESTED": the traces with an api table read, their api
rows, and the driver rows whose interval lies inside a runtime row of the
same thread.
"""
import sqlite3
import sys

traces = rows = nested = 0
for path in sys.argv[1:]:
    c = sqlite3.connect(":memory:")
    try:
        with open(path, encoding="utf-8") as f:
            c.executescript(f.read())
        cols = [r[1] for r in c.execute("PRAGMA table_xinfo(api)")]
    except (sqlite3.Error, OSError, UnicodeDecodeError):
        continue
    if "tid" not in cols or "domain" not in cols:
        continue   # schema v1: another layout
    meta = dict(c.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("api_timing", "records") != "records":
        continue   # timed by the callbacks: no nested row by construction
    traces += 1
    rows += c.execute("SELECT count(*) FROM api").fetchone()[0]
    nested += c.execute(
        "SELECT count(*) FROM api d JOIN api r ON d.tid = r.tid AND d.id <> r.id"
        " AND d.start_ns >= r.start_ns AND d.start_ns + d.dur_ns <= r.start_ns + r.dur_ns"
        " WHERE d.domain = 2 AND r.domain = 1").fetchone()[0]
print(traces, rows, nested)
