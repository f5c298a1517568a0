#!/bin/sh
# test-import.sh: `overlapcheck import` and the other commands on profiles
# users already have (docs/import.md):
#   - the recorded torch.profiler traces of tests/corpus/kineto against their
#     expectations (check.py --imports), and against the overlapcheck traces
#     of the same programs (tests/corpus/kineto-compare.py);
#   - every recorded trace rewritten as an Nsight Systems export
#     (tools/trace-to-nsys.py) gives its verdicts, causes and hidden syncs
#     (tests/cli/nsys-compare.py);
#   - output names, --force, --pid, one trace per process, the stderr note of
#     the commands that read a profile directly, and every kind of bad input.
. tests/cli/lib.sh
ROOT=$(pwd)
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
KIN=$ROOT/tests/corpus/kineto
status() { "$@" >/dev/null 2>&1; echo $?; }

# ---- the recorded profiles --------------------------------------------------------
out=$(python3 tests/fixtures/check.py --cli "$OC" --imports --dir "$KIN" 2>&1); rc=$?
is "Kineto traces meet their expectations" "$rc" 0
printf '%s\n' "$out" | sed -n '/FAIL/,$p'
out=$(python3 tests/corpus/kineto-compare.py --cli "$OC" 2>&1); rc=$?
is "Kineto and overlapcheck runs agree (kineto-compare.py)" "$rc" 0
printf '%s\n' "$out" | grep -v '^ok'
out=$(python3 tests/cli/nsys-compare.py --cli "$OC" 2>&1); rc=$?
is "every trace, as an Nsight Systems export, gives its own verdicts (nsys-compare.py)" "$rc" 0
printf '%s\n' "$out" | grep -v '^ok'

cd "$TMP" || exit 1
# ---- import: names and options ----------------------------------------------------------
cp "$KIN/torch_small.kineto.json.gz" small.pt.trace.json.gz
out=$("$OC" import small.pt.trace.json.gz 2>err); rc=$?
is "import: 0" "$rc" 0
ok "default name: the stem, .db" test -f small.db
like "one line per trace" "$out" "^imported small\\.pt\\.trace\\.json\\.gz \\(a PyTorch profiler \\(Kineto\\) trace, format version 1, written by PyTorch profiler \\(Kineto\\), CUPTI 130001\\) into small\\.db: pid 1238, 36 device ops, 294 API calls, [0-9]+ syncs$"
like "warnings on stderr" "$(cat err)" "^overlapcheck import: warning: this Kineto trace has no cuda_sync events"
is "again: the trace exists, exit 2" "$(status "$OC" import small.pt.trace.json.gz)" 2
like "again: says --force" "$("$OC" import small.pt.trace.json.gz 2>&1)" "already exists \\(use --force"
is "--force: 0" "$(status "$OC" import --force small.pt.trace.json.gz)" 0
is "-q: nothing on stdout or stderr" "$("$OC" import -q -o q.db small.pt.trace.json.gz 2>&1)" ""
mkdir -p sub && cp small.pt.trace.json.gz sub/
"$OC" import -q sub/small.pt.trace.json.gz
ok "beside the input" test -f sub/small.db
is "the imported trace reads: report exit 0" "$(status "$OC" report small.db)" 0
like "passport: format" "$("$OC" info small.db)" "import\\.format = kineto-json"
like "passport: exit status unknown" "$("$OC" info small.db)" "exit_status = unknown"
like "no clean exit in the report" "$("$OC" report small.db | grep -A1 '^Program')" "exit status unknown\\."
check_json() {
	python3 - "$OC" small.db <<'EOF'
import json, subprocess, sys
d = json.loads(subprocess.run([sys.argv[1], "report", "--format", "json", sys.argv[2]],
                              stdout=subprocess.PIPE, check=True).stdout)
copies = [c for c in d["claims"] if c["kind"] == "memcpy"]
assert copies and all(c.get("claim_source") == "api_name" for c in copies), copies[:1]
assert all("claim_source" not in c for c in d["claims"] if c["kind"] == "kernel")
s = d["summary"]
assert s["clean_exit"] is None and s["exit_status"] is None and s["dropped_records"] is None, s
assert d["passport"]["import.format"] == "kineto-json"
assert any("no cuda_sync events" in w for w in d["warnings"]), d["warnings"]
EOF
}
ok "JSON: claim_source api_name on copies, run facts null, the warnings" check_json
is "unknown option: exit 2" "$(status "$OC" import --frob small.pt.trace.json.gz)" 2
like "unknown option: the shared message" "$("$OC" import --frob x 2>&1)" "^overlapcheck import: unknown option '--frob' \\(see overlapcheck help import\\)$"
is "no input: exit 2" "$(status "$OC" import)" 2
is "two inputs: exit 2" "$(status "$OC" import a b)" 2
is "--pid not a number: exit 2" "$(status "$OC" import --pid x small.pt.trace.json.gz)" 2
like "help" "$("$OC" help import)" "^usage: overlapcheck import \\[-o TRACE\\.db\\] \\[--force\\] \\[--pid PID\\] INPUT"
like "in the command list" "$("$OC" --help)" "  import +convert an Nsight Systems export or a Kineto trace"

