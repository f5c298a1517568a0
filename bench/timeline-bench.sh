#!/bin/sh
# timeline-bench.sh: how fast the HTML timeline opens and redraws, in headless Chromium.
#
#   sh bench/timeline-bench.sh [OPS [RUNS]]      (defaults: 100000 ops, 3 runs)
#
# Builds a synthetic trace of OPS device ops (tests/browser/mktrace.py: a
# three-stream pipeline, plus about as many API calls), writes its page with
# $BUILD/bin/overlapcheck, and opens it RUNS times with the #bench fragment.
# The page itself measures, with performance.now(), and publishes in data-*
# attributes of its root element (read here from --dump-dom):
#   first-draw  from its first script to the end of the first frame
#               (HTML parsing of the data, JSON.parse, lanes, first frame)
#   load        from navigation start to the end of the first frame
#   zoom, pan   one frame after zooming in 1.25x / panning 37 px on the
#               whole trace (median and max of 10 each)
# Every frame ends with a getImageData read, so it is timed rasterised.
# Targets (issue 6): first paint under 2 s, a pan/zoom frame under 50 ms.
BUILD=${BUILD:-build}
OPS=${1:-100000}
RUNS=${2:-3}
OC=${OC:-$BUILD/bin/overlapcheck}
cd "$(dirname "$0")/.." || exit 2
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
	echo "timeline-bench: chromium not found (Debian: apt-get install chromium)" >&2
	exit 2
fi
[ -x "$OC" ] || { echo "timeline-bench: $OC not built (make)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

python3 tests/browser/mktrace.py --ops "$OPS" "$TMP/bench.db" >/dev/null || exit 2
start=$(date +%s.%N)
"$OC" timeline -o "$TMP/bench.html" "$TMP/bench.db" 2>/dev/null || exit 2
end=$(date +%s.%N)
size=$(wc -c < "$TMP/bench.html")
echo "trace: $(sqlite3 "$TMP/bench.db" 'SELECT count(*) FROM ops') device ops," \
	"$(sqlite3 "$TMP/bench.db" 'SELECT count(*) FROM api') API calls;" \
	"page: $size bytes, written in $(echo "$end - $start" | bc 2>/dev/null || echo '?') s"
echo "chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
printf '%-4s %12s %10s %10s %9s %9s %9s %9s\n' run first-draw load parse zoom zoom-max pan pan-max
i=1
while [ "$i" -le "$RUNS" ]; do
	prof=$(mktemp -d "$TMP/profile.XXXXXX")
	timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$prof" --window-size=1400,900 \
		--dump-dom "file://$TMP/bench.html#bench" 2>/dev/null >"$TMP/dom.html"
	python3 - "$TMP/dom.html" "$i" <<'PY'
import re, sys
dom = open(sys.argv[1], errors="replace").read()
m = re.search(r"<html\b([^>]*)>", dom)
a = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1) if m else ""))
if a.get("data-ready") != "1" or a.get("data-errors") != "0":
    print("run %s: page not ready (ready=%s errors=%s)" % (sys.argv[2], a.get("data-ready"), a.get("data-errors")))
    sys.exit(1)
k = ["data-first-draw-ms", "data-load-ms", "data-parse-ms", "data-zoom-ms", "data-zoom-max-ms",
     "data-pan-ms", "data-pan-max-ms"]
print("%-4s %9s ms %7s ms %7s ms %6s ms %6s ms %6s ms %6s ms" % ((sys.argv[2],) + tuple(a.get(x, "?") for x in k)))
PY
	i=$((i + 1))
done
