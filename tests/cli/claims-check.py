#!/usr/bin/env python3
"""claims-check.py: which claims `report --format json --claims LIST` lists
(docs/report-json.md, "Which claims are listed"), checked against the same
trace's `--claims=all` report.

    claims-check.py ALL.json MODE.json MODE [CAP]

MODE is all, serialized, none or default (no --claims). ALL.json is the
--claims=all report of the same trace. Every part of the report but the
claims list, claims_omitted and the cap's warning must be equal to ALL's;
the list must be exactly the claims MODE selects, in ALL's order; and
claims_omitted must say what was left out. Prints one line per failure;
exit 1 when any.
"""
import json
import sys

fails = []


def check(cond, what):
    if not cond:
        fails.append(what)


def key(c):
    return (c["correlation_id"], c["stream"], c["start_ns"], c["end_ns"], c["name"])


def main():
    all_path, mode_path, mode = sys.argv[1:4]
    cap = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
    full = json.load(open(all_path))
    rep = json.load(open(mode_path))
    claims = full["claims"]
    total = full["summary"]["claims_in_trace"]
    check(len(claims) == total, "--claims=all lists %d claims, claims_in_trace is %d" % (len(claims), total))
    check("claims_omitted" not in full, "--claims=all has claims_omitted")
    ser = [c for c in claims if c["verdict"] == "serialized"]
    capped = mode == "default" and total > cap
    if mode == "all" or (mode == "default" and not capped):
        want, policy = claims, None
    elif mode == "none":
        want, policy = [], "none"
    elif mode == "serialized":
        want, policy = ser, "serialized"
    elif mode == "default":
        want, policy = ser[:cap], "default"
    else:
        sys.exit("claims-check: unknown mode '%s'" % mode)

    got = rep["claims"]
    check(isinstance(got, list), "claims is not a list")
    check(len(got) == len(want), "%s: %d claims listed, want %d" % (mode, len(got), len(want)))
    check([key(c) for c in got] == [key(c) for c in want],
          "%s: the listed claims are not the ones selected, in order" % mode)
    check(got == want, "%s: a listed claim differs from --claims=all's" % mode)

    om = rep.get("claims_omitted")
    if policy is None:
        check(om is None, "%s: claims_omitted present though nothing was left out" % mode)
    else:
        check(list(rep).index("claims_omitted") == list(rep).index("claims") + 1,
              "claims_omitted does not follow claims")
        exp = {"policy": policy, "cap": cap if capped else None, "listed": len(want),
               "total": total, "serialized": len(ser), "omitted": total - len(want),
               "how_to_get_all": "--claims=all"}
        check(om == exp, "%s: claims_omitted is %r, want %r" % (mode, om, exp))

    warn = [w for w in rep["warnings"] if "--claims=all" in w]
    if capped:
        check(len(warn) == 1 and ("%d of %d claims" % (len(want), total)) in warn[0],
              "default above the cap: no warning saying what was left out: %r" % rep["warnings"])
    else:
        check(not warn, "%s: a cap warning though none applies: %r" % (mode, warn))
    check([w for w in rep["warnings"] if w not in warn] == full["warnings"],
          "%s: the trace's own warnings differ" % mode)

    rest = [k for k in full if k not in ("claims", "warnings")]
    for k in rest:
        check(rep.get(k) == full[k], "%s: '%s' differs from --claims=all's" % (mode, k))
    check([k for k in rep if k not in ("claims_omitted",)] == list(full),
          "%s: the report's keys differ from --claims=all's" % mode)

    for f in fails:
        print("claims-check: %s: %s" % (mode_path, f))
    print("claims-check: %s %s: %d listed of %d (%d serialized), %s" % (
        mode, mode_path, len(got), total, len(ser), "FAIL" if fails else "ok"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
