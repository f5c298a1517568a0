#!/bin/sh
# run.sh: the timeline page in a real browser (headless Chromium, off the network).
#
# For a synthetic pipeline trace, a hostile-name trace, every recorded fixture
# (tests/fixtures/*.sql), a 100k-op trace and level-of-detail pages (a
# 300k-op trace, and the synthetic ones forced), it writes the page, lets
# Chromium load it and dump its DOM, and checks from the root element's data-*
# attributes that the page drew the trace's lanes and ops with no script
# error, and that no trace string ran as script (tests/browser/dom-check.py).
# Screenshots go to $BUILD/browser/*.png (of the synthetic traces and a few
# fixtures; SHOTS_ALL=1 for every fixture). CHROMIUM=path picks the browser.
# Prints ok / not ok lines and "# N ok, N not ok", like tests/cli.
. tests/cli/lib.sh
. tests/cli/tl-lib.sh

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
	echo "# SKIP browser tests: chromium not found (Debian: apt-get install chromium)"
	done_testing
	exit 0
fi
SHOTS=$BUILD/browser
mkdir -p "$SHOTS"

# chrome ARGS...: one headless run with a fresh profile and no network.
chrome() {
	prof=$(mktemp -d "$TMP/profile.XXXXXX")
	timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --disable-default-apps --mute-audio \
		--host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$prof" \
		--window-size=1400,900 --hide-scrollbars "$@" 2>>"$TMP/chrome.log"
}

# page NAME TRACE [dom-check options]: write the page (with $TLOPTS), dump its
# DOM, check it, screenshot it. (ok in lib.sh sets $name: these use their own variables)
page() {
	pn=$1 pdb=$2; shift 2
	ok "$pn: page written" "$OC" timeline ${TLOPTS:-} -o "$TMP/$pn.html" "$pdb"
	url="file://$(cd "$TMP" && pwd)/$pn.html"
	case " $* " in
	*" --bench "*) url="$url#bench" ;;
	*" --selftest "*) url="$url#selftest" ;;
	*" --decode "*) url="$url#decode" ;;
	esac
	chrome --dump-dom "$url" >"$TMP/$pn.dom"
	fold "$pn" python3 tests/browser/dom-check.py "$pdb" "$TMP/$pn.dom" "$(basename "$pdb")" "$@"
	case " $* " in *" --bench "* | *" --selftest "* | *" --decode "* | *" --noshot "*) return ;; esac
	rm -f "$SHOTS/$pn.png"
	chrome --screenshot="$SHOTS/$pn.png" "$url" >/dev/null
	ok "$pn: screenshot $SHOTS/$pn.png" test -s "$SHOTS/$pn.png"
}

python3 tests/browser/mktrace.py "$TMP/pipeline.db" >/dev/null
page pipeline "$TMP/pipeline.db"
page pipeline-selftest "$TMP/pipeline.db" --selftest
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/hostile.db" >/dev/null
page hostile "$TMP/hostile.db" --hostile
page hostile-selftest "$TMP/hostile.db" --hostile --selftest

# An empty trace: the page must still load cleanly.
sqlite3 "$TMP/empty.db" < schema/trace.sql
sqlite3 "$TMP/empty.db" "INSERT INTO meta VALUES ('trace_start_ns', '1000')"
page empty "$TMP/empty.db"

