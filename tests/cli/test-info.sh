#!/bin/sh
# test-info.sh: `overlapcheck info` on a trace made by `overlapcheck run`, on
# one with rows and hostile strings added, and on every kind of bad input.
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
LIB=$(dirname "$(dirname "$OC")")/lib/liboverlapcheck-inject.so
if [ ! -f "$LIB" ]; then
	mkdir -p "$TMP/placeholder" && : > "$TMP/placeholder/lib.so"
	OVERLAPCHECK_LIB=$TMP/placeholder/lib.so
	export OVERLAPCHECK_LIB
fi
cd "$TMP" || exit 1
status() { "$@" >/dev/null 2>&1; echo $?; }

"$OC" run -q -o good.db -- sh -c 'exit 5'
out=$("$OC" info good.db); rc=$?
is "info on a good trace: 0" "$rc" 0
like "names the trace and schema" "$out" "^trace: good\\.db \\(trace schema 2\\)"
like "passport: tracer_status" "$out" "tracer_status = not_started"
like "passport: exit_status" "$out" "exit_status = 5"
like "passport: host" "$out" "host = $(hostname)"
like "counts: ops" "$out" "  ops +0$"
like "counts: enums" "$out" "  enums +[1-9][0-9]*$"
like "device ops by kind" "$out" "  memcpy_peer +0$"
like "no warnings" "$out" "^warnings: none$"

# Rows and strings that must be counted and escaped.
cp good.db rows.db
sqlite3 rows.db "
INSERT INTO strings(id, value) VALUES (1, 'k');
INSERT INTO op_shapes(id, name_id) VALUES (1, 1), (2, NULL);
INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id, correlation_id, shape_id)
  VALUES (1, 10, 10, 0, 1, 7, 1, 1), (1, 15, 15, 0, 1, 8, 2, 1), (2, 5, 4, 0, 1, 7, 3, 2);
INSERT INTO warnings(ts_ns, pid, source, code, message)
  VALUES (12, 34, 'inject', 'evil', 'line1' || char(10) || 'fake: ok' || char(27) || '[2J \"q\" \\ é');
INSERT INTO meta(key, value) VALUES ('device.0.name', 'GPU' || char(7) || ' \"x\"');"
out=$("$OC" info rows.db)
like "kernels counted" "$out" "  kernel +2$"
like "copies counted" "$out" "  memcpy +1$"
like "ops counted" "$out" "  ops +3$"
like "warning printed" "$out" "\\[inject\\] evil: line1\\\\x0afake: ok\\\\x1b\\[2J \"q\" \\\\\\\\ é"
ok "no raw control bytes in text" sh -c "! printf '%s' \"\$1\" | LC_ALL=C grep -q '[[:cntrl:]]'" sh "$(printf '%s' "$out" | tr -d '\n')"

json=$("$OC" info --format json rows.db); rc=$?
is "json: 0" "$rc" 0
check_json() {
	printf '%s' "$json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert d['trace'] == 'rows.db', d['trace']
assert d['schema_version'] == 2
assert d['meta']['exit_status'] == '5'
assert d['meta']['tracer_status'] == 'not_started'
assert d['meta']['device.0.name'] == 'GPU\x07 \"x\"', repr(d['meta']['device.0.name'])
assert d['counts']['ops'] == 3 and d['counts']['warnings'] == 1
assert d['device_ops'] == {'kernel': 2, 'memcpy': 1, 'memset': 0, 'memcpy_peer': 0}, d['device_ops']
w = d['warnings'][0]
assert (w['ts_ns'], w['pid'], w['source'], w['code']) == (12, 34, 'inject', 'evil'), w
assert w['message'] == 'line1\nfake: ok\x1b[2J \"q\" \\\\ \u00e9', repr(w['message'])
"
}
if command -v python3 >/dev/null; then
	ok "json parses and round-trips every string" check_json
fi
is "--format=json spelling" "$("$OC" info --format=json rows.db | head -c 1)" "{"

# ---- bad input: exit 2 and a message naming the file and the problem ----------
err=$("$OC" info missing.db 2>&1); rc=$?
is "missing: 2" "$rc" 2
like "missing: message" "$err" "cannot open trace 'missing\\.db': no such file"
printf 'this is not a database, just text long enough to have a header.....\n' > text.db
err=$("$OC" info text.db 2>&1); rc=$?
is "not SQLite: 2" "$rc" 2
like "not SQLite: message" "$err" "cannot open trace 'text\\.db': not a SQLite database"
sqlite3 other.db "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
err=$("$OC" info other.db 2>&1); rc=$?
is "SQLite but not a trace: 2" "$rc" 2
like "not a trace: message" "$err" "cannot open trace 'other\\.db': not an overlapcheck trace"
: > empty.db
err=$("$OC" info empty.db 2>&1); rc=$?
is "empty file: 2" "$rc" 2
like "empty file: message" "$err" "empty file, not an overlapcheck trace"
cp good.db newer.db
sqlite3 newer.db "PRAGMA user_version = 99"
err=$("$OC" info newer.db 2>&1); rc=$?
is "newer schema: 2" "$rc" 2
like "newer schema: message names both versions" "$err" "newer overlapcheck \\(trace schema 99, this one reads up to 2\\)"
mkdir adir
is "a directory: 2" "$(status "$OC" info adir)" 2
is "no argument: 2" "$(status "$OC" info)" 2
is "two traces: 2" "$(status "$OC" info good.db rows.db)" 2
is "bad format: 2" "$(status "$OC" info --format xml good.db)" 2
is "unknown option: 2" "$(status "$OC" info --nope good.db)" 2
like "help info" "$("$OC" help info)" "^usage: overlapcheck info"
ok "info does not modify the trace" sh -c 'a=$(cksum < good.db); "$1" info good.db >/dev/null; test "$a" = "$(cksum < good.db)"' sh "$OC"

done_testing
