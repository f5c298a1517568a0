#!/bin/sh
# test-report.sh: `overlapcheck report` end to end on hand-built traces:
# verdicts and witnesses in JSON, --range, --device, --gap-threshold, the
# three formats, escaping of a hostile kernel name, colour rules, and every
# kind of bad input and bad option (exit 2, a message, no crash).
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
ROOT=$(pwd)
SCHEMA=$ROOT/schema/trace-v1.sql   # built row by row in v1; a v2 copy is checked below
cd "$TMP" || exit 1

# new_trace FILE: an empty trace with one device (132 SMs, 3 copy engines),
# context 1 on device 0 (legacy stream 7, non-blocking 14 and 16) and
# context 2 on device 1 (non-blocking stream 20).
new_trace() {
	sqlite3 "$1" < "$SCHEMA" && sqlite3 "$1" "
INSERT INTO meta VALUES ('trace_start_ns', '1800000000000000000'), ('clean_exit', '1'),
  ('exit_status', '0'), ('dropped_records', '0'), ('incomplete_records', '0'),
  ('device.0.name', 'Test GPU'), ('device.0.sm_count', '132'), ('device.0.async_engine_count', '3'),
  ('device.0.cc_major', '9'), ('device.0.cc_minor', '0'),
  ('device.1.name', 'Other GPU'), ('device.1.sm_count', '132'), ('driver_version', '13000');
INSERT INTO contexts VALUES (1, 0, 7), (2, 1, NULL);
INSERT INTO streams(context_id, stream_id, flag) VALUES (1, 7, 3), (1, 14, 2), (1, 16, 2), (2, 20, 2);
INSERT INTO strings(id, value) VALUES (1, 'cudaLaunchKernel'), (2, 'cudaMemcpyAsync'),
  (3, '_Z4stepPfi'), (4, '_Z6warmupv'), (5, '_Z5otherv'), (6, '_Z4tailv'), (7, 'step'), (8, 'warmup');"
}

# api CORR NAME_ID START END (µs)
api() { echo "INSERT INTO api(domain, cbid, name_id, start_ns, end_ns, tid, correlation_id, return_value) VALUES (1, 0, $2, $3000, $4000, 1, $1, 0);"; }
# kernel CORR STREAM CONTEXT DEVICE NAME_ID START END (µs)
kernel() { echo "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id, name_id, grid_x, grid_y, grid_z, block_x, block_y, block_z) VALUES (1, $6000, $7000, $4, $3, $2, $1, $5, 1, 1, 1, 128, 1, 1);"; }
# copy CORR STREAM KIND(1 HtoD, 2 DtoH) START END (µs): pinned, async
copy() { echo "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id, bytes, copy_kind, src_kind, dst_kind, flags) VALUES (2, $4000, $5000, 0, 1, $2, $1, 8388608, $3, CASE $3 WHEN 1 THEN 2 ELSE 3 END, CASE $3 WHEN 1 THEN 3 ELSE 2 END, 1);"; }

# pipe.db: a warm-up kernel inside NVTX range 'warmup'; inside range 'step'
# a pinned copy in [100,200), kernel step [150,300), copy out [250,350) on
# device 0 and a kernel on device 1; then, outside any range, a kernel queued
# at 360 that runs [370,400). The CPU left two 20 µs gaps on device 0: the
# copy in was queued at 90, after warmup ended at 80, and the tail kernel at
# 360, after the copy out ended at 350.
new_trace pipe.db
sqlite3 pipe.db "
INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id) VALUES
  (1, 2, 0, 1, 8), (1, 4, 50000, 1, NULL), (2, 2, 85000, 1, 7), (2, 4, 100000, 1, NULL);
$(api 1 1 10 11) $(kernel 1 16 1 0 4 60 80)
$(api 2 2 90 91) $(copy 2 14 1 100 200)
$(api 3 1 92 93) $(kernel 3 16 1 0 3 150 300)
$(api 4 2 94 95) $(copy 4 14 2 250 350)
$(api 5 1 96 97) $(kernel 5 20 2 1 5 100 200)
$(api 6 1 360 361) $(kernel 6 16 1 0 6 370 400)"

