#!/usr/bin/env python3
"""v2copy.py: the schema v2 trace the v2 writer would have made of a v1 trace.

    python3 tests/v2copy.py V1.db V2.db

Test traces are easiest to build row by row in schema v1
(schema/trace-v1.sql); tests/v1-to-v2.sql copies one into a fresh schema v2
trace (schema/trace.sql), so tests can check the v2 reading path, which is
what traces recorded now use. Importable: copy_to_v2(v1_db, v2_db).
"""
import os
import sqlite3
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def copy_to_v2(v1_db, v2_db):
    with open(os.path.join(REPO, "schema", "trace.sql"), encoding="utf-8") as f:
        schema = f.read()
    with open(os.path.join(REPO, "tests", "v1-to-v2.sql"), encoding="utf-8") as f:
        script = f.read()
    if os.path.exists(v2_db):
        raise OSError("'%s' exists" % v2_db)
    con = sqlite3.connect(v2_db)
    try:
        con.executescript(schema)
        con.execute("ATTACH ? AS old", (v1_db,))
        con.executescript("BEGIN;" + script + "COMMIT;")
    finally:
        con.close()


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: v2copy.py V1.db V2.db")
    try:
        copy_to_v2(sys.argv[1], sys.argv[2])
    except (sqlite3.Error, OSError) as err:
        sys.exit("v2copy: %s" % err)


if __name__ == "__main__":
    main()
