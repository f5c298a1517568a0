#!/usr/bin/env python3
"""check_ranks.py: check a merged job (`overlapcheck report --ranks --format
json`) against a .ranks file (tests/multigpu/README.md, "The .ranks format").

    python3 tests/multigpu/check_ranks.py [--cli build/bin/overlapcheck] RANKS_FILE INPUT...
    python3 tests/multigpu/check_ranks.py --json MERGED.json RANKS_FILE

One line per check; the last line is "ranks: N passed, N failed"; exit 0
when nothing failed. Python 3 standard library only.
"""
import argparse
import json
import subprocess
import sys

OPS = ("eq", "min", "max")


def parse(path):
    """[(lineno, text, scope, selector, field, {op: value})]"""
    out = []
    for n, line in enumerate(open(path), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        w = text.split()
        if w[0] == "job" and len(w) >= 3:
            scope, sel, field, rest = "job", None, w[1], w[2:]
        elif w[0] in ("rank", "name") and len(w) >= 4:
            scope, sel, field, rest = w[0], w[1], w[2], w[3:]
        else:
            raise ValueError("%s:%d: expected 'job FIELD', 'rank R|* FIELD' or 'name COLLECTIVE FIELD'"
                             " and checks: %s" % (path, n, text))
        checks = {}
        for c in rest:
            k, _, v = c.partition("=")
            if k not in OPS or not v:
                raise ValueError("%s:%d: a check is eq=V, min=X or max=X: %s" % (path, n, c))
            checks[k] = v
        out.append((n, text, scope, sel, field, checks))
    return out


def field_of(obj, field):
    """obj's field; derived shares for ranks; dotted fields walk objects"""
    if field == "peer_wait_share":
        return obj["peer_wait_ns"] / obj["comm_ns"] if obj.get("comm_ns") else None
    if field == "overlapped_share":
        return obj["overlapped"] / obj["collectives"] if obj.get("collectives") else None
    if field == "ranks" and "ranks" in obj and isinstance(obj["ranks"], list):
        return len(obj["ranks"])
    v = obj
    for part in field.split("."):
        if not isinstance(v, dict) or part not in v:
            return 0 if field.startswith("causes.") else None
        v = v[part]
    return v


def holds(v, checks):
    if v is None:
        return False
    for op, want in checks.items():
        if op == "eq":
            got = json.dumps(v) if isinstance(v, bool) or v is None else str(v)
            if got != want:
                return False
        else:
            try:
                x = float(v)
            except (TypeError, ValueError):
                return False
            if (op == "min" and x < float(want)) or (op == "max" and x > float(want)):
                return False
    return True


def check(doc, lines):
    results = []
    for n, text, scope, sel, field, checks in lines:
        if scope == "job":
            objs = [doc]
        elif scope == "rank":
            objs = [r for r in doc["ranks"] if sel == "*" or str(r["rank"]) == sel]
        else:
            objs = [b for b in doc["by_name"] if b["collective"] == sel]
        vals = [field_of(o, field) for o in objs]
        ok = bool(objs) and all(holds(v, checks) for v in vals)
        results.append((ok, n, text, "values: %s" % (vals if objs else "no such %s" % scope)))
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description="check a merged job against a .ranks file")
    ap.add_argument("--cli", default="build/bin/overlapcheck")
    ap.add_argument("--json", help="a report --ranks --format json already written")
    ap.add_argument("ranks_file")
    ap.add_argument("inputs", nargs="*")
    a = ap.parse_args(argv)
    lines = parse(a.ranks_file)
    if a.json:
        doc = json.load(open(a.json))
    else:
        p = subprocess.run([a.cli, "report", "--ranks", "--format", "json"] + a.inputs,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if p.returncode:
            print("ranks: report --ranks failed: %s" % p.stderr.strip())
            print("ranks: 0 passed, 1 failed")
            return 1
        doc = json.loads(p.stdout)
    res = check(doc, lines)
    for ok, n, text, detail in res:
        print("%s %s:%d %s%s" % ("ok  " if ok else "FAIL", a.ranks_file, n, text,
                                 "" if ok else "  (%s)" % detail))
    bad = sum(1 for r in res if not r[0])
    print("ranks: %d passed, %d failed" % (len(res) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