json=$("$OC" report --format json pipe.db); rc=$?
is "json: exit 0" "$rc" 0
# the same records as the v2 writer stores them: the same report, word for word
python3 "$ROOT/tests/v2copy.py" pipe.db pipe2.db
is "v2 copy: schema 2" "$(sqlite3 pipe2.db 'PRAGMA user_version')" 2
is "v2 copy: same text report" "$("$OC" report pipe2.db | sed 's/pipe2/pipe/')" "$("$OC" report pipe.db)"
is "v2 copy: same JSON report" "$("$OC" report --format json pipe2.db | sed 's/pipe2/pipe/')" "$json"
check() { # NAME PYTHON (d is the parsed report)
	if printf '%s' "$json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
c = {x['correlation_id']: x for x in d['claims']}
$2
" 2>"$TMP/py.err"; then
		is "$1" ok ok
	else
		is "$1" "$(tail -n 1 "$TMP/py.err")" ok
	fi
}
check "json: schema and counts" "
assert d['schema'] == 'overlapcheck-report/1'
s = d['summary']
assert (s['claims'], s['overlapped'], s['serialized']) == (6, 3, 3), s
assert s['gaps'] == 2 and s['gap_causes'] == {'submitted_late': 2} and s['idle_ns'] == 40000, s
assert s['clean_exit'] is True and s['exit_status'] == 0 and s['incomplete_data'] is False
assert s['copy_ns'] == 200000 and s['copy_compute_overlap_ns'] == 100000, s
assert s['copy_compute_overlap_share'] == 0.5"
check "json: copy in overlapped the kernel, with witness" "
x = c[2]
assert x['verdict'] == 'overlapped' and x['overlap_ns'] == 50000 and x['overlap_ratio'] == 0.5, x
assert x['kind'] == 'memcpy' and x['name'] == 'HtoD' and x['src_kind'] == 'pinned', x
assert x['api'] == 'cudaMemcpyAsync' and x['stream'] == 14 and x['stream_kind'] == 'non_blocking'
w = x['witness']
assert w['name'] == 'step(float*, int)' and w['stream'] == 16 and w['kind'] == 'kernel', w
assert (w['start_ns'], w['end_ns']) == (150000, 200000), w
assert x['causes'] == [] and x['evidence'] == []
assert abs(x['bandwidth_gbps'] - 83.886) < 0.01, x['bandwidth_gbps']"
check "json: the kernel meets both copies" "
assert c[3]['verdict'] == 'overlapped' and c[3]['overlap_ns'] == 100000
assert c[3]['name'] == 'step(float*, int)' and c[3]['mangled_name'] == '_Z4stepPfi'"
check "json: lone kernels are serialized with causes and evidence" "
assert c[1]['causes'] == ['submitted_late'], c[1]['causes']
assert c[5]['device'] == 1 and c[5]['causes'] == ['nothing_concurrent'], c[5]
assert c[6]['causes'] == ['submitted_late'], c[6]['causes']
assert c[6]['decisive_cause'] == 'submitted_late' and c[6]['contributing_cause'] is None, c[6]
assert c[6]['advice']['id'] == 'submit_ahead' and 'its call' in c[6]['advice']['text'], c[6]['advice']
e = c[6]['evidence'][0]
assert e['cause'] == 'submitted_late' and e['late'] == 'self' and e['api_start_ns'] == 360000, e
assert e['after_end_ns'] == 350000 and e['partner']['correlation_id'] == 4, e"
check "json: the gap and its evidence" "
g = d['gaps'][0]
assert (g['start_ns'], g['duration_ns'], g['cause'], g['device']) == (80000, 20000, 'submitted_late', 0), g
assert g['evidence']['next_op']['correlation_id'] == 2 and g['evidence']['prev_op']['correlation_id'] == 1, g
g = d['gaps'][1]
assert (g['start_ns'], g['duration_ns'], g['cause']) == (350000, 20000, 'submitted_late'), g
assert g['evidence']['next_op']['correlation_id'] == 6 and g['evidence']['api_start_ns'] == 360000, g"
check "json: passport, engines, bandwidth" "
assert d['passport']['device.0.name'] == 'Test GPU' and d['passport']['driver_version'] == '13000'
assert [e['device'] for e in d['engines']] == [0, 1]
assert d['engines'][0]['makespan_ns'] == 340000, d['engines'][0]
b = {(x['direction'], x['memory_kind']): x for x in d['bandwidth']}
assert b[('HtoD', 'pinned')]['copies'] == 1 and b[('DtoH', 'pinned')]['bytes'] == 8388608, b
assert d['hidden_syncs'] == [] and d['warnings'] == []"

