#!/bin/sh
# test-damaged.sh: `info` and `report` judge a damaged file alike, through
# one check (oc_trace_check_file(), src/trace/reader.c): a trace cut at a
# page boundary and mid-page, one with middle pages overwritten, an empty
# file, a text file. Each: exit 2 from both, the same message but for the
# command's name. Then rows that make no sense, in the two largest tables.
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
FIX=$(pwd)/tests/fixtures
cd "$TMP" || exit 1
load_sql good.db "$FIX/torch_small.sql"
python3 - <<'PY'
d = open('good.db', 'rb').read()
ps = int.from_bytes(d[16:18], 'big')
n = len(d) // ps
open('cut-page.db', 'wb').write(d[:n // 2 * ps])
open('cut-mid.db', 'wb').write(d[:n // 2 * ps + ps // 3])
m = bytearray(d)
for p in range(n // 3, n // 3 + 3):
    m[p * ps:(p + 1) * ps] = b'\xa5' * ps
open('overwritten.db', 'wb').write(bytes(m))
PY
: > empty.db
printf 'a text file, long enough to fill an SQLite header of a hundred bytes, and more than that....\n' > text.db
ok "the intact trace: info" "$OC" info good.db
ok "the intact trace: report" "$OC" report good.db
# alike NAME FILE PATTERN
alike() {
	ri=$("$OC" info "$2" 2>&1 >/dev/null); ci=$?
	rr=$("$OC" report "$2" 2>&1 >/dev/null); cr=$?
	is "$1: info exits 2" "$ci" 2
	is "$1: report exits 2" "$cr" 2
	like "$1: the message names the problem" "$rr" "^overlapcheck report: cannot open trace '$2': $3"
	is "$1: info says what report says" "$(printf '%s\n' "$ri" | sed 's/^overlapcheck info:/overlapcheck report:/')" "$rr"
}
alike "cut at a page boundary" cut-page.db "truncated or corrupt \\(file is [0-9]+ bytes, its header says [0-9]+\\)"
alike "cut mid-page" cut-mid.db "truncated or corrupt \\(file is [0-9]+ bytes, its header says [0-9]+\\)"
alike "middle pages overwritten" overwritten.db "truncated or corrupt \\(SQLite's quick_check: .+\\)"
alike "empty file" empty.db "empty file, not an overlapcheck trace"
alike "text file" text.db "not a SQLite database"
alike "missing file" missing.db "no such file"
# Rows that make no sense in the two largest tables: the message names the
# row; with both damaged, the ops' row (the reader loads the ops first).
python3 - <<'PY'
import shutil, sqlite3
op = "UPDATE ops SET dur_ns = -5 WHERE id = (SELECT min(id) FROM ops)"
call = "UPDATE api SET dur_ns = -7 WHERE id = (SELECT max(id) FROM api)"
for name, sqls in (('bad-op.db', [op]), ('bad-call.db', [call]), ('bad-both.db', [op, call])):
    shutil.copy('good.db', name)
    c = sqlite3.connect(name)
    assert c.execute('PRAGMA journal_mode').fetchone()[0] == 'delete'
    for q in sqls:
        c.execute(q)
    c.commit()
    c.close()
PY
# rowbad NAME FILE PATTERN: report exits 2 and names the row (info reads no rows)
rowbad() {
	rr=$("$OC" report "$2" 2>&1 >/dev/null); cr=$?
	is "$1: report exits 2" "$cr" 2
	like "$1: the message names the row" "$rr" "^overlapcheck report: cannot open trace '$2': $3\$"
}
rowbad "an op that ends before it starts" bad-op.db "ops row [0-9]+: end_ns < start_ns \\(dur_ns -5\\)"
rowbad "a call that ends before it starts" bad-call.db "api row [0-9]+: end_ns < start_ns \\(dur_ns -7\\)"
rowbad "both: the ops' row is named" bad-both.db "ops row [0-9]+: end_ns < start_ns \\(dur_ns -5\\)"
# mutate FILE SQL...: a copy of the intact trace with the statements applied
mutate() {
	python3 - "$@" <<'PY'
import shutil, sqlite3, sys
shutil.copy('good.db', sys.argv[1])
c = sqlite3.connect(sys.argv[1])
for q in sys.argv[2:]:
    c.execute(q)
c.commit()
c.close()
PY
}
# An op runs on its stream's device (struct oc_op keeps no device of its
# own): ops that say another device than their context's, or a stream whose
# ops say two devices, are refused with the stream named.
dev="UPDATE ops SET device_id = 5 WHERE id = (SELECT min(id) FROM ops WHERE kind = 1)"
mutate bad-dev.db "$dev"
mutate bad-dev2.db "$dev" "DELETE FROM contexts"
rowbad "an op on another device than its context" bad-dev.db "ops of stream [0-9]+ of context [0-9]+ say device 5, the context is on device 0"
rowbad "a stream's ops on two devices" bad-dev2.db "ops of stream [0-9]+ of context [0-9]+ say device [05], others of its ops say device [05]"
# A call's status is held in 16 bits: a value no CUDA status takes is refused.
mutate bad-status.db "UPDATE api SET return_value = 70000 WHERE id = (SELECT min(id) FROM api)"
rowbad "a call's status out of range" bad-status.db "api row [0-9]+: return_value 70000 is not a CUDA status"
# An op's id is held in 32 bits (struct oc_op, trace.h): one outside them is
# refused with the row named. A copy or memory kind the codes do not name
# is read as unknown, not cut to the bits that hold it (17 would be 1,
# pageable, in a 4-bit field).
mutate bad-opid.db "UPDATE ops SET id = 4294967296 WHERE id = (SELECT max(id) FROM ops)"
for v in 17 0 1; do
	mutate "kind$v.db" "UPDATE op_shapes SET src_kind = $v WHERE copy_kind = 1"
done
rowbad "an op's id past 32 bits" bad-opid.db "ops row 4294967296: its id is outside 0 to 4294967295, the ids an op can have here"
# json K: the report of kindK.db, its file's name made the same for all
json() {
	"$OC" report --format json --whole --claims=all "kind$1.db" 2>&1 | sed "s/kind$1\.db/kind.db/g"
}
j17=$(json 17)
j0=$(json 0)
j1=$(json 1)
is "a memory kind of 17 reads as unknown (0)" "$(printf '%s' "$j17" | md5sum)" "$(printf '%s' "$j0" | md5sum)"
ok "... and not as pageable (1), which reads otherwise" test "$(printf '%s' "$j17" | md5sum)" != "$(printf '%s' "$j1" | md5sum)"
like "... the report says so: unknown memory" "$j17" '"src_kind": *"unknown"'
done_testing
