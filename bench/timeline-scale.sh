#!/bin/sh
# timeline-scale.sh: `overlapcheck timeline` on large traces (issue 35): the
# command's time and peak memory, the page's size, and the page opened in
# headless Chromium.
#
#   sh bench/timeline-scale.sh [--sizes 1M,10M] [--dir DIR] [--runs N] [--keep]
#
# For each size, tools/gen-trace writes a synthetic trace of that many device
# ops (about as many API calls) into DIR (default /tmp/oc-scale, as
# bench/analyze-scale.sh: generated once and reused). Then:
#   timeline    $OC timeline -o DIR/timeline-N.html under /usr/bin/time -v:
#               wall, user and system seconds, peak resident memory
#   page        the page's size
#   open        RUNS times (default 2), the page in headless Chromium with
#               #selftest (--dump-dom, a fresh profile, --window-size=1400,900),
#               as tests/browser/run.sh opens it: the page's own figures
#               (data-load-ms: navigation start to the first frame drawn;
#               data-sel-ms: the frame after zooming to the first serialized
#               op, chunks decoded in it; data-sel-single: single slices drawn
#               there), whether it drew summaries first (data-lod,
#               data-summary-lanes), script errors, and the wall time of the
#               whole Chromium command (start, load, self-test, DOM dump)
# A page that does not load (data-ready not 1 within the timeout) says so.
# The pages are removed unless --keep. OC=... measures another build (a
# commit before the level of detail, say); CHROMIUM=... another browser.
# Results: $OC_BENCH_OUT/timeline-scale.tsv and .txt (default $BUILD/bench-out).
BUILD=${BUILD:-build}
OUT=${OC_BENCH_OUT:-$BUILD/bench-out}
OC=${OC:-$BUILD/bin/overlapcheck}
GEN=${GEN:-$BUILD/bin/gen-trace}
LIMIT=${OC_SCALE_TIMEOUT:-1800}
OPEN_LIMIT=${OC_OPEN_TIMEOUT:-300}
sizes=1M,10M
dir=/tmp/oc-scale
runs=2
keep=

die() { echo "timeline-scale: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
	case $1 in
	--sizes) [ $# -ge 2 ] || die "--sizes needs a value"; sizes=$2; shift 2 ;;
	--dir) [ $# -ge 2 ] || die "--dir needs a value"; dir=$2; shift 2 ;;
	--runs) [ $# -ge 2 ] || die "--runs needs a value"; runs=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	-h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
done
case $runs in *[!0-9]*|'') die "invalid --runs '$runs': expected a count" ;; esac

. "$(dirname "$0")/scale-lib.sh"
counts=$(scale_counts "$sizes") || exit 2

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || die "chromium not found (Debian: apt-get install chromium)"
scale_need_tools
mkdir -p "$dir" "$OUT" || die "cannot create '$dir' or '$OUT'"
tmp=$(mktemp -d) || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT
tsv=$OUT/timeline-scale.tsv
printf 'ops\twhat\trun\tvalue\n' > "$tsv"
row() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$tsv"; }

echo "overlapcheck: $OC ($("$OC" --version 2>/dev/null | head -n 1))"
echo "chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for n in $counts; do
	db=$dir/gen-$n.db
	if [ ! -s "$db" ]; then
		echo "generating $n ops into $db" >&2
		rm -f "$db.tmp"
		timeout "$LIMIT" "$GEN" "$n" "$db.tmp" >/dev/null || die "gen-trace $n failed"
		mv "$db.tmp" "$db" || die "cannot rename '$db.tmp'"
	fi
	page=$dir/timeline-$n.html
	rm -f "$page"
	timeout "$LIMIT" /usr/bin/time -v "$OC" timeline -o "$page" "$db" >/dev/null 2>"$tmp/time"
	rc=$?
	row "$n" timeline_rc 1 "$rc"
	row "$n" timeline_wall_s 1 "$(awk -F': ' '/Elapsed/ { n = split($2, p, ":"); s = 0
		for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$tmp/time")"
	row "$n" timeline_user_s 1 "$(awk -F': ' '/User time/ { print $2 }' "$tmp/time")"
	row "$n" timeline_sys_s 1 "$(awk -F': ' '/System time/ { print $2 }' "$tmp/time")"
	row "$n" timeline_rss_kb 1 "$(awk -F': ' '/Maximum resident/ { print $2 }' "$tmp/time")"
	row "$n" page_bytes 1 "$(wc -c < "$page" 2>/dev/null || echo 0)"
	r=1
	while [ "$r" -le "$runs" ] && [ "$rc" -eq 0 ]; do
		prof=$(mktemp -d "$tmp/profile.XXXXXX")
		t0=$(date +%s%N)
		timeout "$OPEN_LIMIT" "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
			--no-first-run --disable-background-networking --disable-component-update \
			--disable-sync --disable-extensions --user-data-dir="$prof" --window-size=1400,900 \
			--dump-dom "file://$page#selftest" 2>/dev/null >"$tmp/dom.html"
			t1=$(date +%s%N)
		rm -rf "$prof"
		row "$n" open_wall_s "$r" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')"
		python3 - "$tmp/dom.html" "$n" "$r" >> "$tsv" <<'PY'
import re, sys
dom = open(sys.argv[1], errors="replace").read()
m = re.search(r"<html\b([^>]*)>", dom)
a = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1) if m else ""))
for k in ("data-ready", "data-errors", "data-lod", "data-summary-lanes", "data-load-ms",
          "data-first-draw-ms", "data-sel-ms", "data-sel-single", "data-sel-decoded"):
    print("%s\t%s\t%s\t%s" % (sys.argv[2], k[5:], sys.argv[3], a.get(k, "-")))
PY
		r=$((r + 1))
	done
	[ -n "$keep" ] || rm -f "$page"
done

# The table: one line per size and run.
awk -F '\t' '
NR == 1 { next }
{ v[$1, $2, $3] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++no] = $1 }
  if ($2 == "open_wall_s" && $3 > runs[$1]) runs[$1] = $3 }
END {
	printf "%-9s %8s %8s %8s %9s %10s | %3s %5s %6s %8s %8s %7s %6s %7s\n", "ops", "wall s", "user s", "sys s",
	       "RSS MiB", "page MB", "run", "ready", "errors", "load ms", "zoom ms", "single", "lod", "open s"
	for (i = 1; i <= no; i++) {
		o = order[i]
		printf "%-9s %8s %8s %8s %9.1f %10.1f |", o, v[o, "timeline_wall_s", 1], v[o, "timeline_user_s", 1],
		       v[o, "timeline_sys_s", 1], v[o, "timeline_rss_kb", 1] / 1024, v[o, "page_bytes", 1] / 1e6
		if (v[o, "timeline_rc", 1] != 0) printf " timeline exited %s", v[o, "timeline_rc", 1]
		for (r = 1; r <= runs[o]; r++)
			printf "%s %3d %5s %6s %8s %8s %7s %6s %7s\n", (r > 1 ? sprintf("%-57s |", "") : ""), r,
			       v[o, "ready", r], v[o, "errors", r], v[o, "load-ms", r], v[o, "sel-ms", r],
			       v[o, "sel-single", r], v[o, "lod", r], v[o, "open_wall_s", r]
		if (!runs[o]) printf "\n"
	}
}' "$tsv" > "$OUT/timeline-scale.txt"
cat "$OUT/timeline-scale.txt"
