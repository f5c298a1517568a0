#!/bin/sh
# analyze-scale.sh: does `overlapcheck report` scale? (issue 7, CPU only)
#
#   sh bench/analyze-scale.sh [--sizes 10k,100k,1M,10M] [--dir DIR] [--reps N]
#                             [--large-reps N]
#
# For each size, tools/gen-trace writes a synthetic trace of that many device
# ops into DIR (default /tmp/oc-scale; generated once and reused, since 10M
# ops take a while). Then, REPS times each (default 3; median kept), with the
# file already in the page cache (sizes of 5M ops and more: --large-reps
# times, default 1, since one round of 10M takes about 15 minutes here):
#   scan view   sqlite3 DB 'select * from device_ops' > /dev/null
#   scan table  sqlite3 DB 'select * from ops' > /dev/null
#   report      overlapcheck report DB > /dev/null
#   report json overlapcheck report --format json --claims=all --lists=all DB > /dev/null
#               (every row; the default lists at most 10000 claims)
# with wall time (date +%s%N around the command) and peak resident memory
# (/usr/bin/time -f %M). The targets: report <= 3x the scan of the same rows,
# and memory linear in ops: the extra resident memory per extra op between
# consecutive sizes (the "RSS slope") stays constant as the size grows.
#
# Results: $OC_BENCH_OUT/analyze-scale.tsv (every measurement) and
# $OC_BENCH_OUT/analyze-scale.txt (the table, also printed); OC_BENCH_OUT
# defaults to $BUILD/bench-out. Needs sqlite3 and /usr/bin/time (Debian:
# apt-get install sqlite3 time). Each command is limited to
# OC_SCALE_TIMEOUT seconds (default 1800).
BUILD=${BUILD:-build}
OUT=${OC_BENCH_OUT:-$BUILD/bench-out}
OC=${OC:-$BUILD/bin/overlapcheck}
GEN=${GEN:-$BUILD/bin/gen-trace}
LIMIT=${OC_SCALE_TIMEOUT:-1800}
sizes=10k,100k,1M,10M
dir=/tmp/oc-scale
reps=3
large_reps=1

die() { echo "analyze-scale: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
	case $1 in
	--sizes) [ $# -ge 2 ] || die "--sizes needs a value"; sizes=$2; shift 2 ;;
	--dir) [ $# -ge 2 ] || die "--dir needs a value"; dir=$2; shift 2 ;;
	--reps) [ $# -ge 2 ] || die "--reps needs a value"; reps=$2; shift 2 ;;
	--large-reps) [ $# -ge 2 ] || die "--large-reps needs a value"; large_reps=$2; shift 2 ;;
	-h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
done

. "$(dirname "$0")/scale-lib.sh"
counts=$(scale_counts "$sizes") || exit 2
scale_positive --reps "$reps"
scale_positive --large-reps "$large_reps"

scale_need_tools
command -v sqlite3 >/dev/null 2>&1 || die "sqlite3 not found (Debian: apt-get install sqlite3)"
mkdir -p "$dir" "$OUT" || die "cannot create '$dir' or '$OUT'"

tmp=$(mktemp -d) || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT
tsv=$OUT/analyze-scale.tsv
printf 'ops\twhat\trep\tseconds\tpeak_rss_kb\trc\n' > "$tsv"

# measure OPS WHAT REP CMD...: one timed run, appended to the TSV.
measure() {
	ops=$1 what=$2 rep=$3
	shift 3
	t0=$(date +%s%N)
	timeout "$LIMIT" /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	t1=$(date +%s%N)
	rss=$(tail -n 1 "$tmp/rss" 2>/dev/null)
	case $rss in *[!0-9]*|'') rss=0 ;; esac
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$ops" "$what" "$rep" "$secs" "$rss" "$rc" >> "$tsv"
	if [ "$rc" -gt 1 ]; then
		echo "analyze-scale: $what on $ops ops failed (exit $rc):" >&2
		head -n 5 "$tmp/err" >&2
	fi
}

