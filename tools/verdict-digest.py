#!/usr/bin/env python3
"""verdict-digest.py REPORT.json: the verdicts of a JSON report, and nothing
else, as stable JSON: per claim (by device, stream, correlation id, start)
its verdict, overlap ratio and witness; and the summary's verdict counts
(claims, overlapped, serialized and their per-kind counts) and copy/compute
share. Explanations (causes, evidence, gaps, advice, the window) are left
out on purpose: they may change, verdicts may not
(tests/cli/test-verdicts.sh compares `report --whole` against the digests
of the reports of 2026-12-01, tests/verdicts/).
"""
import json
import sys

KEYS = ("claims", "overlapped", "serialized", "copy_claims", "copy_overlapped",
        "copy_overlapped_compute", "kernel_claims", "kernel_overlapped",
        "memset_claims", "memset_overlapped", "copy_compute_overlap_share")


def digest(d):
    claims = []
    for c in d["claims"]:
        w = c.get("witness")
        claims.append([c["device"], c["stream"], c["correlation_id"], c["start_ns"], c["kind"],
                       c["verdict"], c["overlap_ratio"],
                       None if not w else [w["stream"], w["correlation_id"], w["start_ns"]]])
    return {"summary": {k: d["summary"].get(k) for k in KEYS}, "claims": claims}


def main():
    d = json.load(open(sys.argv[1], encoding="utf-8"))
    json.dump(digest(d), sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
