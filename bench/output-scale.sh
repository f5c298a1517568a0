#!/bin/sh
# output-scale.sh: what each output of overlapcheck costs on a long trace
# (issue 35, CPU only): time, peak resident memory and bytes written.
#
#   sh bench/output-scale.sh [--sizes 1M,10M] [--dir DIR] [--reps N]
#                            [--large-reps N] [--what LIST]
#
# For each size, tools/gen-trace writes a synthetic trace of that many device
# ops into DIR (default /tmp/oc-scale, shared with analyze-scale.sh; generated
# once and reused). Then, REPS times each (default 3; sizes of 5M ops and
# more: --large-reps, default 1), with the file in the page cache, in an
# order rotated from one repetition to the next, these commands (--what
# keeps some, by name), each writing to standard output:
#   scan            sqlite3 DB 'select * from device_ops' (the floor)
#   text            overlapcheck report DB
#   json            overlapcheck report --format json DB (the default list)
#   json-all        ... --claims=all --lists=all (every entry of every list)
#   json-serialized ... --claims=serialized
#   json-none       ... --claims=none
#   timeline        overlapcheck timeline -o - DB
#   export          overlapcheck export DB (Chrome JSON)
#   export-proto    overlapcheck export --format perfetto-proto DB
# Each is timed with date +%s%N around the command, its peak resident memory
# taken from /usr/bin/time -f %M, and its output counted by wc -c on the other
# end of a pipe (nothing is stored, so 10M ops need no disk for the outputs).
#
# Results: $OC_BENCH_OUT/output-scale.tsv (every run) and
# $OC_BENCH_OUT/output-scale.txt (medians, also printed); OC_BENCH_OUT
# defaults to $BUILD/bench-out. Each command is limited to OC_SCALE_TIMEOUT
# seconds (default 1800). Needs sqlite3 and /usr/bin/time (Debian:
# apt-get install sqlite3 time). OC=... measures another overlapcheck binary.
BUILD=${BUILD:-build}
OUT=${OC_BENCH_OUT:-$BUILD/bench-out}
OC=${OC:-$BUILD/bin/overlapcheck}
GEN=${GEN:-$BUILD/bin/gen-trace}
LIMIT=${OC_SCALE_TIMEOUT:-1800}
ALL="scan text json json-all json-serialized json-none timeline export export-proto"
sizes=1M,10M
dir=/tmp/oc-scale
reps=3
large_reps=1
what=$ALL

die() { echo "output-scale: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
	case $1 in
	--sizes) [ $# -ge 2 ] || die "--sizes needs a value"; sizes=$2; shift 2 ;;
	--dir) [ $# -ge 2 ] || die "--dir needs a value"; dir=$2; shift 2 ;;
	--reps) [ $# -ge 2 ] || die "--reps needs a value"; reps=$2; shift 2 ;;
	--large-reps) [ $# -ge 2 ] || die "--large-reps needs a value"; large_reps=$2; shift 2 ;;
	--what) [ $# -ge 2 ] || die "--what needs a value"; what=$(echo "$2" | tr ',' ' '); shift 2 ;;
	-h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
done

. "$(dirname "$0")/scale-lib.sh"
counts=$(scale_counts "$sizes") || exit 2
for w in $what; do
	case " $ALL " in *" $w "*) ;; *) die "unknown --what '$w' (one of: $ALL)" ;; esac
done
[ -n "$what" ] || die "--what names nothing"
scale_positive --reps "$reps"
scale_positive --large-reps "$large_reps"

scale_need_tools
command -v sqlite3 >/dev/null 2>&1 || die "sqlite3 not found (Debian: apt-get install sqlite3)"
mkdir -p "$dir" "$OUT" || die "cannot create '$dir' or '$OUT'"

tmp=$(mktemp -d) || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT
tsv=$OUT/output-scale.tsv
printf 'ops\twhat\trep\tseconds\tpeak_rss_kb\tbytes\trc\n' > "$tsv"

