#!/usr/bin/env python3
"""lists-check.py ALL.json CAPPED.json: the capped JSON report against the
same trace's --lists=all one (docs/report-json.md, "The other long lists").

Each of hidden_syncs, explicit_syncs, default_stream_syncs and gaps must be
the whole list when it has at most 10000 entries (and no <list>_omitted),
else its first 10000 entries followed by a <list>_omitted that counts what
was left out, with a sentence in warnings; every other member must be equal.
Prints what it checked; exit 1 on the first difference.
"""
import json
import sys

CAP = 10000
LISTS = ("hidden_syncs", "explicit_syncs", "default_stream_syncs", "gaps")


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    full = json.load(open(sys.argv[1]))
    capped = json.load(open(sys.argv[2]))
    cut = 0
    for name in LISTS:
        every, got = full[name], capped[name]
        if name + "_omitted" in full:
            fail("%s: --lists=all has %s_omitted" % (name, name))
        if len(every) <= CAP:
            if got != every or name + "_omitted" in capped:
                fail("%s: %d entries, under the cap, but not listed whole" % (name, len(every)))
            print("%s: %d entries, whole" % (name, len(every)))
            continue
        cut += 1
        if got != every[:CAP]:
            fail("%s: not the first %d of %d entries" % (name, CAP, len(every)))
        om = capped.get(name + "_omitted")
        want = {"cap": CAP, "listed": CAP, "total": len(every), "omitted": len(every) - CAP,
                "how_to_get_all": "--lists=all"}
        if om != want:
            fail("%s_omitted is %r, not %r" % (name, om, want))
        if not any(w.startswith("the %s list holds %d of %d " % (name, CAP, len(every)))
                   for w in capped["warnings"]):
            fail("%s: no sentence in warnings" % name)
        keys = list(capped)
        if keys.index(name + "_omitted") != keys.index(name) + 1:
            fail("%s_omitted does not follow %s" % (name, name))
        print("%s: the first %d of %d, %s_omitted right after it, the warning right" %
              (name, CAP, len(every), name))
    rest_full = {k: v for k, v in full.items() if k not in LISTS and k != "warnings"}
    rest_capped = {k: v for k, v in capped.items()
                   if k not in LISTS and k != "warnings" and not k.endswith("_omitted")
                   or k == "claims_omitted"}
    if rest_full != rest_capped:
        fail("members other than the lists differ: %s" %
             sorted(k for k in set(rest_full) | set(rest_capped) if rest_full.get(k) != rest_capped.get(k)))
    extra = [w for w in capped["warnings"] if w not in full["warnings"]]
    if len(extra) != cut:
        fail("%d new sentences in warnings for %d lists cut" % (len(extra), cut))
    print("every other member equal; %d list(s) cut" % cut)


main()