for n in $counts; do
	db=$dir/gen-$n.db
	if [ ! -s "$db" ]; then
		echo "generating $n ops into $db" >&2
		rm -f "$db.tmp"
		t0=$(date +%s)
		timeout "$LIMIT" "$GEN" "$n" "$db.tmp" >/dev/null || die "gen-trace $n failed"
		mv "$db.tmp" "$db" || die "cannot rename '$db.tmp'"
		echo "  took $(( $(date +%s) - t0 )) s" >&2
	fi
	rows=$(sqlite3 "$db" 'select count(*) from device_ops') || die "cannot read '$db'"
	[ "$rows" -eq "$n" ] || echo "analyze-scale: note: '$db' holds $rows device ops, not $n" >&2
	cat "$db" > /dev/null   # into the page cache, for every contender alike
	n_reps=$reps
	[ "$rows" -ge 5000000 ] && n_reps=$large_reps
	r=1
	while [ "$r" -le "$n_reps" ]; do
		# Rotate the order so that no contender always runs first.
		case $(( r % 4 )) in
		1) order="view table report json" ;;
		2) order="table report json view" ;;
		3) order="report json view table" ;;
		0) order="json view table report" ;;
		esac
		for w in $order; do
			case $w in
			view) measure "$rows" scan_view "$r" sqlite3 "$db" 'select * from device_ops' ;;
			table) measure "$rows" scan_table "$r" sqlite3 "$db" 'select * from ops' ;;
			report) measure "$rows" report "$r" "$OC" report "$db" ;;
			json) measure "$rows" report_json "$r" "$OC" report --format json --claims=all --lists=all "$db" ;;
			esac
		done
		r=$((r + 1))
	done
	echo "measured $rows ops" >&2
done

# The table: medians per size and contender; bytes of peak RSS per op.
awk -F '\t' -v dir="$dir" '
NR == 1 { next }
{
	k = $1 SUBSEP $2
	n[k]++; t[k, n[k]] = $4; m[k, n[k]] = $5
	if ($6 > 1) bad[k] = 1
	if (!($1 in seen)) { seen[$1] = 1; order[++no] = $1 }
}
function median(k, arr,    i, j, c, v, tmp) {
	c = n[k]
	for (i = 1; i <= c; i++) v[i] = arr[k, i] + 0
	for (i = 2; i <= c; i++) { tmp = v[i]; for (j = i - 1; j >= 1 && v[j] > tmp; j--) v[j + 1] = v[j]; v[j + 1] = tmp }
	return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
}
function tm(k) { return median(k, t) }
function mm(k) { return median(k, m) }
END {
	printf "%-9s %9s %9s %9s %9s %8s %8s %8s %9s %9s %9s\n", "ops", "scan view", "scan ops", "report", "json", "report/", "json/", "report/", "report", "RSS", "scan"
	printf "%-9s %9s %9s %9s %9s %8s %8s %8s %9s %9s %9s\n", "", "s", "s", "s", "s", "view", "view", "ops", "RSS MB", "slope B/op", "RSS MB"
	prev_o = 0; prev_m = 0
	for (i = 1; i <= no; i++) {
		o = order[i]
		v = tm(o SUBSEP "scan_view"); s = tm(o SUBSEP "scan_table"); r = tm(o SUBSEP "report")
		j = tm(o SUBSEP "report_json")
		rm = mm(o SUBSEP "report"); sm = mm(o SUBSEP "scan_view")
		slope = (i > 1 && o + 0 > prev_o + 0) ? sprintf("%.1f", (rm - prev_m) * 1024 / (o - prev_o)) : "-"
		flag = ((o SUBSEP "report") in bad || (o SUBSEP "report_json") in bad) ? "  (report FAILED)" : ""
		printf "%-9s %9.3f %9.3f %9.3f %9.3f %8.2f %8.2f %8.2f %9.1f %9s %9.1f%s\n", o, v, s, r, j, (v > 0 ? r / v : 0), (v > 0 ? j / v : 0), (s > 0 ? r / s : 0), rm / 1024, slope, sm / 1024, flag
		prev_o = o; prev_m = rm
	}
}' "$tsv" > "$OUT/analyze-scale.txt"
cat "$OUT/analyze-scale.txt"