json=$("$OC" report --format=json --range step pipe.db); rc=$?
is "--range step: exit 0" "$rc" 0
check "--range step keeps the work queued inside it" "
assert sorted(c) == [2, 3, 4, 5], sorted(c)
assert d['options']['range'] == 'step' and d['options']['ranges_matched'] == 1"
json=$("$OC" report --format json --range warmup pipe.db)
check "--range warmup" "assert sorted(c) == [1], sorted(c)"
json=$("$OC" report --format json --device 1 pipe.db)
check "--device 1" "assert sorted(c) == [5] and [e['device'] for e in d['engines']] == [1]"
json=$("$OC" report --format json --device 0 --range step pipe.db)
check "--device 0 --range step: all overlapped" "
assert sorted(c) == [2, 3, 4] and d['summary']['serialized'] == 0, d['summary']"
json=$("$OC" report --format json --gap-threshold 30us pipe.db)
check "--gap-threshold 30us: no gap" "assert d['summary']['gaps'] == 0 and d['summary']['idle_ns'] == 40000"
json=$("$OC" report --format json --gap-threshold 15000 pipe.db)
check "--gap-threshold in bare ns" "assert d['summary']['gaps'] == 2"
json=$("$OC" report --format json --gap-threshold 20001ns pipe.db)
check "--gap-threshold 20001ns: no gap" "assert d['summary']['gaps'] == 0"
json=$("$OC" report --format json --min-overlap 0.6 pipe.db)
check "--min-overlap 0.6: the copies are serialized" "
assert c[2]['verdict'] == 'serialized' and c[3]['verdict'] == 'overlapped', (c[2]['verdict'], c[3]['verdict'])"
json=$("$OC" report --format json --sync-tolerance 1ms pipe.db)
check "--sync-tolerance accepted" "assert d['options']['sync_tolerance_ns'] == 1000000"

out=$("$OC" report pipe.db); rc=$?
is "text: exit 0" "$rc" 0
like "text: the window first" "$(printf '%s\n' "$out" | sed -n 3p)" "^Window"
like "text: then where the time went" "$(printf '%s\n' "$out" | grep -n '^Where the time went' | cut -d: -f1)" "^[0-9]+$"
like "text: the lever line" "$out" "  => "
like "text: the answer after them" "$(printf '%s\n' "$out" | grep -n '^Answer' | cut -d: -f1)" "^[0-9]+$"
like "text: copies line" "$out" "2 of 2 async copies overlapped compute; 50% of copy time hidden; 0 serialized"
like "text: kernels line" "$out" "1 of 4 kernels overlapped other device work; 3 serialized: 2 submitted late, 1 nothing concurrent"
like "text: passport" "$out" "GPU 0: Test GPU, cc 9\\.0, 132 SMs, 3 copy engines"
like "text: gaps" "$out" "Largest idle gaps \\(2 >= 10.0 us\\)"
like "text: exit status and the results sentence" "$out" "exit status 0 \\(clean exit\\)\\. overlapcheck does not check the program's results"
ok "text: no colour when not a TTY" sh -c "! printf '%s' \"\$1\" | grep -q \"\$(printf '\\033')\"" sh "$out"
if command -v script >/dev/null 2>&1; then   # util-linux: runs the command on a pseudo-terminal
	tty_out=$(script -qc "$OC report pipe.db" /dev/null 2>/dev/null)
	like "text: colour on a TTY" "$tty_out" "$(printf '\033')\\[1mAnswer"
	tty_out=$(NO_COLOR=1 script -qc "$OC report pipe.db" /dev/null 2>/dev/null)
	ok "text: NO_COLOR respected on a TTY" sh -c "! printf '%s' \"\$1\" | grep -q \"\$(printf '\\033')\"" sh "$tty_out"
	like "text: NO_COLOR output is still the report" "$tty_out" "Answer"
else
	echo "# script(1) not installed: the TTY colour checks did not run"
fi

md=$("$OC" report --format markdown pipe.db); rc=$?
is "markdown: exit 0" "$rc" 0
like "markdown: heading" "$md" "^## overlapcheck report"
like "markdown: summary table" "$md" "^\\| claims \\| 6 \\|"
like "markdown: causes table" "$md" "^\\| \`submitted_late\` \\| 2 \\|"

