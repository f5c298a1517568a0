#!/bin/sh
# test-min-overlap.sh: report, export and timeline read --min-overlap with the
# parser check and compare use (oc_parse_fraction): a fraction or a percentage,
# the same value either way; anything outside [0, 1] is refused with exit 2.
. tests/cli/lib.sh

# per_thread (H200): a claim overlapped for less than 60% of its duration
P=$TMP/p.db
sqlite3 "$P" <tests/fixtures/per_thread.sql

for cmd in report export timeline; do
	# each writes to stdout; timeline only when told
	set -- ; [ $cmd = timeline ] && set -- -o -
	"$OC" $cmd "$@" --min-overlap 0.6 "$P" >"$TMP/frac" 2>"$TMP/err"
	is "$cmd --min-overlap 0.6: exit 0" "$?" 0
	"$OC" $cmd "$@" --min-overlap 60% "$P" >"$TMP/pct" 2>"$TMP/err"
	is "$cmd --min-overlap 60%: exit 0" "$?" 0
	ok "$cmd: 60% reads as 0.6" cmp "$TMP/frac" "$TMP/pct"
	"$OC" $cmd "$@" --min-overlap=0% "$P" >"$TMP/zero" 2>"$TMP/err"
	is "$cmd --min-overlap=0%: exit 0" "$?" 0
	ok "$cmd: the threshold changes the output" sh -c '! cmp -s "$1" "$2"' sh "$TMP/zero" "$TMP/pct"
	"$OC" $cmd "$@" --min-overlap=0 "$P" >"$TMP/zero2" 2>"$TMP/err"
	ok "$cmd: 0% reads as 0" cmp "$TMP/zero" "$TMP/zero2"
	for v in 150% 1.5 -1% 5%% x ""; do
		"$OC" $cmd "$@" --min-overlap "$v" "$P" >"$TMP/out" 2>"$TMP/err"
		is "$cmd --min-overlap '$v': exit 2" "$?" 2
		like "$cmd --min-overlap '$v': says why" "$(cat "$TMP/err")" \
			"^overlapcheck $cmd: invalid value '$v' for --min-overlap: expected a fraction between 0 and 1 \\(0\\.05 or 5%\\)$"
		is "$cmd --min-overlap '$v': nothing on stdout" "$(wc -c <"$TMP/out" | tr -d ' ')" 0
	done
done

# The report states the threshold it used.
json=$("$OC" report --format json --min-overlap 25% "$P")
is "report: 25% is min_overlap 0.25 in the JSON" \
	"$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["options"]["min_overlap"])')" 0.25

done_testing
