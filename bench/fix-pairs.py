#!/usr/bin/env python3
"""fix-pairs.py OUT: each case of bench/fix-pairs.sh, its bound against its saving.

Both sides are measured on the interval the report's bound is over: the
device span of the work queued inside the NVTX range "loop" (compare's
per-trace span_ns; the report's critical_path length_ns, which must agree).
Over the runs, with medians: the saving is the median span before minus the
median span after; the bound is the median span before minus the median of
each run's replayed span after the edit (its length_ns - bound_ns for the
case's fix), so both subtract from the same median. A case holds when
saving <= bound and saving >= half the bound (each pair differs by that fix
only). Prints one line per case and a Markdown table; exit 1 when a case
fails or is missing.
"""
import glob
import json
import os
import statistics
import sys

FIX = {"pin": "pin_host_memory", "free": "remove_hidden_syncs", "legacy": "leave_legacy_stream",
       "prefetch": "copies_on_own_stream"}


def case(out, c):
    lengths, edited = [], []
    for f in sorted(glob.glob(os.path.join(out, c + "-before-*.json"))):
        rep = json.load(open(f))
        p = rep["critical_path"]
        b = [x for x in rep.get("bounds", []) if x["id"] == FIX[c]]
        lengths.append(p["length_ns"])
        edited.append(p["length_ns"] - (b[0]["bound_ns"] if b else 0))
    cmp_path = os.path.join(out, c + "-compare.json")
    if not lengths or not os.path.exists(cmp_path):
        return None
    cmp = json.load(open(cmp_path))
    spans_b = [t["span_ns"] for t in cmp["baseline"]["traces"]]
    spans_a = [t["span_ns"] for t in cmp["candidate"]["traces"]]
    before, after = statistics.median(spans_b), statistics.median(spans_a)
    bound = statistics.median(lengths) - statistics.median(edited)
    saving = before - after
    ok = saving <= bound and 2 * saving >= bound
    return {"case": c, "fix": FIX[c], "runs": len(lengths), "before_ns": before, "after_ns": after,
            "saving_ns": saving, "bound_ns": bound, "predicted_ns": statistics.median(edited),
            "agree": sorted(lengths) == sorted(spans_b), "verdict": cmp["verdict"], "ok": ok}


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
        print(f"{c}: {r['fix']}: bound {r['bound_ns'] / 1e6:.3f} ms, saving {r['saving_ns'] / 1e6:.3f} ms "
              f"(spans {r['before_ns'] / 1e6:.3f} -> {r['after_ns'] / 1e6:.3f}, replayed after the edit "
              f"{r['predicted_ns'] / 1e6:.3f}), saving/bound "
              f"{r['saving_ns'] / r['bound_ns'] if r['bound_ns'] else float('nan'):.2f}: "
              f"{'ok' if r['ok'] else 'FAIL'}{'' if r['agree'] else ' (report and compare intervals differ)'}")
        fails += not r["ok"] or not r["agree"]
    print("\n| case | fix | runs | before (median span) | after (median span) | saving | replayed after the edit (median) | bound | saving / bound |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['case']} | `{r['fix']}` | {r['runs']} | {r['before_ns'] / 1e6:.3f} ms | {r['after_ns'] / 1e6:.3f} ms | "
              f"{r['saving_ns'] / 1e6:.3f} ms | {r['predicted_ns'] / 1e6:.3f} ms | {r['bound_ns'] / 1e6:.3f} ms | "
              f"{r['saving_ns'] / r['bound_ns'] if r['bound_ns'] else float('nan'):.2f} |")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