# run WHAT DB: the command line of WHAT
cmd_of() {
	case $1 in
	scan) echo "sqlite3 $2 'select * from device_ops'" ;;
	text) echo "$OC report $2" ;;
	json) echo "$OC report --format json $2" ;;
	json-all) echo "$OC report --format json --claims=all --lists=all $2" ;;
	json-serialized) echo "$OC report --format json --claims=serialized $2" ;;
	json-none) echo "$OC report --format json --claims=none $2" ;;
	timeline) echo "$OC timeline -o - $2" ;;
	export) echo "$OC export $2" ;;
	export-proto) echo "$OC export --format perfetto-proto $2" ;;
	esac
}

# measure OPS WHAT REP DB: one timed run, appended to the TSV.
measure() {
	ops=$1 w=$2 rep=$3 db=$4
	t0=$(date +%s%N)
	{ eval "timeout $LIMIT /usr/bin/time -f %M -o $tmp/rss $(cmd_of "$w" "$db")" 2>"$tmp/err"
	  echo $? > "$tmp/rc"; } | wc -c > "$tmp/bytes"
	t1=$(date +%s%N)
	rc=$(cat "$tmp/rc")
	rss=$(tail -n 1 "$tmp/rss" 2>/dev/null)
	case $rss in *[!0-9]*|'') rss=0 ;; esac
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$ops" "$w" "$rep" "$secs" "$rss" "$(tr -d ' ' < "$tmp/bytes")" "$rc" >> "$tsv"
	if [ "$rc" -ne 0 ]; then
		echo "output-scale: $w on $ops ops failed (exit $rc):" >&2
		head -n 5 "$tmp/err" >&2
	fi
}

for n in $counts; do
	db=$dir/gen-$n.db
	if [ ! -s "$db" ]; then
		echo "generating $n ops into $db" >&2
		rm -f "$db.tmp"
		timeout "$LIMIT" "$GEN" "$n" "$db.tmp" >/dev/null || die "gen-trace $n failed"
		mv "$db.tmp" "$db" || die "cannot rename '$db.tmp'"
	fi
	rows=$(sqlite3 "$db" 'select count(*) from device_ops') || die "cannot read '$db'"
	cat "$db" > /dev/null   # into the page cache, for every contender alike
	n_reps=$reps
	[ "$rows" -ge 5000000 ] && n_reps=$large_reps
	set -- $what
	k=$#
	r=1
	while [ "$r" -le "$n_reps" ]; do
		# rotate: repetition r starts at contender r (mod k)
		i=0
		while [ "$i" -lt "$k" ]; do
			j=$(( (i + r - 1) % k + 1 ))
			eval "w=\${$j}"
			echo "  $rows ops, rep $r: $w" >&2
			measure "$rows" "$w" "$r" "$db"
			i=$((i + 1))
		done
		r=$((r + 1))
	done
done

# The table: per size and command, the median time, peak RSS and bytes.
awk -F '\t' '
NR == 1 { next }
{
	k = $1 SUBSEP $2
	n[k]++; t[k, n[k]] = $4; m[k, n[k]] = $5; b[k] = $6
	if ($7 != 0) bad[k] = 1
	if (!(k in seen)) { seen[k] = 1; order[++no] = k }
}
function median(k, arr,    i, j, c, v, tmp) {
	c = n[k]
	for (i = 1; i <= c; i++) v[i] = arr[k, i] + 0
	for (i = 2; i <= c; i++) { tmp = v[i]; for (j = i - 1; j >= 1 && v[j] > tmp; j--) v[j + 1] = v[j]; v[j + 1] = tmp }
	lo = v[1]; hi = v[c]
	return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
}
END {
	printf "%-10s %-16s %4s %22s %9s %14s %9s\n", "ops", "output", "runs", "seconds [min..max]", "RSS MB", "bytes", "bytes/op"
	for (i = 1; i <= no; i++) {
		k = order[i]; split(k, p, SUBSEP)
		s = median(k, t); range = sprintf("%.2f [%.2f..%.2f]", s, lo, hi)
		printf "%-10s %-16s %4d %22s %9.1f %14.0f %9.1f%s\n", p[1], p[2], n[k], range,
			median(k, m) / 1024, b[k], b[k] / p[1], (k in bad) ? "  (FAILED)" : ""
	}
}' "$tsv" > "$OUT/output-scale.txt"
cat "$OUT/output-scale.txt"
