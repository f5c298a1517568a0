#!/usr/bin/env python3
"""kineto-compare.py: the same program's verdicts from its Kineto trace and
from its overlapcheck trace.

    python3 tests/corpus/kineto-compare.py [--cli build/bin/overlapcheck] [-v] [NAME...]

Kineto cannot record while overlapcheck holds CUPTI, so the two traces of a
program in tests/corpus (NAME.sql, recorded by overlapcheck, and
kineto/NAME.kineto.json.gz, by torch.profiler) come from two runs. Their
claims are matched by position: the n-th op of each kernel name (copies: of
each direction, memsets: the n-th memset) in each stream. Streams are
matched by their CUPTI ids when both runs used the same ones, else in the
order of their first op. A matched pair must have the same verdict, except
when either claim's overlap ratio lies in the tolerance band near
--min-overlap (0 < ratio <= 2 x min_overlap: a run-to-run difference of a
few microseconds decides those).

Some programs' verdicts depend on how fast the host queues work, by design
(tests/corpus/SOURCES.md). kineto/compare.txt names, per program, which
claims may differ and why ("race" lines: a stream's claims of one kind, by
position, or all of it); a claim whose witness, in the run where it
overlapped, is such a claim may differ with it. Every other disagreement
fails. Prints one line per program and the disagreements with -v, then
`compare: N passed, N failed`.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))


def report(cli, db):
    p = subprocess.run([cli, "report", "--format", "json", db], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("report exited %d: %s" % (p.returncode, p.stderr.decode()[-300:]))
    return json.loads(p.stdout.decode())


def load_sql(sql, db):
    con = sqlite3.connect(db)
    con.executescript(open(sql, encoding="utf-8").read())
    con.commit()
    con.close()


def op_key(c):
    if c["kind"] == "kernel":
        return ("kernel", c["name"])
    if c["kind"] == "memset":
        return ("memset", "")
    return ("copy", c.get("copy_kind") or c["name"])


def keyed(claims):
    """{(stream index, kind, name, n): claim}, streams in the order of their first op."""
    order = []
    first = {}
    for c in sorted(claims, key=lambda c: (c["start_ns"], c["end_ns"])):
        if c["stream"] not in first:
            first[c["stream"]] = c["start_ns"]
            order.append(c["stream"])
    count = defaultdict(int)
    out = {}
    for c in sorted(claims, key=lambda c: (c["start_ns"], c["end_ns"])):
        k = (c["stream"],) + op_key(c)
        n = count[k]
        count[k] += 1
        out[k + (n,)] = c
    return out, order


def in_band(c, min_overlap):
    r = c["overlap_ratio"]
    return 0 < r <= 2 * min_overlap


def parse_races(path):
    """compare.txt: 'NAME race stream=S|any [kind=K] [n=A-B,C,...] [witness=S2] # why'."""
    races = defaultdict(list)
    if not os.path.exists(path):
        return races
    for raw in open(path, encoding="utf-8"):
        line = raw.split("#", 1)[0].split()
        if len(line) < 3 or line[1] != "race":
            continue
        r = {}
        for w in line[2:]:
            k, _, v = w.partition("=")
            r[k] = v
        races[line[0]].append(r)
    return races


def positions(spec):
    out = set()
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out


def raced(key, races, witness_stream=None):
    """Whether compare.txt lets this claim differ. key: (stream, kind, name,
    n); witness_stream: its witness's stream where it overlapped, for the
    rules with witness=."""
    for r in races:
        if "witness" in r and r["witness"] != str(witness_stream):
            continue
        if r.get("stream") not in ("any", str(key[0])):
            continue
        if "kind" in r and r["kind"] != key[1]:
            continue
        if "n" in r and key[3] not in positions(r["n"]):
            continue
        return True
    return False


def excused(key, x, y, races, where_a, where_b):
    """raced(), or: in the run where the claim overlapped, its witness is a
    raced claim (the only work it met is work that raced)."""
    if raced(key, [r for r in races if "witness" not in r]):
        return True
    for c, where in ((x, where_a), (y, where_b)):
        w = c.get("witness")
        if c["verdict"] == "overlapped" and w:
            if raced(key, [r for r in races if "witness" in r], w["stream"]):
                return True
            wk = where.get((w["stream"], w["op_start_ns"], w["op_end_ns"]))
            if wk and raced(wk, [r for r in races if "witness" not in r]):
                return True
    return False


def compare(cli, name, races, verbose):
    sql = os.path.join(HERE, name + ".sql")
    kin = os.path.join(HERE, "kineto", name + ".kineto.json.gz")
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, name + ".db")
        load_sql(sql, db)
        a = report(cli, db)
        b = report(cli, kin)
    mo = a["options"]["min_overlap"]
    ka, oa = keyed(a["claims"])
    kb, ob = keyed(b["claims"])
    # the same stream ids in both runs: match by id; else by order of first op
    if sorted(oa) != sorted(ob):
        ren = {s: i for i, s in enumerate(oa)}
        renb = {s: i for i, s in enumerate(ob)}
        ka = {(ren[k[0]],) + k[1:]: v for k, v in ka.items()}
        kb = {(renb[k[0]],) + k[1:]: v for k, v in kb.items()}
    where_a = {(c["stream"], c["start_ns"], c["end_ns"]): k for k, c in ka.items()}
    where_b = {(c["stream"], c["start_ns"], c["end_ns"]): k for k, c in kb.items()}
    both = sorted(set(ka) & set(kb), key=lambda k: kb[k]["start_ns"])
    agree = band = excuse = 0
    bad = []
    for k in both:
        x, y = ka[k], kb[k]
        if x["verdict"] == y["verdict"]:
            agree += 1
        elif in_band(x, mo) or in_band(y, mo):
            band += 1
        elif excused(k, x, y, races, where_a, where_b):
            excuse += 1
        else:
            bad.append((k, x, y))
    line = ("%s: %d claims matched (overlapcheck %d, Kineto %d); %d same verdict, %d differ "
            "within the band, %d differ where the program races (compare.txt), %d differ otherwise"
            % (name, len(both), len(ka), len(kb), agree, band, excuse, len(bad)))
    if verbose or bad:
        for k, x, y in bad[:20]:
            line += "\n    %s #%d on stream %s: overlapcheck %s (ratio %.3f, %s), Kineto %s (ratio %.3f, %s)" % (
                k[2][:50], k[3], k[0], x["verdict"], x["overlap_ratio"], ",".join(x["causes"][:1]) or "-",
                y["verdict"], y["overlap_ratio"], ",".join(y["causes"][:1]) or "-")
    return not bad and len(both) > 0, line


def main():
    ap = argparse.ArgumentParser(description="compare Kineto and overlapcheck verdicts")
    ap.add_argument("--cli", default="build/bin/overlapcheck")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    names = a.names or sorted(n.split(".")[0] for n in os.listdir(os.path.join(HERE, "kineto"))
                              if n.endswith(".kineto.json.gz"))
    races = parse_races(os.path.join(HERE, "kineto", "compare.txt"))
    passed = failed = 0
    for n in names:
        try:
            ok, line = compare(a.cli, n, races.get(n, []), a.verbose)
        except (RuntimeError, OSError, ValueError, sqlite3.Error) as err:
            ok, line = False, "%s: %s" % (n, err)
        print(("ok   " if ok else "FAIL ") + line)
        passed += ok
        failed += not ok
    print("compare: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
