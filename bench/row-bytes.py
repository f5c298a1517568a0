#!/usr/bin/env python3
"""row-bytes.py: what each stored column of a trace's `ops` and `api` rows
costs, by SQLite's record format, so that a change in bytes per op can be
told apart by column (docs/performance-log.md, run AU).

    python3 bench/row-bytes.py TRACE.db [TRACE.db ...]

SQLite stores an integer in 0 bytes (0 and 1), else in 1, 2, 3, 4, 6 or 8
bytes by its value; a NULL in 0. Each column's mean over the table's rows is
printed, the rowid (INTEGER PRIMARY KEY, a varint key outside the record) is
left out of the sum, and the times' share past 2^31 ns (where start_ns goes
from 4 to 6 bytes) is counted. The file's bytes per op and, where python's
SQLite has `dbstat`, the bytes of the largest tables are given too.
"""
import os
import sqlite3
import sys

COLUMNS = {
    "ops": ("kind", "start_ns", "dur_ns", "device_id", "context_id", "stream_id",
            "correlation_id", "shape_id", "channel_id"),
    "api": ("cbid", "start_ns", "dur_ns", "tid", "return_value", "handle_kind",
            "context_id", "stream_id", "host_ptr", "bytes"),
}


def int_bytes(v):
    """Bytes of the record body SQLite gives an integer (or NULL)."""
    if v is None or v in (0, 1):
        return 0
    for n, lim in ((1, 1 << 7), (2, 1 << 15), (3, 1 << 23), (4, 1 << 31), (6, 1 << 47)):
        if -lim <= v < lim:
            return n
    return 8


def column_bytes(con, table):
    """(rows, {column: mean stored bytes}) of one table."""
    cols = COLUMNS[table]
    tot = [0] * len(cols)
    n = 0
    for row in con.execute("SELECT %s FROM %s" % (", ".join(cols), table)):
        n += 1
        for i, v in enumerate(row):
            tot[i] += int_bytes(v)
    return n, {c: (t / n if n else 0.0) for c, t in zip(cols, tot)}


def report(path, out=sys.stdout):
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    nops = con.execute("SELECT count(*) FROM ops").fetchone()[0]
    size = os.path.getsize(path)
    print("%s: %d bytes, %d ops, %.2f bytes per op" % (path, size, nops, size / nops if nops else 0), file=out)
    for t in ("ops", "api"):
        n, per = column_bytes(con, t)
        late = con.execute("SELECT count(*) FROM %s WHERE start_ns >= ?" % t, (1 << 31,)).fetchone()[0]
        print("  %s: %d rows, %.2f stored bytes a row (%s); %d rows start at or past 2^31 ns" % (
            t, n, sum(per.values()), " ".join("%s %.3f" % kv for kv in per.items()), late), file=out)
    try:
        for name, b in con.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 4"):
            print("  dbstat: %s %.2f bytes per op" % (name, b / nops if nops else 0), file=out)
    except sqlite3.Error as e:
        print("  dbstat: %s" % e, file=out)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    for p in argv[1:]:
        if not os.path.isfile(p):
            print("row-bytes: %s: no such file" % p, file=sys.stderr)
            return 2
        try:
            report(p)
        except sqlite3.Error as e:
            print("row-bytes: %s: %s" % (p, e), file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