# A hostile kernel name and passport value.
new_trace evil.db
sqlite3 evil.db "
INSERT INTO strings(id, value) VALUES (20, '</script>\"''' || char(10) || '|x' || char(96) || char(27) || '[2J');
INSERT INTO meta VALUES ('env.CUDA_VISIBLE_DEVICES', '<img src=x>|' || char(10));
$(api 1 1 10 11) $(kernel 1 16 1 0 20 60 80)"
json=$("$OC" report --format json evil.db); rc=$?
is "hostile: json exit 0" "$rc" 0
check "hostile: JSON parses and the name round-trips" "
assert c[1]['name'] == '</script>\"\'\n|x\x60\x1b[2J', repr(c[1]['name'])
assert d['passport']['env.CUDA_VISIBLE_DEVICES'] == '<img src=x>|\n'"
ok "hostile: no raw </script> or ESC in JSON" sh -c "! printf '%s' \"\$1\" | grep -q -e '</script>' -e \"\$(printf '\\033')\"" sh "$json"
md=$("$OC" report --format markdown evil.db)
like "hostile: markdown escapes | and backtick and HTML" "$md" "&lt;/script&gt;&quot;' &#124;x&#96; \\\\\\[2J"
ok "hostile: no raw HTML in markdown" sh -c "! printf '%s' \"\$1\" | grep -q -e '</script>' -e '<img'" sh "$md"
out=$("$OC" report evil.db)
like "hostile: text escapes control characters" "$out" "</script>\"'\\\\n\\|x\`\\\\x1b\\[2J"
ok "hostile: no raw ESC in text" sh -c "! printf '%s' \"\$1\" | grep -q \"\$(printf '\\033')\"" sh "$out"

# Incomplete data is warned about.
cp pipe.db crash.db
sqlite3 crash.db "UPDATE meta SET value = '0' WHERE key = 'clean_exit';
INSERT OR REPLACE INTO meta VALUES ('dropped_records', '7'), ('exit_signal', '11');"
out=$("$OC" report crash.db)
like "crash: warning on dropped records" "$out" "WARNING: 7 records were dropped while tracing: verdicts rest on incomplete data"
like "crash: warning on the exit" "$out" "WARNING: the program did not exit cleanly \\(signal 11\\)"
json=$("$OC" report --format json crash.db)
check "crash: incomplete_data in JSON" "
s = d['summary']
assert s['incomplete_data'] is True and s['clean_exit'] is False and s['dropped_records'] == 7, s
assert len(d['warnings']) == 2"

# Calls' rows the tracer dropped (its writer's backlog full): incomplete too.
cp pipe.db backlog.db
sqlite3 backlog.db "INSERT OR REPLACE INTO meta VALUES ('dropped_callback_rows', '40');"
out=$("$OC" report backlog.db)
like "backlog: warning on dropped call rows" "$out" "WARNING: 40 API calls' rows were dropped while tracing \\(the tracer's writer fell behind; warning backlog_full\\): verdicts rest on incomplete data"
json=$("$OC" report --format json backlog.db)
check "backlog: incomplete_data in JSON" "
assert d['summary']['incomplete_data'] is True, d['summary']"
sqlite3 backlog.db "UPDATE meta SET value = '0' WHERE key = 'dropped_callback_rows';"
json=$("$OC" report --format json backlog.db)
check "backlog: none dropped, complete" "
assert d['summary']['incomplete_data'] is False, d['summary']"

# Terminated by a signal after the tracer's final flush: complete up to the signal.
cp pipe.db term.db
sqlite3 term.db "UPDATE meta SET value = '0' WHERE key = 'clean_exit';
DELETE FROM meta WHERE key = 'exit_status';
INSERT OR REPLACE INTO meta VALUES ('exit_signal', '15'), ('tracer_status', 'terminated'),
  ('terminated_by_signal', '15'), ('terminated_ns', '2345000000'), ('incomplete_records', '2');"
