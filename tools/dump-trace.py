#!/usr/bin/env python3
"""dump-trace.py: write a trace as SQL text, without the sqlite3 CLI.

    python3 tools/dump-trace.py TRACE.db OUT.sql

Checks PRAGMA integrity_check first (exit 1 when it fails), then writes the
trace's application_id and user_version (which a plain .dump leaves out, and
which `overlapcheck` checks when it opens a trace) followed by python3's
sqlite3 iterdump. Prints "N rows". Load the dump with
    python3 -c 'import sqlite3,sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' x.db OUT.sql
or `sqlite3 x.db < OUT.sql`.
"""
import sqlite3
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: dump-trace.py TRACE.db OUT.sql")
    src, dst = sys.argv[1], sys.argv[2]
    try:
        con = sqlite3.connect(src)   # read-write: a killed run may leave a WAL to recover
        ok = con.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as err:
        sys.exit("cannot open trace '%s': %s" % (src, err))
    if ok != "ok":
        sys.exit("trace '%s' fails integrity_check: %s" % (src, ok))
    app = con.execute("PRAGMA application_id").fetchone()[0]
    ver = con.execute("PRAGMA user_version").fetchone()[0]
    rows = 0
    with open(dst, "w", encoding="utf-8") as f:
        f.write("-- overlapcheck trace, dumped by tools/dump-trace.py\n")
        f.write("PRAGMA application_id = %d;\nPRAGMA user_version = %d;\n" % (app, ver))
        for line in con.iterdump():
            if line.startswith("INSERT"):
                rows += 1
            f.write(line + "\n")
    print("%d rows" % rows)


if __name__ == "__main__":
    main()
