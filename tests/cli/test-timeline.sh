#!/bin/sh
# test-timeline.sh: overlapcheck timeline without a browser: the page is
# self-contained, its data parses and matches the trace, hostile strings stay
# data, and the command's options and errors behave. tests/browser/run.sh
# opens the same pages in Chromium.
. tests/cli/lib.sh
. tests/cli/tl-lib.sh

python3 tests/browser/mktrace.py "$TMP/p.db" >/dev/null
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/h.db" >/dev/null

ok "timeline -o" "$OC" timeline -o "$TMP/p.html" "$TMP/p.db"
fold pipeline python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/p.html" --analysis --synthetic
ok "timeline --no-analysis" "$OC" timeline --no-analysis -o "$TMP/pn.html" "$TMP/p.db"
fold "no analysis" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pn.html" --no-analysis --synthetic
ok "timeline of a hostile trace" "$OC" timeline -o "$TMP/h.html" "$TMP/h.db"
fold hostile python3 tests/cli/timeline-check.py "$TMP/h.db" "$TMP/h.html" --analysis --hostile --synthetic

# Default output: beside the trace, .html for the extension.
mkdir "$TMP/d"
cp "$TMP/p.db" "$TMP/d/run.v1.db"
"$OC" timeline "$TMP/d/run.v1.db" 2>"$TMP/err"
is "default output: exit 0" "$?" 0
ok "default output: TRACE with .html" test -s "$TMP/d/run.v1.html"
like "default output: says where" "$(cat "$TMP/err")" "wrote .*/d/run.v1.html"
# a compressed input loses both extensions: X.json.gz gives X.html, not X.json.html
cp tests/corpus/kineto/torch_small.kineto.json.gz "$TMP/d/prof.json.gz"
"$OC" timeline "$TMP/d/prof.json.gz" 2>"$TMP/err"
is "default output of X.json.gz: exit 0" "$?" 0
ok "default output of X.json.gz: X.html" test -s "$TMP/d/prof.html"
ok "default output of X.json.gz: no X.json.html" test ! -e "$TMP/d/prof.json.html"
ok "-o - writes the page to stdout" sh -c '"$1" timeline -o - "$2" | cmp - "$3"' sh "$OC" "$TMP/p.db" "$TMP/p.html"
ok "no temporary file left" sh -c '! ls "$1"/*.tmp.* 2>/dev/null | grep -q .' sh "$TMP"

# Analysis options, as for report.
ok "timeline --device 0" "$OC" timeline --device 0 -o "$TMP/d0.html" "$TMP/p.db"
is "--device 0: one device lane, device 0's ops" "$(python3 -c 'import json,re,sys
p=open(sys.argv[1]).read(); d=json.loads(re.search(r"id=\"oc-data\">(.*?)</script>", p, re.S).group(1))
print(sum(l["k"] == "device" for l in d["lanes"]), sum(1 for i in range(0, len(d["items"]), 11) if d["items"][i + 4] <= 3))' "$TMP/d0.html")" \
	"1 $(sqlite3 "$TMP/p.db" 'SELECT count(*) FROM ops WHERE device_id = 0')"
"$OC" timeline --range nope -o "$TMP/x.html" "$TMP/p.db" 2>"$TMP/err"
is "unknown range: exit 2" "$?" 2
ok "unknown range: no page" test ! -e "$TMP/x.html"

# Every recorded fixture (tests/fixtures/*.sql, H200 traces).
each_fixture timeline tests/cli/timeline-check.py

