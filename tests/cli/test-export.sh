#!/bin/sh
# test-export.sh: overlapcheck export on synthetic traces (tests/browser/mktrace.py):
# the JSON parses, counts match the trace's tables, flows pair up, times are
# exact, hostile strings survive, output files appear only when complete.
. tests/cli/lib.sh

. tests/cli/tl-lib.sh

python3 tests/browser/mktrace.py "$TMP/p.db" >/dev/null
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/h.db" >/dev/null

ok "export --format perfetto -o" "$OC" export --format perfetto -o "$TMP/p.json" "$TMP/p.db"
fold pipeline python3 tests/cli/export-check.py "$TMP/p.db" "$TMP/p.json" --analysis --synthetic
ok "export to stdout" sh -c '"$1" export "$2" > "$3"' sh "$OC" "$TMP/p.db" "$TMP/p2.json"
ok "stdout and -o write the same" cmp "$TMP/p.json" "$TMP/p2.json"
ok "--format chrome writes the same JSON" sh -c \
	'"$1" export --format chrome "$2" | cmp - "$3"' sh "$OC" "$TMP/p.db" "$TMP/p.json"
ok "export --no-analysis" "$OC" export --no-analysis -o "$TMP/pn.json" "$TMP/p.db"
fold "no analysis" python3 tests/cli/export-check.py "$TMP/p.db" "$TMP/pn.json" --no-analysis --synthetic

ok "export a hostile trace" "$OC" export -o "$TMP/h.json" "$TMP/h.db"
fold hostile python3 tests/cli/export-check.py "$TMP/h.db" "$TMP/h.json" --analysis --hostile --synthetic
ok "no </script> in the hostile export" sh -c '! grep -q "</script" "$1"' sh "$TMP/h.json"

# Every recorded fixture (tests/fixtures/*.sql, H200 traces).
each_fixture export tests/cli/export-check.py

# Analysis options, as for report: --device, --range narrow the picture.
count_ops() { # JSON FILE -> number of device-op slices, and their devices
	python3 -c 'import json,sys; ev=json.load(open(sys.argv[1]))["traceEvents"]
ops=[e for e in ev if e.get("ph")=="X" and e.get("cat") in ("kernel","memcpy","memset","memcpy_peer")]
print(len(ops), sorted({e["pid"] - 0x40000000 for e in ops}))' "$1"
}
ok "export --device 1" "$OC" export --device 1 -o "$TMP/d1.json" "$TMP/p.db"
is "--device 1: only device 1's ops" "$(count_ops "$TMP/d1.json")" \
	"$(sqlite3 "$TMP/p.db" 'SELECT count(*) FROM ops WHERE device_id = 1') [1]"
ok "export --range chunk 1" "$OC" export --range "chunk 1" -o "$TMP/r1.json" "$TMP/p.db"
want=$(sqlite3 "$TMP/p.db" "SELECT count(*) FROM ops o JOIN api a ON a.correlation_id = o.correlation_id
	JOIN nvtx_ranges r ON r.name = 'chunk 1' AND r.tid = a.tid
	WHERE a.domain = 1 AND a.start_ns >= r.start_ns AND a.start_ns < r.end_ns")
is "--range: the ops queued inside the range" "$(count_ops "$TMP/r1.json" | cut -d' ' -f1)" "$want"
ok "--range: fewer ops than the whole trace" test "$want" -gt 0 -a "$want" -lt "$(sqlite3 "$TMP/p.db" 'SELECT count(*) FROM ops')"
ok "--range --no-analysis narrows too" "$OC" export --no-analysis --range "chunk 1" -o "$TMP/r2.json" "$TMP/p.db"
is "--range --no-analysis: same ops" "$(count_ops "$TMP/r2.json" | cut -d' ' -f1)" "$want"
"$OC" export --range "no such range" "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "unknown range: exit 2" "$?" 2
like "unknown range: says so" "$(cat "$TMP/err")" "no NVTX range named 'no such range'"
"$OC" export --no-analysis --range "no such range" "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "unknown range without analysis: exit 2" "$?" 2
"$OC" export --min-overlap 2 "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "bad --min-overlap: exit 2" "$?" 2
like "bad --min-overlap: says why" "$(cat "$TMP/err")" "invalid value '2' for --min-overlap"
"$OC" export --gap-threshold soon "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "bad --gap-threshold: exit 2" "$?" 2
ok "--gap-threshold 1s: no gaps" sh -c '"$1" export --gap-threshold 1s "$2" | python3 -c "import json,sys; assert not [e for e in json.load(sys.stdin)[\"traceEvents\"] if e.get(\"cat\") == \"gap\"]"' sh "$OC" "$TMP/p.db"

# An empty trace: valid JSON with no events but the host's name.
sqlite3 "$TMP/e.db" < schema/trace.sql
sqlite3 "$TMP/e.db" "INSERT INTO meta VALUES ('trace_start_ns', '1000')"
ok "export an empty trace" "$OC" export -o "$TMP/e.json" "$TMP/e.db"
ok "empty trace: JSON parses" python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert all(e["ph"] == "M" for e in d["traceEvents"])' "$TMP/e.json"

# Bad input and output.
"$OC" export --format svg "$TMP/p.db" >/dev/null 2>"$TMP/err"
is "unknown format: exit 2" "$?" 2
like "unknown format: says which" "$(cat "$TMP/err")" "unknown format 'svg'"
"$OC" export "$TMP/missing.db" >/dev/null 2>"$TMP/err"
is "missing trace: exit 2" "$?" 2
like "missing trace: names it" "$(cat "$TMP/err")" "cannot open trace '.*missing.db'"
printf 'not a database at all, just text that is long enough to not be empty........' > "$TMP/junk.db"
"$OC" export "$TMP/junk.db" >/dev/null 2>"$TMP/err"
is "not a trace: exit 2" "$?" 2
"$OC" export -o "$TMP/no/such/dir/x.json" "$TMP/p.db" 2>"$TMP/err"
is "unwritable output: exit 2" "$?" 2
like "unwritable output: names it" "$(cat "$TMP/err")" "cannot open '.*no/such/dir/x.json"
"$OC" export "$TMP/p.db" "$TMP/p.db" >/dev/null 2>&1
is "two traces: exit 2" "$?" 2
ok "help" sh -c '"$1" help export | grep -q "format perfetto|chrome"' sh "$OC"
done_testing