for f in tests/fixtures/*.sql; do
	[ -f "$f" ] || continue
	fx=fixture-$(basename "$f" .sql)
	rm -f "$TMP/$fx.db"
	if load_sql "$TMP/$fx.db" "$f"; then
		# screenshots of a few telling ones (all with SHOTS_ALL=1)
		case "$fx:${SHOTS_ALL:-0}" in
		*:1 | fixture-pinned_pipeline:* | fixture-pageable_pipeline:* | fixture-hidden_sync:* | \
		fixture-legacy_mixed:* | fixture-nvtx_range:*) page "$fx" "$TMP/$fx.db" ;;
		*) page "$fx" "$TMP/$fx.db" --noshot ;;
		esac
	else
		ok "$fx: fixture loads" false
	fi
done

# The header's window is on the axis's and the report's time (since the
# trace start): the page's numbers are the JSON report's window, to the
# microsecond the page prints (issue 32: it used to be shifted by the first op).
if [ -f "$TMP/fixture-pinned_pipeline.dom" ]; then
	"$OC" report --format json "$TMP/fixture-pinned_pipeline.db" >"$TMP/pin.json"
	fold "window header: the report's window" python3 - "$TMP/fixture-pinned_pipeline.dom" "$TMP/pin.json" <<'PY'
import html, json, re, sys
sys.path.insert(0, "tests/cli")
from checklib import check, run
def main():
    dom = open(sys.argv[1], encoding="utf-8").read()
    w = json.load(open(sys.argv[2]))["window"]
    m = re.search(r'id="window"[^>]*>([^<]*)<', dom)
    check("the page shows its window", m, "no #window element")
    if m:
        t = html.unescape(m.group(1))
        v = [float(x) * 1e6 for x in re.findall(r"([0-9.]+) ms", t)[:2]]
        check("two times in ms, since trace start", len(v) == 2 and "since trace start" in t, t)
        if len(v) == 2:
            check("start and end are the report's",
                  abs(v[0] - w["start_ns"]) <= 1000 and abs(v[1] - w["end_ns"]) <= 1000,
                  "%s against %d..%d" % (t, w["start_ns"], w["end_ns"]))
run(main)
PY
fi
# The critical path (docs/timeline.md): the header's line and the bars the
# first frame drew over its slices, on the pageable pipeline (host-bound by
# its pageable copies: its path runs through the copies' calls).
if [ -f "$TMP/fixture-pageable_pipeline.dom" ]; then
	"$OC" report --format json "$TMP/fixture-pageable_pipeline.db" >"$TMP/pg.json"
	fold "critical path drawn" python3 - "$TMP/fixture-pageable_pipeline.dom" "$TMP/pg.json" <<'PY'
import html, json, re, sys
sys.path.insert(0, "tests/cli")
from checklib import check, run
def main():
    dom = open(sys.argv[1], encoding="utf-8").read()
    cp = json.load(open(sys.argv[2]))["critical_path"]
    m = re.search(r'id="pathline"[^>]*>([^<]*)<', dom)
    check("the header says the critical path", m and html.unescape(m.group(1)).startswith("critical path "),
          m.group(1) if m else "no #pathline element")
    attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', re.search(r"<html\b([^>]*)>", dom).group(1)))
    check("the page counts its path's slices", int(attrs.get("data-path", "0")) >= len(cp["on_path"]) > 0,
          attrs.get("data-path"))
    check("the first frame drew the path's bars", int(attrs.get("data-path-bars", "0")) > 0,
          attrs.get("data-path-bars"))
    check("the legend names the path", "critical path (dark top bar)" in dom)
run(main)
PY
fi
# A job's ranks in one page (timeline --ranks): three ranks' lanes as groups.
python3 tests/cli/mkranks.py --ranks 3 --slow 2 "$TMP/ranks" >/dev/null
ok "ranks: page written" "$OC" timeline --ranks -o "$TMP/ranks.html" "$TMP/ranks"
chrome --dump-dom "file://$(cd "$TMP" && pwd)/ranks.html" >"$TMP/ranks.dom"
root=$(grep -o '<html[^>]*>' "$TMP/ranks.dom" | head -n 1)
like "ranks: drawn without script errors" "$root" 'data-ready="1" data-errors="0" data-lanes="15"'
like "ranks: every rank's ops" "$root" 'data-ops="90"'
rm -f "$SHOTS/ranks.png"
chrome --screenshot="$SHOTS/ranks.png" "file://$(cd "$TMP" && pwd)/ranks.html" >/dev/null
ok "ranks: screenshot $SHOTS/ranks.png" test -s "$SHOTS/ranks.png"

python3 tests/browser/mktrace.py --ops 100000 "$TMP/ops100k.db" >/dev/null
page ops100k "$TMP/ops100k.db" --bench

# Level of detail (docs/timeline.md): 300k ops and as many calls are above
# the threshold. The first frame draws summaries; the page zooms itself to
# the first serialized op (#selftest) and must draw single slices there,
# decoded from their chunks; #decode inflates every chunk in the page's
# script, against the sums lodpage.py computes from the same page.
sh tools/gen-trace 300000 "$TMP/g300k.db" >/dev/null
page lod300k "$TMP/g300k.db" --lod --selftest
page lod300k-decode "$TMP/g300k.db" --decode "$TMP/lod300k-decode.html"
page lod300k-shot "$TMP/g300k.db" --lod
# the pipeline and hostile traces at levels of detail, times exact and rounded
TLOPTS="--lod-above 0" page pipeline-lod "$TMP/pipeline.db" --selftest
TLOPTS="--lod-above 0 --lod-exact 0" page pipeline-lod-rounded "$TMP/pipeline.db" --selftest
TLOPTS="--lod-above 0 --lod-exact 0" page pipeline-lod-decode "$TMP/pipeline.db" \
	--decode "$TMP/pipeline-lod-decode.html"
TLOPTS="--lod-above 0" page hostile-lod "$TMP/hostile.db" --hostile --selftest

done_testing
