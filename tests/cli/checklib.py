"""checklib.py: the harness the output checkers share (tests/cli/export-check.py,
tests/cli/timeline-check.py, tests/browser/dom-check.py).

check() records one result; run(main) runs the checks, prints one line per
result, "ok - NAME" or "not ok - NAME: why", for the fold helper of
tests/cli/tl-lib.sh to count, and exits 0 only when every check passed. A
crash in main is a failed check, never a silent pass.
"""
import sys

results = []


def check(name, cond, why=""):
    results.append((name, bool(cond), why))


def utf8(raw, what):
    """raw decoded as UTF-8, checked as "WHAT is valid UTF-8"; bad bytes become U+FFFD."""
    try:
        text = raw.decode("utf-8")
        check("%s is valid UTF-8" % what, True)
    except UnicodeDecodeError as e:
        check("%s is valid UTF-8" % what, False, str(e))
        text = raw.decode("utf-8", "replace")
    return text


def run(main):
    try:
        main()
    except Exception as e:  # a crash is a failed check, never a silent pass
        check("checker ran", False, "%s: %s" % (type(e).__name__, e))
    for name, ok, why in results:
        print("%s - %s%s" % ("ok" if ok else "not ok", name, "" if ok or not why else ": " + str(why)))
    sys.exit(0 if all(r[1] for r in results) else 1)
