#!/bin/sh
# test-queries.sh: the queries' collection (docs/schema.md, "Queries") keeps
# every verdict and every hidden synchronization. The traces recorded when
# each query had its API record (tests/fixtures/mem, tests/corpus/mem), with
# the api rows of the short queries removed as the tracer now leaves them
# out, give the verdicts, syncs, gaps and gap causes they gave; the gap
# advice of the PyTorch traces moves from submission overhead to the CPU in
# the gaps counted there (tests/cli/queries-reduce.py).
. tests/cli/lib.sh
# The report says what was counted: a recording of the query collection
# (tests/fixtures/q/torch_small.sql), in text, Markdown and JSON: checked
# with or without CUPTI.
report_checks() {
	load_sql "$TMP/q.db" tests/fixtures/q/torch_small.sql
	want=$(python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute("SELECT sum(calls), count(DISTINCT domain * 100000 + cbid) FROM api_summary").fetchone()[0])' "$TMP/q.db")
	like "the recording counted queries" "$want" '^[1-9][0-9]*$'
	"$OC" report "$TMP/q.db" > "$TMP/q.txt" 2>&1
	like "text: the Queries line" "$(grep '^Queries:' "$TMP/q.txt")" "^Queries: $want calls of [0-9]+ functions \\(cudaGetDevice [0-9]+, .* each under 10.0 us: "
	"$OC" report --format md "$TMP/q.db" > "$TMP/q.md" 2>&1
	like "Markdown: the Queries line" "$(grep '^Queries:' "$TMP/q.md")" "^Queries: $want call\\(s\\) of [0-9]+ function\\(s\\) \\(\`cudaGetDevice\` "
	"$OC" report --format json "$TMP/q.db" > "$TMP/q.json" 2>&1
	is "JSON: queries.calls" "$(python3 -c 'import json,sys; q=json.load(open(sys.argv[1]))["queries"]; print(q["mode"], q["min_ns"], q["calls"], sum(f["calls"] for f in q["functions"]))' "$TMP/q.json")" "summary 10000 $want $want"
	# not recorded: the report says so, and why
	python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM api_summary"); c.execute("UPDATE meta SET value = ? WHERE key = ?", ("off", "api_queries")); c.commit()' "$TMP/q.db"
	"$OC" report "$TMP/q.db" > "$TMP/off.txt" 2>&1
	like "off: the Queries line" "$(grep '^Queries:' "$TMP/off.txt")" "^Queries: not recorded \\(OVERLAPCHECK_QUERIES=off\\)"
	like "off: a warning" "$(cat "$TMP/off.txt")" "recorded with OVERLAPCHECK_QUERIES=off"
	python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", ("api_level", "minimal")); c.commit()' "$TMP/q.db"
	"$OC" report "$TMP/q.db" > "$TMP/min.txt" 2>&1
	like "--api=minimal: named as the reason" "$(grep '^Queries:' "$TMP/min.txt")" "^Queries: not recorded \\(--api=minimal\\)"
	is "--api=minimal: no OVERLAPCHECK_QUERIES warning" "$(grep -c 'OVERLAPCHECK_QUERIES=off:' "$TMP/min.txt")" 0
}

APIARGS=$BUILD/tests/test-inj-apiargs
if [ ! -x "$APIARGS" ]; then
	# without CUPTI there is no tracer, and nothing to compare against
	skip "the query list against the recorded traces" "$APIARGS not built (no CUPTI)"
	report_checks
	done_testing
	exit
fi
"$APIARGS" --print-queries > "$TMP/queries"
like "the query list names cudaGetDevice" "$(cat "$TMP/queries")" "^1 17 cudaGetDevice"
python3 tests/cli/queries-reduce.py "$OC" "$TMP/queries" tests/fixtures/mem/*.sql tests/corpus/mem/*.sql \
	> "$TMP/out" 2>&1
add_counts "$TMP/out" $?
# Every call timed by its callbacks (the default since 2026-12-02) records
# only top-level calls: the recordings made with CUPTI's records hold no
# driver row inside a runtime call either, so that collection drops no row
# of theirs beyond the short queries above (tests/cli/nested-driver.py).
set -- $(python3 tests/cli/nested-driver.py tests/fixtures/*.sql tests/fixtures/q/*.sql \
	tests/fixtures/mem/*.sql tests/corpus/*.sql tests/corpus/mem/*.sql)
is "recordings with API records read" "$([ "${1:-0}" -ge 100 ] && echo yes || echo "only ${1:-0}")" yes
is "driver rows inside a runtime call, in $1 recordings of $2 api rows" "${3:-x}" 0

report_checks
done_testing