out=$("$OC" report term.db)
like "terminated: said so" "$out" "terminated by SIGTERM at 2.345 s; records up to 2.345 s are complete \\(ops still running then are not in the trace\\)"
like "terminated: the program section" "$out" "terminated by SIGTERM at 2.345 s \\(the tracer flushed then"
ok "terminated: no 'did not exit cleanly'" sh -c "! printf '%s' \"\$1\" | grep -q -e 'did not exit cleanly' -e 'incomplete data'" sh "$out"
json=$("$OC" report --format json term.db)
check "terminated: JSON" "
s = d['summary']
assert s['terminated_by_signal'] == 15 and s['terminated_ns'] == 2345000000, s
assert s['incomplete_data'] is False and s['clean_exit'] is False and s['exit_signal'] == 15, s"
md=$("$OC" report --format markdown term.db)
like "terminated: markdown" "$md" "program exit \\| terminated by SIGTERM at 2.345 s \\(records up to it complete\\)"
# the same keys without tracer_status terminated (a program that went on) say nothing
sqlite3 term.db "UPDATE meta SET value = 'finished' WHERE key = 'tracer_status'"
out=$("$OC" report term.db)
ok "not terminated: no note" sh -c "! printf '%s' \"\$1\" | grep -q 'terminated by'" sh "$out"

# Bad input: exit 2, a message naming the problem, no crash.
bad() { # NAME PATTERN ARGS...
	name=$1; pat=$2; shift 2
	"$OC" report "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?
	is "$name: exit 2" "$rc" 2
	like "$name: message" "$(cat "$TMP/err")" "$pat"
	is "$name: nothing on stdout" "$(wc -c < "$TMP/out" | tr -d ' ')" 0
}
bad "missing file" "cannot open trace 'nope.db'" nope.db
printf 'hello, not a database at all, just some text that is long enough.\n' > text.db
bad "not SQLite" "text.db" text.db
sqlite3 other.db "CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup');"
bad "SQLite, not a trace" "not an overlapcheck trace" other.db
cp pipe.db newer.db
sqlite3 newer.db "PRAGMA user_version = 99"
bad "newer schema" "newer" newer.db
head -c 8192 pipe.db > trunc.db
bad "truncated" "trunc.db" trunc.db
cp pipe.db backwards.db
sqlite3 backwards.db "UPDATE ops SET end_ns = start_ns - 1 WHERE correlation_id = 3"
bad "end < start" "end_ns < start_ns" backwards.db
# a time no trace holds (found by tests/fuzz: the analysis's arithmetic overflowed)
cp pipe.db far.db
sqlite3 far.db "UPDATE ops SET end_ns = 4611686018427387904 WHERE rowid = 2"
bad "a time 146 years out" "ops row 2: end_ns 4611686018427387904 is more than 73 years from the trace start" far.db
cp pipe.db farmark.db
sqlite3 farmark.db "UPDATE markers SET ts_ns = -4611686018427387904 WHERE rowid = 1"
bad "a marker 146 years before" "markers row 1: ts_ns -4611686018427387904 is more than 73 years" farmark.db
cp pipe.db nulls.db
sqlite3 nulls.db "CREATE TABLE x AS SELECT * FROM api; DROP TABLE api;
CREATE TABLE api (id INTEGER PRIMARY KEY, domain INTEGER, cbid INTEGER, name_id INTEGER, start_ns INTEGER,
  end_ns INTEGER, tid INTEGER, correlation_id INTEGER, return_value INTEGER, parent_id INTEGER);
INSERT INTO api SELECT * FROM x; UPDATE api SET start_ns = NULL WHERE correlation_id = 2;"
bad "NULL in a row" "NULL" nulls.db
bad "unknown range" "no NVTX range named 'nope' in trace 'pipe.db'" --range nope pipe.db
bad "unknown device" "no device 5 in trace 'pipe.db'" --device 5 pipe.db
bad "unknown option" "unknown option '--frobnicate'" --frobnicate pipe.db
bad "bad format" "overlapcheck report: unknown format 'yaml' \\(text, json, markdown\\)$" --format yaml pipe.db
bad "bad gap threshold" "invalid value '10xs' for --gap-threshold" --gap-threshold 10xs pipe.db
bad "negative gap threshold" "invalid value '-1us' for --gap-threshold" --gap-threshold -1us pipe.db
bad "bad min-overlap" "invalid value '2' for --min-overlap" --min-overlap 2 pipe.db
bad "bad device" "invalid value 'x' for --device" --device x pipe.db
bad "missing value" "overlapcheck report: option '--range' needs a value" pipe.db --range
bad "no trace" "usage: overlapcheck report"
bad "two traces" "more than one trace" pipe.db pipe.db

