#!/bin/sh
# test-verdicts.sh: the explanation work changes causes, never verdicts. With
# --whole, every fixture's per-op verdicts, overlap ratios and witnesses and
# its verdict counts (claims, overlapped, serialized, copy/compute share) are
# those of the reports of 2026-12-01 before that work (tests/verdicts/,
# digested by tools/verdict-digest.py), and those of the recordings added
# since, as digested on commit 75d6ec6 (tests/verdicts/{mem,corpus,corpus-mem}),
# and the recordings with the queries' collection (tests/verdicts/q), digested
# on 2026-12-02 by a build whose --whole verdicts and hidden syncs equal
# those of commit f9968bd's build on all 163 recorded traces, and the
# recordings with the default collection of commit 273bf37 (tests/fixtures/cb:
# every API call timed by its callbacks, meta api_timing=all), digested in
# tests/verdicts/cb on 2026-12-02 by the build of commit 273bf37 (cb/sm_saturation,
# recorded again with the tracer of 984a178, by the build of that commit),
# and the recordings with the tracer of commit 74897ab (tests/fixtures/mm:
# callers' frames placed by the writer's module map), digested in
# tests/verdicts/mm on 2026-12-02 by the build of that commit, and the
# recordings with the tracer of commit fb733b5 (tests/fixtures/tc: call
# durations on the TSC, chunks waking the writer every fourth), digested in
# tests/verdicts/tc on 2026-12-02 by the build of that commit, and the
# recordings with the tracer of commit ebce7fa (tests/fixtures/qo: the
# queries' callbacks off, meta api_queries=off), digested in tests/verdicts/qo
# on 2026-12-04 by the build of that commit.
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
ROOT=$(pwd)
n=0
for want in tests/verdicts/*.json; do
	name=$(basename "$want" .json)
	load_sql "$TMP/$name.db" "tests/fixtures/$name.sql" || { is "$name: loads" no yes; continue; }
	"$OC" report --whole --format json "$TMP/$name.db" > "$TMP/$name.report" 2>&1
	python3 tools/verdict-digest.py "$TMP/$name.report" > "$TMP/$name.digest" 2>&1
	if cmp -s "$want" "$TMP/$name.digest"; then
		is "$name: verdicts as before (--whole)" same same
	else
		python3 - "$want" "$TMP/$name.digest" <<'PY' | head -n 10
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in a["summary"]:
    if a["summary"][k] != b["summary"].get(k):
        print("summary", k, a["summary"][k], "->", b["summary"].get(k))
for x, y in zip(a["claims"], b["claims"]):
    if x != y:
        print("claim", x, "->", y)
PY
		is "$name: verdicts as before (--whole)" differs same
	fi
	n=$((n + 1))
done
is "every fixture of 2026-12-01 checked" "$n" 30

# The recordings added since (tests/fixtures/mem, tests/corpus,
# tests/corpus/mem), digested by the build of commit 75d6ec6, whose per-op
# verdicts with --whole were those of commit c3dc80b's build on every one:
# later work keeps them.
m=0
for pair in mem:tests/fixtures/mem corpus:tests/corpus corpus-mem:tests/corpus/mem q:tests/fixtures/q \
	    cb:tests/fixtures/cb mm:tests/fixtures/mm tc:tests/fixtures/tc qo:tests/fixtures/qo; do
	sub=${pair%%:*}
	dir=${pair#*:}
	for want in tests/verdicts/$sub/*.json; do
		name=$(basename "$want" .json)
		load_sql "$TMP/$sub-$name.db" "$dir/$name.sql" || { is "$sub/$name: loads" no yes; continue; }
		"$OC" report --whole --format json "$TMP/$sub-$name.db" > "$TMP/$sub-$name.report" 2>&1
		python3 tools/verdict-digest.py "$TMP/$sub-$name.report" > "$TMP/$sub-$name.digest" 2>&1
		if cmp -s "$want" "$TMP/$sub-$name.digest"; then
			is "$sub/$name: verdicts as before (--whole)" same same
		else
			diff "$want" "$TMP/$sub-$name.digest" | head -n 6
			is "$sub/$name: verdicts as before (--whole)" differs same
		fi
		m=$((m + 1))
	done
done
is "every later recording checked" "$m" 246
done_testing