# ---- the other commands read profiles directly ------------------------------------------
out=$("$OC" report small.pt.trace.json.gz 2>err); rc=$?
is "report on a Kineto trace: 0" "$rc" 0
like "report: the note on stderr" "$(cat err)" "^overlapcheck report: 'small\\.pt\\.trace\\.json\\.gz' is a PyTorch profiler \\(Kineto\\) trace: read through a temporary overlapcheck trace, deleted afterwards"
like "report: names the input, not the temporary trace" "$out" "^overlapcheck report: small\\.pt\\.trace\\.json\\.gz$"
like "report: says where it came from" "$out" "imported from .*small\\.pt\\.trace\\.json\\.gz \\(kineto-json"
like "report: the claims by name, said" "$out" "claims: copies and memsets by the API call's name"
is "report: nothing left in TMPDIR" "$(ls "$TMP" | grep -c overlapcheck-import)" 0
TMPDIR=$TMP/tmpdir; export TMPDIR; mkdir -p "$TMPDIR"
"$OC" report small.pt.trace.json.gz >/dev/null 2>&1
is "the temporary trace is deleted" "$(ls "$TMPDIR" | wc -l | tr -d ' ')" 0
unset TMPDIR
is "check: exit 0 or 1 on a profile" "$(status "$OC" check --max-idle 1 small.pt.trace.json.gz)" 0
like "check: the note" "$("$OC" check --max-idle 1 small.pt.trace.json.gz 2>&1 >/dev/null)" "overlapcheck check: 'small\\.pt\\.trace\\.json\\.gz' is a PyTorch profiler"
is "export: 0" "$(status "$OC" export -o e.json small.pt.trace.json.gz)" 0
ok "export: written" test -s e.json
is "timeline: 0" "$(status "$OC" timeline -o t.html small.pt.trace.json.gz)" 0
ok "timeline: written" test -s t.html
is "compare: 0" "$(status "$OC" compare --allow-different-work small.pt.trace.json.gz -- small.db)" 0
out=$("$OC" info small.pt.trace.json.gz 2>err); rc=$?
is "info on a Kineto trace: 0" "$rc" 0
like "info: names the input" "$out" "^trace: small\\.pt\\.trace\\.json\\.gz \\(trace schema 2\\)"
like "info: its passport" "$out" "import\\.source = small\\.pt\\.trace\\.json\\.gz"
like "info: the note" "$(cat err)" "overlapcheck info: 'small\\.pt\\.trace\\.json\\.gz' is a PyTorch"

# ---- Nsight Systems exports: processes ----------------------------------------------------
load_sql fix.db "$ROOT/tests/fixtures/pinned_pipeline.sql"
python3 "$ROOT/tools/trace-to-nsys.py" fix.db one.sqlite
python3 "$ROOT/tools/trace-to-nsys.py" --second-pid 4242 fix.db two.sqlite
pid=$(sqlite3 fix.db "SELECT value FROM meta WHERE key = 'pid'")
is "nsys: one process, direct report: 0" "$(status "$OC" report one.sqlite)" 0
like "nsys: the note" "$("$OC" report one.sqlite 2>&1 >/dev/null)" "'one\\.sqlite' is an Nsight Systems SQLite export"
is "nsys: import: 0" "$(status "$OC" import one.sqlite)" 0
ok "nsys: one.db" test -f one.db
like "nsys: version in the passport" "$("$OC" info one.db)" "import\\.format_version = 3\\.28\\.1"
out=$("$OC" import two.sqlite 2>/dev/null); rc=$?
is "two processes: 0" "$rc" 0
ok "two processes: STEM.PID.db each" test -f "two.$pid.db" -a -f two.4242.db
is "two processes: two lines" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 2
is "--pid: 0" "$(status "$OC" import --pid 4242 -o chosen.db two.sqlite)" 0
like "--pid: that process" "$("$OC" info chosen.db)" "pid = 4242"
is "--pid unknown: 2" "$(status "$OC" import --pid 7 two.sqlite)" 2
like "--pid unknown: names the processes" "$("$OC" import --pid 7 two.sqlite 2>&1)" "no process 7 in it \\(its processes: $pid, 4242\\)"
is "two processes read directly: 2" "$(status "$OC" report two.sqlite)" 2
like "two processes read directly: the way out" "$("$OC" report two.sqlite 2>&1)" "holds 2 processes with CUDA work \\(pids $pid, 4242\\): choose one with .overlapcheck import --pid PID two\\.sqlite."
cp two.sqlite x.db
is "an export named .db would be replaced: 2" "$(status "$OC" import --pid 4242 x.db)" 2
like "an export named .db: says -o" "$("$OC" import --pid 4242 x.db 2>&1)" "would replace the input: name another with -o"