out=$("$OC" report --help); rc=$?
is "help: exit 0" "$rc" 0
like "help: lists the options" "$out" "--gap-threshold T"
out=$("$OC" help report); rc=$?
is "help report: exit 0" "$rc" 0

# A trace recorded before the tracer kept its own calls out: the layout
# queries made inside cuBLAS launches are set aside, and said to be
cd "$ROOT" || exit 1
load_sql "$TMP/prefetch.db" tests/corpus/mem/dataloader_prefetch.sql
out=$("$OC" report --whole "$TMP/prefetch.db" 2>&1)
like "tracer's calls set aside: said" "$out" "4 API rows of the tracer's own calls \\(cuFuncGetParamInfo"
unlike "tracer's calls set aside: never a kernel's call" "$out" 'queued by cuFuncGetParamInfo|cuFuncGetParamInfo was queued'
out=$("$OC" report --whole "$TMP/prefetch.db" --format json 2>&1)
unlike "tracer's calls set aside: not in the JSON's claims" "$out" '"api": "cu(Func|Kernel)GetParamInfo"'
cd "$TMP" || exit 1
# A trace dumped with `sqlite3 .dump` and loaded back has every table but
# neither PRAGMA (application id, schema version): it is read by its tables,
# gives the same report as the original, and says how to restore the ids;
# a database with some of the tables is refused, naming what it lacks.
cd "$ROOT" || exit 1
for fx in tests/fixtures/pinned_pipeline.sql tests/fixtures/v1/host_sync.sql tests/fixtures/mem/hazard_copy_kernel.sql; do
	n=$(basename "$fx" .sql)
	rm -f "$TMP/orig.db" "$TMP/re.db"
	load_sql "$TMP/orig.db" "$fx"
	sqlite3 "$TMP/orig.db" .dump > "$TMP/plain.sql"
	sqlite3 "$TMP/re.db" < "$TMP/plain.sql"
	is "dump reloaded ($n): no ids" "$(sqlite3 "$TMP/re.db" 'PRAGMA application_id; PRAGMA user_version' | tr '\n' ' ')" "0 0 "
	"$OC" report --whole --format json "$TMP/orig.db" > "$TMP/a.json" 2>&1
	"$OC" report --whole --format json "$TMP/re.db" > "$TMP/b.json" 2>"$TMP/b.err"
	is "dump reloaded ($n): report exit 0" "$?" 0
	same=$(python3 -c '
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
w = [x for x in b["warnings"] if "no application id" in x]
for r in (a, b):
    r.pop("trace", None)
    r["warnings"] = [x for x in r["warnings"] if "no application id" not in x]
print("same" if a == b and len(w) == 1 else "differs")' "$TMP/a.json" "$TMP/b.json")
	is "dump reloaded ($n): the same report, and a warning" "$same" same
done
like "dump reloaded: the warning says how to restore" "$(cat "$TMP/b.json")" "PRAGMA application_id = 1329812562"
out=$("$OC" info "$TMP/re.db" 2>&1); rc=$?
is "dump reloaded: info reads it" "$rc" 0
like "dump reloaded: info says how to restore" "$out" "no application id or schema version"
sqlite3 "$TMP/part.db" "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); CREATE TABLE ops(id INTEGER);"
out=$("$OC" report "$TMP/part.db" 2>&1); rc=$?
is "some tables only: exit 2" "$rc" 2
like "some tables only: names what is missing" "$out" "no table 'api'"
out=$("$OC" info "$TMP/part.db" 2>&1); rc=$?
is "some tables only, info: exit 2" "$rc" 2
like "some tables only, info: names what is missing" "$out" "no table 'api'"
cd "$TMP" || exit 1
# --range that matches nothing lists the ranges there are; no trace given says so
cd "$ROOT" || exit 1
load_sql "$TMP/nv.db" tests/fixtures/nvtx_range.sql
out=$("$OC" report --range nosuch "$TMP/nv.db" 2>&1); rc=$?
is "unknown range: exit 2" "$rc" 2
like "unknown range: lists the ranges" "$out" "no NVTX range named 'nosuch' in trace '.*' \\(its ranges: setup, pipeline\\)"
out=$("$OC" report 2>&1); rc=$?
is "no trace: exit 2" "$rc" 2
like "no trace: says so before the usage" "$(printf '%s\n' "$out" | head -n 1)" "^overlapcheck report: no trace given$"
cd "$TMP" || exit 1
done_testing
