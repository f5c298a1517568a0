#!/bin/sh
# fix-pairs.sh OUT [RUNS]: the report's bounds against the savings `compare`
# measures (issue 31; docs/performance.md, "Bounds against savings"), on a
# GPU machine, from a build made elsewhere (`make && make gpu-progs`).
#
# For each case of bench/fix_pairs.cu (pin, free, legacy, prefetch), RUNS
# runs of each variant (default 5), before and after taking turns, each
# traced by `overlapcheck run` into OUT/CASE-VARIANT-I.db; then
#   OUT/CASE-before-I.json   `report --range loop --format json` of each run
#                            before the fix (its bounds)
#   OUT/CASE-compare.json    `compare --range loop` of the runs before (the
#   OUT/CASE-compare.txt     baseline) against those after, medians
#   OUT/fixtures/fix_CASE_VARIANT.sql   the first run of each variant as SQL
#                            (tools/dump-trace.py), for tests/fixtures
# bench/fix-pairs.py OUT then checks every case: measured saving <= the
# median bound of its fix, and >= half of it.
set -u
BUILD=${BUILD:-build}
OC=$BUILD/bin/overlapcheck
P=$BUILD/gpu/bench/fix_pairs
OUT=${1:?usage: fix-pairs.sh OUT [RUNS]}
RUNS=${2:-5}
mkdir -p "$OUT/fixtures"
[ -x "$P" ] || { echo "fix-pairs: no $P: run make gpu-progs" >&2; exit 2; }
bad=0
for c in pin free legacy prefetch; do
	i=1
	while [ "$i" -le "$RUNS" ]; do
		for v in before after; do
			if ! "$OC" run -q -f -o "$OUT/$c-$v-$i.db" -- "$P" "$c" "$v" > "$OUT/$c-$v-$i.log" 2>&1; then
				echo "fix-pairs: $c $v run $i failed (log: $c-$v-$i.log)"
				bad=1
			fi
		done
		i=$((i + 1))
	done
	i=1
	while [ "$i" -le "$RUNS" ]; do
		"$OC" report --range loop --format json "$OUT/$c-before-$i.db" > "$OUT/$c-before-$i.json" || bad=1
		i=$((i + 1))
	done
	"$OC" report --range loop "$OUT/$c-before-1.db" > "$OUT/$c-before-1.txt"
	"$OC" report --range loop "$OUT/$c-after-1.db" > "$OUT/$c-after-1.txt"
	before=$(ls "$OUT/$c"-before-*.db) after=$(ls "$OUT/$c"-after-*.db)
	# shellcheck disable=SC2086
	"$OC" compare --range loop --format json $before -- $after > "$OUT/$c-compare.json" || bad=1
	# shellcheck disable=SC2086
	"$OC" compare --range loop $before -- $after > "$OUT/$c-compare.txt"
	for v in before after; do
		python3 tools/dump-trace.py "$OUT/$c-$v-1.db" "$OUT/fixtures/fix_${c}_$v.sql" || bad=1
	done
done
exit $bad