# ---- bad input: exit 2, a message naming it, nothing left behind ------------------------
bad() { # NAME PATTERN FILE
	out=$("$OC" import -o bad.db "$3" 2>&1); rc=$?
	is "$1: import exit 2" "$rc" 2
	like "$1: import message" "$out" "$2"
	ok "$1: no trace left" test ! -e bad.db
	out=$("$OC" report "$3" 2>&1 >/dev/null); rc=$?
	is "$1: report exit 2" "$rc" 2
	like "$1: report message" "$out" "$2"
}
echo '{"a": 1, "b": [1, 2]}' > notrace.json
bad "JSON, not a trace" "JSON, but not a Chrome trace: it has no traceEvents array" notrace.json
gzip -dc small.pt.trace.json.gz | head -c 60000 > truncated.json
bad "truncated Kineto JSON" "truncated JSON: the input ends inside" truncated.json
head -c 6000 small.pt.trace.json.gz > truncated.json.gz
bad "truncated gzip" "truncated gzip" truncated.json.gz
printf 'QDSTRM\001\002\003 a report, not SQLite' > run.nsys-rep
bad ".nsys-rep" "an Nsight Systems report \\(\\.nsys-rep\\), which overlapcheck does not read: .nsys export --type sqlite run\\.nsys-rep." run.nsys-rep
sqlite3 neither.sqlite "CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup');"
bad "SQLite, neither format" "neither an Nsight Systems export .* nor an overlapcheck trace|not an overlapcheck trace, nor an Nsight Systems export" neither.sqlite
sqlite3 nodev.sqlite "CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT); CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INT, end INT);"
bad "export without device ops" "no CUPTI_ACTIVITY_KIND_KERNEL, _MEMCPY or _MEMSET table" nodev.sqlite
sqlite3 nostrings.sqlite "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INT, end INT);"
bad "export without StringIds" "no StringIds table" nostrings.sqlite
echo '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1, "dur": 2}]}' > cpuonly.json
bad "a CPU-only profile" "without GPU events .*ProfilerActivity\\.CUDA" cpuonly.json
is "already a trace: import exit 2" "$(status "$OC" import -o bad.db small.db)" 2
like "already a trace: says so" "$("$OC" import -o bad.db small.db 2>&1)" "an overlapcheck trace already"
is "missing: exit 2" "$(status "$OC" import nope.json)" 2
like "missing: says so" "$("$OC" import nope.json 2>&1)" "cannot import 'nope\\.json': no such file"
# a export with tables but missing columns: imported, with the cost said
sqlite3 cols.sqlite "CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO StringIds VALUES (1, 'k'), (2, 'cudaLaunchKernel');
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INT, end INT, deviceId INT, contextId INT, streamId INT,
  correlationId INT, globalPid INT, demangledName INT);
INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (100, 200, 0, 1, 7, 1, 5 << 24, 1);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INT, end INT, globalTid INT, correlationId INT, nameId INT, returnValue INT);
INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (50, 60, (5 << 24) | 5, 1, 2, 0);"
out=$("$OC" import -o cols.db cols.sqlite 2>&1); rc=$?
is "missing columns: imported" "$rc" 0
like "missing columns: named, with the cost" "$out" "CUPTI_ACTIVITY_KIND_KERNEL has no column .*gridX.*: those fields are unknown"
like "missing tables: named, with the cost" "$out" "no SYNCHRONIZATION table: event and stream waits are not seen"
like "missing tables: the stream kinds" "$out" "no TARGET_INFO_CUDA_STREAM table: stream kinds are unknown"
is "missing columns: its one kernel" "$(sqlite3 cols.db 'SELECT count(*) FROM ops')" 1
done_testing
