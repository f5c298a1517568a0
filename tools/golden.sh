#!/bin/sh
# golden.sh: every output format of every recorded fixture, for the golden
# test (tests/cli/test-golden.sh) and for refreshing tests/golden/.
#
#   sh tools/golden.sh OUTDIR        write the outputs into OUTDIR
#   sh tools/golden.sh --update      rewrite tests/golden/ from this build
#
# For each tests/fixtures/NAME.sql: `report` as text, JSON and Markdown
# (kept verbatim: NAME.txt, NAME.json, NAME.md), and `export`, `timeline`,
# `check` (JSON) and `info` (JSON), kept as SHA-256 sums in SHA256SUMS
# because they are large or built from the same model. The v1 recordings
# (tests/fixtures/v1) add their JSON report's sum; the examples add one
# `compare` in text and JSON. Commands run inside OUTDIR on relative names,
# so no path of this machine enters an output.
set -eu
BUILD=${BUILD:-build}
# the text outputs as a person reads them off a terminal: 80 columns
COLUMNS=80
export COLUMNS
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OC=$(cd "$ROOT/$BUILD/bin" 2>/dev/null && pwd)/overlapcheck
[ -x "$OC" ] || { echo "golden.sh: no $BUILD/bin/overlapcheck: run make first" >&2; exit 2; }
FIX=$ROOT/tests/fixtures

update=
case ${1:-} in
--update) update=1; out=$(mktemp -d) ;;
"" | -*) echo "usage: sh tools/golden.sh OUTDIR | --update" >&2; exit 2 ;;
*) out=$1; mkdir -p "$out" ;;
esac
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "$update" ] && rm -rf "$out"' EXIT

load() { # DB SQL
	python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' "$1" "$2"
}
sum() { # FILE LABEL: one SHA256SUMS line, named by LABEL
	printf '%s  %s\n' "$(sha256sum < "$1" | cut -d' ' -f1)" "$2"
}

cd "$work"
: > sums
for sql in "$FIX"/*.sql; do
	n=$(basename "$sql" .sql)
	load "$n.db" "$sql"
	# Exit statuses are part of the output: a changed one is a change.
	"$OC" report "$n.db" > "$out/$n.txt" 2>&1 || echo "exit $?" >> "$out/$n.txt"
	"$OC" report --format json "$n.db" > "$out/$n.json" 2>&1 || echo "exit $?" >> "$out/$n.json"
	"$OC" report --format markdown "$n.db" > "$out/$n.md" 2>&1 || echo "exit $?" >> "$out/$n.md"
	"$OC" export -o "$n.chrome.json" "$n.db" > /dev/null 2>&1
	sum "$n.chrome.json" "$n.export.json" >> sums
	"$OC" timeline -o "$n.html" "$n.db" > /dev/null 2>&1
	sum "$n.html" "$n.timeline.html" >> sums
	"$OC" check --format json --min-copy-overlap 0.5 --min-overlapped-claims 0.5 --no-hidden-sync \
		--max-idle 0.2 --forbid-cause pageable_host_memory --max-dropped 0 "$n.db" > "$n.check" 2>&1 ||
		echo "exit $?" >> "$n.check"
	sum "$n.check" "$n.check.json" >> sums
	"$OC" info --format json "$n.db" > "$n.info" 2>&1 || echo "exit $?" >> "$n.info"
	sum "$n.info" "$n.info.json" >> sums
done
for sql in "$FIX"/v1/*.sql; do
	n=$(basename "$sql" .sql)
	load "v1-$n.db" "$sql"
	"$OC" report --format json "v1-$n.db" > "v1-$n.json" 2>&1 || echo "exit $?" >> "v1-$n.json"
	sum "v1-$n.json" "v1/$n.json" >> sums
done
set -- examples_sequential_1.db examples_sequential_2.db examples_sequential_3.db -- \
	examples_pipeline_1.db examples_pipeline_2.db examples_pipeline_3.db
"$OC" compare "$@" > "$out/compare.txt" 2>&1 || echo "exit $?" >> "$out/compare.txt"
"$OC" compare --format json "$@" > compare.json 2>&1 || echo "exit $?" >> compare.json
sum compare.json compare.json >> sums
mv sums "$out/SHA256SUMS"

if [ -n "$update" ]; then
	rm -rf "$ROOT/tests/golden"
	mkdir -p "$ROOT/tests/golden"
	cp "$out"/* "$ROOT/tests/golden/"
	echo "golden.sh: tests/golden/ rewritten ($(ls "$ROOT/tests/golden" | wc -l) files)"
fi
