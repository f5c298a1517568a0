#!/usr/bin/env python3
"""fix-pairs.py OUT: each case of bench/fix-pairs.sh, its bound against its saving.

For each case, the bound is the median over the runs before the fix of the
report's bound for that case's fix (`report --range loop`); the saving is
compare's median total before minus its median total after (`compare --range
loop`, the same range). A case holds when saving <= bound and saving >= half
the bound (each pair differs by that fix only). Prints one line per case and
a Markdown table; exit 1 when a case fails or is missing.
"""
import glob
import json
import os
import statistics
import sys

FIX = {"pin": "pin_host_memory", "free": "remove_hidden_syncs", "legacy": "leave_legacy_stream",
       "prefetch": "copies_on_own_stream"}


def case(out, c):
    bounds, shares = [], []
    for f in sorted(glob.glob(os.path.join(out, c + "-before-*.json"))):
        rep = json.load(open(f))
        b = [x for x in rep.get("bounds", []) if x["id"] == FIX[c]]
        bounds.append(b[0]["bound_ns"] if b else 0)
        shares.append(b[0]["share"] if b else 0)
    cmp_path = os.path.join(out, c + "-compare.json")
    if not bounds or not os.path.exists(cmp_path):
        return None
    cmp = json.load(open(cmp_path))
    before = cmp["baseline"]["total_ns"]["median"]
    after = cmp["candidate"]["total_ns"]["median"]
    bound = statistics.median(bounds)
    saving = before - after
    ok = saving <= bound and 2 * saving >= bound
    return {"case": c, "fix": FIX[c], "runs": len(bounds), "before_ns": before, "after_ns": after,
            "saving_ns": saving, "bound_ns": bound, "bound_min": min(bounds), "bound_max": max(bounds),
            "share": statistics.median(shares), "verdict": cmp["verdict"], "ok": ok}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fix-pairs.py OUT")
    out, fails, rows = sys.argv[1], 0, []
    for c in FIX:
        r = case(out, c)
        if r is None:
            print(f"{c}: missing")
            fails += 1
            continue
        rows.append(r)
        print(f"{c}: {r['fix']}: bound {r['bound_ns'] / 1e6:.3f} ms [{r['bound_min'] / 1e6:.3f}..{r['bound_max'] / 1e6:.3f}], "
              f"saving {r['saving_ns'] / 1e6:.3f} ms ({r['before_ns'] / 1e6:.3f} -> {r['after_ns'] / 1e6:.3f}), "
              f"saving/bound {r['saving_ns'] / r['bound_ns'] if r['bound_ns'] else float('nan'):.2f}: "
              f"{'ok' if r['ok'] else 'FAIL'}")
        fails += not r["ok"]
    print("\n| case | fix | runs | before (median) | after (median) | saving | bound (median [min..max]) | saving / bound |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['case']} | `{r['fix']}` | {r['runs']} | {r['before_ns'] / 1e6:.3f} ms | {r['after_ns'] / 1e6:.3f} ms | "
              f"{r['saving_ns'] / 1e6:.3f} ms | {r['bound_ns'] / 1e6:.3f} ms [{r['bound_min'] / 1e6:.3f}..{r['bound_max'] / 1e6:.3f}] | "
              f"{r['saving_ns'] / r['bound_ns'] if r['bound_ns'] else float('nan'):.2f} |")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