# Level of detail (docs/timeline.md): above --lod-above slices the page
# carries its slices in a compact table with per-lane summaries; decoded, it
# holds what the small page holds (timeline-check.py --same-as), its times
# exact up to --lod-exact slices and within 1/256 of each duration beyond.
slices=$(python3 -c 'import sys; sys.path.insert(0, "tests/cli"); from lodpage import page_data
print(len(page_data(open(sys.argv[1], encoding="utf-8").read())["items"]) // 11)' "$TMP/p.html")
ok "--lod-above N with N slices: a small page" "$OC" timeline --lod-above "$slices" -o "$TMP/pa.html" "$TMP/p.db"
fold "at the threshold" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pa.html" --analysis --synthetic --small
ok "--lod-above N-1: a level-of-detail page" "$OC" timeline --lod-above $((slices - 1)) -o "$TMP/pl.html" "$TMP/p.db"
fold "level of detail" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pl.html" --analysis --synthetic \
	--lod --same-as "$TMP/p.html"
ok "--lod-exact 0: rounded times" "$OC" timeline --lod-above 0 --lod-exact 0 -o "$TMP/pr.html" "$TMP/p.db"
fold "level of detail, rounded" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pr.html" --analysis \
	--synthetic --lod --same-as "$TMP/p.html"
ok "level of detail of a hostile trace" "$OC" timeline --lod-above 0 -o "$TMP/hl.html" "$TMP/h.db"
fold "hostile, level of detail" python3 tests/cli/timeline-check.py "$TMP/h.db" "$TMP/hl.html" --analysis \
	--hostile --synthetic --lod --same-as "$TMP/h.html"
ok "level of detail without the analysis" "$OC" timeline --no-analysis --lod-above 0 -o "$TMP/pnl.html" "$TMP/p.db"
fold "no analysis, level of detail" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/pnl.html" \
	--no-analysis --synthetic --lod --same-as "$TMP/pn.html"
# The critical path (docs/causes.md) on both pages: the slices marked, held
# against report --format json's critical_path of the same trace.
"$OC" report --format json "$TMP/p.db" >"$TMP/p.json"
fold "pipeline, critical path" python3 tests/cli/timeline-check.py "$TMP/p.db" "$TMP/p.html" --analysis \
	--synthetic --report "$TMP/p.json"
fold "pipeline, critical path, level of detail" python3 tests/cli/timeline-check.py "$TMP/p.db" \
	"$TMP/pl.html" --analysis --synthetic --report "$TMP/p.json"
for f in tests/fixtures/*.sql tests/fixtures/pairs/*.sql tests/fixtures/mem/*hazard*.sql tests/fixtures/mem/*reuse*.sql; do
	[ -f "$f" ] || continue
	fx=$(basename "$f" .sql)
	rm -f "$TMP/fx.db"
	load_sql "$TMP/fx.db" "$f" || { ok "fixture $fx: loads" false; continue; }
	"$OC" timeline -o "$TMP/fx.html" "$TMP/fx.db" 2>/dev/null
	"$OC" report --format json "$TMP/fx.db" >"$TMP/fx.json" 2>/dev/null
	fold "fixture $fx, critical path" python3 tests/cli/timeline-check.py "$TMP/fx.db" "$TMP/fx.html" \
		--analysis --small --report "$TMP/fx.json"
	# rounded times on a few (the fixtures are far below --lod-exact)
	case $fx in *hazard* | *reuse* | pinned_pipeline) vs="exact rounded" ;; *) vs=exact ;; esac
	for v in $vs; do
		[ $v = exact ] && e=4000000 || e=0
		ok "fixture $fx: level of detail, $v" "$OC" timeline --lod-above 0 --lod-exact $e -o "$TMP/fxl.html" "$TMP/fx.db"
		fold "fixture $fx, level of detail, $v" python3 tests/cli/timeline-check.py "$TMP/fx.db" "$TMP/fxl.html" \
			--analysis --lod --same-as "$TMP/fx.html" --report "$TMP/fx.json"
	done
done
# the default threshold: 300k ops and as many calls are a level-of-detail page
sh tools/gen-trace 300000 "$TMP/g.db" >/dev/null
ok "a 300k-op trace" "$OC" timeline -o "$TMP/g.html" "$TMP/g.db"
is "300k ops: a level-of-detail page by default, with exact times" "$(python3 -c 'import sys
sys.path.insert(0, "tests/cli"); from lodpage import page_data
d = page_data(open(sys.argv[1], encoding="utf-8").read())
print(d["lod"]["n"] > 500000, d["lod"]["mant"], d["lod"]["counts"]["ops"])' "$TMP/g.html")" "True 0 300000"
for bad in -1 12x ""; do
	"$OC" timeline --lod-above "$bad" -o "$TMP/x.html" "$TMP/p.db" 2>"$TMP/err"
	is "--lod-above '$bad': exit 2" "$?" 2
	like "--lod-above '$bad': says why" "$(cat "$TMP/err")" "invalid --lod-above '$bad'"
done
"$OC" timeline --lod-exact -5 -o "$TMP/x.html" "$TMP/p.db" 2>"$TMP/err"
is "--lod-exact -5: exit 2" "$?" 2

# Errors.
"$OC" timeline "$TMP/missing.db" 2>"$TMP/err"
is "missing trace: exit 2" "$?" 2
like "missing trace: names it" "$(cat "$TMP/err")" "cannot open trace '.*missing.db'"
ok "missing trace: no page written" test ! -e "$TMP/missing.html"
"$OC" timeline -o "$TMP/no/such/x.html" "$TMP/p.db" 2>"$TMP/err"
is "unwritable output: exit 2" "$?" 2
"$OC" timeline --bogus "$TMP/p.db" 2>/dev/null
is "unknown option: exit 2" "$?" 2
"$OC" timeline 2>/dev/null
is "no trace: exit 2" "$?" 2
ok "help" sh -c '"$1" help timeline | grep -q "self-contained HTML"' sh "$OC"

done_testing
