#!/bin/sh
# test-export.sh: overlapcheck export on synthetic traces (tests/browser/mktrace.py):
# the JSON parses, counts match the trace's tables, flows pair up, times are
# exact, hostile strings survive, output files appear only when complete.
. tests/cli/lib.sh

. tests/cli/tl-lib.sh

python3 tests/browser/mktrace.py "$TMP/p.db" >/dev/null
python3 tests/browser/mktrace.py --hostile --seed 7 "$TMP/h.db" >/dev/null

ok "export --format perfetto -o" "$OC" export --format perfetto -o "$TMP/p.json" "$TMP/p.db"
fold pipeline python3 tests/cli/export-check.py "$TMP/p.db" "$TMP/p.json" --analysis
ok "export to stdout" sh -c '"$1" export "$2" > "$3"' sh "$OC" "$TMP/p.db" "$TMP/p2.json"
ok "stdout and -o write the same" cmp "$TMP/p.json" "$TMP/p2.json"
ok "--format chrome writes the same JSON" sh -c \
	'"$1" export --format chrome "$2" | cmp - "$3"' sh "$OC" "$TMP/p.db" "$TMP/p.json"
ok "export --no-analysis" "$OC" export --no-analysis -o "$TMP/pn.json" "$TMP/p.db"
fold "no analysis" python3 tests/cli/export-check.py "$TMP/p.db" "$TMP/pn.json" --no-analysis

ok "export a hostile trace" "$OC" export -o "$TMP/h.json" "$TMP/h.db"
fold hostile python3 tests/cli/export-check.py "$TMP/h.db" "$TMP/h.json" --analysis --hostile
ok "no </script> in the hostile export" sh -c '! grep -q "</script" "$1"' sh "$TMP/h.json"

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
